package dagexpert

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/villager"
)

func dictOf(v any) villager.Dict {
	d, _ := v.(villager.Dict)
	return d
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

func field(d villager.Dict, k string) any {
	v, _ := d.Get(k)
	return v
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return villager.Str(v)
}

// posOf reads a [x, y, z] list.
func posOf(v any) ([3]int, bool) {
	l := listOf(v)
	if len(l) != 3 {
		return [3]int{}, false
	}
	var p [3]int
	for i, c := range l {
		switch c := c.(type) {
		case int64:
			p[i] = int(c)
		case int:
			p[i] = c
		case float64:
			p[i] = int(c)
		default:
			return [3]int{}, false
		}
	}
	return p, true
}

// interactive are blocks an agent uses rather than walks on.
var interactive = []string{"crafting_table", "furnace", "smoker", "chest", "barrel", "blast_furnace", "lever", "stone_button",
	"oak_button", "stone_pressure_plate", "oak_pressure_plate", "oak_door", "dark_oak_door", "iron_door", "trapdoor", "oak_trapdoor"}

// envSummary summarises the environment info as the example shows:
// Entity, Blocks, Creatures, Interactive-Items, Environment, every
// position from the info itself.
func (w words) envSummary(c villager.EnvSummaryCall) string {
	var people []string
	for _, p := range listOf(field(c.Env, "person_info")) {
		d := dictOf(p)
		pos, _ := posOf(field(d, "position"))
		held := dictOf(field(d, "held_items"))
		what := "nothing"
		if len(held) > 0 {
			var hs []string
			for _, kv := range held {
				hs = append(hs, fmt.Sprintf("%s %s", str(kv.Value), kv.Key))
			}
			what = andList(hs)
		}
		people = append(people, w.say(str(field(d, "name"))+" {is at|is located at position|stands at} "+villager.Repr(listAny(pos))+" {holding|and holds} "+what))
	}
	blocks := map[string][][3]int{}
	var order []string
	for _, b := range listOf(field(c.Env, "blocks_info")) {
		d := dictOf(b)
		name := str(field(d, "name"))
		p, ok := posOf(field(d, "position"))
		if name == "" || !ok {
			continue
		}
		if _, seen := blocks[name]; !seen {
			order = append(order, name)
		}
		blocks[name] = append(blocks[name], p)
	}
	var plain, inter []string
	for _, name := range order {
		ps := blocks[name]
		text := w.placed(name, ps)
		if slices.Contains(interactive, name) {
			inter = append(inter, text)
		} else {
			plain = append(plain, text)
		}
	}
	var mobs []string
	others := map[string]bool{}
	for _, e := range listOf(field(c.Env, "nearby_entities")) {
		d := dictOf(e)
		if o := str(field(d, "other_entity")); o != "" {
			others[o] = true
			continue
		}
		for _, kv := range d {
			if p, ok := posOf(kv.Value); ok {
				mobs = append(mobs, w.pick("a ", "one ")+kv.Key+" at "+villager.Repr(listAny(p)))
				break
			}
		}
	}
	lines := []string{
		"Entity: " + orNone(andList(people)) + ".",
		"Blocks: " + orNone(strings.Join(plain, ", ")) + ".",
		"Creatures: " + orNone(strings.Join(mobs, ", ")) + ".",
		"Interactive-Items: " + orNone(strings.Join(inter, ", ")) + ".",
		"Environment: " + w.terrain(blocks) + " (They are estimated based on the blocks around.)",
	}
	return strings.Join(lines, "\n")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func listAny(p [3]int) []any { return []any{p[0], p[1], p[2]} }

// placed words a block and where it is: every position for up to three,
// else the first two and how many more.
func (w words) placed(name string, ps [][3]int) string {
	var at []string
	for _, p := range ps[:min(len(ps), 3)] {
		at = append(at, villager.Repr(listAny(p)))
	}
	if len(ps) == 1 {
		return w.pick("a ", "one ") + name + " at " + at[0]
	}
	if len(ps) <= 3 {
		return name + " at " + andList(at)
	}
	return fmt.Sprintf("%s at %s, %s and %d more", name, at[0], at[1], len(ps)-2)
}

// terrain guesses the kind of place from the blocks seen.
func (w words) terrain(blocks map[string][][3]int) string {
	var guesses []string
	has := func(names ...string) ([3]int, bool) {
		for _, n := range names {
			if ps := blocks[n]; len(ps) > 0 {
				return ps[0], true
			}
		}
		return [3]int{}, false
	}
	area := "[flatten area]"
	if ps := blocks["stone"]; len(ps) > 4 {
		area = w.pick("[hilly area]", "[rocky ground]")
	}
	if p, ok := has("oak_log", "birch_log", "spruce_log", "jungle_log", "acacia_log", "dark_oak_log"); ok {
		guesses = append(guesses, "a tree maybe at "+villager.Repr(listAny(p)))
	}
	if p, ok := has("wheat", "carrots", "potatoes", "beetroots", "farmland"); ok {
		guesses = append(guesses, "a farm maybe at "+villager.Repr(listAny(p)))
	}
	if p, ok := has("water"); ok {
		guesses = append(guesses, "water maybe at "+villager.Repr(listAny(p)))
	}
	if len(guesses) == 0 {
		guesses = append(guesses, w.pick("open ground around the agents", "mostly grass and dirt around the agents"))
	}
	return area + " " + upperFirst(strings.Join(guesses, ", ")) + "."
}

// runningSummary is the state manager's summary of an agent: the summary
// so far, shortened to its last sentences, and this development in the
// first person, past tense.
func (w words) runningSummary(c villager.SummaryCall) string {
	name := c.Name
	var did []string
	for _, a := range listOf(field(c.Latest, "action_list")) {
		d := dictOf(a)
		did = append(did, w.deed(str(field(d, "behavior")), str(field(d, "feedback"))))
	}
	held := str(field(c.Latest, "bag(aka inventory)"))
	var b strings.Builder
	if prev := lastSentences(c.SoFar, 3); prev != "" {
		b.WriteString(prev + " ")
	}
	if len(did) == 0 {
		b.WriteString(w.say("I, " + name + ", {did nothing new this time|took no action this round}."))
	} else {
		b.WriteString(w.say("{Then|Next|After that}, I, " + name + ", " + andList(did) + "."))
	}
	b.WriteString(" " + w.bagSentence(held))
	return b.String()
}

// deed words one action and its feedback, past tense.
func (w words) deed(tool, feedback string) string {
	fb := strings.TrimSpace(feedback)
	ok := !strings.HasPrefix(fb, "cannot") && !strings.HasPrefix(fb, "can not") && !strings.Contains(fb, "failed") &&
		!strings.Contains(fb, "don't have") && !strings.HasPrefix(fb, "I cannot") && !strings.HasPrefix(fb, "did not find") &&
		!strings.HasPrefix(fb, "No ") && !strings.HasPrefix(fb, "unable")
	if ok {
		return w.pick("used "+tool+" ("+fb+")", "ran "+tool+": "+fb)
	}
	return w.pick("tried "+tool+" but "+fb, "failed at "+tool+" ("+fb+")")
}

// lastSentences keeps a text's last n sentences.
func lastSentences(s string, n int) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	parts := strings.SplitAfter(s, ". ")
	if len(parts) <= n {
		return s
	}
	return strings.TrimSpace(strings.Join(parts[len(parts)-n:], ""))
}

// The running summary's last sentence says what the agent carries; the
// executor reads it back (bagIn) to know its inventory before its first
// tool answers.
var bagLeads = []string{"My bag now holds ", "I now carry "}

// bagSentence words the state manager's "item*n, ..." (or "nothing").
func (w words) bagSentence(held string) string {
	if held == "" || held == "nothing" {
		return w.pick("My bag is empty now.", "I carry nothing now.")
	}
	return w.pick(bagLeads...) + strings.ReplaceAll(held, "*", " x") + "."
}

// bagIn reads the last bag sentence of a running summary: item -> count;
// nil when it says none.
func bagIn(summary string) map[string]int {
	at, lead := -1, ""
	for _, l := range bagLeads {
		if i := strings.LastIndex(summary, l); i > at {
			at, lead = i, l
		}
	}
	for _, empty := range []string{"My bag is empty now.", "I carry nothing now."} {
		if i := strings.LastIndex(summary, empty); i > at {
			return map[string]int{}
		}
	}
	if at < 0 {
		return nil
	}
	rest, _, _ := strings.Cut(summary[at+len(lead):], ".")
	out := map[string]int{}
	for _, part := range strings.Split(rest, ", ") {
		name, n, ok := strings.Cut(part, " x")
		if ok {
			out[name] += atoi(n)
		}
	}
	return out
}
