package audit

import (
	"fmt"
	"regexp"
	"strings"

	"collabcraft/export"
	"collabcraft/plural"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// SkillReuse is how the programs of Voyager's action agent (kind
// skill_code: the tree organisation's and Co-Voyager's coders) use the
// skill library, whose retrieved skills the call's system message shows
// after the control primitives.
type SkillReuse struct {
	Programs int `json:"programs"` // skill_code responses with code
	// Offered are the programs whose call showed at least one library
	// skill; Reusing those that call one of them (not just define a
	// function of the same name).
	Offered     int     `json:"offered"`
	Reusing     int     `json:"reusing"`
	ReuseShare  float64 `json:"reuse_share"` // Reusing / Offered
	SkillsShown int     `json:"skills_shown"`
	SkillsUsed  int     `json:"skills_used"` // distinct library skills some program calls
}

// skillObs is one skill_code example's use of the library.
type skillObs struct {
	program bool
	shown   []string // library skills the call showed
	called  []string // ... that the program calls
}

var functionNameRE = regexp.MustCompile(`(?m)^(?:async )?function (\w+)\s*\(`)

// primitives are the functions every action prompt shows (the control
// primitives' context for either model), not library skills.
var primitives = func() map[string]bool {
	m := map[string]bool{}
	for _, model := range []string{voyager.ActionModel, "gpt-3.5-turbo"} {
		for _, f := range functionNameRE.FindAllStringSubmatch(voyager.ActionSystem(model, nil).Content, -1) {
			m[f[1]] = true
		}
	}
	return m
}()

func observeSkills(ex *export.Example, program string) skillObs {
	var o skillObs
	if ex.Meta.Kind != trajectory.KindSkillCode || program == "" || len(ex.Messages) < 2 {
		return o
	}
	o.program = true
	for _, f := range functionNameRE.FindAllStringSubmatch(ex.Messages[0].Content, -1) {
		if !primitives[f[1]] {
			o.shown = append(o.shown, f[1])
		}
	}
	for _, name := range o.shown {
		if callsFunction(program, name) {
			o.called = append(o.called, name)
		}
	}
	return o
}

// callsFunction is whether code calls name other than in its own
// definition of it.
func callsFunction(code, name string) bool {
	for rest := code; ; {
		i := strings.Index(rest, name+"(")
		if i < 0 {
			return false
		}
		before := rest[:i]
		if !strings.HasSuffix(before, "function ") && (i == 0 || !isWordByte(before[i-1])) {
			return true
		}
		rest = rest[i+len(name):]
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

type skillTracker struct {
	r           SkillReuse
	shown, used map[string]bool
}

func (t *skillTracker) add(o skillObs) {
	if !o.program {
		return
	}
	if t.shown == nil {
		t.shown, t.used = map[string]bool{}, map[string]bool{}
	}
	t.r.Programs++
	if len(o.shown) > 0 {
		t.r.Offered++
	}
	if len(o.called) > 0 {
		t.r.Reusing++
	}
	for _, s := range o.shown {
		t.shown[s] = true
	}
	for _, s := range o.called {
		t.used[s] = true
	}
}

// result is nil when no example is a program.
func (t *skillTracker) result() *SkillReuse {
	if t.r.Programs == 0 {
		return nil
	}
	r := t.r
	r.ReuseShare = pct(r.Reusing, r.Offered)
	r.SkillsShown, r.SkillsUsed = len(t.shown), len(t.used)
	return &r
}

// Summary is the report's sentence on skill reuse.
func (s *SkillReuse) Summary() string {
	return fmt.Sprintf("Voyager skills: %s; %d were shown library skills and %d of those (%.1f%%) call one; %d of the %d library skills shown are called somewhere.",
		plural.Count(s.Programs, "program"), s.Offered, s.Reusing, 100*s.ReuseShare, s.SkillsUsed, s.SkillsShown)
}
