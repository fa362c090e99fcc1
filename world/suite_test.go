package world

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// suiteCache holds the generated suite files by name (the tests are not
// parallel).
var suiteCache = map[string][]procgen.Task{}

// suiteTasks generates the default suite's task files of one kind (the
// same generator calls as `collabcraft procgen suite`) and returns every
// stride-th task of each file, keyed by file name.
func suiteTasks(t *testing.T, kind string, stride int) map[string][]procgen.Task {
	t.Helper()
	out := map[string][]procgen.Task{}
	for _, f := range procgen.SuitePlan(procgen.SuiteOptions{}) {
		if f.Kind != kind {
			continue
		}
		if suiteCache[f.Name] == nil {
			tasks, err := procgen.Generate(f.Kind, procgen.GenerateOptions{Options: procgen.Options{Split: f.Split, Agents: f.Agents, N: f.N}})
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			suiteCache[f.Name] = tasks
		}
		tasks := suiteCache[f.Name]
		for i := 0; i < len(tasks); i += stride {
			out[f.Name] = append(out[f.Name], tasks[i])
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s files in the suite plan", kind)
	}
	return out
}

func suiteStride(t *testing.T, full int) int {
	if testing.Short() {
		return full * 5
	}
	return full
}

// player plays a task's world command by command, as a scripted agent
// would, failing the test with the transcript when something is off.
type player struct {
	t    *testing.T
	w    *World
	file string
	log  []string
}

func (p *player) do(agent, response string) CommandResult {
	res, err := p.w.Execute(agent, response)
	if err != nil {
		p.t.Fatal(err)
	}
	p.w.Advance(res.Duration)
	p.log = append(p.log, agent+"> "+response+"\n"+res.Output)
	return res
}

func (p *player) fail(format string, args ...any) {
	p.t.Helper()
	p.t.Errorf("%s: task %s: %s\ntranscript:\n%s", p.file, p.w.task.ID, fmt.Sprintf(format, args...), strings.Join(p.log, "\n"))
}

func (p *player) count(agent, item string) int { return p.w.Agent(agent).inv.Count(item) }

// pool has every other agent give all its items to agent 0.
func (p *player) pool() {
	cook := p.w.agents[0].Name
	for _, a := range p.w.agents[1:] {
		names, counts := a.inv.Counts()
		for _, item := range names {
			p.do(a.Name, fmt.Sprintf("!givePlayer(%q, %q, %d)", cook, item, counts[item]))
		}
	}
}

// TestSuiteCraftingWorldsHoldMissingItems: in every crafting file of the
// default suite, each item the team lacks is found by !searchForBlock
// within 64 blocks of the agent holding the tool the task gives for it,
// gathered with !collectBlocks (and smelted when the task withholds an
// ingot), and the target is then crafted by following the crafting plan.
func TestSuiteCraftingWorldsHoldMissingItems(t *testing.T) {
	for file, tasks := range suiteTasks(t, procgen.KindCrafting, suiteStride(t, 2)) {
		for _, task := range tasks {
			w := mustBuild(t, task, task.Seed, Options{})
			p := &player{t: t, w: w, file: file}
			pooled := map[string]int{}
			for _, a := range w.agents {
				_, c := a.inv.Counts()
				for k, v := range c {
					pooled[k] += v
				}
			}
			plan, err := mcdata.NewPlan(pooled, task.Target.Item, max(task.NumberOfTarget, 1))
			if err != nil {
				t.Fatalf("%s: %s: %v", file, task.ID, err)
			}
			for _, m := range plan.Missing {
				p.gather(m.Item, m.Count)
			}
			p.pool()
			cook := w.agents[0].Name
			if plan.NeedsTable && p.count(cook, "crafting_table") == 0 {
				// Tasks without requires_ctable leave the table to the
				// team: a log from the forest makes one.
				p.do(cook, `!collectBlocks("oak_log", 1)`)
				p.do(cook, `!craftRecipe("oak_planks", 1)`)
				p.do(cook, `!craftRecipe("crafting_table", 1)`)
			}
			_, held := w.agents[0].inv.Counts()
			final, err := mcdata.NewPlan(held, task.Target.Item, max(task.NumberOfTarget, 1))
			if err != nil || len(final.Missing) > 0 {
				p.fail("after gathering, the plan still misses %v (%v)", final.Missing, err)
				continue
			}
			for _, s := range final.Steps {
				p.do(cook, fmt.Sprintf("!craftRecipe(%q, %d)", s.Recipe.Result, s.Times))
			}
			if !w.Success() {
				p.fail("target %s not crafted", task.Target.Item)
			}
		}
	}
}

// gather collects n of a missing crafting item where procgen says it is
// found, by the agent holding the tool for it.
func (p *player) gather(item string, n int) {
	p.t.Helper()
	src, ok := procgen.GatherSource(item)
	if !ok {
		p.fail("missing %s has no gather source", item)
		return
	}
	agent := p.w.agents[0].Name
	for _, gear := range []string{src.Tool, map[bool]string{true: "furnace"}[src.Smelt != ""]} {
		if gear == "" {
			continue
		}
		i := slices.IndexFunc(p.w.agents, func(a *Agent) bool { return a.inv.Count(gear) > 0 })
		if i < 0 {
			p.fail("nobody holds %s to gather %s", gear, item)
			return
		}
		agent = p.w.agents[i].Name
	}
	raw := item
	if src.Smelt != "" {
		raw = src.Smelt
	}
	if res := p.do(agent, fmt.Sprintf("!searchForBlock(%q, 64)", src.Block)); !strings.Contains(res.Output, "Found "+src.Block) {
		p.fail("no %s within 64 blocks of %s for %s", src.Block, agent, item)
		return
	}
	for try := 0; try < 4 && p.count(agent, raw) < n; try++ {
		p.do(agent, fmt.Sprintf("!collectBlocks(%q, %d)", src.Block, n-p.count(agent, raw)))
	}
	if got := p.count(agent, raw); got < n {
		p.fail("%s gathered %d %s from %s, needs %d", agent, got, raw, src.Block, n)
		return
	}
	if src.Smelt != "" {
		// MINDcraft burns the first of coal, charcoal or blaze rod it
		// finds; an expert hands a blaze rod the target needs away first.
		if k := p.count(agent, "blaze_rod"); k > 0 {
			other := p.w.agents[0].Name
			if other == agent {
				other = p.w.agents[1].Name
			}
			p.do(agent, fmt.Sprintf("!givePlayer(%q, \"blaze_rod\", %d)", other, k))
		}
		p.do(agent, fmt.Sprintf("!smeltItem(%q, %d)", raw, n))
		if got := p.count(agent, item); got < n {
			p.fail("%s smelted %d %s, needs %d", agent, got, item, n)
		}
	}
}

// cookedFrom maps a cooking dish made in a furnace to its raw input.
var cookedFrom = map[string]string{
	"cooked_beef": "beef", "cooked_porkchop": "porkchop", "cooked_chicken": "chicken",
	"cooked_rabbit": "rabbit", "cooked_mutton": "mutton", "baked_potato": "potato",
}

// farmBlock is the block a farm ingredient is collected from.
var farmBlock = map[string]string{
	"wheat": "wheat", "carrot": "carrots", "potato": "potatoes", "beetroot": "beetroots",
	"sugar_cane": "sugar_cane", "pumpkin": "pumpkin", "brown_mushroom": "brown_mushroom", "red_mushroom": "red_mushroom",
}

// meatAnimal is the animal a raw meat drops from.
var meatAnimal = map[string]string{"beef": "cow", "porkchop": "pig", "chicken": "chicken", "rabbit": "rabbit", "mutton": "sheep"}

// TestSuiteCookingWorldsHoldIngredients: in every cooking file of the
// default suite, one agent collects the team's items and the chest's,
// gathers the rest on the farm (crops, mushrooms, animals), cooks in the
// world's furnace and crafts at its table, and the task succeeds.
func TestSuiteCookingWorldsHoldIngredients(t *testing.T) {
	for file, tasks := range suiteTasks(t, procgen.KindCooking, suiteStride(t, 2)) {
		for _, task := range tasks {
			w := mustBuild(t, task, task.Seed, Options{})
			p := &player{t: t, w: w, file: file}
			p.pool()
			cook := w.agents[0].Name
			p.do(cook, `!searchForBlock("chest", 64)`)
			for _, c := range w.containers {
				if c.Kind != "chest" {
					continue
				}
				items, counts := c.Inv.Counts()
				for _, item := range items {
					// !takeFromChest takes from one stack at a time.
					for try := 0; try < 8 && c.Inv.Count(item) > 0; try++ {
						p.do(cook, fmt.Sprintf("!takeFromChest(%q, %d)", item, counts[item]))
					}
				}
			}
			dishes := map[string]int{}
			maps.Copy(dishes, task.Target.Counts)
			for _, d := range task.Target.List {
				dishes[d]++
			}
			// A second pass remakes a dish another one used up
			// (rabbit_stew takes the cooked_rabbit).
			for pass := 0; pass < 2; pass++ {
				for _, d := range slices.Sorted(maps.Keys(dishes)) {
					if !p.obtain(cook, d, dishes[d], 0) {
						break
					}
				}
			}
			for i, d := range task.Target.List { // Hell's Kitchen: agent i holds its dish
				if i > 0 {
					p.do(cook, fmt.Sprintf("!givePlayer(%q, %q, 1)", w.agents[i].Name, d))
				}
			}
			if !w.Success() {
				p.fail("meal not made")
			}
		}
	}
}

// feasible reports whether obtain can get n of item without crafting
// through items nobody has (sugar from sugar cane, not honey bottles).
func (p *player) feasible(agent, item string, n, depth int) bool {
	switch {
	case p.count(agent, item) >= n:
		return true
	case depth > 4:
		return false
	case cookedFrom[item] != "", farmBlock[item] != "", meatAnimal[item] != "":
		return true
	}
	for _, rec := range recipesOf(item) {
		if !slices.ContainsFunc(rec.Ingredients, func(in mcdata.Ingredient) bool { return !p.feasible(agent, in.Item, in.Count, depth+1) }) {
			return true
		}
	}
	return false
}

// obtain makes agent hold n of item: smelting, crafting, farming or
// hunting for it.
func (p *player) obtain(agent, item string, n, depth int) bool {
	p.t.Helper()
	have := p.count(agent, item)
	if have >= n {
		return true
	}
	need := n - have
	switch {
	case depth > 4:
	case cookedFrom[item] != "":
		raw := cookedFrom[item]
		if !p.obtain(agent, raw, need, depth+1) {
			return false
		}
		p.do(agent, `!searchForBlock("furnace", 64)`)
		p.do(agent, fmt.Sprintf("!smeltItem(%q, %d)", raw, need))
	case farmBlock[item] != "":
		p.do(agent, fmt.Sprintf("!searchForBlock(%q, 64)", farmBlock[item]))
		for try := 0; try < 4 && p.count(agent, item) < n; try++ {
			p.do(agent, fmt.Sprintf("!collectBlocks(%q, %d)", farmBlock[item], n-p.count(agent, item)))
		}
	case meatAnimal[item] != "":
		for try := 0; try < 8 && p.count(agent, item) < n; try++ {
			p.do(agent, fmt.Sprintf("!searchForEntity(%q, 64)", meatAnimal[item]))
			p.do(agent, fmt.Sprintf("!attack(%q)", meatAnimal[item]))
		}
	default:
		for _, rec := range recipesOf(item) {
			times := (need + rec.Count - 1) / rec.Count
			if slices.ContainsFunc(rec.Ingredients, func(in mcdata.Ingredient) bool {
				return !p.feasible(agent, in.Item, in.Count*times, depth+1)
			}) {
				continue
			}
			for _, in := range rec.Ingredients {
				if !p.obtain(agent, in.Item, in.Count*times, depth+1) {
					return false
				}
			}
			p.do(agent, `!searchForBlock("crafting_table", 64)`)
			p.do(agent, fmt.Sprintf("!craftRecipe(%q, %d)", item, times))
			break
		}
	}
	if got := p.count(agent, item); got < n {
		p.fail("%s holds %d %s, needs %d", agent, got, item, n)
		return false
	}
	return true
}

// fingerprint renders everything a world holds: blocks, mobs, agents and
// containers, in a fixed order.
func fingerprint(w *World) string {
	var b strings.Builder
	keys := slices.SortedFunc(maps.Keys(w.blocks.sections), func(a, c sectionKey) int {
		return cmp.Or(cmp.Compare(a.X, c.X), cmp.Compare(a.Y, c.Y), cmp.Compare(a.Z, c.Z))
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "%v:", k)
		for _, id := range w.blocks.sections[k].ids {
			b.WriteString(w.blocks.names[id] + ",")
		}
	}
	for _, m := range w.mobs {
		fmt.Fprintf(&b, "%s@%v;", m.Kind, m.pos)
	}
	for _, a := range w.agents {
		inv, _ := w.Inventory(a.Name)
		fmt.Fprintf(&b, "%s@%v%s;", a.Name, a.pos, inv)
	}
	for _, p := range slices.SortedFunc(maps.Keys(w.containers), func(a, c Pos) int {
		return cmp.Or(cmp.Compare(a.X, c.X), cmp.Compare(a.Y, c.Y), cmp.Compare(a.Z, c.Z))
	}) {
		fmt.Fprintf(&b, "%v%+v;", p, w.containers[p].Inv)
	}
	return b.String()
}

// TestSuiteWorldsDeterministic: the same task and seed build the same
// world, another seed another one.
func TestSuiteWorldsDeterministic(t *testing.T) {
	for _, kind := range []string{procgen.KindCrafting, procgen.KindCooking} {
		for file, tasks := range suiteTasks(t, kind, suiteStride(t, 25)) {
			for _, task := range tasks {
				a := fingerprint(mustBuild(t, task, 7, Options{}))
				if b := fingerprint(mustBuild(t, task, 7, Options{})); a != b {
					t.Errorf("%s: task %s: two builds with seed 7 differ", file, task.ID)
				}
				if c := fingerprint(mustBuild(t, task, 8, Options{})); a == c {
					t.Errorf("%s: task %s: seeds 7 and 8 build the same world", file, task.ID)
				}
			}
		}
	}
}
