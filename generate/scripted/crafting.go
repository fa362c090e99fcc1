package scripted

import (
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// Crafting: the team agrees in chat who collects (agree.go); that agent,
// the crafter, crafts, and the others (crafting helpers) give it
// everything they hold, pass on the crafting plan when it cannot see it,
// and say when they are done. The crafter learns recipes from
// !getCraftingPlan, from a teammate's relayed plan, or by trying
// !craftRecipe and reading what it requires; it gathers and smelts
// missing base items once its teammates have handed over theirs.

// taskGoal is the goal as the task kind reads it.
type taskGoal struct {
	Target string // crafting: what to craft, Count of it
	Count  int
	Dishes []mcdata.Ingredient // cooking: the meal (Hell's Kitchen: the agent's own dish)
}

// craftingGoal reads a crafting goal: the target and count.
func craftingGoal(c *know.Context) taskGoal {
	target, n, _ := procgen.ParseCraftingGoal(c.Goal())
	return taskGoal{Target: target, Count: n}
}

// craftingRoles are the roles of a crafting agent: with no target it
// waits; until the team agrees who collects it negotiates; then it is
// the crafter or a helper.
func craftingRoles(k *call) []Role {
	see := chat.SeesPlan
	if !k.c.Has("!getCraftingPlan") {
		see = chat.CannotSeePlan
	}
	var role Role = &craftHelper{k: k}
	if k.g.isLeader() {
		role = &crafter{k: k}
	}
	return []Role{aimless{k}, &negotiator{k: k, g: k.g, offer: func(*voice) string { return see }}, role}
}

// aimless is an agent whose goal names nothing to make: it waits.
type aimless struct{ k *call }

func (r aimless) Decide() (Intent, bool) {
	return do(idle{30}, "stay", 30), r.k.goal.Target == "" && len(r.k.goal.Dishes) == 0
}
func (aimless) Notes(*know.Notes)                {}
func (r aimless) Phrasebook(v *voice) Phrasebook { return &commonWords{words{k: r.k, v: v}} }

// commonWords say the intents every role shares.
type commonWords struct{ words }

func (w *commonWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *commonWords) say(i Intent) string {
	s, _ := w.idleWords(i)
	return s
}

// ingredientMap totals ingredients by item.
func ingredientMap(in []mcdata.Ingredient) map[string]int {
	m := map[string]int{}
	for _, i := range in {
		m[i.Item] += i.Count
	}
	return m
}
