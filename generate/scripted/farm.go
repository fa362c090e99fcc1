package scripted

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// Farm-to-table (VillagerBench's farm tasks, played with MINDcraft's
// commands): the first agent in name order cooks. It looks up the dish's
// recipe (!getCraftingPlan), the chest, the blocks and the animals around,
// splits the supply chain in chat (each teammate's part: the items to
// bring it, the work in the fields first), fetches its own part and
// cooks once it holds everything. A farmhand reads its part from the
// cook's message, looks at what it needs to (the chest, the farm, the
// animals), gets each item along its chain (the chest, a farm's crops,
// milking with !useOn, hunting, mining with the factory's pickaxe,
// crafting, smelting), hands its part over and says so. Every step is
// decided again at each call from the context: the inventory, the
// outputs in the window and the memory's notes (know.Notes: the recipe,
// the chest, what was seen, the parts).

// farmGoal reads a farm goal: the dish (procgen.FarmGoal's "to make a
// cake.").
func farmGoal(c *know.Context) taskGoal {
	g := c.Goal()
	_, rest, ok := strings.Cut(g, "collaborate to make a ")
	if !ok {
		return taskGoal{}
	}
	n := 0
	for n < len(rest) && (rest[n] == '_' || 'a' <= rest[n] && rest[n] <= 'z') {
		n++
	}
	if n == 0 {
		return taskGoal{}
	}
	return taskGoal{Target: rest[:n], Count: 1}
}

// farmRoles: the first agent in name order cooks, the others are
// farmhands.
func farmRoles(k *call) []Role {
	f := readFarm(k.c, k.goal.Target)
	if cook := farmCookName(k.c); cook == k.c.Name() {
		return []Role{aimless{k}, &farmCook{k: k, f: f}}
	}
	return []Role{aimless{k}, &farmHand{k: k, f: f}}
}

// farmCookName is who cooks: the first name of the team the call shows.
func farmCookName(c *know.Context) string {
	cook := c.Name()
	for _, o := range c.Others() {
		if o < cook {
			cook = o
		}
	}
	return cook
}

// farmFacts are what the call's context shows of the farm: the dish's
// recipe, the chest by the spawn (the first one looked into), another
// chest (the factory's), the blocks and animals seen, and the parts.
type farmFacts struct {
	dish        string
	recipe      []chat.Want // the dish's ingredients; nil until looked up
	chestSeen   bool
	chest       map[string]int
	chestAt     [3]float64
	first       map[string]int // the chest as first seen in the window (the split's)
	fresh       map[string]int // the chest the last command looked into, if it did
	looked      bool           // !nearbyBlocks ran
	lookedMobs  bool           // !entities ran
	seen        map[string]bool
	parts       map[string][]chat.Want // by name
	cook        string                 // who cooks (a farmhand: the one that gave it its part)
	partDone    bool
	gaveCounted map[string]int // what the agent handed over, as far as it knows
}

// readFarm reads the farm's facts from the context and the memory.
func readFarm(c *know.Context, dish string) *farmFacts {
	f := &farmFacts{dish: dish, seen: map[string]bool{}, parts: map[string][]chat.Want{}, gaveCounted: map[string]int{}}
	n := c.Notes()
	for _, r := range n.RecipeNotes {
		if r.Dish == dish {
			f.recipe = readWants(r.Takes)
		}
	}
	if n.ChestSeen {
		f.chestSeen, f.chest = true, maps.Clone(n.ChestHolds)
		f.chestAt = [3]float64{nan, nan, nan}
	}
	for _, s := range n.Seen {
		f.seen[s] = true
	}
	f.looked = len(n.Seen) > 0
	f.lookedMobs = f.looked
	for name, p := range n.Parts {
		f.parts[name] = readWants(p)
	}
	f.cook = n.CookIs
	f.partDone = n.PartDone
	acts := c.Acts()
	for i, a := range acts {
		switch a.Name {
		case "!getCraftingPlan":
			if a.Arg(0) == dish {
				if r := finalRecipe(a.Output, dish); r != nil {
					f.recipe = r
				}
			}
		case "!viewChest":
			if !strings.Contains(a.Output, texts.ChestContains) && !strings.Contains(a.Output, texts.ChestEmpty) {
				continue
			}
			at := reachedAt(a.Output)
			items := texts.ChestItems(a.Output)
			if i == len(acts)-1 {
				f.fresh = items
			}
			// The factory's chest, by the mine, holds the tools: it is
			// not the chest by the spawn.
			if (!f.chestSeen || near(at, f.chestAt)) && !toolChest(items) {
				f.chestSeen, f.chest, f.chestAt = true, items, at
				if f.first == nil {
					f.first = maps.Clone(items)
				}
			}
		case "!nearbyBlocks":
			f.looked = true
			for _, b := range farmBlocks {
				if texts.ListsBlock(a.Output, b) {
					f.seen[b] = true
				}
			}
			for _, b := range listedBlocks(a.Output) {
				if strings.HasSuffix(b, "_log") || strings.HasSuffix(b, "_fence") {
					f.seen[b] = true
				}
			}
		case "!entities":
			f.lookedMobs = true
			for _, line := range strings.Split(a.Output, "\n") {
				if mob, ok := strings.CutPrefix(strings.TrimSpace(line), "- entities: "); ok {
					f.seen[mob] = true
				}
			}
		case "!takeFromChest":
			if n, ok := tookCount(a.Output); ok && f.chest[a.Arg(0)] > 0 {
				f.chest[a.Arg(0)] = max(f.chest[a.Arg(0)]-n, 0)
			}
		}
	}
	for item, n := range given(c) {
		f.gaveCounted[item] += n
	}
	for _, it := range n.HandedOver {
		if f.gaveCounted[it] == 0 {
			f.gaveCounted[it] = -1
		}
	}
	// A hand-over whose command the memory folded away still shows its
	// output.
	for _, t := range c.Turns() {
		if _, item, ok := texts.ParseReceived(t.Content); ok && t.Role == "system" && f.gaveCounted[item] == 0 {
			f.gaveCounted[item] = -1
		}
	}
	// The parts: the cook's own messages (its split), or the message that
	// gave this agent its part.
	for _, s := range c.Sent() {
		if s.Said.Has(chat.Part) {
			f.parts[s.To] = s.Said.Part
		}
	}
	for _, m := range c.Messages() {
		if m.Has(chat.Part) && !m.ToOther {
			f.parts[c.Name()] = m.Part
			f.cook = m.From
		}
		if m.Has(chat.PartDone) && f.cook == "" {
			f.cook = c.Name()
		}
	}
	for _, s := range c.Sent() {
		if s.Said.Has(chat.PartDone) {
			f.partDone = true
		}
	}
	return f
}

// toolChest reports whether a chest holds tools and nothing else: the
// factory's, not the one with the ingredients.
func toolChest(items map[string]int) bool {
	tools := 0
	for it, n := range items {
		if n == 0 {
			continue
		}
		if !strings.HasSuffix(it, "_pickaxe") && !strings.HasSuffix(it, "_axe") && !strings.HasSuffix(it, "_shovel") && !strings.HasSuffix(it, "_hoe") {
			return false
		}
		tools++
	}
	return tools > 0
}

// tookCount reads "Successfully took N item from the chest.".
func tookCount(out string) (int, bool) {
	_, rest, ok := strings.Cut(out, "Successfully took ")
	if !ok {
		return 0, false
	}
	n, _, _ := strings.Cut(rest, " ")
	k, err := strconv.Atoi(n)
	return k, err == nil
}

// nan marks a chest whose place the memory does not keep: any chest seen
// later at the spawn's is taken for it when its items are the same kind.
var nan = -1e9

// near reports whether two places are within 3 blocks (one chest seen
// from either side); an unknown place is near any.
func near(a, b [3]float64) bool {
	if b[0] == nan || a[0] == nan {
		return true
	}
	d := 0.0
	for k := range 3 {
		d += (a[k] - b[k]) * (a[k] - b[k])
	}
	return d <= 9
}

// reachedAt is where a command's output says the agent got to.
func reachedAt(out string) [3]float64 {
	x, y, z, ok := texts.ParseReached(out)
	if !ok {
		return [3]float64{nan, nan, nan}
	}
	var p [3]float64
	for k, s := range []string{x, y, z} {
		p[k], _ = strconv.ParseFloat(s, 64)
	}
	return p
}

// listedBlocks are the block names a !nearbyBlocks answer lists.
func listedBlocks(out string) []string {
	var bs []string
	for _, line := range strings.Split(out, "\n") {
		if b, ok := strings.CutPrefix(line, "- "); ok && !strings.Contains(b, ":") {
			bs = append(bs, b)
		}
	}
	return bs
}

// farmBlocks are the blocks the farm's supply chains use.
var farmBlocks = []string{"wheat", "hay_block", "sugar_cane", "potatoes", "carrots", "beetroots", "brown_mushroom", "red_mushroom",
	"coal_ore", "pumpkin", "furnace", "crafting_table", "chest"}

// finalRecipe reads a crafting plan's last step for dish: "Craft 3
// milk_bucket + 2 sugar + 1 egg + 3 wheat -> 1 cake". A dish the plan
// calls a base item that a furnace makes is its raw item and a fuel.
func finalRecipe(plan, dish string) []chat.Want {
	for _, st := range slices.Backward(mcdata.FindSteps(plan)) {
		in, out, ok := strings.Cut(strings.TrimPrefix(st, "Craft "), " -> ")
		if !ok || !strings.HasSuffix(strings.TrimRight(out, ". \n"), " "+dish) {
			continue
		}
		return readWants(strings.ReplaceAll(in, " + ", ", "))
	}
	if raw := mcdata.SmeltInputs(dish); len(raw) > 0 && mcdata.SaysBaseItem(plan, dish) {
		return []chat.Want{{Item: raw[0], Count: 1}, {Item: "coal", Count: 1}}
	}
	return nil
}

// readWants reads "3 milk_bucket, 2 sugar".
func readWants(s string) []chat.Want {
	var out []chat.Want
	for _, part := range strings.Split(s, ", ") {
		n, item, ok := strings.Cut(strings.TrimSpace(part), " ")
		if c, err := strconv.Atoi(n); ok && err == nil && item != "" {
			out = append(out, chat.Want{Item: item, Count: c})
		}
	}
	return out
}

// wantsText writes wants as readWants reads them.
func wantsText(ws []chat.Want) string {
	s := make([]string, len(ws))
	for i, w := range ws {
		s[i] = itoa(w.Count) + " " + w.Item
	}
	return strings.Join(s, ", ")
}

// farmNotes are the notes both farm roles keep.
func (f *farmFacts) notes(n *know.Notes) {
	if f.recipe != nil {
		n.RecipeNotes = append(n.RecipeNotes, know.RecipeNote{Dish: f.dish, Takes: wantsText(f.recipe)})
	}
	if f.chestSeen {
		n.ChestSeen, n.ChestHolds = true, map[string]int{}
		for it, k := range f.chest {
			if k > 0 {
				n.ChestHolds[it] = k
			}
		}
	}
	n.Seen = append(n.Seen, slices.Sorted(maps.Keys(f.seen))...)
	for name, p := range f.parts {
		if n.Parts == nil {
			n.Parts = map[string]string{}
		}
		n.Parts[name] = wantsText(p)
	}
	n.PartDone = f.partDone
}

// given reports whether the agent handed every item of part over.
func (f *farmFacts) gaveAll(part []chat.Want) bool {
	for _, w := range part {
		if f.gaveCounted[w.Item] == 0 {
			return false
		}
	}
	return len(part) > 0
}

// deliverables are what the cook must hold to cook the dish: the
// recipe's items, a smelted one as its raw item, and fuel when anything
// is smelted.
func (f *farmFacts) deliverables() []chat.Want {
	var out []chat.Want
	smelts := 0
	for _, w := range f.recipe {
		if smeltedFood(w.Item) && !f.firstHas(w.Item) {
			out = append(out, chat.Want{Item: farmRaw(w.Item), Count: w.Count})
			smelts++
			continue
		}
		if w.Item == "coal" {
			smelts-- // the recipe's own fuel
		}
		out = append(out, w)
	}
	if smelts > 0 && !slices.ContainsFunc(out, func(w chat.Want) bool { return w.Item == "coal" }) {
		out = append(out, chat.Want{Item: "coal", Count: smelts})
	}
	for i, w := range out {
		if w.Item == "coal" && smelts > w.Count {
			out[i].Count = smelts
		}
	}
	return out
}

// smeltedFood reports whether item is a food a furnace cooks (not coal,
// which a furnace also makes, from its ore).
func smeltedFood(item string) bool {
	_, food := mcdata.LookupFood(item)
	return food && len(mcdata.SmeltInputs(item)) > 0
}

// farmRaw is what a cooked item is smelted from.
func farmRaw(item string) string {
	raw := mcdata.SmeltInputs(item)
	for _, r := range raw {
		if !strings.Contains(r, "_") || strings.HasPrefix(r, "raw_") {
			return r
		}
	}
	return raw[0]
}

func (f *farmFacts) chestHas(item string) bool { return f.chestSeen && f.chest[item] > 0 }

// firstHas reports whether the chest held item when first seen.
func (f *farmFacts) firstHas(item string) bool {
	if f.first != nil {
		return f.first[item] > 0
	}
	return f.chestHas(item)
}

// cost is how much work getting an item is, for the split: the chest is
// quick, a crop takes a walk, an animal or the mine more.
func (f *farmFacts) cost(w chat.Want) int {
	if f.firstHas(w.Item) {
		return 1
	}
	switch w.Item {
	case "milk_bucket":
		c := 3
		if !f.firstHas("bucket") {
			c++
		}
		return c
	case "rabbit", "beef":
		return 4
	case "coal", "bowl":
		return 4
	}
	return 2
}

// split shares the deliverables between the cook and the farmhands:
// the costliest first, each to whoever has the least to do so far,
// farmhands before the cook on a tie (the cook still has to cook).
func (f *farmFacts) split(cook string, hands []string) map[string][]chat.Want {
	ds := slices.Clone(f.deliverables())
	slices.SortStableFunc(ds, func(a, b chat.Want) int { return f.cost(b) - f.cost(a) })
	load := map[string]int{cook: 1}
	parts := map[string][]chat.Want{}
	order := append(slices.Clone(hands), cook)
	for _, d := range ds {
		best := order[0]
		for _, a := range order[1:] {
			if load[a] < load[best] {
				best = a
			}
		}
		load[best] += f.cost(d)
		parts[best] = append(parts[best], d)
	}
	return parts
}

// farmStep is the next step towards an item: a command and what it is
// for.
type farmStep struct {
	Cmd  string
	Args []any
	Item string // what the step gets (or makes)
	For  string // the part's item it leads to
	How  string // "take", "milk", "collect", "craft", "smelt", "hunt", "look", "tool", "find"
}

// obtain is the next step towards holding n of item, from what the agent
// holds and what its context shows; ok false when nothing it saw
// supplies it.
func (f *farmFacts) obtain(inv func(string) int, item string, n int, depth int) (farmStep, bool) {
	miss := n - inv(item)
	if miss <= 0 || depth > 5 {
		return farmStep{}, miss <= 0
	}
	st := func(how, cmdName string, it string, args ...any) (farmStep, bool) {
		return farmStep{Cmd: cmdName, Args: args, Item: it, How: how}, true
	}
	if f.chestHas(item) {
		return st("take", "takeFromChest", item, item, min(miss, f.chest[item]))
	}
	switch item {
	case "milk_bucket":
		if inv("bucket") > 0 && f.seen["cow"] {
			return st("milk", "useOn", item, "bucket", "cow")
		}
		if f.seen["cow"] {
			return f.obtain(inv, "bucket", miss, depth+1)
		}
	case "bucket":
		if inv("iron_ingot") >= 3 {
			return st("craft", "craftRecipe", item, item, min(miss, inv("iron_ingot")/3))
		}
		return f.obtain(inv, "iron_ingot", 3*miss, depth+1)
	case "wheat":
		if inv("hay_block") > 0 {
			return st("craft", "craftRecipe", item, item, min(inv("hay_block"), (miss+8)/9))
		}
		if f.chestHas("hay_block") {
			return f.obtain(inv, "hay_block", (miss+8)/9, depth+1)
		}
		if f.seen["wheat"] {
			return st("collect", "collectBlocks", item, "wheat", miss)
		}
		if f.seen["hay_block"] {
			return f.obtain(inv, "hay_block", (miss+8)/9, depth+1)
		}
	case "sugar":
		if inv("sugar_cane") > 0 {
			return st("craft", "craftRecipe", item, item, min(inv("sugar_cane"), miss))
		}
		return f.obtain(inv, "sugar_cane", miss, depth+1)
	case "rabbit", "beef":
		mob := map[string]string{"rabbit": "rabbit", "beef": "cow"}[item]
		if !f.seen[mob] {
			break
		}
		if f.chestHas("iron_sword") && inv("iron_sword") == 0 {
			return st("tool", "takeFromChest", "iron_sword", "iron_sword", 1)
		}
		return st("hunt", "attack", item, mob)
	case "coal":
		if !f.seen["coal_ore"] {
			break
		}
		if hasPickaxe(inv) {
			return st("collect", "collectBlocks", item, "coal_ore", miss)
		}
		if f.fresh["iron_pickaxe"] > 0 {
			return st("tool", "takeFromChest", "iron_pickaxe", "iron_pickaxe", 1)
		}
		return farmStep{How: "find", Item: "iron_pickaxe"}, true // the caller walks to the ore and looks into the chest there
	case "bowl":
		if p := heldPlanks(inv); p != "" && inv(p) >= 3 {
			return st("craft", "craftRecipe", item, "bowl", 1)
		}
		if l := f.heldOrSeenLog(inv); l != "" {
			if inv(l) > 0 {
				return st("craft", "craftRecipe", item, strings.TrimSuffix(l, "_log")+"_planks", 1)
			}
			return st("collect", "collectBlocks", item, l, 1)
		}
	}
	if b := cropOf(item); b != "" && f.seen[b] {
		return st("collect", "collectBlocks", item, b, miss)
	}
	if smeltedFood(item) {
		r := farmRaw(item)
		if inv(r) > 0 && inv("coal") > 0 {
			return st("smelt", "smeltItem", item, r, min(inv(r), miss))
		}
		if inv(r) == 0 {
			return f.obtain(inv, r, miss, depth+1)
		}
		return f.obtain(inv, "coal", 1, depth+1)
	}
	return farmStep{}, false
}

// cropOf is the block a crop item is harvested from ("" for none).
func cropOf(item string) string {
	switch item {
	case "potato":
		return "potatoes"
	case "carrot":
		return "carrots"
	case "beetroot":
		return "beetroots"
	case "sugar_cane", "brown_mushroom", "red_mushroom", "pumpkin", "hay_block", "wheat":
		return item
	}
	return ""
}

func hasPickaxe(inv func(string) int) bool {
	for _, p := range []string{"iron_pickaxe", "stone_pickaxe", "wooden_pickaxe", "diamond_pickaxe"} {
		if inv(p) > 0 {
			return true
		}
	}
	return false
}

var woods = []string{"acacia", "oak", "birch", "spruce", "jungle", "dark_oak", "mangrove", "cherry"}

func heldPlanks(inv func(string) int) string {
	for _, w := range woods {
		if inv(w+"_planks") > 0 {
			return w + "_planks"
		}
	}
	return ""
}

// heldOrSeenLog is a log held, or one seen, or the log of the wood the
// fences seen are made of (the logs are somewhere near them).
func (f *farmFacts) heldOrSeenLog(inv func(string) int) string {
	for _, w := range woods {
		if inv(w+"_log") > 0 {
			return w + "_log"
		}
	}
	for _, w := range woods {
		if f.seen[w+"_log"] {
			return w + "_log"
		}
	}
	for _, w := range woods {
		if f.seen[w+"_fence"] {
			return w + "_log"
		}
	}
	return ""
}

// partMissing is the first item of a part the agent does not hold yet
// (and has not handed over), and how many.
func (f *farmFacts) holds(c *know.Context, part []chat.Want) bool {
	for _, w := range part {
		if c.Count(w.Item) < w.Count {
			return false
		}
	}
	return true
}
