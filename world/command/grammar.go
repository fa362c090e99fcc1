package command

import (
	"regexp"
	"strings"
)

// jsSpace is JavaScript's \s, which is wider than RE2's.
const jsSpace = `[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`

const argPattern = `-?\d+(?:\.\d+)?|true|false|"[^"]*"`

// commandRE and argRE are MINDcraft's commandRegex and argRegex. RE2's
// leftmost-first alternation matches the same text as JavaScript's here
// (the patterns have no backreferences or lookaround).
var (
	commandRE = regexp.MustCompile(`!(\w+)(?:\(((?:` + argPattern + `)(?:` + jsSpace + `*,` + jsSpace + `*(?:` + argPattern + `))*)\))?`)
	argRE     = regexp.MustCompile(argPattern)
)

// Match is the first command found in a response.
type Match struct {
	Name  string   // with the leading "!"
	Args  []string // raw argument tokens, quotes kept; nil when no valid list
	Start int      // byte offset of the match's "!"
	End   int      // byte offset just after the match: the response is cut here
}

// Find returns the first `!name(args)` in text, as MINDcraft's
// containsCommand/parseCommandMessage see it.
func Find(text string) (Match, bool) {
	loc := commandRE.FindStringSubmatchIndex(text)
	if loc == nil {
		return Match{}, false
	}
	m := Match{Name: "!" + text[loc[2]:loc[3]], Start: loc[0], End: loc[1]}
	if loc[4] >= 0 {
		m.Args = splitArgs(text[loc[4]:loc[5]])
	}
	return m, true
}

// splitArgs is argRE.FindAllString(list, -1) for a list commandRE
// matched: arguments and, between them, only jsSpace and one comma, whose
// bytes never start an argument (jsSpace's other characters are not
// ASCII). An argument's first byte tells its kind, and a number runs as
// far as argPattern's greedy digits do (TestSplitArgsIsArgRE).
func splitArgs(list string) []string {
	var args []string
	for i := 0; i < len(list); {
		c := list[i]
		j := i + 1
		switch {
		case c == '"':
			if k := strings.IndexByte(list[j:], '"'); k >= 0 {
				j += k + 1
			}
		case c == 't':
			j = min(i+len("true"), len(list))
		case c == 'f':
			j = min(i+len("false"), len(list))
		case c == '-' || isDigit(c):
			j = digitsEnd(list, j)
			if j+1 < len(list) && list[j] == '.' && isDigit(list[j+1]) {
				j = digitsEnd(list, j+1)
			}
		default:
			i++ // a separator's byte
			continue
		}
		args = append(args, list[i:j])
		i = j
	}
	return args
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digitsEnd is where the run of digits from i ends.
func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// Truncate cuts text after its first command, as truncCommandMessage does;
// text without a command is returned unchanged.
func Truncate(text string) string {
	if m, ok := Find(text); ok {
		return text[:m.End]
	}
	return text
}

// Value is one converted argument.
type Value struct {
	Type Type
	S    string  // String, BlockName, ItemName
	N    float64 // Int (already truncated), Float
	B    bool    // Bool
}

// Int returns a numeric argument as an int, saturating at the int range.
func (v Value) Int() int {
	switch {
	case v.N >= 1<<62:
		return 1 << 62
	case v.N <= -(1 << 62):
		return -(1 << 62)
	}
	return int(v.N)
}

// Text renders the value as the command received it (for records).
func (v Value) Text() string {
	switch v.Type {
	case Int, Float:
		return FormatNumber(v.N)
	case Bool:
		if v.B {
			return "true"
		}
		return "false"
	}
	return v.S
}

// convert turns one raw token into a value of type t; ok is false when the
// token is not of that type (NaN or an unknown boolean word).
func convert(raw string, t Type) (Value, bool) {
	s := jsTrim(raw)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	v := Value{Type: t}
	switch t {
	case Int:
		v.N = parseInt(s)
		return v, v.N == v.N
	case Float:
		v.N = parseFloat(s)
		return v, v.N == v.N
	case Bool:
		switch strings.ToLower(s) {
		case "false", "f", "0", "off":
			return v, true
		case "true", "t", "1", "on":
			v.B = true
			return v, true
		}
		return v, false
	case BlockName, ItemName:
		if strings.HasSuffix(s, "plank") {
			s += "s"
		}
	}
	v.S = s
	return v, true
}
