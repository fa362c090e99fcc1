package command

import (
	"math"
	"strconv"
	"strings"
)

// FormatNumber renders n as JavaScript's String(n) does: integers without a
// decimal point, other values in the shortest round-trip form, and
// Infinity/-Infinity/NaN spelled as JS spells them. MINDcraft prints numbers
// this way in domains, positions and distances.
func FormatNumber(n float64) string {
	switch {
	case math.IsNaN(n):
		return "NaN"
	case math.IsInf(n, 1):
		return "Infinity"
	case math.IsInf(n, -1):
		return "-Infinity"
	case n == 0:
		return "0" // JS prints -0 as "0"
	}
	abs := math.Abs(n)
	if abs >= 1e21 || abs < 1e-6 {
		// JS switches to exponent form here: 1e+21, 1.5e-7.
		s := strconv.FormatFloat(n, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[0]
		exp = strings.TrimLeft(exp[1:], "0")
		return mant + "e" + string(sign) + exp
	}
	return strconv.FormatFloat(n, 'f', -1, 64)
}

// FormatFixed renders n as JavaScript's n.toFixed(d): the exact binary
// value rounded to d decimals, exact ties going away from zero (Go's
// formatter would round them to even).
func FormatFixed(n float64, d int) string {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return FormatNumber(n)
	}
	neg := n < 0
	abs := math.Abs(n)
	p := math.Pow(10, float64(d))
	s := strconv.FormatFloat(abs, 'f', d, 64)
	if r := abs * p; r-math.Floor(r) == 0.5 && r/p == abs {
		s = strconv.FormatFloat(math.Ceil(r)/p, 'f', d, 64)
	}
	if neg {
		s = "-" + s // JS keeps the sign: (-0.001).toFixed(2) is "-0.00"
	}
	return s
}

// isJSSpace reports whether r is whitespace for JavaScript's trim, \s and
// parseInt/parseFloat.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// jsTrim is String.prototype.trim.
func jsTrim(s string) string { return strings.TrimFunc(s, isJSSpace) }

// parseInt is JavaScript's parseInt(s) with no radix: leading whitespace,
// an optional sign, a 0x prefix for hex, then the longest digit prefix.
func parseInt(s string) float64 {
	s = strings.TrimLeftFunc(s, isJSSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	base := 10.0
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		base, s = 16, s[2:]
	}
	v, n := 0.0, 0
	for _, c := range []byte(s) {
		d := digitVal(c)
		if d < 0 || float64(d) >= base {
			break
		}
		v = v*base + float64(d)
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	if neg {
		v = -v
	}
	return v
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

// parseFloat is JavaScript's parseFloat: the longest prefix that is a
// decimal literal (with optional exponent) or Infinity, NaN otherwise.
func parseFloat(s string) float64 {
	s = strings.TrimLeftFunc(s, isJSSpace)
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if strings.HasPrefix(s[i:], "Infinity") {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		frac := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
			frac++
		}
		if digits > 0 || frac > 0 {
			i = j
			digits += frac
		}
	}
	if digits == 0 {
		return math.NaN()
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > j {
			i = k
		}
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		// Only range errors reach here; ParseFloat already returns ±Inf or 0.
		return v
	}
	return v
}
