package procgen

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"collabcraft/mcdata"
)

// Problem is one thing wrong with a task.
type Problem struct {
	File    string // "" when not read from a file
	TaskID  string // "" for a problem with the whole file
	Field   string // JSON field, e.g. "initial_inventory.1.oak_plank"
	Message string
	// Warning marks an entry MINDcraft ignores and collabcraft plays
	// without (Task.DropIgnored); it does not make the task invalid.
	Warning bool
}

func (p Problem) String() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File + ": ")
	}
	if p.TaskID != "" {
		fmt.Fprintf(&b, "task %q: ", p.TaskID)
	}
	if p.Warning {
		b.WriteString("warning: ")
	}
	if p.Field != "" {
		b.WriteString(p.Field + ": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// ValidateFile reads and checks a task file within DefaultLimits and
// returns how many tasks it holds and every problem found, warnings
// included (SplitWarnings).
func ValidateFile(path string) (int, []Problem) { return ValidateFileWith(path, Limits{}) }

// ValidateFileWith is ValidateFile within l. A file that cannot be read or
// parsed gives a single problem; a task that does not decode, one problem
// of its own.
func ValidateFileWith(path string, l Limits) (int, []Problem) {
	tasks, err := ReadTaskFileWith(path, l)
	var ps []Problem
	var de *DecodeError
	switch {
	case errors.As(err, &de):
		ps = de.Problems
	case err != nil:
		msg := strings.TrimPrefix(err.Error(), "procgen: ")
		msg = strings.TrimPrefix(msg, path+": ")
		return 0, []Problem{{File: path, Message: msg}}
	}
	if len(tasks)+len(ps) == 0 {
		return 0, []Problem{{File: path, Message: "no tasks in file"}}
	}
	for i := range tasks {
		for _, p := range ValidateTaskWith(&tasks[i], l) {
			p.File = path
			ps = append(ps, p)
		}
	}
	return len(tasks) + len(de.problems()), ps
}

func (e *DecodeError) problems() []Problem {
	if e == nil {
		return nil
	}
	return e.Problems
}

// ValidateTask checks one task within DefaultLimits.
func ValidateTask(t *Task) []Problem { return ValidateTaskWith(t, Limits{}) }

// ValidateTaskWith checks one task: required fields, item names, counts,
// agent ids against agent_count, whether its targets can be made at all,
// and the sizes l allows (its goal, its blueprint). It accepts MINDcraft's
// own task files: the entries MINDcraft ignores come first, as warnings
// (Task.Ignored), and the rest of the task is checked without them.
func ValidateTaskWith(t *Task, l Limits) []Problem {
	played := *t
	warns := played.DropIgnored()
	v := &validator{t: &played, ps: warns, limits: l.withDefaults()}
	v.common()
	if k, ok := KindOfType(t.Type); ok {
		k.validate(v)
	} else if t.Type == "" {
		v.add("type", "missing (expected "+taskTypes()+")")
	} else {
		v.add("type", fmt.Sprintf("unknown task type %q (expected %s)", t.Type, taskTypes()))
	}
	return v.ps
}

type validator struct {
	t      *Task
	limits Limits
	ps     []Problem
}

func (v *validator) add(field, msg string) {
	v.ps = append(v.ps, Problem{TaskID: v.t.ID, Field: field, Message: msg})
}

// agent checks an agent id key against agent_count.
func (v *validator) agent(field, id string) {
	n, err := strconv.Atoi(id)
	if err != nil || n < 0 || strconv.Itoa(n) != id {
		v.add(field, fmt.Sprintf("agent id %q is not a number 0, 1, ...", id))
		return
	}
	if v.t.AgentCount > 0 && n >= v.t.AgentCount {
		v.add(field, fmt.Sprintf("agent id %s is out of range for agent_count %d (expected 0 to %d)", id, v.t.AgentCount, v.t.AgentCount-1))
	}
}

// item checks an item name.
func (v *validator) item(field, name string) bool {
	if _, err := mcdata.LookupItem(name); err != nil {
		v.add(field, strings.TrimPrefix(err.Error(), "mcdata: "))
		return false
	}
	return true
}

// MaxAgentCount bounds agent_count: far above any team MINDcraft runs,
// low enough that a typo cannot make a rollout build a billion agents.
const MaxAgentCount = 100

// count checks an item count: at least 1, at most mcdata.MaxCount (the
// planner's bound).
func (v *validator) count(field string, n int) {
	if n < 1 || n > mcdata.MaxCount {
		v.add(field, fmt.Sprintf("count %d (expected 1 to %d)", n, mcdata.MaxCount))
	}
}

// stacks checks an item -> count object.
func (v *validator) stacks(field string, m map[string]int) {
	for _, name := range slices.Sorted(maps.Keys(m)) {
		v.item(field+"."+name, name)
		v.count(field+"."+name, m[name])
	}
}

var commandName = regexp.MustCompile(`^!\w+$`)

func (v *validator) common() {
	t := v.t
	if t.ID == "" {
		v.add("", "empty task id")
	}
	if strings.ContainsFunc(t.ID, unicode.IsControl) {
		v.add("", "the task id holds control characters (a NUL, a newline, ...); task ids name trials and files")
	}
	switch {
	case t.AgentCount == 0:
		v.add("agent_count", "missing or 0 (expected at least 1)")
	case t.AgentCount < 1 || t.AgentCount > MaxAgentCount:
		v.add("agent_count", fmt.Sprintf("%d (expected 1 to %d)", t.AgentCount, MaxAgentCount))
	}
	kind, _ := KindOfType(t.Type)
	switch h := t.HumanCount; {
	case h == nil || *h == 0:
	case kind == nil || kind.humans == 0:
		v.add("human_count", fmt.Sprintf("%d (expected 0: human players are not simulated)", *h))
	case *h < 0 || *h > kind.humans:
		v.add("human_count", fmt.Sprintf("%d (expected 0 to %d: a scripted human plays agent 0)", *h, kind.humans))
	}
	if t.Goal.IsZero() && (kind == nil || !kind.noGoal) {
		v.add("goal", "missing")
	}
	goals := map[string]string{"goal": t.Goal.Text}
	for id, g := range t.Goal.PerAgent {
		goals["goal."+id] = g
	}
	for _, field := range slices.Sorted(maps.Keys(goals)) {
		if n := len(goals[field]); n > v.limits.GoalBytes {
			v.add(field, fmt.Sprintf("%d bytes long, more than the %s a goal may have (raise it with --max-goal)", n, byteSize(int64(v.limits.GoalBytes))))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(t.Goal.PerAgent)) {
		v.agent("goal."+id, id)
	}
	if t.Timeout < 0 {
		v.add("timeout", fmt.Sprintf("%d seconds (expected a positive number)", t.Timeout))
	}
	for _, id := range slices.Sorted(maps.Keys(t.InitialInventory)) {
		v.agent("initial_inventory."+id, id)
		v.stacks("initial_inventory."+id, t.InitialInventory[id])
	}
	for _, id := range slices.Sorted(maps.Keys(t.BlockedActions)) {
		v.agent("blocked_actions."+id, id)
		for _, c := range t.BlockedActions[id] {
			if !commandName.MatchString(c) {
				v.add("blocked_actions."+id, fmt.Sprintf("%q is not a command name (expected e.g. \"!getCraftingPlan\")", c))
			}
		}
	}
	if t.Split != "" && !slices.Contains([]string{SplitTrain, SplitDev, SplitTest}, t.Split) {
		v.add("split", fmt.Sprintf("%q (expected train, dev or test)", t.Split))
	}
	if t.ChestItems != nil {
		v.stacks("chest_items", t.ChestItems)
	}
}

func (v *validator) crafting() {
	t := v.t
	switch {
	case t.Target.Item != "":
		// MINDcraft's techtree validator only looks for the target in an
		// inventory, so a gathered target ("Get oak logs.") is a task too.
		if v.item("target", t.Target.Item) && len(mcdata.Recipes(t.Target.Item)) == 0 && !Obtainable(t.Target.Item) {
			v.add("target", fmt.Sprintf("%s can be neither crafted nor gathered", t.Target.Item))
		}
	case t.Target.IsZero():
		v.add("target", "missing (expected the item to craft)")
	default:
		v.add("target", "expected one item name for a techtree task")
	}
	if t.NumberOfTarget < 1 || t.NumberOfTarget > mcdata.MaxCount {
		v.add("number_of_target", fmt.Sprintf("%d (expected 1 to %d)", t.NumberOfTarget, mcdata.MaxCount))
	}
	if t.MaxDepth != nil && *t.MaxDepth < 0 {
		v.add("max_depth", fmt.Sprintf("%d (expected 0 or more)", *t.MaxDepth))
	}
	if t.Depth != nil && *t.Depth < 0 {
		v.add("depth", fmt.Sprintf("%d (expected 0 or more)", *t.Depth))
	}
	if t.Depth != nil && t.MaxDepth != nil && *t.Depth > *t.MaxDepth {
		v.add("depth", fmt.Sprintf("%d is greater than max_depth %d", *t.Depth, *t.MaxDepth))
	}
	for _, m := range t.MissingItems {
		if v.item("missing_items", m) && !Obtainable(m) {
			v.add("missing_items", fmt.Sprintf("%s can be neither gathered nor crafted", m))
		}
	}
}

func (v *validator) cooking() {
	t := v.t
	var dishes []string
	switch {
	case t.Target.Counts != nil:
		for _, d := range slices.Sorted(maps.Keys(t.Target.Counts)) {
			dishes = append(dishes, d)
			v.count("target."+d, t.Target.Counts[d])
		}
	case t.Target.List != nil:
		dishes = t.Target.List
		if t.AgentCount > 0 && len(dishes) != t.AgentCount {
			v.add("target", fmt.Sprintf("Hell's Kitchen list has %d dishes for %d agents (expected one per agent)", len(dishes), t.AgentCount))
		}
	case t.Target.Item != "":
		v.add("target", `expected an object of dish -> count (e.g. {"cake": 1}) or a list of dishes`)
	default:
		v.add("target", "missing (expected the dishes to make)")
	}
	if t.Target.Counts != nil && len(dishes) == 0 || t.Target.List != nil && len(dishes) == 0 {
		v.add("target", "no dishes")
	}
	for _, d := range dishes {
		if !v.item("target", d) {
			continue
		}
		if len(mcdata.Recipes(d)) == 0 && !isSmeltOutput(d) && !specialRecipes[d] {
			v.add("target", fmt.Sprintf("%s can be neither crafted nor cooked", d))
		}
		if t.Recipes != nil && t.Recipes[d] == nil {
			v.add("recipes", fmt.Sprintf("no recipe for target dish %s", d))
		}
	}
	if t.Recipes == nil && len(dishes) > 0 {
		v.add("recipes", "missing (expected dish -> list of steps)")
	}
	for _, d := range slices.Sorted(maps.Keys(t.Recipes)) {
		v.item("recipes."+d, d)
		if len(t.Recipes[d]) == 0 {
			v.add("recipes."+d, "no steps")
		}
	}
	for _, id := range t.BlockedAccessToRecipe {
		v.agent("blocked_access_to_recipe", id)
	}
}

func (v *validator) construction() {
	if v.t.Blueprint == nil {
		v.add("blueprint", "missing")
		return
	}
	bp, err := v.t.ParsedBlueprint()
	if err != nil {
		v.add("blueprint", strings.TrimPrefix(err.Error(), "blueprints: "))
		return
	}
	if n := bp.Cells(); n > v.limits.BlueprintCells {
		v.add("blueprint", fmt.Sprintf("%d cells (levels x rows x columns), more than the %d a blueprint may have (raise it with --max-blueprint-cells)", n, v.limits.BlueprintCells))
	}
}

// Obtainable reports whether an item can be had in a survival world:
// crafted, smelted, mined from a block, or dropped by a mob.
func Obtainable(item string) bool {
	if !mcdata.IsItem(item) {
		return false
	}
	return len(mcdata.Recipes(item)) > 0 || isSmeltOutput(item) || blockDrops()[item] || mobDrops[item] || specialRecipes[item]
}

// specialRecipes are crafted in game by special (NBT) recipes that
// minecraft-data leaves out.
var specialRecipes = map[string]bool{
	"suspicious_stew": true, "firework_star": true, "tipped_arrow": true,
	"filled_map": true, "written_book": true,
}

// mobDrops are items that come from animals and mobs (killing, shearing,
// milking), which block data does not cover.
var mobDrops = map[string]bool{
	"beef": true, "porkchop": true, "chicken": true, "mutton": true, "rabbit": true,
	"leather": true, "rabbit_hide": true, "rabbit_foot": true, "feather": true, "egg": true,
	"white_wool": true, "milk_bucket": true, "string": true, "bone": true, "gunpowder": true,
	"spider_eye": true, "rotten_flesh": true, "ender_pearl": true, "slime_ball": true,
	"ink_sac": true, "glow_ink_sac": true, "cod": true, "salmon": true, "tropical_fish": true,
	"pufferfish": true, "blaze_rod": true, "ghast_tear": true, "magma_cream": true,
	"phantom_membrane": true, "shulker_shell": true, "prismarine_shard": true,
	"prismarine_crystals": true, "turtle_scute": true, "honeycomb": true,
	"nautilus_shell": true, "nether_star": true, "totem_of_undying": true, "trident": true,
	"armadillo_scute": true, "breeze_rod": true, "wither_skeleton_skull": true, "dragon_breath": true,
	"apple": true, "cocoa_beans": true, "sweet_berries": true, "glow_berries": true,
}

var blockDrops = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, name := range mcdata.Blocks() {
		b, err := mcdata.LookupBlock(name)
		if err != nil || b.Hardness < 0 {
			continue
		}
		for _, d := range b.Drops {
			out[d] = true
		}
	}
	return out
})

var smeltOutputs = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, it := range mcdata.Items() {
		if s, ok := mcdata.Smelt(it.Name); ok {
			out[s.Output] = true
		}
	}
	return out
})

func isSmeltOutput(item string) bool { return smeltOutputs()[item] }
