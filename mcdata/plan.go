package mcdata

import (
	"fmt"
	"regexp"
	"strings"
)

// InvalidPlanInput is what MINDcraft's !getCraftingPlan answers for an
// unknown item or a count below 1; NewPlan returns an error instead.
const InvalidPlanInput = "Invalid input. Please provide a valid item name and positive count."

// MaxCount bounds the quantity and the inventory counts NewPlan accepts, so
// that step counts (up to a few thousand times the quantity, deep recipes
// multiplied out) never overflow an int. It is far beyond any inventory.
const MaxCount = 1_000_000_000

// Step is one crafting action: Recipe done Times times, e.g. "Craft 1
// oak_log -> 4 oak_planks" (ingredients x Times -> Count x Times).
type Step struct {
	Recipe Recipe
	Times  int
}

// String renders the step as MINDcraft does, ingredients in grid order.
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(stepPrefix)
	for i, name := range s.Recipe.GridOrder {
		if i > 0 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "%d %s", s.Recipe.Need(name)*s.Times, name)
	}
	fmt.Fprintf(&b, " -> %d %s", s.Recipe.Count*s.Times, s.Recipe.Result)
	return b.String()
}

// stepPrefix starts every step line; stepRE reads one back.
const stepPrefix = "Craft "

var stepRE = regexp.MustCompile(`Craft ((?:\d+ \w+(?: \+ )?)+) -> (\d+) (\w+)`)

// MentionsStep is a cheap test for step lines in s: whether it holds
// their first word.
func MentionsStep(s string) bool { return strings.Contains(s, stepPrefix) }

// HasStep reports whether s holds a step line (Step.String).
func HasStep(s string) bool { return MentionsStep(s) && stepRE.MatchString(s) }

// FindSteps returns the step lines in s, as written.
func FindSteps(s string) []string { return stepRE.FindAllString(s, -1) }

// StepResults are the items the step lines in s craft.
func StepResults(s string) []string {
	if !MentionsStep(s) {
		return nil
	}
	var out []string
	for _, m := range stepRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[3])
	}
	return out
}

// AllHeld is the plan text for a base item the inventory already holds.
const AllHeld = "You have all required items already in your inventory!"

// Plan is how to craft Quantity of Target from an inventory.
type Plan struct {
	Target     string
	Quantity   int
	Missing    []Ingredient // base items still needed, in the order the plan meets them
	Steps      []Step       // in crafting order
	NeedsTable bool         // some step needs a crafting table
	// Held is how many Target the inventory already held. Like MINDcraft,
	// the plan sets them aside and plans Quantity more.
	Held int
	// Base is true when Target is a base item: there is nothing to craft,
	// and Missing says how many to find.
	Base bool
	// inv is the inventory planned from, the held targets set aside: the
	// texts run MINDcraft's planner on it.
	inv map[string]int
}

// NewPlan plans crafting quantity of target from inventory, the way
// MINDcraft's !getCraftingPlan does: it uses what the inventory holds (and
// the surplus of earlier steps) before asking for more, rounds every craft
// up to whole recipe outputs, and stops at base items (see IsBaseItem).
//
// Where an item has several recipes (one per wood type, say), it takes the
// one that leaves the fewest items missing given what is held, looking one
// level further down for the ingredients' own recipes; ties go to the first
// recipe, which for wood is oak. An item keeps its choice for the whole plan.
func NewPlan(inventory map[string]int, target string, quantity int) (*Plan, error) {
	if _, err := LookupItem(target); err != nil {
		return nil, err
	}
	if quantity < 1 || quantity > MaxCount {
		return nil, fmt.Errorf("mcdata: quantity %d of %s: want a count from 1 to %d", quantity, target, MaxCount)
	}
	p := &planner{
		inv:    make(map[string]int, len(inventory)),
		left:   map[string]int{},
		chosen: map[string]int{},
	}
	for name, n := range inventory {
		if _, err := LookupItem(name); err != nil {
			return nil, fmt.Errorf("mcdata: inventory: %w", trimPrefix(err))
		}
		if n < 0 || n > MaxCount {
			return nil, fmt.Errorf("mcdata: inventory: %d %s: want a count from 0 to %d", n, name, MaxCount)
		}
		p.inv[name] = n
	}
	plan := &Plan{Target: target, Quantity: quantity, Held: p.inv[target]}
	delete(p.inv, target)
	plan.inv = make(map[string]int, len(p.inv))
	for k, v := range p.inv {
		plan.inv[k] = v
	}
	if IsBaseItem(target) {
		plan.Base = true
		plan.Missing = []Ingredient{{Item: target, Count: quantity}}
		return plan, nil
	}
	p.craft(target, quantity)
	plan.Missing = p.missing
	plan.Steps = p.steps
	for _, s := range p.steps {
		plan.NeedsTable = plan.NeedsTable || s.Recipe.NeedsTable
	}
	return plan, nil
}

// trimPrefix drops the "mcdata: " of a wrapped error so it is not repeated.
func trimPrefix(err error) error {
	if u, ok := err.(*UnknownNameError); ok {
		return unprefixed{u}
	}
	return err
}

type unprefixed struct{ *UnknownNameError }

func (u unprefixed) Error() string {
	return strings.TrimPrefix(u.UnknownNameError.Error(), "mcdata: ")
}
func (u unprefixed) Unwrap() error { return u.UnknownNameError }

// String is MINDcraft's !getCraftingPlan text for the same request as the
// paper's version printed it (the query itself wraps it in newlines before
// it reaches the agent): "You already have ..." when the inventory held
// the target, then what MINDcraft's own planner (CraftingPlanText) makes of
// the inventory without them. That planner is not NewPlan's: it always
// plans wood items with oak and stops at MINDcraft's base items, so the
// text may name other items than Missing and Steps. When MINDcraft's
// planner loops, the text is the error MINDcraft answers.
func (p *Plan) String() string { return p.text(false) }

// StringCurrent is the text of MINDcraft's later source (0012750), which
// adds "Note: Any varient of wood can be used for this recipe." (sic) when
// a missing item is oak and the target is not.
func (p *Plan) StringCurrent() string { return p.text(true) }

func (p *Plan) text(woodNote bool) string {
	body, err := mindcraftPlanText(p.inv, p.Target, p.Quantity, woodNote)
	if err != nil {
		return PlanErrorPrefix + err.Error()
	}
	if p.Held > 0 {
		return fmt.Sprintf("You already have %d %s in your inventory. If you need to craft more,\n", p.Held, p.Target) + body
	}
	return body
}

// planner holds the state of one plan: the inventory left, the surplus of
// earlier crafts, and what is missing so far.
type planner struct {
	inv, left map[string]int
	missing   []Ingredient
	steps     []Step
	chosen    map[string]int // item -> index into db.recipes[item]
	// lookahead: choose recipes by what is held one level down, instead
	// of by simulating each alternative (used inside those simulations).
	lookahead bool
}

// craft plans count of item, depth first, adding steps after their
// ingredients' steps.
func (p *planner) craft(item string, count int) {
	inv, left := p.inv[item], p.left[item]
	if inv+left >= count {
		fromLeft := min(left, count)
		p.left[item] = left - fromLeft
		p.inv[item] = inv - (count - fromLeft)
		return
	}
	still := count - inv - left
	p.inv[item], p.left[item] = 0, 0
	d := load()
	if len(d.graph.usable[item]) == 0 {
		p.missing = addIngredient(p.missing, item, still)
		return
	}
	r := d.recipes[item][p.choose(item, still)]
	times := (still + r.Count - 1) / r.Count
	p.left[item] += times*r.Count - still
	for _, name := range r.GridOrder {
		p.craft(name, r.Need(name)*times)
	}
	p.steps = append(p.steps, Step{Recipe: r, Times: times})
}

// addIngredient adds n of item to list, keeping first-seen order.
func addIngredient(list []Ingredient, item string, n int) []Ingredient {
	for i := range list {
		if list[i].Item == item {
			list[i].Count += n
			return list
		}
	}
	return append(list, Ingredient{Item: item, Count: n})
}

// choose picks the recipe for item (an index into db.recipes[item]) when n
// more are needed, and remembers it for the rest of the plan.
func (p *planner) choose(item string, n int) int {
	if k, ok := p.chosen[item]; ok {
		return k
	}
	d := load()
	usable := d.graph.usable[item]
	best := usable[0]
	if len(usable) > 1 {
		if p.lookahead {
			best = p.mostHeld(item, usable)
		} else {
			best = p.fewestMissing(item, usable, n)
		}
	}
	p.chosen[item] = best
	return best
}

// fewestMissing simulates each recipe and returns the one that leaves the
// fewest items missing, then uses the most of what is held (so a few birch
// planks make the plan birch), then needs the fewest steps; the first on
// ties.
func (p *planner) fewestMissing(item string, usable []int, n int) int {
	d := load()
	type score struct{ scarce, missing, unused, steps int }
	better := func(a, b score) bool {
		if a.scarce != b.scarce {
			return a.scarce < b.scarce
		}
		if a.missing != b.missing {
			return a.missing < b.missing
		}
		if a.unused != b.unused {
			return a.unused < b.unused
		}
		return a.steps < b.steps
	}
	best, bestScore := -1, score{}
	for _, k := range usable {
		sim := p.fork()
		sim.chosen[item] = k
		r := d.recipes[item][k]
		times := (n + r.Count - 1) / r.Count
		for _, name := range r.GridOrder {
			sim.craft(name, r.Need(name)*times)
		}
		sc := score{scarce: sim.scarceMissing(), missing: sim.totalMissing(), steps: len(sim.steps)}
		for _, v := range sim.inv {
			sc.unused += v
		}
		if best < 0 || better(sc, bestScore) {
			best, bestScore = k, sc
		}
	}
	return best
}

// mostHeld returns the recipe whose ingredients the inventory covers best
// for one craft; the first on ties.
func (p *planner) mostHeld(item string, usable []int) int {
	d := load()
	best, bestHeld := usable[0], 0
	for _, k := range usable {
		held := 0
		for _, in := range d.recipes[item][k].Ingredients {
			held += min(in.Count, p.inv[in.Item]+p.left[in.Item])
		}
		if held > bestHeld {
			best, bestHeld = k, held
		}
	}
	return best
}

// scarceItems are base items a player rarely has at hand: gathering them
// needs structures no ordinary world offers (bee nests). A recipe that would
// leave one of them missing loses to any alternative that does not, so sugar
// is planned from sugar_cane, as players (and MINDcraft's examples) make it,
// not from honey_bottle.
var scarceItems = map[string]bool{"honey_bottle": true, "honeycomb": true}

// scarceMissing counts the scarce items among those still missing.
func (p *planner) scarceMissing() int {
	t := 0
	for _, m := range p.missing {
		if scarceItems[m.Item] {
			t += m.Count
		}
	}
	return t
}

func (p *planner) totalMissing() int {
	t := 0
	for _, m := range p.missing {
		t += m.Count
	}
	return t
}

// fork copies the state for a look-ahead simulation.
func (p *planner) fork() *planner {
	q := &planner{
		inv:       make(map[string]int, len(p.inv)),
		left:      make(map[string]int, len(p.left)),
		missing:   append([]Ingredient(nil), p.missing...),
		chosen:    make(map[string]int, len(p.chosen)),
		lookahead: true,
	}
	for k, v := range p.inv {
		q.inv[k] = v
	}
	for k, v := range p.left {
		q.left[k] = v
	}
	for k, v := range p.chosen {
		q.chosen[k] = v
	}
	return q
}
