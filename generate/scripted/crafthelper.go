package scripted

import (
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
)

// craftHelper is a crafting agent that does not collect: it passes the
// crafter the plan when the crafter cannot see it, gives it every item it
// holds, and reports when it has given everything.
type craftHelper struct{ k *call }

// The crafting helper's intents' facts.
type (
	// relayPlan passes the crafting plan's Steps on to To.
	relayPlan struct {
		To    string
		Steps []string
	}
	// fetchPlan looks the plan up for For, who cannot see it.
	fetchPlan struct{ For string }
	// reportDone tells To every item was handed over.
	reportDone struct{ To string }
)

func (r *craftHelper) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	leader := k.g.leader()
	// Pass on the plan when the crafter says it cannot see it.
	if c.Has("!getCraftingPlan") && r.leaderLacksPlan() && !c.Said().Has(chat.PlanRelay) && c.Notes().SentPlanTo != leader {
		acts := c.Acts()
		for i := len(acts) - 1; i >= 0; i-- {
			if a := acts[i]; a.Name == "!getCraftingPlan" && a.Output != "" {
				return tell(relayPlan{leader, mcdata.FindSteps(a.Output)}, leader), true
			}
		}
		return do(fetchPlan{leader}, "getCraftingPlan", k.goal.Target, k.goal.Count), true
	}
	if item, n := nextGift(c); item != "" {
		return do(give{To: leader, Item: item, N: n, First: firstGift(c) && c.Inventory().Len() > 1, Does: "craft"}, "givePlayer", leader, item, n), true
	}
	if !reportedDone(c, leader) || askedAfterReport(c, leader) {
		return tell(reportDone{leader}, leader), true
	}
	return standBy(c), true
}

// leaderLacksPlan reports whether the crafter said it cannot see the
// crafting plan (or the memory says so).
func (r *craftHelper) leaderLacksPlan() bool {
	leader, c := r.k.g.leader(), r.k.c
	if n := c.Notes(); n.CannotSeePlan != "" && n.CannotSeePlan == leader {
		return true
	}
	for _, m := range c.Messages() {
		if m.From == leader && m.Has(chat.NoPlan) {
			return true
		}
	}
	return false
}

func (r *craftHelper) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	k.g.notes(n)
	n.DoneSoFar = progressNote(c)
	leader := k.g.leader()
	if leader == "" {
		return
	}
	n.CraftsFor = [2]string{leader, k.goal.Target}
	n.PlanSteps = planSteps(c)
	if r.leaderLacksPlan() {
		n.CannotSeePlan = leader
	}
	if c.Said().Has(chat.PlanRelay) {
		n.SentPlanTo = leader
	}
	if reportedDone(c, leader) {
		n.ToldDoneTo = leader
	}
}

func (r *craftHelper) Phrasebook(v *voice) Phrasebook {
	return &craftHelperWords{words: words{k: r.k, v: v}}
}

// craftHelperWords say a crafting helper's intents.
type craftHelperWords struct{ words }

func (w *craftHelperWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *craftHelperWords) say(i Intent) string {
	v := w.v
	switch f := i.Facts.(type) {
	case relayPlan:
		return v.pick(chat.PlanRelays...) + strings.Join(f.Steps, "; ") + "."
	case fetchPlan:
		return v.pick("Let me get the plan for you.", "I can see the plan, one sec.", "Checking the crafting plan for "+f.For+".")
	case reportDone:
		return w.doneGivingText(f.To, false)
	}
	s, _ := w.idleWords(i)
	return s
}
