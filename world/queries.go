package world

import (
	"math"
	"slices"
	"strings"
	"sync"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

func cmdStats(r *run, _ []command.Value) string { return r.w.statsText(r.a) }

// Stats returns the agent's !stats text, padded as the prompt's $STATS.
func (w *World) Stats(agent string) (string, error) {
	a := w.byName[agent]
	if a == nil {
		return "", w.agentErr(agent)
	}
	return "\n" + w.statsText(a) + "\n", nil
}

// Inventory returns the agent's !inventory text, padded as $INVENTORY.
func (w *World) Inventory(agent string) (string, error) {
	a := w.byName[agent]
	if a == nil {
		return "", w.agentErr(agent)
	}
	return "\n" + inventoryText(a) + "\n", nil
}

func (w *World) statsText(a *Agent) string {
	var b strings.Builder
	b.Grow(640)
	b.WriteString("STATS\n- Position: x: ")
	b.WriteString(command.FormatFixed(a.pos.X, 2) + ", y: " + command.FormatFixed(a.pos.Y, 2) + ", z: " + command.FormatFixed(a.pos.Z, 2))
	b.WriteString("\n- Gamemode: survival\n- Health: " + itoa(int(math.Round(a.health))) + " / 20\n- Hunger: " + itoa(int(math.Round(a.food))) + " / 20")
	b.WriteString("\n- Biome: " + w.biome + "\n- Weather: Clear\n")
	b.WriteString(strings.Join(w.surroundings(a), "\n"))
	b.WriteString("\n- Time: " + w.timeOfDay())
	// MINDcraft omits the newline before "- Current Action".
	b.WriteString("- Current Action: " + a.actionLabel())
	b.WriteString("\n- Nearby Human Players: None.\n- Nearby Bot Players: ")
	others := w.otherAgents(a)
	if len(others) == 0 {
		b.WriteString("None.")
	} else {
		b.WriteString(strings.Join(others, ", "))
	}
	b.WriteString("\n" + modesText(a, false) + "\n")
	return b.String()
}

func (a *Agent) actionLabel() string {
	if a.following != "" {
		return "action:followPlayer"
	}
	return "Idle"
}

func (w *World) otherAgents(a *Agent) []string {
	var out []string
	for _, o := range w.agents {
		if o != a && !w.hidden(a.pos, o.pos.Block()) {
			out = append(out, o.Name)
		}
	}
	return out
}

// timeOfDay is MINDcraft's coarse clock: Morning, Afternoon or Night.
func (w *World) timeOfDay() string {
	t := (w.startTicks + int64(w.now.Seconds()*20)) % 24000
	switch {
	case t < 6000:
		return "Morning"
	case t < 12000:
		return "Afternoon"
	}
	return "Night"
}

// surroundings are getSurroundingBlocks' lines.
func (w *World) surroundings(a *Agent) []string {
	p := a.pos.Block()
	return []string{
		"- Block Below: " + w.blocks.name(p.Add(0, -1, 0)),
		"- Block at Legs: " + w.blocks.name(p),
		"- Block at Head: " + w.blocks.name(p.Add(0, 1, 0)),
		"- First Solid Block Above Head: " + w.firstAbove(p),
	}
}

func (w *World) firstAbove(p Pos) string {
	for i := 0; i < 32; i++ {
		n := w.blocks.name(p.Add(0, i+2, 0))
		if n != "air" && n != "cave_air" {
			return n + " (" + itoa(i) + " blocks up)"
		}
	}
	return "none"
}

// modesText is the modes listing: "Agent Modes:" and a line per mode, with
// the description for !modes.
func modesText(a *Agent, docs bool) string {
	var b strings.Builder
	b.WriteString("Agent Modes:")
	for _, m := range a.modes {
		state := "OFF"
		if m.on {
			state = "ON"
		}
		b.WriteString("\n- " + m.name + "(" + state + ")")
		if docs {
			b.WriteString(": " + m.desc)
		}
	}
	return b.String()
}

func cmdInventory(r *run, _ []command.Value) string { return inventoryText(r.a) }

func inventoryText(a *Agent) string {
	var b strings.Builder
	b.WriteString("INVENTORY")
	names, counts := a.inv.Counts()
	for _, n := range names {
		b.WriteString("\n" + texts.InventoryLine(n, counts[n]))
	}
	if len(names) == 0 {
		b.WriteString(": Nothing")
	}
	b.WriteString("\n" + texts.Wearing + ": ")
	worn := false
	for i, label := range []string{"Head", "Torso", "Legs", "Feet"} {
		if a.armor[i] != "" {
			b.WriteString("\n" + label + ": " + a.armor[i])
			worn = true
		}
	}
	if !worn {
		b.WriteString("Nothing")
	}
	return b.String()
}

func cmdNearbyBlocks(r *run, _ []command.Value) string {
	types := r.w.nearbyBlockTypes(r.a.pos, 16)
	if len(types) == 0 {
		return texts.NearbyBlocks(nil, nil)
	}
	return texts.NearbyBlocks(types, r.w.surroundings(r.a))
}

// nearbyBlockTypes lists the block types within dist of v (air left out),
// nearest first, each once.
func (w *World) nearbyBlockTypes(v Vec, dist float64) []string {
	bestDist := map[uint16]float64{}
	c := v.Block()
	r := int(math.Ceil(dist))
	lo, hi := c.Add(-r, -r, -r), c.Add(r, r, r)
	d2 := dist * dist
	for sx := lo.X >> sectionBits; sx <= hi.X>>sectionBits; sx++ {
		for sy := lo.Y >> sectionBits; sy <= hi.Y>>sectionBits; sy++ {
			for sz := lo.Z >> sectionBits; sz <= hi.Z>>sectionBits; sz++ {
				s := w.blocks.sections[sectionKey{int32(sx), int32(sy), int32(sz)}]
				if s == nil || s.count == 0 {
					continue
				}
				for i, id := range s.ids {
					if id == 0 {
						continue
					}
					x := sx<<sectionBits | i&(sectionSize-1)
					z := sz<<sectionBits | (i>>sectionBits)&(sectionSize-1)
					y := sy<<sectionBits | i>>(2*sectionBits)
					dx, dy, dz := float64(x)-v.X, float64(y)-v.Y, float64(z)-v.Z
					dd := dx*dx + dy*dy + dz*dz
					if dd > d2 || w.escape != nil && w.hidden(v, Pos{x, y, z}) {
						continue
					}
					if old, ok := bestDist[id]; !ok || dd < old {
						bestDist[id] = dd
					}
				}
			}
		}
	}
	ids := make([]uint16, 0, len(bestDist))
	for id := range bestDist {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b uint16) int {
		if da, db := bestDist[a], bestDist[b]; da != db {
			if da < db {
				return -1
			}
			return 1
		}
		return strings.Compare(w.blocks.names[a], w.blocks.names[b])
	})
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = w.blocks.names[id]
	}
	return out
}

func cmdCraftable(r *run, _ []command.Value) string {
	var b strings.Builder
	b.WriteString("CRAFTABLE_ITEMS")
	for _, item := range r.w.craftableItems(r.a) {
		b.WriteString("\n- " + item)
	}
	if b.Len() == len("CRAFTABLE_ITEMS") {
		b.WriteString(": none")
	}
	return b.String()
}

// craftableItems is world.getCraftableItems: the items the agent can
// craft once from its inventory, 3x3 recipes only with a crafting table
// in the inventory or within 16 blocks, in mcdata's item order.
func (w *World) craftableItems(a *Agent) []string {
	table := a.inv.Count("crafting_table") > 0 || w.nearestBlock(a.pos, []string{"crafting_table"}, 16) != nil
	_, counts := a.inv.Counts()
	var out []string
	for _, c := range craftableCandidates() {
		if affordableOf(c.recipes, counts, table) != nil {
			out = append(out, c.item)
		}
	}
	return out
}

// candidate is an item with a crafting recipe.
type candidate struct {
	item    string
	recipes []mcdata.Recipe
}

// craftableCandidates are the items that have a crafting recipe, in
// mcdata's item order.
var craftableCandidates = sync.OnceValue(func() []candidate {
	var out []candidate
	for _, it := range mcdata.Items() {
		if rs := recipesOf(it.Name); len(rs) > 0 {
			out = append(out, candidate{it.Name, rs})
		}
	}
	return out
})

// affordableRecipe returns the first recipe for item the inventory can
// craft once (3x3 recipes only with a table), like bot.recipesFor.
func affordableRecipe(inv *Inventory, item string, table bool) *mcdata.Recipe {
	_, counts := inv.Counts()
	return affordableOf(recipesOf(item), counts, table)
}

// affordableOf returns the first of recipes the item counts afford.
func affordableOf(recipes []mcdata.Recipe, counts map[string]int, table bool) *mcdata.Recipe {
	for i := range recipes {
		rec := &recipes[i] // shared and cached: callers only read it
		if rec.NeedsTable && !table {
			continue
		}
		ok := true
		for _, in := range rec.Ingredients {
			if counts[in.Item] < in.Count {
				ok = false
				break
			}
		}
		if ok {
			return rec
		}
	}
	return nil
}

var recipeCache sync.Map // item -> []mcdata.Recipe

// recipesOf caches mcdata.Recipes, which copies on every call.
func recipesOf(item string) []mcdata.Recipe {
	if v, ok := recipeCache.Load(item); ok {
		return v.([]mcdata.Recipe)
	}
	rs := mcdata.Recipes(item)
	recipeCache.Store(item, rs)
	return rs
}

func cmdEntities(r *run, _ []command.Value) string {
	var b strings.Builder
	b.WriteString("NEARBY_ENTITIES")
	for _, o := range r.w.otherAgents(r.a) {
		b.WriteString("\n- Bot player: " + o)
	}
	seen := map[string]bool{}
	for _, m := range r.w.nearbyMobs(r.a.pos, 16) {
		if !seen[m.Kind] && !r.w.hidden(r.a.pos, m.pos.Block()) {
			seen[m.Kind] = true
			b.WriteString("\n- entities: " + m.Kind)
		}
	}
	if b.Len() == len("NEARBY_ENTITIES") {
		b.WriteString(": none")
	}
	return b.String()
}

func cmdModes(r *run, _ []command.Value) string { return modesText(r.a, true) }

func cmdSavedPlaces(r *run, _ []command.Value) string {
	names := make([]string, len(r.a.saved))
	for i, s := range r.a.saved {
		names[i] = s.name
	}
	return "Saved place names: " + strings.Join(names, ", ")
}

func cmdHelp(r *run, _ []command.Value) string { return r.a.table.Docs() }

func cmdGetCraftingPlan(r *run, args []command.Value) string {
	target, qty := args[0].S, args[1].Int()
	if !mcdata.IsItem(target) || qty < 1 {
		return mcdata.InvalidPlanInput
	}
	_, counts := r.a.inv.Counts()
	plan, err := mcdata.NewPlan(counts, target, qty)
	if err != nil {
		return "An error occurred while generating the crafting plan: " + err.Error()
	}
	if r.w.opts.Dialect == DialectCurrent {
		return plan.StringCurrent()
	}
	return plan.String()
}

func cmdSearchWiki(r *run, args []command.Value) string {
	// The embedded world has no network: MINDcraft's answer when its
	// fetch of the wiki page fails (node's fetch throws this TypeError).
	return "The following error occurred: TypeError: fetch failed"
}
