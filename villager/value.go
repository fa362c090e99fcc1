package villager

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The values VillagerAgent's texts are made of are Python values: dicts
// that keep their insertion order, lists, str, int, float, bool and None.
// In Go they are Dict, []any, string, int (or int64), float64, bool and
// nil; Repr and JSON write them as Python's repr() and json.dumps() do,
// since VillagerAgent pastes both into its prompts.

// Dict is a Python dict: keys in insertion order.
type Dict []KV

// KV is one entry of a Dict.
type KV struct {
	Key   string
	Value any
}

// Get returns the value of key and whether the dict holds it.
func (d Dict) Get(key string) (any, bool) {
	for _, kv := range d {
		if kv.Key == key {
			return kv.Value, true
		}
	}
	return nil, false
}

// Has reports whether the dict holds key.
func (d Dict) Has(key string) bool {
	_, ok := d.Get(key)
	return ok
}

// Set replaces key's value in place, or appends the key, as Python's
// d[key] = value does.
func (d Dict) Set(key string, v any) Dict {
	for i := range d {
		if d[i].Key == key {
			d[i].Value = v
			return d
		}
	}
	return append(d, KV{key, v})
}

// Keys lists the keys in order.
func (d Dict) Keys() []string {
	keys := make([]string, len(d))
	for i, kv := range d {
		keys[i] = kv.Key
	}
	return keys
}

// Str is Python's str(v): a string as it is, anything else as its repr.
func Str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return Repr(v)
}

// Repr is Python's repr(v).
func Repr(v any) string {
	var b strings.Builder
	writeRepr(&b, v)
	return b.String()
}

func writeRepr(b *strings.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case string:
		b.WriteString(reprString(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(reprFloat(v))
	case Dict:
		b.WriteByte('{')
		for i, kv := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(reprString(kv.Key))
			b.WriteString(": ")
			writeRepr(b, kv.Value)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte(']')
	case []string:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(reprString(e))
		}
		b.WriteByte(']')
	case []int:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(e))
		}
		b.WriteByte(']')
	case Tuple:
		b.WriteByte('(')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		if len(v) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	default:
		panic("villager: no Python repr for a " + typeName(v))
	}
}

// Tuple is a Python tuple.
type Tuple []any

func typeName(v any) string {
	if _, ok := v.(map[string]any); ok {
		return "map[string]any (use Dict: Python dicts keep their order)"
	}
	return fmt.Sprintf("%T", v)
}

// reprString is Python's repr of a str: single quotes unless the text
// holds a single quote and no double quote; backslash escapes for the
// quote, backslashes, \t \n \r and every character Python does not count
// as printable.
func reprString(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError:
			b.WriteRune(r)
		case !pyPrintable(r):
			switch {
			case r < 0x100:
				b.WriteString(`\x`)
				b.WriteString(hex(uint64(r), 2))
			case r < 0x10000:
				b.WriteString(`\u`)
				b.WriteString(hex(uint64(r), 4))
			default:
				b.WriteString(`\U`)
				b.WriteString(hex(uint64(r), 8))
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// pyPrintable is Python's str.isprintable for one character: not in the
// categories Cc, Cf, Cs, Co, Cn, Zl, Zp, or Zs other than the space.
func pyPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	return unicode.IsPrint(r)
}

func hex(v uint64, width int) string {
	s := strconv.FormatUint(v, 16)
	return strings.Repeat("0", max(width-len(s), 0)) + s
}

// reprFloat is Python's repr of a float: the shortest digits that read
// back, in fixed notation for exponents -4 to 15 (always with a fraction
// digit), else in scientific notation with a signed, two-digit exponent.
func reprFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	if exp < -4 || exp >= 16 {
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		return mant + "e" + sign + fmt.Sprintf("%02d", exp)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// JSON is Python's json.dumps(v, ensure_ascii=False): ", " and ": "
// between items, non-ASCII text as it is.
func JSON(v any) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if v {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		jsonString(b, v)
	case int, int64:
		writeRepr(b, v)
	case float64:
		switch {
		case math.IsNaN(v):
			b.WriteString("NaN")
		case math.IsInf(v, 1):
			b.WriteString("Infinity")
		case math.IsInf(v, -1):
			b.WriteString("-Infinity")
		default:
			b.WriteString(reprFloat(v))
		}
	case Dict:
		b.WriteByte('{')
		for i, kv := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			jsonString(b, kv.Key)
			b.WriteString(": ")
			writeJSON(b, kv.Value)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case Tuple:
		writeJSON(b, []any(v))
	case []string:
		list := make([]any, len(v))
		for i, s := range v {
			list[i] = s
		}
		writeJSON(b, list)
	case []int:
		list := make([]any, len(v))
		for i, n := range v {
			list[i] = n
		}
		writeJSON(b, list)
	default:
		panic("villager: no JSON for a " + typeName(v))
	}
}

func jsonString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				b.WriteString(`\u`)
				b.WriteString(hex(uint64(r), 4))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// SortKeys returns v with every dict's keys sorted, nested ones too, as
// Flask's JSON provider sends them (sort_keys): VillagerAgent's tools
// answer through Flask.
func SortKeys(v any) any {
	switch v := v.(type) {
	case Dict:
		out := make(Dict, len(v))
		for i, kv := range v {
			out[i] = KV{kv.Key, SortKeys(kv.Value)}
		}
		slices.SortStableFunc(out, func(a, b KV) int { return strings.Compare(a.Key, b.Key) })
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = SortKeys(e)
		}
		return out
	}
	return v
}

// Equal is Python's == over these values: dicts equal whatever their key
// order, numbers by value (1 == 1.0 == True).
func Equal(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	switch a := a.(type) {
	case nil:
		return b == nil
	case string:
		s, ok := b.(string)
		return ok && s == a
	case Dict:
		d, ok := b.(Dict)
		if !ok || len(d) != len(a) {
			return false
		}
		for _, kv := range a {
			v, ok := d.Get(kv.Key)
			if !ok || !Equal(kv.Value, v) {
				return false
			}
		}
		return true
	case []any:
		l, ok := b.([]any)
		if !ok || len(l) != len(a) {
			return false
		}
		for i := range a {
			if !Equal(a[i], l[i]) {
				return false
			}
		}
		return true
	}
	return false
}

func number(v any) (float64, bool) {
	switch v := v.(type) {
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// Truthy is Python's bool(v).
func Truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case Dict:
		return len(v) > 0
	case []any:
		return len(v) > 0
	}
	if n, ok := number(v); ok {
		return n != 0
	}
	return true
}

// EqualKey is a key for Equal: two values with keys are Equal exactly when
// their keys are the same, so a set of keys finds a value among many
// without comparing it to each. A value Equal cannot tell by its parts
// has none (ok false): one holding a NaN (Equal to nothing, itself
// included), a dict with a key twice (Equal over it is one-sided) or a
// type Equal does not know.
func EqualKey(v any) (key string, ok bool) {
	b, ok := appendEqualKey(nil, v)
	return string(b), ok
}

func appendEqualKey(b []byte, v any) ([]byte, bool) {
	if x, ok := number(v); ok {
		if x != x {
			return b, false
		}
		return strconv.AppendFloat(append(b, 'n'), x+0, 'g', -1, 64), true // x+0: -0 is 0
	}
	switch v := v.(type) {
	case nil:
		return append(b, 'z'), true
	case string:
		b = strconv.AppendInt(append(b, 's'), int64(len(v)), 10)
		return append(append(b, ':'), v...), true
	case Dict:
		keys := make([]string, 0, len(v))
		for _, kv := range v {
			keys = append(keys, kv.Key)
		}
		slices.Sort(keys)
		if len(slices.Compact(slices.Clone(keys))) != len(keys) {
			return b, false
		}
		b = strconv.AppendInt(append(b, 'd'), int64(len(v)), 10)
		for _, k := range keys {
			val, _ := v.Get(k)
			b = strconv.AppendInt(append(b, ':'), int64(len(k)), 10)
			b = append(append(b, ':'), k...)
			var ok bool
			if b, ok = appendEqualKey(b, val); !ok {
				return b, false
			}
		}
		return b, true
	case []any:
		b = strconv.AppendInt(append(b, 'l'), int64(len(v)), 10)
		for _, x := range v {
			var ok bool
			if b, ok = appendEqualKey(append(b, ':'), x); !ok {
				return b, false
			}
		}
		return b, true
	}
	return b, false
}
