package queueexpert

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/covoyager"
	"collabcraft/mcdata"
)

// goal is what the task asks for: count of an item in the chest.
type goal struct {
	item  string
	count int
	mob   string // the cooking tasks: the mob killed for the meat
}

var (
	craftGoalRE = regexp.MustCompile(`(?i)^craft (a|an|\d+) ([a-z ]+?)\.?$`)
	killGoalRE  = regexp.MustCompile(`(?i)^kill (a|an|\d+) ([a-z]+?)s? and cook (?:it|them)`)
)

func readGoal(task string) (goal, error) {
	task = strings.TrimSpace(task)
	n := func(s string) int {
		if v, err := strconv.Atoi(s); err == nil {
			return v
		}
		return 1
	}
	if m := killGoalRE.FindStringSubmatch(task); m != nil {
		mob := strings.ToLower(m[2])
		meat := covoyager.MobDrops[mob]
		s, ok := mcdata.Smelt(meat)
		if meat == "" || !ok {
			return goal{}, fmt.Errorf("queueexpert: no meat to cook from a %s", mob)
		}
		return goal{item: s.Output, count: n(m[1]), mob: mob}, nil
	}
	if m := craftGoalRE.FindStringSubmatch(task); m != nil {
		item := covoyager.ItemOf(m[2])
		if item == "" || covoyager.IsBase(item) {
			return goal{}, fmt.Errorf("queueexpert: the task %q names no item to craft", task)
		}
		return goal{item: item, count: n(m[1])}, nil
	}
	return goal{}, fmt.Errorf("queueexpert: the task manager cannot read the task %q", task)
}

// gatherFrom are the arena's blocks, by what mining them gives.
var gatherFrom = map[string]string{"cobblestone": "cobblestone", "raw_iron": "iron_ore", "diamond": "diamond_ore", "redstone": "redstone_ore", "coal": "coal_ore"}

// tiers are the pickaxes from the least.
var tiers = []string{"wooden_pickaxe", "stone_pickaxe", "iron_pickaxe", "diamond_pickaxe"}

// leastPickaxe is the least pickaxe that harvests block.
func leastPickaxe(block string) string {
	b, _ := mcdata.LookupBlock(block)
	for _, t := range tiers {
		if slices.Contains(b.HarvestTools, t) {
			return t
		}
	}
	return ""
}

// step is one subtask of the plan, by item names.
type step struct {
	action, item, tool string
	materials          []mcdata.Ingredient // per single item; planks, sticks as such
	quantity           int
}

// planner builds the plan depth first from the goal's item, each item
// once, as the report's plans are ordered (Att. C): a subtask comes after
// the subtasks that make its materials and tools.
type planner struct {
	steps []step
	made  map[string]bool
	g     goal
}

func plan(g goal) []step {
	p := &planner{made: map[string]bool{}, g: g}
	p.ensure(g.item)
	p.steps[len(p.steps)-1].quantity = g.count
	return p.steps
}

func (p *planner) ensure(item string) {
	if p.made[item] || isWood(item) {
		return
	}
	p.made[item] = true
	if meat := covoyager.MobDrops[p.g.mob]; item == meat {
		p.ensure("wooden_sword")
		p.steps = append(p.steps, step{action: covoyager.Kill, item: p.g.mob, tool: "wooden_sword", quantity: p.g.count})
		return
	}
	if block, ok := gatherFrom[item]; ok {
		tool := leastPickaxe(block)
		p.ensure(tool)
		p.steps = append(p.steps, step{action: covoyager.Gather, item: item, tool: tool, quantity: covoyager.Unspecified})
		return
	}
	if ins := mcdata.SmeltInputs(item); len(ins) > 0 && (item == "iron_ingot" || strings.HasPrefix(item, "cooked_")) {
		in := ins[0]
		if slices.Contains(ins, "raw_iron") {
			in = "raw_iron"
		}
		if meat := covoyager.MobDrops[p.g.mob]; slices.Contains(ins, meat) {
			in = meat
		}
		p.ensure(in)
		p.ensure("furnace")
		p.steps = append(p.steps, step{action: covoyager.Smelt, item: item, tool: "furnace",
			materials: []mcdata.Ingredient{{Item: in, Count: 1}, {Item: "planks", Count: 1}}, quantity: covoyager.Unspecified})
		return
	}
	r := mcdata.Recipes(item)[0]
	var mats []mcdata.Ingredient
	for _, in := range r.Ingredients {
		name := in.Item
		if strings.HasSuffix(name, "_planks") {
			name = "planks"
		}
		mats = append(mats, mcdata.Ingredient{Item: name, Count: in.Count})
		p.ensure(name)
	}
	tool := ""
	if r.NeedsTable {
		tool = "crafting_table"
		p.ensure(tool)
	}
	p.steps = append(p.steps, step{action: covoyager.Craft, item: item, tool: tool, materials: mats, quantity: 1})
}

func isWood(item string) bool {
	return item == "planks" || item == "stick" || strings.HasSuffix(item, "_log") || strings.HasSuffix(item, "_planks")
}

// name is an item as the task manager words it, in one of the ways the
// report's plans do.
func (w words) name(item string, plural bool) string {
	var opts []string
	switch item {
	case "planks":
		opts = []string{"wood plank", "wooden plank", "plank"}
	case "raw_iron":
		opts = []string{"iron raw", "raw iron"}
	case "redstone":
		opts = []string{"redstone dust", "redstone"}
	case "stone_pickaxe":
		opts = []string{"stone pickaxe", "cobblestone pickaxe"}
	case "porkchop":
		opts = []string{"raw porkchop", "raw pork chop"}
	case "beef", "mutton":
		opts = []string{"raw " + item}
	case "chicken":
		opts = []string{"raw chicken"}
	default:
		opts = []string{human(item)}
	}
	s := w.pick(opts...)
	if plural && !strings.HasSuffix(s, "s") && item != "redstone" && item != "cobblestone" {
		s += "s"
	} else if plural && item == "cobblestone" && w.rng.IntN(2) == 0 {
		s += "s"
	}
	return s
}

func (w words) needs(ins []mcdata.Ingredient) string {
	if len(ins) == 0 {
		return w.pick("None", "None", "none")
	}
	var parts []string
	for _, in := range ins {
		parts = append(parts, fmt.Sprintf("%d %s", in.Count, w.name(in.Item, in.Count > 1)))
	}
	return strings.Join(parts, ", ")
}

func (w words) subtasks(steps []step) []covoyager.Subtask {
	out := make([]covoyager.Subtask, len(steps))
	for i, s := range steps {
		tools := w.pick("None", "None", "none")
		if s.tool != "" {
			tools = w.name(s.tool, false)
		}
		item := w.name(s.item, s.action == covoyager.Gather && w.rng.IntN(3) == 0)
		out[i] = covoyager.Subtask{Action: s.action, Item: item, Tools: tools, Materials: w.needs(s.materials), Quantity: s.quantity}
	}
	return out
}

// Mistakes the task manager makes in a first plan, for the critic to
// halt (a strong model slips so too): a smelting step left out, a tool
// listed among the materials, a number where the rules want -1.
const (
	slipSmelt    = "smelt"
	slipTool     = "tool"
	slipQuantity = "quantity"
)

// taskManager plans the task: the subtasks in order, each item once,
// logs, planks and sticks left out (rule 4); after a halt by the critic,
// the plan again without the slip.
func (w words) taskManager(c covoyager.TaskManagerCall) (string, error) {
	g, err := readGoal(c.Task)
	if err != nil {
		return "", err
	}
	steps := plan(g)
	sub := w.subtasks(steps)
	if c.Previous == "" && w.rng.IntN(10) < 3 {
		sub = w.slip(sub, steps)
	}
	intro := w.gen("{Here is the plan for the task|Here are the subtasks|The task breaks down as follows|Decomposition of the task}{:| in order:|, from raw materials to the final item:}")
	if c.Previous != "" {
		intro = w.gen("{Thank you for the critique|Understood|Good catch}. {Here is the corrected plan|The revised subtasks follow|This version fixes it}:")
	}
	return intro + "\n" + covoyager.JSON(sub), nil
}

func (w words) slip(sub []covoyager.Subtask, steps []step) []covoyager.Subtask {
	kinds := []string{slipTool, slipQuantity}
	if slices.ContainsFunc(steps, func(s step) bool { return s.action == covoyager.Smelt }) {
		kinds = append(kinds, slipSmelt, slipSmelt)
	}
	out := slices.Clone(sub)
	switch w.pick(kinds...) {
	case slipSmelt:
		for i, s := range steps {
			if s.action == covoyager.Smelt {
				return slices.Delete(out, i, i+1)
			}
		}
	case slipTool:
		for i, s := range steps {
			if s.tool != "" && s.action == covoyager.Craft && len(s.materials) > 0 {
				out[i].Materials += ", 1 " + w.name(s.tool, false)
				return out
			}
		}
	case slipQuantity:
		for i, s := range steps[:len(steps)-1] {
			if s.action == covoyager.Gather {
				out[i].Quantity = 3 + w.rng.IntN(8)
				return out
			}
		}
	}
	return out
}

// toolItems are what the critic takes for tools, never materials.
func isTool(item string) bool {
	return covoyager.Placed(item) || strings.HasSuffix(item, "_pickaxe") || strings.HasSuffix(item, "_sword") || strings.HasSuffix(item, "_axe") || strings.HasSuffix(item, "_shovel")
}

// taskCritic checks the plan against the prompt's criteria: every
// material and tool made before it is needed (wood aside, rule 4), -1 for
// gather and smelt but for the task's own item, no tool among the
// materials, the task's item made last.
func (w words) taskCritic(task, planText string) string {
	sub, err := covoyager.ParseSubtasks(planText)
	if err != nil {
		return fmt.Sprintf("Error: The subdivision cannot be parsed (%v).\nCritique: %s", err, w.gen("{Write the subtasks as a JSON list of objects with action, item, tools, materials and quantity.|Give the plan as a JSON list, one object a subtask.}"))
	}
	g, gerr := readGoal(task)
	made := map[string]bool{}
	for _, s := range sub {
		item := covoyager.ItemOf(s.Item)
		mats, err := covoyager.ReadNeeds(s.Materials)
		if err != nil {
			return fmt.Sprintf("Error: %v.\nCritique: %s", err, w.gen("{Name every material as a Minecraft item.|Use the items' game names.}"))
		}
		tools, err := covoyager.ReadNeeds(s.Tools)
		if err != nil {
			return fmt.Sprintf("Error: %v.\nCritique: %s", err, w.gen("{Name every tool as a Minecraft item.|Use the tools' game names.}"))
		}
		for _, m := range mats {
			if isTool(m.Item) {
				return fmt.Sprintf("Error: Tool [%s] is listed among the materials of [%s].\nCritique: %s", human(m.Item), strings.ToLower(s.Item),
					w.gen(fmt.Sprintf("{Materials are consumed by the action and tools are not|A %s is used, not used up}: {move|list} the %s under tools{, keeping the two lists distinct|| so that materials and tools stay apart}.", human(m.Item), human(m.Item))))
			}
		}
		for _, n := range append(mats, tools...) {
			if !made[n.Item] && !covoyager.IsBase(n.Item) {
				verb := "gathered/crafted/smelted"
				return fmt.Sprintf("Error: Material [%s] was not previously %s.\nCritique: %s", human(n.Item), verb, w.missing(n.Item, s))
			}
		}
		last := gerr == nil && item == g.item
		if (s.Action == covoyager.Gather || s.Action == covoyager.Smelt) && s.Quantity != covoyager.Unspecified && !last {
			return fmt.Sprintf("Error: Quantity of [%s] is %d, not -1.\nCritique: %s", strings.ToLower(s.Item), s.Quantity,
				w.gen(fmt.Sprintf("{The task does not say how many %s it takes|No amount of %s is given by the task}, so the %s action {should use|must use} \"quantity\": -1{ and let the amount be worked out from the later steps|}.", strings.ToLower(s.Item), strings.ToLower(s.Item), s.Action)))
		}
		made[covoyager.Drop(s.Action, item)] = true
	}
	if gerr == nil && covoyager.ItemOf(sub[len(sub)-1].Item) != g.item && covoyager.Drop(sub[len(sub)-1].Action, covoyager.ItemOf(sub[len(sub)-1].Item)) != g.item {
		return fmt.Sprintf("Error: The last subtask does not make [%s].\nCritique: %s", human(g.item), w.gen("{End the plan with the action that makes the task's item.|The final subtask should produce what the task asks for.}"))
	}
	gathers := 0
	for _, s := range sub {
		if s.Action == covoyager.Gather {
			gathers++
		}
	}
	return "Error: None\nCritique: " + w.gen(fmt.Sprintf("{The instructions|The plan|The subdivision|These %[2]d subtasks} {progress|move|go} {logically|in order|step by step} from {gathering|collecting} raw materials{ to processing them| through smelting and crafting|, %[3]d gather steps first where they are needed,} and {end with|finish on|close with} the %[1]s{, starting from the %[4]s|}. {Materials and tools are kept distinct|Tools and materials are listed apart|No tool appears among the materials}{ and the quantities follow the rules|, and gather and smelt amounts are left at -1|; every material is made before it is used}.", strings.ToLower(sub[len(sub)-1].Item), len(sub), gathers, strings.ToLower(sub[0].Item)))
}

// missing is the critique of a material nothing made.
func (w words) missing(item string, s covoyager.Subtask) string {
	if item == "iron_ingot" {
		return w.gen("{The instructions fail to include|There is no} a smelting action for the iron raw to obtain the iron ingots {necessary for|needed by} the " + strings.ToLower(s.Item) + ". {It is crucial to highlight the transition from gathering raw materials to processing them into their final forms.|Add a smelt step with a furnace between gathering the iron raw and crafting with the ingots.}")
	}
	return w.gen("{Add a subtask that makes the|Nothing before this step provides the} " + human(item) + "{ before it is needed|; put one in earlier}.")
}
