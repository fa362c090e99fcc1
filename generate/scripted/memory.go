package scripted

import (
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
	if old := k.c.Memory(); old != "" && reflect.DeepEqual(n, *k.c.Notes()) {
		return old
	}
	// The notes come in order of importance: when the memory is full the
	// last are the ones to lose (the progress recap last of all, not a
	// recipe the agent still has to follow). A note that does not fit is
	// skipped, and shorter ones after it still go in.
	out := ""
	for _, f := range n.Facts() {
		f = know.Say(f, v.rng.IntN)
		if len(out)+len(f)+1 > maxMemory {
			continue
		}
		if out != "" {
			out += " "
		}
		out += f
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
