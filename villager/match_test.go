package villager

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// regexpMatch is the matcher as a regular expression, the semantics Match
// keeps: \A lit (.*?) lit ([^\n]*?) ... \z, leftmost-first submatches.
func regexpMatch(m *Matcher, text string) (map[string]string, bool) {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := range m.fields {
		b.WriteString(regexp.QuoteMeta(m.lits[i]))
		if m.repr[i] {
			b.WriteString(`([^\n]*?)`)
		} else {
			b.WriteString(`(.*?)`)
		}
	}
	b.WriteString(regexp.QuoteMeta(m.lits[len(m.fields)]) + `\z`)
	sub := regexp.MustCompile(b.String()).FindStringSubmatch(text)
	if sub == nil {
		return nil, false
	}
	out := map[string]string{}
	for i, f := range m.fields {
		if _, seen := out[f]; !seen {
			out[f] = sub[i+1]
		}
	}
	return out, true
}

// TestMatchIsTheRegexp: on random templates over a small alphabet, whose
// fields are filled with text that repeats the literals (so the search
// must backtrack) or is random, Match reads what the regular expression
// reads.
func TestMatchIsTheRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		var b strings.Builder
		for range r.IntN(n + 1) {
			b.WriteByte("ab:\n{}x"[r.IntN(7)])
		}
		return b.String()
	}
	names := []string{"f", "g", "h"}
	for i := range 20000 {
		var tmpl strings.Builder
		var lits []string
		nf := r.IntN(4)
		var reprs []string
		for k := range nf {
			lit := strings.NewReplacer("{", "", "}", "").Replace(word(4))
			lits = append(lits, lit)
			tmpl.WriteString(lit + "{{" + names[k%len(names)] + "}}")
			if r.IntN(2) == 0 {
				reprs = append(reprs, names[k%len(names)])
			}
		}
		last := strings.NewReplacer("{", "", "}", "").Replace(word(4))
		tmpl.WriteString(last)
		lits = append(lits, last)
		m := MatchTemplate(tmpl.String(), "{{}}", reprs...)
		var text strings.Builder
		for k := range nf {
			text.WriteString(lits[k])
			if r.IntN(3) == 0 {
				text.WriteString(lits[r.IntN(len(lits))] + word(3) + lits[r.IntN(len(lits))])
			} else {
				text.WriteString(word(5))
			}
		}
		text.WriteString(last)
		s := text.String()
		if r.IntN(10) == 0 {
			s = word(12)
		}
		got, err := m.Match(s)
		want, ok := regexpMatch(m, s)
		if (err == nil) != ok || ok && !maps.Equal(got, want) {
			t.Fatalf("case %d: template %q (reprs %v), text %q:\n got %v (%v)\nwant %v (%v)", i, tmpl.String(), reprs, s, got, err, want, ok)
		}
	}
}
