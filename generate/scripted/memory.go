package scripted

import (
	"maps"
	"reflect"
	"slices"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// maxMemory is MINDcraft's memory limit in characters.
const maxMemory = 500

// summarize writes the memory for a memory call: the notes of every role
// the agent plays (the facts its decisions rest on, in sentences it reads
// back later: know.Notes, said with the call's voice: know.Say), whether
// it has been waiting, and what it has done lately. The old memory and
// the folded turns are both parsed, so nothing it still needs is lost;
// when they add nothing to the old memory, it stays as it was.
func (k *call) summarize(v *voice) string {
	var n know.Notes
	for _, r := range k.team.roles(k) {
		r.Notes(&n)
	}
	n.Waiting = stays(k.c) >= 3 || k.c.Notes().Waiting
	n.LastSeen = lastSeen(k.c)
	gist := k.gist(v, &n)
	if old := k.c.Memory(); old != "" && reflect.DeepEqual(n, *k.c.Notes()) && len(gist) == 0 {
		return old // nothing new
	}
	// The notes come in order of importance: when the memory is full the
	// last are the ones to lose (the progress recap last of all, not a
	// recipe the agent still has to follow). A note that does not fit is
	// skipped, and shorter ones after it still go in.
	facts := n.Facts()
	// Neighbouring notes may trade places (the recap stays last): the
	// order of importance holds roughly, and the memory reads the same.
	for i := 0; i+2 < len(facts); i++ {
		if v.rng.IntN(3) == 0 {
			facts[i], facts[i+1] = facts[i+1], facts[i]
			i++
		}
	}
	out := ""
	for _, f := range facts {
		f = know.Say(f, v.rng.IntN)
		if len(out)+len(f)+1 > maxMemory {
			continue
		}
		if out != "" {
			out += " "
		}
		out += f
	}
	return withGist(v, out, gist)
}

// withGist puts gist sentences into the memory out (the notes), each
// where the call's voice draws (before or after the notes), while they
// fit the limit, read back as no note and mention nothing the roles look
// for in the memory that the notes do not.
func withGist(v *voice, out string, gist []string) string {
	v.rng.Shuffle(len(gist), func(i, j int) { gist[i], gist[j] = gist[j], gist[i] })
	notes := know.ParseNotes(out)
	for _, g := range gist {
		if v.rng.IntN(4) == 0 || len(out)+len(g)+1 > maxMemory || strings.Contains(g, "crafting_table") && !strings.Contains(out, "crafting_table") {
			continue
		}
		next := g
		switch {
		case out == "":
		case v.rng.IntN(2) == 0:
			next = g + " " + out
		default:
			next = out + " " + g
		}
		if reflect.DeepEqual(know.ParseNotes(next), notes) {
			out = next
		}
	}
	return out
}

// progressNote is what the agent has done, as its outputs said: the
// memory's list carried on, with the folded turns' crafts, smelts,
// harvests and hand-overs added (the last four), so the memory moves on
// with the task.
func progressNote(c *know.Context) []string {
	done := slices.Clone(c.Notes().DoneSoFar)
	// Every output, also one whose command the window no longer shows.
	for _, o := range c.System() {
		if f := doneFact(o); f != "" {
			done = append(done, f)
		}
	}
	if len(done) == 0 {
		return nil
	}
	done = slices.Compact(done)
	if len(done) > 4 {
		done = done[len(done)-4:]
	}
	return done
}

// doneFact is what an output says was done: a craft, a smelt, a harvest
// or a hand-over ("" for none, or a harvest of nothing).
func doneFact(o string) string {
	if item, _, ok := texts.ParseCrafted(o); ok {
		return "crafted " + item
	}
	if _, _, out, ok := texts.ParseSmelted(o); ok {
		return "smelted " + out
	}
	if n, block, ok := texts.ParseCollected(o); ok {
		if n == 0 {
			return ""
		}
		return "collected " + itoa(n) + " " + block
	}
	if who, item, ok := texts.ParseReceived(o); ok {
		return "gave " + item + " to " + who
	}
	return ""
}

// planSteps are the steps of the last crafting plan the agent saw (its
// own lookup's answer or a teammate's relay, in the window), without
// their "Craft "; else the memory's.
func planSteps(c *know.Context) []string {
	var steps []string
	at := -1
	for _, a := range c.Acts() {
		if a.Name == "!getCraftingPlan" && a.Turn > at && mcdata.HasStep(a.Output) {
			steps, at = mcdata.FindSteps(a.Output), a.Turn
		}
	}
	for _, m := range c.Messages() {
		if m.Turn > at && mcdata.HasStep(m.Text) {
			steps, at = mcdata.FindSteps(m.Text), m.Turn
		}
	}
	if steps == nil {
		return c.Notes().PlanSteps
	}
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = strings.TrimPrefix(st, "Craft ")
	}
	return out
}

// doing is a teammate's command as what it was doing ("" for a command
// that says nothing of its work).
var doing = map[string]string{
	"!craftRecipe": "crafting", "!smeltItem": "smelting", "!collectBlocks": "collecting",
	"!attack": "hunting", "!getCraftingPlan": "checking the plan for", "!searchForBlock": "looking for",
	"!givePlayer": "handing over", "!stay": "waiting", "!newAction": "building", "!checkBlueprint": "checking the house",
	"!getBlueprintLevel": "reading a level", "!goToPlayer": "walking to", "!viewChest": "looking in the chest",
}

// lastSeen is what each teammate was last seen doing: the last command
// of its newest message that has one ("Andy_0 crafting stick"), else
// what the memory says, in name order.
func lastSeen(c *know.Context) []string {
	seen := map[string]string{}
	for _, s := range c.Notes().LastSeen {
		if who, _, ok := strings.Cut(s, " "); ok {
			seen[who] = s
		}
	}
	for _, m := range c.Messages() {
		cms := m.Commands()
		if len(cms) == 0 {
			continue
		}
		cm := cms[len(cms)-1]
		verb, ok := doing[cm.Name]
		if !ok {
			continue
		}
		what := m.From + " " + verb
		switch cm.Name {
		case "!givePlayer":
			if len(cm.Args) >= 2 {
				what += " " + strings.Trim(cm.Args[1], `"`) + " to " + strings.Trim(cm.Args[0], `"`)
			}
		case "!stay", "!newAction", "!checkBlueprint", "!getBlueprintLevel":
		default:
			if len(cm.Args) > 0 {
				what += " " + strings.Trim(cm.Args[0], `"`)
			}
		}
		if len(strings.Fields(what)) > 1 && !strings.ContainsAny(what, ".,()") {
			seen[m.From] = what
		}
	}
	var out []string
	for _, o := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, seen[o])
	}
	return out
}
