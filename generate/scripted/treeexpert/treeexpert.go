// Package treeexpert is the scripted expert of every seat of the tree
// organisation (S-Agents over Voyager): the progress monitor, the task
// planner (root and leaf), the action planner, Voyager's action agent
// (skill code), its critic and its skill description. Each decides from
// its call's messages alone, read back with sagents' and voyager's
// readers, and says it in words drawn from the call's stream.
package treeexpert

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/sagents"
	"collabcraft/trajectory"
)

// Kinds are the calls this expert answers.
var Kinds = map[string]bool{trajectory.KindMonitor: true, trajectory.KindTaskPlan: true, trajectory.KindActionPlan: true,
	trajectory.KindSkillCode: true, trajectory.KindCritic: true, trajectory.KindSkillDescription: true}

// Reply answers one call of the tree organisation.
func Reply(kind string, msgs []sagents.Message, rng *rand.Rand) (string, error) {
	w := words{rng: rng}
	switch kind {
	case trajectory.KindMonitor:
		c, err := sagents.ReadMonitorCall(msgs)
		if err != nil {
			return "", err
		}
		return w.monitor(c), nil
	case trajectory.KindTaskPlan:
		c, err := sagents.ReadPlannerCall(msgs)
		if err != nil {
			return "", err
		}
		return w.taskPlan(c), nil
	case trajectory.KindActionPlan:
		c, err := sagents.ReadActionCall(msgs)
		if err != nil {
			return "", err
		}
		return w.actionPlan(c), nil
	case trajectory.KindSkillCode:
		return w.skillCode(msgs)
	case trajectory.KindCritic:
		return w.critic(msgs)
	case trajectory.KindSkillDescription:
		return w.describe(msgs)
	}
	return "", fmt.Errorf("treeexpert: no expert answers %q calls", kind)
}

// words draws the expert's phrasings: gen replaces each {a|b|c} by one
// alternative, innermost first.
type words struct{ rng *rand.Rand }

// gen replaces the leftmost innermost {a|b|c} (braces holding no brace)
// by one alternative, again and again until none is left: one draw per
// group, in that order.
func (w words) gen(t string) string {
	for {
		open, end, ok := innermostGroup(t)
		if !ok {
			return t
		}
		alts := strings.Split(t[open+1:end], "|")
		t = t[:open] + alts[w.rng.IntN(len(alts))] + t[end+1:]
	}
}

// innermostGroup finds the leftmost {…} of t holding no brace, the match
// of \{[^{}]*\}: the first } with a { before it since the last brace, and
// that {.
func innermostGroup(t string) (open, end int, ok bool) {
	open = -1
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '{':
			open = i
		case '}':
			if open >= 0 {
				return open, i, true
			}
		}
	}
	return 0, 0, false
}

// A goal is a collection order: count items of a class (logs, stones,
// iron).
type goal struct {
	n     int
	class string // logs, stones, iron
}

var goalRE = regexp.MustCompile(`(?i)\b(?:mines?|collect|gather|get|obtain) (\d+) (?:more )?(logs?|woods?|stones?|cobblestones?|irons?|iron[ _]ores?|raw[ _]iron)\b`)

func readGoal(s string) (goal, bool) {
	m := goalRE.FindStringSubmatch(s)
	if m == nil {
		return goal{}, false
	}
	n, _ := strconv.Atoi(m[1])
	w := strings.ToLower(m[2])
	switch {
	case strings.HasPrefix(w, "log"), strings.HasPrefix(w, "wood"):
		return goal{n, "logs"}, true
	case strings.Contains(w, "stone"):
		return goal{n, "stones"}, true
	}
	return goal{n, "iron"}, true
}

func (g goal) String() string { return fmt.Sprintf("%d %s", g.n, g.class) }

// held is how many of the class an inventory holds.
func held(inv map[string]int, class string) int {
	n := 0
	for k, v := range inv {
		switch class {
		case "logs":
			if strings.HasSuffix(k, "_log") {
				n += v
			}
		case "stones":
			if k == "cobblestone" {
				n += v
			}
		case "iron":
			if k == "raw_iron" || k == "iron_ore" {
				n += v
			}
		}
	}
	return n
}

var dictRE = regexp.MustCompile(`\{[^{}]*\}`)
var kvRE = regexp.MustCompile(`'([a-z_]+)': (\d+)`)

// readDict reads a Python dict of counts.
func readDict(s string) map[string]int {
	out := map[string]int{}
	for _, m := range kvRE.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[2])
		out[m[1]] += n
	}
	return out
}

// inventories reads each named agent's inventory from an "X has {…}"
// text and then the later "my inventory is {…}" lines.
func inventories(names []string, text string, lines []sagents.Line) map[string]map[string]int {
	out := map[string]map[string]int{} // nil: nothing known of it
	for _, n := range names {
		if i := strings.Index(text, n+" has an empty inventory"); i >= 0 {
			out[n] = map[string]int{}
		}
		if i := strings.Index(text, n+" has "); i >= 0 {
			rest := text[i+len(n)+len(" has "):]
			if strings.HasPrefix(rest, "{") {
				out[n] = readDict(dictRE.FindString(rest))
			}
		}
	}
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l.Text, "my inventory is "); ok && slices.Contains(names, l.Speaker) {
			out[l.Speaker] = readDict(dictRE.FindString(rest))
		}
	}
	return out
}

func invText(names []string, inv map[string]map[string]int) string {
	var parts []string
	for _, n := range names {
		if inv[n] == nil {
			parts = append(parts, n+" has not reported an inventory yet")
			continue
		}
		if len(inv[n]) == 0 {
			parts = append(parts, n+" has an empty inventory")
			continue
		}
		keys := make([]string, 0, len(inv[n]))
		for k := range inv[n] {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var kv []string
		for _, k := range keys {
			kv = append(kv, fmt.Sprintf("'%s': %d", k, inv[n][k]))
		}
		parts = append(parts, n+" has {"+strings.Join(kv, ", ")+"}")
	}
	return strings.Join(parts, ", ") + "."
}
