package scripted

import (
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// Skill and noise act on a decided response: a less skilled agent first
// looks things up that it could have known, a noisy one sometimes gets an
// item name or count wrong. Both read the outcome on the next call, where
// the decision is made again from what the agent now sees, so every
// mistake is followed by recovery.

// isQuery reports whether a command is one of the experts' lookups.
func isQuery(name string) bool {
	for _, t := range teams {
		if slices.Contains(t.queries, name) {
			return true
		}
	}
	return false
}

// perturb applies skill and noise to the response r.
func (k *call) perturb(v *voice, r string) string {
	m, ok := command.Find(r)
	if !ok || m.Name == "!startConversation" || m.Name == "!stay" {
		return r
	}
	c, opts := k.c, k.opts
	last, hasLast := c.LastAct()
	// Recovery after a mistake: say so.
	if hasLast && c.Since(last.Turn) <= 2 && texts.IsFailure(last.Output) && opts.Noise > 0 && texts.IsMistake(last.Output) {
		return owning(v, last, m) + " " + r
	}
	if opts.Skill < 1 && (!hasLast || !isQuery(last.Name)) && v.rng.Float64() < (1-opts.Skill)*0.35 {
		if qs := k.team.queries; len(qs) > 0 {
			q := qs[v.rng.IntN(len(qs))]
			return with(doubleCheck(v, q, m), q)
		}
	}
	if opts.Noise > 0 && (!hasLast || !texts.IsFailure(last.Output)) && v.rng.Float64() < opts.Noise*0.3 {
		return mistake(v, r, m)
	}
	return r
}

// mistake rewrites the command in r with a realistic error.
func mistake(v *voice, r string, m command.Match) string {
	args := unquote(m.Args)
	prefix := r[:strings.Index(r, m.Name)]
	name := strings.TrimPrefix(m.Name, "!")
	itemArg := map[string]int{"craftRecipe": 0, "collectBlocks": 0, "smeltItem": 0, "givePlayer": 1, "placeHere": 0, "takeFromChest": 0}
	i, ok := itemArg[name]
	if !ok || i >= len(args) {
		return r
	}
	out := make([]any, len(args))
	for k, a := range args {
		if n, err := strconv.Atoi(a); err == nil {
			out[k] = n
		} else {
			out[k] = a
		}
	}
	switch {
	case name == "craftRecipe" && v.rng.IntN(2) == 0:
		out[1] = out[1].(int) + 1 + v.rng.IntN(2) // one craft too many
	default:
		out[i] = misspell(args[i], v.rng.IntN(3))
	}
	return prefix + cmd(name, out...)
}

// misspell makes a typical typo of an item name.
func misspell(item string, kind int) string {
	switch {
	case kind == 0 && strings.HasSuffix(item, "s") && !strings.HasSuffix(item, "planks"):
		return strings.TrimSuffix(item, "s")
	case kind == 1 && strings.Contains(item, "_"):
		return strings.Replace(item, "_", "", 1)
	}
	if len(item) > 3 {
		return item[:len(item)-2] + item[len(item)-1:] // a dropped letter
	}
	return item + "e"
}

// owning says what went wrong with the failed command a, from its output
// and the command m that makes up for it: the misspelt name and the right
// one, or the count that was too many.
func owning(v *voice, a know.Act, m command.Match) string {
	fixed := unquote(m.Args)
	if a.Name == m.Name && len(a.Args) == len(fixed) {
		for i := range a.Args {
			wrong, right := a.Args[i], fixed[i]
			if wrong == right {
				continue
			}
			if _, err := strconv.Atoi(right); err == nil {
				item := fixed[0]
				return v.pick("Crafting "+item+" "+wrong+" times was too many; "+right+" it is.",
					"Not enough for "+wrong+" "+item+" crafts, the game says, so "+right+".",
					"That count was off: "+right+" "+item+", not "+wrong+".")
			}
			return v.pick("Typo on my part: it's "+right+", not "+wrong+".",
				"There's no "+wrong+" in the game; I meant "+right+".",
				"The game doesn't know "+wrong+". The name is "+right+".")
		}
	}
	return v.pick("Oops, my mistake.", "Ah, wrong one.", "Let me fix that.")
}

// lookWords say what a lookup is for.
var lookWords = map[string][]string{
	"!inventory":    {"let me check what I hold", "a quick look at my inventory"},
	"!craftable":    {"let me see what I can craft", "checking what's craftable"},
	"!nearbyBlocks": {"let me look around", "checking the blocks nearby"},
	"!viewChest":    {"let me look in the chest", "checking the chest"},
	"!entities":     {"let me see what's around", "checking who and what is nearby"},
	"!getBlueprint": {"let me look at the blueprint again", "checking the blueprint once more"},
	"!stats":        {"let me check where I am", "checking my position"},
}

// doubleCheck is a less skilled agent looking something up before the
// step m it had decided on.
func doubleCheck(v *voice, q string, m command.Match) string {
	look := v.pick(lookWords[q]...)
	step := "the next step"
	if args := unquote(m.Args); len(args) > 0 {
		switch m.Name {
		case "!craftRecipe":
			step = "crafting the " + args[0]
		case "!collectBlocks":
			step = "collecting " + args[0]
		case "!smeltItem":
			step = "smelting the " + args[0]
		case "!givePlayer":
			step = "giving anything to " + args[0]
		case "!getBlueprintLevel":
			step = "reading level " + args[0]
		}
	}
	return v.pick(sentence("before "+step+", "+look), sentence(look+" before "+step), sentence(look)+" One sec.")
}
