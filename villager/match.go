package villager

import (
	"fmt"
	"strings"
	"sync"
)

// A Matcher reads back the values a template was filled with: the reverse
// of FormatString (or of str.format, for the templates filled that way).
// A value written as a repr (a list, a dict) is one line, since repr
// escapes newlines; a string value may span lines. So a repr field
// matches within a line and a string field matches as little as it can,
// which splits adjacent fields where the template does.
//
// It reads the text as the regular expression \A lit0 (.*?) lit1 ... \z
// would (([^\n]*?) for a repr field), with that expression's leftmost-first
// submatches, but by a backtracking search over the literals' occurrences:
// the prompts are long, and a regexp engine steps through them byte by
// byte once per field.
type Matcher struct {
	lits   []string // len(fields)+1 literal pieces around the fields
	repr   []bool   // a field is a repr: one line
	fields []string
}

var matchers sync.Map // template+fields -> *Matcher

// MatchTemplate builds (once) the matcher of a template whose fields are
// written {{name}} (braces: "{{}}") or {name} ("{}"); reprs names the
// fields filled with a repr.
func MatchTemplate(template, braces string, reprs ...string) *Matcher {
	key := braces + "\x00" + template + "\x00" + strings.Join(reprs, "\x00")
	if m, ok := matchers.Load(key); ok {
		return m.(*Matcher)
	}
	open, close := "{{", "}}"
	if braces == "{}" {
		open, close = "{", "}"
	}
	m := &Matcher{}
	rest := template
	for {
		i := strings.Index(rest, open)
		if i < 0 {
			break
		}
		j := strings.Index(rest[i+len(open):], close)
		if j < 0 {
			break
		}
		name := rest[i+len(open) : i+len(open)+j]
		m.lits = append(m.lits, literal(rest[:i], braces))
		m.repr = append(m.repr, contains(reprs, name))
		m.fields = append(m.fields, name)
		rest = rest[i+len(open)+j+len(close):]
	}
	m.lits = append(m.lits, literal(rest, braces))
	matchers.Store(key, m)
	return m
}

// literal is a template's literal text as the filled text shows it:
// str.format turns doubled braces into single ones.
func literal(s, braces string) string {
	if braces == "{}" {
		return strings.NewReplacer("{{", "{", "}}", "}").Replace(s)
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Match reads text: each field's text, or an error naming the template's
// start when the text is not the template filled in.
func (m *Matcher) Match(text string) (map[string]string, error) {
	if !strings.HasPrefix(text, m.lits[0]) {
		return nil, m.noMatch()
	}
	ends := make([]int, len(m.fields))
	if !m.match(text, 0, len(m.lits[0]), ends) {
		return nil, m.noMatch()
	}
	out := make(map[string]string, len(m.fields))
	start := len(m.lits[0])
	for i, f := range m.fields {
		if _, seen := out[f]; !seen { // a field written twice: its first
			out[f] = text[start:ends[i]]
		}
		start = ends[i] + len(m.lits[i+1])
	}
	return out, nil
}

// match fits fields k... into text from pos, each as short as it can be
// (the regexp's lazy quantifier), backtracking to a longer one when the
// rest does not fit; ends gets each field's end.
func (m *Matcher) match(text string, k, pos int, ends []int) bool {
	if k == len(m.fields) {
		return pos == len(text)
	}
	next := m.lits[k+1]
	limit := len(text) // the field may not pass it
	if m.repr[k] {
		if nl := strings.IndexByte(text[pos:], '\n'); nl >= 0 {
			limit = pos + nl
		}
	}
	if k == len(m.fields)-1 {
		// The last literal ends the text: one place to try.
		e := len(text) - len(next)
		if e < pos || e > limit || text[e:] != next {
			return false
		}
		ends[k] = e
		return true
	}
	for e := pos; e <= limit; e++ {
		i := strings.Index(text[e:], next)
		if i < 0 {
			return false
		}
		e += i
		if e > limit {
			return false
		}
		ends[k] = e
		if m.match(text, k+1, e+len(next), ends) {
			return true
		}
	}
	return false
}

func (m *Matcher) noMatch() error {
	return fmt.Errorf("villager: the text is not the template (fields %v)", m.fields)
}

// Literal reads a field written as a repr.
func Literal(fields map[string]string, name string) (any, error) {
	v, err := ParseLiteral(fields[name])
	if err != nil {
		return nil, fmt.Errorf("field %s: %w", name, err)
	}
	return v, nil
}
