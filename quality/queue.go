package quality

import (
	"regexp"
	"strings"

	"collabcraft/covoyager"
	"collabcraft/mcdata"
)

// The queue organisation's plan (Co-Voyager): a task manager's subtasks
// name items, materials and tools, each of which must be what the task's
// item takes: its recipes' ingredients, what they smelt from, the blocks
// that drop them and the tools that harvest those, down the tool tiers;
// a cooked meat's mob and a sword to kill it. Wood (logs, planks,
// sticks) and the stations are always grounded.

var taskLineRE = regexp.MustCompile(`(?m)^Task: (.+)$`)

// checkPlan grounds a task manager's answer against its task.
func (g *Grounder) checkPlan(c *Call) []Violation {
	if len(c.Context) < 2 {
		return nil
	}
	m := taskLineRE.FindStringSubmatch(c.Context[1].Content)
	plan, err := covoyager.ParseSubtasks(c.Response)
	if m == nil || err != nil {
		return nil
	}
	need := planClosure(m[1])
	var out []Violation
	bad := func(cmd, v string) {
		out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: cmd, Kind: KindItem, Value: v})
	}
	for _, s := range plan {
		cmd := s.Action + " " + s.Item
		item := covoyager.ItemOf(s.Item)
		if item == "" {
			bad(cmd, s.Item)
		} else if !need[item] {
			bad(cmd, item)
		}
		for _, text := range []string{s.Materials, s.Tools} {
			ns, err := covoyager.ReadNeeds(text)
			if err != nil {
				bad(cmd, text)
				continue
			}
			for _, n := range ns {
				if !need[n.Item] {
					bad(cmd, n.Item)
				}
			}
		}
	}
	return out
}

// planClosure is every item a task's plan may name: the items its words
// name, and what making them takes (above).
func planClosure(task string) map[string]bool {
	need := map[string]bool{covoyager.Logs: true, covoyager.Planks: true, "stick": true, "crafting_table": true, "furnace": true}
	var todo []string
	add := func(it string) {
		if it != "" && !need[it] {
			need[it] = true
			todo = append(todo, it)
		}
	}
	words := strings.Fields(strings.ToLower(strings.Trim(task, ".")))
	for i := range words {
		for j := i + 1; j <= min(len(words), i+3); j++ {
			if it := covoyager.ItemOf(strings.Join(words[i:j], " ")); it != "" && !covoyager.IsBase(it) {
				add(it)
				if d := covoyager.MobDrops[it]; d != "" {
					add(d)
					if s, ok := mcdata.Smelt(d); ok {
						add(s.Output)
					}
				}
			}
		}
	}
	for len(todo) > 0 {
		it := todo[0]
		todo = todo[1:]
		for _, r := range mcdata.Recipes(it) {
			for _, in := range r.Ingredients {
				if strings.HasSuffix(in.Item, "_planks") || strings.HasSuffix(in.Item, "_log") {
					continue
				}
				add(in.Item)
			}
		}
		for _, in := range mcdata.SmeltInputs(it) {
			add(in)
		}
		for _, b := range droppedBy()[it] {
			blk, err := mcdata.LookupBlock(b)
			if err != nil || !blk.RequiresTool {
				continue
			}
			for _, t := range blk.HarvestTools {
				if strings.HasPrefix(t, "wooden_") || strings.HasPrefix(t, "stone_") || strings.HasPrefix(t, "iron_") {
					add(t)
				}
			}
		}
		for mob, meat := range covoyager.MobDrops {
			if meat == it {
				add(mob)
				for _, sw := range []string{"wooden_sword", "stone_sword", "iron_sword"} {
					add(sw)
				}
			}
		}
	}
	return need
}

// PlanCommand is what a task manager's call does, as the audit counts
// commands: its subtasks, one a line ("craft compass"); "" when the
// answer holds no plan.
func PlanCommand(response string) string {
	plan, err := covoyager.ParseSubtasks(response)
	if err != nil {
		return ""
	}
	lines := make([]string, len(plan))
	for i, s := range plan {
		lines[i] = s.Action + " " + s.Item
	}
	return strings.Join(lines, "\n")
}
