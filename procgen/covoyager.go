package procgen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Co-Voyager's tasks (seed 004, §5.3 and Att. A): craft a compass, craft a
// diamond pickaxe, kill a pig and cook it, in a 17x21 arena with ore
// blocks, an empty chest and 8 trees (the world's build_covoyager.go).
// Every subtask ends in the chest, so the task is done when the chest
// holds the target. Each of the three tasks is a family of variants: the
// same tool chain to another item (an iron tool, a diamond tool, another
// meat), counts of 1 or 2, other arenas and tree counts. Test is the
// paper's three in its arena; train the variants, so no target is in
// both splits.
const (
	DefaultCoVoyagerTrain = 120
	DefaultCoVoyagerTest  = 30
	coVoyagerGenerator    = "collabcraft/covoyager"
	// MaxCoVoyagerCount bounds a task's count of the target.
	MaxCoVoyagerCount = 4
)

// Co-Voyager's task families, named after the paper's three tasks.
const (
	CoVoyagerCompass = "compass"
	CoVoyagerDiamond = "diamond_pickaxe"
	CoVoyagerCook    = "cook_pig"
)

// CoVoyagerFamilies lists the families in generation order.
var CoVoyagerFamilies = []string{CoVoyagerCompass, CoVoyagerDiamond, CoVoyagerCook}

// coVoyagerTargets are each family's targets, the paper's first (test).
var coVoyagerTargets = map[string][]string{
	CoVoyagerCompass: {"compass", "iron_sword", "bucket", "shears", "iron_axe", "iron_shovel"},
	CoVoyagerDiamond: {"diamond_pickaxe", "diamond_sword", "diamond_axe", "diamond_shovel", "diamond_hoe"},
	CoVoyagerCook:    {"cooked_porkchop", "cooked_beef", "cooked_mutton", "cooked_chicken"},
}

// CoVoyagerMobs are the mobs the cooking family kills, by its meat.
var CoVoyagerMobs = map[string]string{"cooked_porkchop": "pig", "cooked_beef": "cow", "cooked_mutton": "sheep", "cooked_chicken": "chicken"}

// CoVoyagerArena is the paper's arena (Att. A): 17x21 blocks, 8 trees.
var CoVoyagerArena = [2]int{17, 21}

const coVoyagerPaperTrees = 8

var coVoyagerArenas = [][2]int{{17, 21}, {15, 19}, {21, 25}}

var coVoyagerDefaultCounts = map[string]int{SplitTrain: DefaultCoVoyagerTrain, SplitTest: DefaultCoVoyagerTest}

// CoVoyagerSpec is a Co-Voyager task's "covoyager" field.
type CoVoyagerSpec struct {
	Family string `json:"family"` // compass, diamond_pickaxe, cook_pig
	Target string `json:"target"` // the item the chest must hold
	Count  int    `json:"count"`  // how many of it
	Arena  [2]int `json:"arena"`  // the arena's sides, x by z
	Trees  int    `json:"trees"`  // trees in the arena
}

// CoVoyagerFamilyOf is the family a target belongs to ("" for none).
func CoVoyagerFamilyOf(target string) string {
	for _, f := range CoVoyagerFamilies {
		if slices.Contains(coVoyagerTargets[f], target) {
			return f
		}
	}
	return ""
}

// CoVoyagerSplit is the split a task belongs to: test for the paper's
// three tasks in its arena, train for every variant.
func CoVoyagerSplit(s CoVoyagerSpec) string {
	if s.Count == 1 && s.Arena == CoVoyagerArena && s.Trees == coVoyagerPaperTrees && coVoyagerTargets[s.Family] != nil && coVoyagerTargets[s.Family][0] == s.Target {
		return SplitTest
	}
	return SplitTrain
}

// CoVoyager is Co-Voyager's kind.
var CoVoyager = &Kind{
	Name: KindCoVoyager, TaskType: TypeCoVoyager,
	Family: FamilyCoVoyager, World: WorldMinecraft,
	Orgs:          []string{"queue"},
	NotPlayedWhy:  "Co-Voyager's tasks, planned by a task manager and a critic into subtasks that coders and a human take from a queue and hand over through a chest; the other organisations' agents have no entry for them",
	Splits:        []string{SplitTrain, SplitTest},
	DefaultCounts: coVoyagerDefaultCounts,
	Knobs: []Knob{
		{Name: "family", Type: KnobString, read: fromDifficulty("family")},
		{Name: "target", Type: KnobString, read: fromDifficulty("target")},
		{Name: "count", Type: KnobInt, read: fromDifficulty("count")},
		{Name: "arena", Type: KnobString, read: fromDifficulty("arena")},
		{Name: "human", Type: KnobBool, read: fromDifficulty("human")},
	},
	generate: GenerateCoVoyager,
	target: func(d map[string]any) string {
		t, _ := d["target"].(string)
		c, ok := d["count"].(float64)
		a, _ := d["arena"].(string)
		if t == "" || !ok {
			return ""
		}
		return fmt.Sprintf("covoyager:%s:%d:%s", t, int(c), a)
	},
	validate: (*validator).coVoyager,
	breakdown: func(t *Task) string {
		if t.CoVoyager == nil {
			return ""
		}
		return t.CoVoyager.Family
	},
	humans: 1,
}

// GenerateCoVoyager makes Co-Voyager tasks of one split: the families in
// turn; test is the paper's three tasks in its arena (each on a layout of
// its own), train the variants: the family's other targets, counts 1 and
// 2, the arenas and 6 to 10 trees. o.Human makes agent 0 a scripted human.
func GenerateCoVoyager(o GenerateOptions) ([]Task, error) {
	if err := o.check(SplitTrain, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: covoyager: %w", err)
	}
	families := CoVoyagerFamilies
	if o.Family != "" {
		if coVoyagerTargets[o.Family] == nil {
			return nil, fmt.Errorf("procgen: covoyager: family %q, expected one of %s", o.Family, strings.Join(CoVoyagerFamilies, ", "))
		}
		families = []string{o.Family}
	}
	n := o.N
	if n == 0 {
		n = coVoyagerDefaultCounts[o.Split]
	}
	tasks := make([]Task, 0, n)
	seen := map[string]int{}
	for i := range n {
		f := families[i%len(families)]
		k := i / len(families)
		s := CoVoyagerSpec{Family: f, Target: coVoyagerTargets[f][0], Count: 1, Arena: CoVoyagerArena, Trees: coVoyagerPaperTrees}
		if o.Split == SplitTrain {
			others := coVoyagerTargets[f][1:]
			s.Target = others[k%len(others)]
			k /= len(others)
			s.Count = 1 + k%2
			s.Arena = coVoyagerArenas[(k/2)%len(coVoyagerArenas)]
			s.Trees = 6 + (k/2/len(coVoyagerArenas)+i)%5
			if s.Count*coVoyagerLogs(s) > s.Trees*4 {
				s.Trees = min(10, (s.Count*coVoyagerLogs(s)+3)/4)
			}
		}
		base := fmt.Sprintf("covoyager_%s_%d_%dx%d_t%d", s.Target, s.Count, s.Arena[0], s.Arena[1], s.Trees)
		if o.Human {
			base += "_human"
		}
		id := fmt.Sprintf("%s_%d", base, seen[base])
		seen[base]++
		tasks = append(tasks, CoVoyagerTask(id, s, o.Human, o.Options))
	}
	return tasks, nil
}

// coVoyagerLogs is about how many logs one target takes (tools, sticks,
// a table and fuel).
func coVoyagerLogs(s CoVoyagerSpec) int {
	switch s.Family {
	case CoVoyagerDiamond:
		return 7
	case CoVoyagerCompass:
		return 6
	}
	return 4
}

// CoVoyagerGoal is the task as the paper words it (Att. C): "Craft a
// Compass.", "Craft a Diamond Pickaxe.", "Kill a Pig and cook it on a
// furnace.".
func CoVoyagerGoal(s CoVoyagerSpec) string {
	title := func(item string) string {
		parts := strings.Split(item, "_")
		for i, p := range parts {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
		return strings.Join(parts, " ")
	}
	if mob := CoVoyagerMobs[s.Target]; mob != "" {
		if s.Count == 1 {
			return "Kill a " + title(mob) + " and cook it on a furnace."
		}
		return fmt.Sprintf("Kill %d %ss and cook them on a furnace.", s.Count, title(mob))
	}
	if s.Count == 1 {
		return "Craft " + article(s.Target) + " " + title(s.Target) + "."
	}
	name := title(s.Target)
	if !strings.HasSuffix(name, "s") {
		name += "s"
	}
	return fmt.Sprintf("Craft %d %s.", s.Count, name)
}

// CoVoyagerTask makes one task: every agent starts with nothing; the
// chest is empty. With human, agent 0 is a scripted human player.
func CoVoyagerTask(id string, s CoVoyagerSpec, human bool, o Options) Task {
	inv := map[string]map[string]int{}
	for i := range o.Agents {
		inv[agentID(i)] = map[string]int{}
	}
	t := Task{
		ID: id, Type: TypeCoVoyager,
		Goal:       Goal{Text: CoVoyagerGoal(s)},
		AgentCount: o.Agents, HumanCount: IntPtr(0),
		InitialInventory: inv,
		Timeout:          1200 + 600*s.Count,
		CoVoyager:        &s,
		Split:            o.Split,
		Difficulty: map[string]any{"family": s.Family, "target": s.Target, "count": s.Count,
			"arena": fmt.Sprintf("%dx%d", s.Arena[0], s.Arena[1]), "trees": s.Trees, "human": human},
		Generator: &Generator{Name: coVoyagerGenerator, Version: GeneratorVersion},
	}
	if human {
		t.HumanCount = IntPtr(1)
	}
	t.Seed = taskSeed(o.Seed, t.ID)
	return t
}

func decodeCoVoyagerSpec(v json.RawMessage) (*CoVoyagerSpec, error) {
	return decodeStrict[CoVoyagerSpec](v, "covoyager", `{"family", "target", "count", "arena": [x, z], "trees"}`)
}

// coVoyager checks a Co-Voyager task's field.
func (v *validator) coVoyager() {
	s := v.t.CoVoyager
	if s == nil {
		v.add("covoyager", `missing (expected {"family", "target", "count", "arena": [x, z], "trees"})`)
		return
	}
	if coVoyagerTargets[s.Family] == nil {
		v.add("covoyager.family", fmt.Sprintf("%q, expected one of %s", s.Family, strings.Join(CoVoyagerFamilies, ", ")))
	} else if !slices.Contains(coVoyagerTargets[s.Family], s.Target) {
		v.add("covoyager.target", fmt.Sprintf("%q, expected one of %s (family %s)", s.Target, strings.Join(coVoyagerTargets[s.Family], ", "), s.Family))
	}
	if s.Count < 1 || s.Count > MaxCoVoyagerCount {
		v.add("covoyager.count", fmt.Sprintf("%d, expected 1 to %d", s.Count, MaxCoVoyagerCount))
	}
	if s.Arena[0] < 13 || s.Arena[1] < 13 || s.Arena[0] > 41 || s.Arena[1] > 41 {
		v.add("covoyager.arena", fmt.Sprintf("%v, expected sides of 13 to 41 blocks", s.Arena))
	}
	if s.Trees < 2 || s.Trees > 16 {
		v.add("covoyager.trees", fmt.Sprintf("%d, expected 2 to 16", s.Trees))
	}
}
