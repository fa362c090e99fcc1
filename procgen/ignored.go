package procgen

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
)

// MINDcraft's task files hold entries its code never acts on: inventories,
// goals, blocked commands and blocked recipe access for agents beyond
// agent_count (it reads only
// agents 0 .. agent_count-1), item counts of 0 and item names Minecraft
// 1.21.1 no longer has (its /give of them fails, so the agent starts
// without them), and flat {item: count} inventories (it reads
// initial_inventory["0"] and finds nothing). collabcraft plays such a task
// as MINDcraft does: the entries are left out, each with a warning naming
// the task and the field.

// Ignored lists, as warnings, the entries of t that MINDcraft ignores.
func (t *Task) Ignored() []Problem {
	c := *t
	return c.DropIgnored()
}

// DropIgnored removes the entries MINDcraft ignores from t and returns a
// warning for each. It never changes the maps t shared before the call.
func (t *Task) DropIgnored() []Problem {
	var ws []Problem
	warn := func(field, msg string) {
		ws = append(ws, Problem{TaskID: t.ID, Field: field, Message: msg, Warning: true})
	}
	const ignored = "; MINDcraft ignores it, and so does collabcraft"
	// Without a valid agent_count there is no range to read ids against;
	// validation reports agent_count itself.
	checkIDs := t.AgentCount >= 1 && t.AgentCount <= MaxAgentCount
	outside := func(id string) (string, bool) {
		if !checkIDs {
			return "", false
		}
		n, err := strconv.Atoi(id)
		switch {
		case err != nil || n < 0 || strconv.Itoa(n) != id:
			return fmt.Sprintf("%q is not an agent id (agent_count %d: ids 0 to %d)", id, t.AgentCount, t.AgentCount-1), true
		case n >= t.AgentCount:
			return fmt.Sprintf("agent %s is beyond agent_count %d (ids 0 to %d)", id, t.AgentCount, t.AgentCount-1), true
		}
		return "", false
	}

	if t.IgnoredInventory != nil {
		for _, id := range slices.Sorted(maps.Keys(t.IgnoredInventory)) {
			warn("initial_inventory."+id, fmt.Sprintf("%s is not an agent's inventory (MINDcraft reads initial_inventory[\"0\"] .. and gives nothing for it); ignored", abbrev(t.IgnoredInventory[id])))
		}
		t.IgnoredInventory = nil
	}
	if t.InitialInventory != nil {
		inv := make(map[string]map[string]int, len(t.InitialInventory))
		for _, id := range slices.Sorted(maps.Keys(t.InitialInventory)) {
			if why, out := outside(id); out {
				warn("initial_inventory."+id, why+ignored)
				continue
			}
			items := map[string]int{}
			for _, s := range t.Inventory(id) {
				field := "initial_inventory." + id + "." + s.Item
				if s.Count == 0 {
					warn(field, "count 0: Minecraft's /give refuses it, so MINDcraft gives nothing; ignored")
					continue
				}
				if to, in, old := mcdata.ModernName(s.Item); old && !mcdata.IsItem(s.Item) {
					warn(field, fmt.Sprintf("%q is an old name (renamed in Minecraft %s, now %s): MINDcraft's /give of it fails in 1.21.1, so the agent starts without it; ignored", s.Item, in, strings.Join(to, " or ")))
					continue
				}
				items[s.Item] = s.Count
			}
			inv[id] = items
		}
		t.InitialInventory = inv
		if t.InventoryOrder != nil {
			order := map[string][]string{}
			for id, keys := range t.InventoryOrder {
				if _, ok := inv[id]; ok {
					order[id] = slices.DeleteFunc(slices.Clone(keys), func(k string) bool { _, ok := inv[id][k]; return !ok })
				}
			}
			t.InventoryOrder = order
		}
	}
	if t.BlockedActions != nil {
		blocked := make(map[string][]string, len(t.BlockedActions))
		for _, id := range slices.Sorted(maps.Keys(t.BlockedActions)) {
			if why, out := outside(id); out {
				warn("blocked_actions."+id, why+ignored)
				continue
			}
			blocked[id] = t.BlockedActions[id]
		}
		t.BlockedActions = blocked
	}
	if t.Goal.PerAgent != nil {
		goals := make(map[string]string, len(t.Goal.PerAgent))
		for _, id := range slices.Sorted(maps.Keys(t.Goal.PerAgent)) {
			if why, out := outside(id); out {
				warn("goal."+id, why+ignored)
				continue
			}
			goals[id] = t.Goal.PerAgent[id]
		}
		t.Goal.PerAgent = goals
	}
	if t.BlockedAccessToRecipe != nil {
		var kept []string
		for _, id := range t.BlockedAccessToRecipe {
			if why, out := outside(id); out {
				warn("blocked_access_to_recipe", why+ignored)
				continue
			}
			kept = append(kept, id)
		}
		t.BlockedAccessToRecipe = nonNil(kept)
	}
	return ws
}

// SplitWarnings separates the problems that refuse a task from the
// warnings about entries played as MINDcraft plays them.
func SplitWarnings(ps []Problem) (errs, warns []Problem) {
	for _, p := range ps {
		if p.Warning {
			warns = append(warns, p)
		} else {
			errs = append(errs, p)
		}
	}
	return errs, warns
}
