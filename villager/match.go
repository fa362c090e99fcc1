package villager

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// A Matcher reads back the values a template was filled with: the reverse
// of FormatString (or of str.format, for the templates filled that way).
// A value written as a repr (a list, a dict) is one line, since repr
// escapes newlines; a string value may span lines. So a repr field
// matches within a line and a string field matches as little as it can,
// which splits adjacent fields where the template does.
type Matcher struct {
	re     *regexp.Regexp
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
	var re strings.Builder
	re.WriteString(`(?s)\A`)
	var fields []string
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
		re.WriteString(regexp.QuoteMeta(literal(rest[:i], braces)))
		if contains(reprs, name) {
			re.WriteString(`([^\n]*?)`)
		} else {
			re.WriteString(`(.*?)`)
		}
		fields = append(fields, name)
		rest = rest[i+len(open)+j+len(close):]
	}
	re.WriteString(regexp.QuoteMeta(literal(rest, braces)))
	re.WriteString(`\z`)
	m := &Matcher{re: regexp.MustCompile(re.String()), fields: fields}
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
	sub := m.re.FindStringSubmatch(text)
	if sub == nil {
		return nil, fmt.Errorf("villager: the text is not the template (fields %v)", m.fields)
	}
	out := make(map[string]string, len(m.fields))
	for i, f := range m.fields {
		if _, seen := out[f]; !seen { // a field written twice: its first
			out[f] = sub[i+1]
		}
	}
	return out, nil
}

// Literal reads a field written as a repr.
func Literal(fields map[string]string, name string) (any, error) {
	v, err := ParseLiteral(fields[name])
	if err != nil {
		return nil, fmt.Errorf("field %s: %w", name, err)
	}
	return v, nil
}
