package dagexpert

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// VillagerBench's farm-to-table: the task text names the dish, the
// meta-data is recipe_hint.json (the recipes of the judge's checkpoint
// items no chest holds), the environment summary names the agents and the
// animals in sight. The decomposer works the dish out from its recipe in
// the hint: an ingredient the hint has a recipe for is not in the chest,
// so it is made from that recipe's ingredients; any other ingredient is
// looked for in the chest first. Where an item comes from when no chest
// has it is the game's knowledge (a crop is dug, a rabbit hunted, coal
// mined with a pickaxe); milk is in the chest unless cows are in sight,
// when buckets (or the iron to craft them) are. The executor's get job
// tries the chest and, on its answer that the chest lacks the item, goes
// to the item's source.

// isRecipeHint reports whether the meta-data is a recipe hint: a list of
// {"result", "ingredients"} recipes (possibly empty: every ingredient in
// the chest but the dish).
func isRecipeHint(meta any) ([]hintRecipe, bool) {
	list, ok := meta.([]any)
	if !ok {
		return nil, false
	}
	var out []hintRecipe
	for _, r := range list {
		d := dictOf(r)
		res := dictOf(field(d, "result"))
		if res == nil || !d.Has("ingredients") {
			return nil, false
		}
		h := hintRecipe{result: str(field(res, "name")), count: intOf(field(res, "count"))}
		for _, in := range listOf(field(d, "ingredients")) {
			id := dictOf(in)
			h.ingredients = append(h.ingredients, mcdata.Ingredient{Item: str(field(id, "name")), Count: intOf(field(id, "count"))})
		}
		out = append(out, h)
	}
	return out, true
}

type hintRecipe struct {
	result      string
	count       int
	ingredients []mcdata.Ingredient
}

func intOf(v any) int {
	switch v := v.(type) {
	case int64:
		return int(v)
	case int:
		return v
	case float64:
		return int(v)
	}
	return 0
}

var dishIn = regexp.MustCompile(`to make an? ([a-z_]+)`)

// farmBlock is the block a farm item is dug from: its crop, its ore, or
// the block itself (sugar cane, hay, mushrooms, logs).
func farmBlock(item string) string {
	if src, ok := mcdata.SourceOf(item); ok {
		switch {
		case src.Crop != "":
			return src.Crop
		case src.Ore != "":
			return src.Ore
		}
	}
	return item
}

// farmSource is where an item comes from when no chest has it.
func farmSource(item string) string {
	if src, ok := mcdata.SourceOf(item); ok {
		switch {
		case src.Mob != "":
			return fromPasture
		case src.Crop != "", src.Ore != "", src.Block != "", src.Sand, src.Tree != "":
			return fromFarm
		}
	}
	if item == "hay_block" {
		return fromFarm
	}
	return fromChests
}

// farmWork is one agent's chain of subtasks in the making.
type farmWork struct {
	jobs [][]job // subtasks
}

func (w words) planFarm(desc string, hint []hintRecipe, env string) (plan, error) {
	m := dishIn.FindStringSubmatch(desc)
	if m == nil {
		return plan{}, fmt.Errorf("dagexpert: the task names no dish to make: %q", desc)
	}
	dish := m[1]
	names := peopleIn(env)
	if len(names) == 0 {
		return plan{}, fmt.Errorf("dagexpert: the environment names no agent")
	}
	recipeOf := func(item string) []hintRecipe {
		var out []hintRecipe
		for _, h := range hint {
			if h.result == item {
				out = append(out, h)
			}
		}
		return out
	}
	// The hint lists crafting recipes only: a dish it has none for is
	// smelted (cooked_beef from beef), which is the game's knowledge; the
	// cook smelts it from its raw ingredient, got as any other.
	var ingredients []mcdata.Ingredient
	smelted := false
	if rs := recipeOf(dish); len(rs) > 0 {
		ingredients = rs[0].ingredients
	} else if len(mcdata.SmeltInputs(dish)) > 0 {
		ingredients = []mcdata.Ingredient{{Item: dish, Count: 1}}
		smelted = true
	} else {
		return plan{}, fmt.Errorf("dagexpert: the recipe hint has no recipe for the %s, and it is not smelted", dish)
	}
	cows := strings.Contains(env, "cow at [")
	crafter := names[0]
	helpers := names[1:]
	if len(helpers) == 0 {
		helpers = names
	}
	work := map[string]*farmWork{}
	for _, a := range names {
		work[a] = &farmWork{}
	}
	// Gatherings are dealt to the helpers in turn; the hunt comes last in
	// its agent's chain (attackTarget leaves the bot in creative mode,
	// whose digging drops nothing and whose bucket milks nothing).
	next := 0
	order := append(slices.Clone(helpers), crafter)
	if len(names) == 1 {
		order = names
	}
	deal := func() string {
		a := order[next%len(order)]
		next++
		return a
	}
	var hunts []func()
	var smelts []job
	handTo := func(a, item string, n int) []job {
		if a == crafter {
			return nil
		}
		// handoverBlock gives an item that does not stack (a milk
		// bucket) one at a time.
		if it, err := mcdata.LookupItem(item); err == nil && it.StackSize == 1 {
			var out []job
			for range n {
				out = append(out, job{kind: jobGive, item: item, count: 1, to: crafter})
			}
			return out
		}
		return []job{{kind: jobGive, item: item, count: n, to: crafter}}
	}
	for _, in := range ingredients {
		item, n := in.Item, in.Count
		switch {
		case len(recipeOf(item)) > 0 && slices.ContainsFunc(recipeOf(item), func(r hintRecipe) bool { return strings.HasSuffix(r.ingredients[0].Item, "_planks") }):
			// Not in the chest, made from planks: of the logs in sight,
			// acacia else.
			r := pickFarmRecipe(recipeOf(item), env)
			a := deal()
			planks := r.ingredients[0].Item
			logs := (r.ingredients[0].Count + 3) / 4
			work[a].jobs = append(work[a].jobs,
				[]job{{kind: jobGet, item: strings.TrimSuffix(planks, "_planks") + "_log", count: logs, source: fromFarm}},
				append([]job{{kind: jobCraft, item: planks, count: 4 * logs}, {kind: jobCraft, item: item, count: r.count}}, handTo(a, item, n)...))
		case item == "milk_bucket" && cows:
			// A helper milks and hands each milk bucket over before the
			// next: equip takes the first stack whose name holds
			// "bucket", the milk bucket once there is one, and a milk
			// bucket milks nothing.
			a := deal()
			if a == crafter && len(names) > 1 {
				a = deal()
			}
			var milking []job
			for range n {
				milking = append(milking, job{kind: jobUse, item: "bucket", count: 1, to: "cow"})
				milking = append(milking, handTo(a, item, 1)...)
			}
			work[a].jobs = append(work[a].jobs, []job{{kind: jobGet, item: "bucket", count: n, source: fromCraft}}, milking)
		default:
			// In the chest, or (the hint has its recipe) made on the farm:
			// the executor tries the chest, then the farm.
			raw := item
			for _, i := range mcdata.SmeltInputs(item) {
				if _, ok := mcdata.SourceOf(i); ok {
					raw = i
					break
				}
			}
			src := farmSource(raw)
			if len(recipeOf(item)) > 0 {
				src = fromFarm
			}
			a := helpers[0] // a hunter hunts last, and cooks nothing
			if src != fromPasture {
				a = deal()
			}
			get := append([]job{{kind: jobGet, item: raw, count: n, source: src}}, handTo(a, raw, n)...)
			if raw != item {
				smelts = append(smelts, job{kind: jobSmelt, item: raw, count: n, fuel: "coal"}, job{kind: jobCollect, item: item, count: n})
			}
			if src == fromPasture {
				hunts = append(hunts, func() { work[a].jobs = append(work[a].jobs, get) })
				continue
			}
			work[a].jobs = append(work[a].jobs, get)
		}
	}
	if len(smelts) > 0 {
		// Fuel for the smelting, and the judge's coal: in the chest, or
		// (the hint has a recipe for coal) mined; the miner fetches a
		// pickaxe from a chest it saw once the game says one is needed.
		a := deal()
		fuel := len(smelts) / 2
		work[a].jobs = append(work[a].jobs, append([]job{{kind: jobGet, item: "coal", count: fuel, source: fromFarm}}, handTo(a, "coal", fuel)...))
	}
	for _, h := range hunts {
		h()
	}
	var p plan
	last := map[string]int{}
	add := func(a string, jobs []job) {
		var req []int
		if n := last[a]; n > 0 {
			req = []int{n}
		}
		var ms []string
		for _, j := range jobs {
			ms = append(ms, w.clause(j)+" done")
		}
		p.subtasks = append(p.subtasks, subtask{jobs: jobs, milestones: ms, paths: []string{"~/meta-data"},
			requires: req, candidates: []string{a}, number: 1})
		last[a] = len(p.subtasks)
	}
	for _, a := range names {
		for _, jobs := range work[a].jobs {
			for len(jobs) > 0 {
				chunk := jobs[:min(len(jobs), maxJobs)]
				jobs = jobs[len(chunk):]
				add(a, chunk)
			}
		}
	}
	// The cook: the smelting, then the dish, after everyone's work.
	var all []int
	for _, a := range names {
		if n := last[a]; n > 0 && a != crafter {
			all = append(all, n)
		}
	}
	finish := smelts
	if !smelted {
		finish = append(finish, job{kind: jobCraft, item: dish, count: 1})
	}
	first := true
	for len(finish) > 0 {
		k := min(len(finish), 2)
		if len(finish) == 3 {
			k = 1
		}
		chunk := finish[:k]
		finish = finish[k:]
		if first {
			last[crafter] = 0
			req := slices.Clone(all)
			if n := lastOwn(p, crafter); n > 0 && !slices.Contains(req, n) {
				req = append(req, n)
			}
			slices.Sort(req)
			var ms []string
			for _, j := range chunk {
				ms = append(ms, w.clause(j)+" done")
			}
			p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms, paths: []string{"~/meta-data"},
				requires: req, candidates: []string{crafter}, number: 1})
			last[crafter] = len(p.subtasks)
			first = false
			continue
		}
		add(crafter, chunk)
	}
	p.why = w.say("{The " + dish + " is made by " + crafter + "|" + crafter + " cooks the " + dish + "}: {the others gather its ingredients|everyone else brings the ingredients}, {from the chest where it has them and from the farm, the pasture or the mine where it does not|the chest first, the farms and pastures for what it lacks}; {the hint's recipes show what the chest lacks|what the hint lists a recipe for is not in the chest}.")
	return p, nil
}

// lastOwn is the id of an agent's last subtask so far (0 for none).
func lastOwn(p plan, a string) int {
	for i := len(p.subtasks) - 1; i >= 0; i-- {
		if p.subtasks[i].candidates[0] == a {
			return i + 1
		}
	}
	return 0
}

// pickFarmRecipe is the recipe whose ingredients a farm gives: none made
// from a bottle (honey); of wood variants, the planks of a log the
// environment shows, acacia else (VillagerBench's pastures grow acacia).
func pickFarmRecipe(rs []hintRecipe, env string) hintRecipe {
	var wood []hintRecipe
	for _, r := range rs {
		ok := true
		for _, in := range r.ingredients {
			if strings.HasSuffix(in.Item, "_bottle") {
				ok = false
			}
			if strings.HasSuffix(in.Item, "_planks") {
				wood = append(wood, r)
				ok = false
			}
		}
		if ok {
			return r
		}
	}
	for _, r := range wood {
		if strings.Contains(env, strings.TrimSuffix(r.ingredients[0].Item, "_planks")+"_log") {
			return r
		}
	}
	for _, r := range wood {
		if r.ingredients[0].Item == "acacia_planks" {
			return r
		}
	}
	if len(wood) > 0 {
		return wood[0]
	}
	return rs[0]
}

// get is a get job's progress: withdrawItem from the nearest chest; on
// the chest's answer that it lacks the item, the item's source: the other
// chests in sight, the farm's blocks (with the tool they need), the
// pasture's animals, or a craft from what the chest holds.
func (w words) get(c villager.ExecutorCall, steps []stepRecord, j job) (progress, int) {
	return w.getFrom(c, steps, j, false)
}

// pantry reports whether a chest's answer lists something the recipe
// hint names (the dish, an ingredient, coal): a chest of tools alone (the
// material factory's, the pasture's sword) is not where the dish's
// ingredients are kept.
func pantry(c villager.ExecutorCall, obs villager.Dict) bool {
	names := map[string]bool{}
	if recipes, ok := isRecipeHint(hintIn(c.Relevant)); ok {
		for _, r := range recipes {
			names[r.result] = true
			for _, in := range r.ingredients {
				names[in.Item] = true
			}
		}
	}
	for _, d := range listOf(field(obs, "data")) {
		if names[str(field(dictOf(d), "name"))] {
			return true
		}
	}
	return len(names) == 0
}

// getFrom is get; walked tells that the agent went back to the kitchen,
// to the chest there, after the farm or pasture had none.
func (w words) getFrom(c villager.ExecutorCall, steps []stepRecord, j job, walked bool) (progress, int) {
	withdraw := toolCall{"withdrawItem", villager.Dict{{Key: "item_name", Value: j.item}, {Key: "from_name", Value: "chest"}, {Key: "item_count", Value: j.count}}}
	if len(steps) == 0 {
		if have(c, nil)[j.item] >= j.count {
			return progress{ok: true}, 0
		}
		return progress{next: &withdraw, thought: w.say("{First I look in the chest for|I try the chest for} " + fmt.Sprint(j.count) + " " + j.item + ".")}, 0
	}
	s := steps[0]
	if s.act.Tool != "withdrawItem" {
		return progress{failed: "my steps went astray"}, 0
	}
	// The inventory line names an item that does not stack once, with
	// the count of its first stack (a milk bucket shows 1 of 3): the
	// withdrawal's answer is what counts.
	if it, err := mcdata.LookupItem(j.item); err == nil && it.StackSize == 1 && s.ok() && s.arg("item_name") == j.item {
		return progress{ok: true}, 1
	}
	// withdrawItem takes the first stack whose name holds the one asked
	// for (sugar_cane for sugar): the bag says what came.
	if s.ok() && have(c, steps[:1])[j.item] >= j.count {
		return progress{ok: true}, 1
	}
	if got := s.arg("item_name"); got != j.item { // a misspelt name: the get starts again
		p, n := w.get(c, steps[1:], j)
		if n == 0 && p.next != nil {
			p.thought = w.say("{I had the name wrong|That name was off} (" + got + "); {it is|the item is} " + j.item + ".")
		}
		return p, n + 1
	}
	rest := steps[1:]
	if len(rest) > 0 && have(c, steps)[j.item] >= j.count {
		return progress{ok: true}, len(steps)
	}
	// Made from what the chest held: done with the craft, also for a
	// reflection, which sees no recipe hint.
	for i, s := range rest {
		if s.act.Tool == "craftBlock" && s.ok() && s.arg("item_name") == j.item && j.source != fromChests {
			return progress{ok: true}, i + 2
		}
	}
	var p progress
	var n int
	switch j.source {
	case fromFarm:
		p, n = w.getFromFarm(c, steps, rest, j)
	case fromPasture:
		p, n = w.hunt(c, steps, rest, j)
	case fromCraft:
		p, n = w.getByCraft(c, rest, j)
	default:
		p, n = w.otherChests(rest, j, withdraw)
	}
	if len(rest) == 0 && p.next != nil {
		p.thought = w.say("{The chest has no|No} " + j.item + " {there|in that chest}; " + p.thought)
	}
	// The nearest chest held only tools and the farm or pasture had
	// none: the chest by the kitchen's furnace.
	furnaces := stationsIn(c.Env, "furnace")
	if p.failed != "" && !walked && (j.source == fromFarm || j.source == fromPasture) && len(furnaces) > 0 && !pantry(c, s.obs) {
		k := n + 1
		if k >= len(steps) {
			at := furnaces[0]
			call := toolCall{"navigateTo", villager.Dict{{Key: "x", Value: at[0]}, {Key: "y", Value: at[1] + 1}, {Key: "z", Value: at[2]}}}
			return progress{next: &call, thought: w.say("{That chest held only tools|There were only tools in that chest}; {the chest by the kitchen may have the|I go back to the kitchen's chest for the} " + j.item + ".")}, k
		}
		if steps[k].act.Tool == "navigateTo" {
			p, m := w.getFrom(c, steps[k+1:], j, true)
			return p, k + 1 + m
		}
	}
	return p, n + 1
}

// getFromFarm gets the item from what the chest holds or the farm: an
// ingredient of its recipe in the hint (hay for wheat, cane for sugar)
// the chest's answer listed is taken and crafted; else the item's own
// block is looked for, then each such ingredient's, and the first found
// is dug (with the tool it needs) and crafted when it is an ingredient.
func (w words) getFromFarm(c villager.ExecutorCall, all, rest []stepRecord, j job) (progress, int) {
	var contents []string
	for _, d := range listOf(field(all[0].obs, "data")) {
		contents = append(contents, str(field(dictOf(d), "name")))
	}
	type option struct {
		block  string // dug
		ing    string // the recipe's ingredient ("" for the item itself)
		need   int    // how many of block (crafts' worth)
		crafts int
	}
	var opts []option
	if _, err := mcdata.LookupBlock(farmBlock(j.item)); err == nil {
		opts = append(opts, option{block: farmBlock(j.item), need: j.count})
	}
	if recipes, ok := isRecipeHint(hintIn(c.Relevant)); ok {
		for _, r := range recipes {
			if r.result != j.item || len(r.ingredients) != 1 || strings.HasSuffix(r.ingredients[0].Item, "_bottle") {
				continue
			}
			in := r.ingredients[0]
			crafts := (j.count + r.count - 1) / max(r.count, 1)
			o := option{block: farmBlock(in.Item), ing: in.Item, need: in.Count * crafts, crafts: crafts}
			if slices.Contains(contents, in.Item) { // in the chest: take it and craft
				used := 0
				subs := []job{{kind: jobWithdraw, item: in.Item, count: o.need}, {kind: jobCraft, item: j.item, count: crafts * r.count}}
				if have(c, all[:1])[in.Item] >= o.need { // the first withdrawal took it already
					subs = subs[1:]
				}
				for _, sub := range subs {
					p, n := w.jobProgress(c, sub, rest[used:], nil)
					used += n
					if !p.ok {
						return p, used
					}
				}
				return progress{ok: true}, used
			}
			if _, err := mcdata.LookupBlock(o.block); err == nil {
				opts = append(opts, o)
			}
		}
	}
	// Which option: the first whose scan found blocks.
	tried, looked := 0, 0
	for i, s := range rest {
		if s.act.Tool != "scanNearbyEntities" || tried >= len(opts) {
			break
		}
		o := opts[tried]
		if s.arg("item_name") != o.block {
			break
		}
		looked = i + 1
		if len(cellsOf(s.obs)) == 0 {
			tried++
			continue
		}
		// Found: dig (the mine job's own steps start at this scan), then
		// craft.
		steps := rest[i:]
		b, _ := mcdata.LookupBlock(o.block)
		if b.RequiresTool && !slices.ContainsFunc(steps, func(s stepRecord) bool { return s.act.Tool == "equipItem" }) {
			held := have(c, all)
			for _, t := range slices.Backward(b.HarvestTools) {
				if held[t] > 0 {
					call := toolCall{"equipItem", villager.Dict{{Key: "slot", Value: "hand"}, {Key: "item_name", Value: t}}}
					return progress{next: &call, thought: w.say("{" + o.block + " needs a tool|Digging " + o.block + " takes a " + t + "}, so I {hold|equip} the " + t + " first.")}, len(rest)
				}
			}
		}
		want := o.ing
		if want == "" {
			want = j.item
		}
		p, n := w.mine(c, steps, job{kind: jobMine, item: o.block, count: o.need})
		if have(c, all)[want] >= o.need && n == len(steps) {
			p = progress{ok: true}
		}
		if !p.ok || o.ing == "" {
			return p, i + n
		}
		p, m := w.jobProgress(c, job{kind: jobCraft, item: j.item, count: j.count}, steps[n:], nil)
		return p, i + n + m
	}
	place := "on the farm"
	if fromOre(j.item) {
		place = "in the mine"
	}
	if tried >= len(opts) {
		return progress{failed: "there is no " + j.item + " " + place}, looked
	}
	o := opts[tried]
	call := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: o.block}, {Key: "radius", Value: 32}, {Key: "item_num", Value: o.need + 2}}}
	thought := w.say("{I look for|Let me find} " + o.block + " {" + place + "|nearby}.")
	if tried > 0 {
		thought = w.say("{No " + opts[tried-1].block + " here|None of that around}; {" + o.block + " will do|I look for " + o.block + " instead}.")
	}
	return progress{next: &call, thought: thought}, len(rest)
}

// hintIn finds the recipe hint in a subtask's relevant data (a list of
// the retrieved values).
func hintIn(relevant any) any {
	for _, v := range listOf(relevant) {
		if _, ok := isRecipeHint(v); ok {
			return v
		}
	}
	if _, ok := isRecipeHint(relevant); ok {
		return relevant
	}
	return nil
}

// hunt attacks the item's animal, a sword in hand when the agent has one,
// until the drop is in the bag.
func (w words) hunt(c villager.ExecutorCall, all, rest []stepRecord, j job) (progress, int) {
	src, _ := mcdata.SourceOf(j.item)
	mob := src.Mob
	equipped, attacks, fails := false, 0, 0
	for i, s := range rest {
		switch s.act.Tool {
		case "equipItem":
			equipped = true
		case "withdrawItem":
		case "attackTarget":
			attacks++
			if !s.ok() {
				if fails++; fails >= 2 {
					return progress{failed: s.message()}, i + 1
				}
			}
		default:
			return progress{failed: "my steps went astray"}, i
		}
	}
	if have(c, all)[j.item] >= j.count {
		return progress{ok: true}, len(rest)
	}
	if attacks >= j.count+3 {
		return progress{failed: "the " + mob + "s dropped no " + j.item}, len(rest)
	}
	if !equipped && attacks == 0 {
		swordTaken := slices.ContainsFunc(rest, func(s stepRecord) bool { return s.act.Tool == "withdrawItem" })
		for _, d := range listOf(field(all[0].obs, "data")) {
			if it := str(field(dictOf(d), "name")); strings.HasSuffix(it, "_sword") && !swordTaken && have(c, all)[it] == 0 {
				call := toolCall{"withdrawItem", villager.Dict{{Key: "item_name", Value: it}, {Key: "from_name", Value: "chest"}, {Key: "item_count", Value: 1}}}
				return progress{next: &call, thought: w.say("{The chest has a|I see a} " + it + "; {I take it for the hunt|it makes the hunt quick}.")}, len(rest)
			}
		}
		for it := range have(c, all) {
			if strings.HasSuffix(it, "_sword") {
				call := toolCall{"equipItem", villager.Dict{{Key: "slot", Value: "hand"}, {Key: "item_name", Value: it}}}
				return progress{next: &call, thought: w.say("{I hunt with the " + it + "|The " + it + " makes the hunt quick}.")}, len(rest)
			}
		}
	}
	call := toolCall{"attackTarget", villager.Dict{{Key: "target_name", Value: mob}}}
	thought := w.say("{I go after|Hunting} a " + mob + " for its " + j.item + ".")
	if attacks > 0 {
		thought = w.say("{No " + j.item + " yet|It dropped nothing}; {another " + mob + "|I try another one}.")
	}
	return progress{next: &call, thought: thought}, len(rest)
}

// getByCraft takes what the item's recipe needs from the chest (its
// answer listed what it holds) and crafts the item.
func (w words) getByCraft(c villager.ExecutorCall, rest []stepRecord, j job) (progress, int) {
	r, ok := mcdata.DefaultRecipe(j.item)
	if !ok {
		return progress{failed: "nothing crafts " + j.item}, 0
	}
	crafts := craftsFor(j.item, j.count)
	var jobs []job
	for _, in := range r.Ingredients {
		jobs = append(jobs, job{kind: jobWithdraw, item: in.Item, count: in.Count * crafts})
	}
	jobs = append(jobs, job{kind: jobCraft, item: j.item, count: j.count})
	used := 0
	for _, sub := range jobs {
		p, n := w.jobProgress(c, sub, rest[used:], nil)
		used += n
		if p.failed != "" || !p.ok {
			return p, used
		}
	}
	return progress{ok: true}, used
}

// otherChests looks for the other chests in sight and tries each.
func (w words) otherChests(rest []stepRecord, j job, withdraw toolCall) (progress, int) {
	var cells, visited [][3]int
	for i, s := range rest {
		switch s.act.Tool {
		case "scanNearbyEntities":
			cells = cellsOf(s.obs)
		case "navigateTo":
			visited = append(visited, [3]int{atoi(s.arg("x")), atoi(s.arg("y")) - 1, atoi(s.arg("z"))})
		case "withdrawItem":
			if s.ok() {
				return progress{ok: true}, i + 1
			}
		default:
			return progress{failed: "my steps went astray"}, i
		}
	}
	if len(rest) > 0 && rest[len(rest)-1].act.Tool == "navigateTo" {
		return progress{next: &withdraw, thought: w.say("{I am at the chest now|This chest then}; {I take the|let me get the} " + j.item + ".")}, len(rest)
	}
	if len(rest) == 0 {
		call := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: "chest"}, {Key: "radius", Value: 32}, {Key: "item_num", Value: 4}}}
		return progress{next: &call, thought: w.say("{There are other chests|Another chest may have it}; {a scan will show them|let me find them}.")}, 0
	}
	for _, cell := range cells {
		if !slices.Contains(visited, cell) && len(visited) < 3 {
			call := toolCall{"navigateTo", villager.Dict{{Key: "x", Value: cell[0]}, {Key: "y", Value: cell[1] + 1}, {Key: "z", Value: cell[2]}}}
			return progress{next: &call, thought: w.say("{There is a chest at|I try the chest at} " + pos(cell) + ".")}, len(rest)
		}
	}
	return progress{failed: "no chest near has " + j.item}, len(rest)
}

// milk uses buckets on cows, once a bucket: the tool reports a failure
// while buckets are left in hand (useOnNearest checks the held item, "use
// bucket on cow failed or the entity confused") though the cow was
// milked, and the inventory line shows one milk bucket however many, so
// every use that reached a cow counts.
func (w words) milk(c villager.ExecutorCall, steps []stepRecord, j job) (progress, int) {
	call := toolCall{"useItemOnEntity", villager.Dict{{Key: "item_name", Value: j.item}, {Key: "entity_name", Value: j.to}}}
	used := 0
	for i, s := range steps {
		if s.act.Tool != "useItemOnEntity" {
			return progress{failed: "my steps went astray"}, i
		}
		if strings.Contains(s.message(), "use "+j.item+" on "+j.to) {
			used++
		}
		if used >= j.count {
			return progress{ok: true}, i + 1
		}
		if strings.Contains(s.message(), "cannot be found") || i >= j.count+2 {
			return progress{failed: s.message()}, i + 1
		}
	}
	thought := w.say("{I take the|With the} " + j.item + " {to|I go to} the " + j.to + ".")
	if len(steps) > 0 {
		thought = w.say("{The cow gave milk|One more bucket filled}; {the next bucket|again}.")
	}
	return progress{next: &call, thought: thought}, len(steps)
}
