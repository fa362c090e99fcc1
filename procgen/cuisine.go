package procgen

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"collabcraft/cuisine"
)

// CuisineWorld tasks (MindAgent, seed 003): one task is one setting of
// MindAgent's protocol, a level played by a team at one α for a number of
// episodes. The test split is MindAgent's own 13 levels (the paper's 12 and
// level_6); train and dev are generated levels. A level's split follows
// from its set of dishes, so no set of dishes is in two splits, and none
// of MindAgent's sets is in train or dev.
const (
	DefaultCuisineTrain = 300 // 60 generated levels × 5 α
	DefaultCuisineDev   = 60  // 12 generated levels × 5 α
	DefaultCuisineTest  = 65  // MindAgent's 13 levels × 5 α
	// MaxCuisineAgents: MindAgent's one-shot demos go up to 4 agents.
	MaxCuisineAgents     = 4
	cuisineGeneratorName = "collabcraft/cuisine"
	maxCuisineEpisodes   = 10
)

// Cuisine is the CuisineWorld kind.
var Cuisine = &Kind{
	Name: KindCuisine, TaskType: TypeCuisine,
	Family: FamilyMindAgent, World: WorldCuisine, Orgs: []string{"dispatcher"},
	NotPlayedWhy:  "played in CuisineWorld, a text kitchen of lock-step actions with no Minecraft world, commands or tools",
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: map[string]int{SplitTrain: DefaultCuisineTrain, SplitDev: DefaultCuisineDev, SplitTest: DefaultCuisineTest},
	Scored:        true,
	Knobs: []Knob{
		{Name: "level", Type: KnobString, read: fromDifficulty("level")},
		{Name: "class", Type: KnobString, read: fromDifficulty("class")},
		{Name: "alpha", Type: KnobString, read: fromDifficulty("alpha")},
		{Name: "dishes", Type: KnobInt, read: fromDifficulty("dishes")},
		{Name: "human", Type: KnobBool, read: fromDifficulty("human")},
	},
	generate: func(o GenerateOptions) ([]Task, error) {
		return GenerateCuisine(CuisineOptions{Options: o.Options, Human: o.Human})
	},
	validate: (*validator).cuisine,
	breakdown: func(t *Task) string {
		if t.Level == nil {
			return ""
		}
		return t.Level.Name
	},
	noGoal: true,
	humans: 1,
}

// fromDifficulty reads a knob from the task's difficulty only.
func fromDifficulty(name string) func(map[string]any, string) (string, bool) {
	return fromDifficultyOr(name, func(string) (string, bool) { return "", false })
}

// CuisineOptions select CuisineWorld tasks.
type CuisineOptions struct {
	Options
	// Human makes agent 0 a scripted human (MindAgent's human variant,
	// webpage/app.py): the dispatcher plans for the other agents.
	Human bool
}

// GenerateCuisine makes CuisineWorld tasks: for each level, one task per α
// of MindAgent's five, in order, until N tasks. Test is MindAgent's
// levels, train and dev generated ones (see GenerateCuisineLevel).
func GenerateCuisine(o CuisineOptions) ([]Task, error) {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: cuisine: %w", err)
	}
	if o.Agents > MaxCuisineAgents {
		return nil, fmt.Errorf("procgen: cuisine: agents must be %d to %d, got %d (MindAgent's one-shot demos go up to %d agents)",
			MinAgents, MaxCuisineAgents, o.Agents, MaxCuisineAgents)
	}
	n := o.N
	if n == 0 {
		n = map[string]int{SplitTrain: DefaultCuisineTrain, SplitDev: DefaultCuisineDev, SplitTest: DefaultCuisineTest}[o.Split]
	}
	alphas := cuisine.Alphas
	levels := (n + len(alphas) - 1) / len(alphas)
	var ls []cuisine.Level
	if o.Split == SplitTest {
		ls = cuisine.Levels()
		slices.SortStableFunc(ls, func(a, b cuisine.Level) int { return paperRank(a.Name) - paperRank(b.Name) })
		if levels > len(ls) {
			return nil, fmt.Errorf("procgen: cuisine: the test split is MindAgent's %d levels × %d α = %d tasks, not %d",
				len(ls), len(alphas), len(ls)*len(alphas), n)
		}
		ls = ls[:levels]
	} else {
		var err error
		if ls, err = GenerateCuisineLevels(o.Split, levels, o.Seed); err != nil {
			return nil, err
		}
		for i := range ls {
			ls[i].Agents = o.Agents // the team it is played by; MindAgent's levels keep theirs
		}
	}
	var tasks []Task
	for _, l := range ls {
		for _, a := range alphas {
			if len(tasks) == n {
				break
			}
			tasks = append(tasks, cuisineTask(l, a, o))
		}
	}
	return tasks, nil
}

// paperRank orders MindAgent's levels as the paper's tables do, level_6
// (not in the paper) last.
func paperRank(level string) int {
	if i := slices.Index(cuisine.PaperLevels, level); i >= 0 {
		return i
	}
	return len(cuisine.PaperLevels)
}

func cuisineTask(l cuisine.Level, alpha float64, o CuisineOptions) Task {
	a := strconv.FormatFloat(alpha, 'f', -1, 64)
	id := fmt.Sprintf("cuisine_%s_alpha_%s_agents_%d", l.Name, a, o.Agents)
	class := cuisine.Class(l.Name)
	switch {
	case class != "":
	case slices.ContainsFunc(cuisine.Levels(), l.Equal):
		class = "code" // level_6: in MindAgent's code, not its paper
	default:
		class = "generated"
	}
	t := Task{
		ID: id, Type: TypeCuisine, AgentCount: o.Agents, Level: &l, Alpha: alpha,
		Episodes: cuisine.EpisodesPerSetting, Split: o.Split,
		Difficulty: map[string]any{"level": l.Name, "class": class, "alpha": alpha, "dishes": len(l.Dishes), "agents": o.Agents, "human": o.Human},
		Generator:  &Generator{Name: cuisineGeneratorName, Version: GeneratorVersion},
	}
	if o.Human {
		t.ID += "_human"
		t.HumanCount = IntPtr(1)
	}
	t.Seed = taskSeed(o.Seed, t.ID)
	return t
}

// cuisineHeldOut are MindAgent's sets of dishes, kept out of train and dev.
func cuisineHeldOut() map[string]bool {
	out := map[string]bool{}
	for _, l := range cuisine.Levels() {
		out[l.DishSet()] = true
	}
	return out
}

// CuisineSplitOf is the split a generated level's set of dishes belongs
// to: dev for one set in ten (by its hash), else train; "" for one of
// MindAgent's own sets, which are the test split.
func CuisineSplitOf(dishSet string) string {
	if cuisineHeldOut()[dishSet] {
		return ""
	}
	h := fnv.New64a()
	h.Write([]byte(dishSet))
	if h.Sum64()%10 == 0 {
		return SplitDev
	}
	return SplitTrain
}

// GenerateCuisineLevels draws n distinct levels of a split (train or dev),
// each one GenerateCuisineLevel draws whose set of dishes belongs to it.
func GenerateCuisineLevels(split string, n int, seed uint64) ([]cuisine.Level, error) {
	if split != SplitTrain && split != SplitDev {
		return nil, fmt.Errorf("procgen: cuisine: generated levels are train or dev, not %q", split)
	}
	rng := rngFor(seed, "cuisine/"+split)
	var out []cuisine.Level
	seen := map[string]bool{}
	for tries := 0; len(out) < n; tries++ {
		if tries > 200*n+1000 {
			return nil, fmt.Errorf("procgen: cuisine: could not draw %d distinct %s levels", n, split)
		}
		l := GenerateCuisineLevel(rng)
		key := l.DishSet() + "|" + strings.Join(l.Kitchen, ",")
		if seen[key] || CuisineSplitOf(l.DishSet()) != split {
			continue
		}
		seen[key] = true
		out = append(out, l)
	}
	return out, nil
}

// GenerateCuisineLevel draws one level: 1 to 4 dishes from
// cuisine.Orderable, each after the first preferring dishes that need at
// most one tool kind the kitchen does not have yet (MindAgent's levels are
// themed: sushi, salads, burritos); a kitchen of storage, every tool kind
// the dishes need, once or twice, now and then a tool no dish needs, and
// the serving table second or last. The level is solvable: every dish can
// be made with the kitchen's tools (Unservable is empty) and it validates.
func GenerateCuisineLevel(rng *rand.Rand) cuisine.Level {
	pool := cuisine.Orderable()
	nDishes := 1 + rng.IntN(4)
	dishes := []string{pool[rng.IntN(len(pool))]}
	var kinds []string
	addKinds := func(d string) {
		for _, k := range cuisine.ToolsFor(d) {
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	addKinds(dishes[0])
	for len(dishes) < nDishes {
		var near, all []string
		for _, d := range pool {
			if slices.Contains(dishes, d) {
				continue
			}
			all = append(all, d)
			extra := 0
			for _, k := range cuisine.ToolsFor(d) {
				if !slices.Contains(kinds, k) {
					extra++
				}
			}
			if extra <= 1 {
				near = append(near, d)
			}
		}
		if len(near) == 0 {
			near = all
		}
		d := near[rng.IntN(len(near))]
		dishes = append(dishes, d)
		addKinds(d)
	}
	var tools []string
	for _, k := range kinds {
		copies := 1
		if rng.Float64() < 0.6 {
			copies = 2
		}
		for range copies {
			tools = append(tools, k)
		}
	}
	if rng.Float64() < 0.2 {
		var spare []string
		for _, t := range cuisine.Tools() {
			if t.Name != cuisine.Storage && t.Name != cuisine.ServingTable && !slices.Contains(kinds, t.Name) {
				spare = append(spare, t.Name)
			}
		}
		tools = append(tools, spare[rng.IntN(len(spare))])
	}
	kitchen := append([]string{cuisine.Storage}, tools...)
	if rng.IntN(2) == 0 {
		kitchen = slices.Insert(kitchen, 1, cuisine.ServingTable)
	} else {
		kitchen = append(kitchen, cuisine.ServingTable)
	}
	l := cuisine.Level{Dishes: dishes, Kitchen: kitchen, Agents: 2}
	h := fnv.New32a()
	h.Write([]byte(l.DishSet() + "|" + strings.Join(kitchen, ",")))
	l.Name = fmt.Sprintf("level_gen_%08x", h.Sum32())
	return l
}

// cuisine checks a CuisineWorld task: the level validates and can serve
// every dish it orders (MindAgent's own level_12, which orders frenchFries
// without a fryer, is kept as MindAgent ships it, so its column of the
// paper's tables compares like with like; any other such level is
// refused), α is positive, the team has a one-shot demo, at most one human.
func (v *validator) cuisine() {
	t := v.t
	if t.Level == nil {
		v.add("level", `missing (expected a CuisineWorld level {"name", "dishes", "kitchen", "agents"})`)
	} else if err := t.Level.Validate(); err != nil {
		v.add("level", err.Error())
	} else if bad := t.Level.Unservable(); len(bad) > 0 && !isMindAgentLevel(*t.Level) {
		v.add("level.dishes", fmt.Sprintf("%s cannot be served: the kitchen lacks a tool %s needs (expected a solvable level)",
			strings.Join(bad, ", "), plural(len(bad), "its recipe", "their recipes")))
	}
	if !(t.Alpha > 0) || t.Alpha > 100 {
		v.add("alpha", fmt.Sprintf("%v (expected a positive factor, MindAgent's are %v)", t.Alpha, cuisine.Alphas))
	}
	if t.Episodes < 0 || t.Episodes > maxCuisineEpisodes {
		v.add("episodes", fmt.Sprintf("%d (expected 1 to %d, or 0 for MindAgent's %d)", t.Episodes, maxCuisineEpisodes, cuisine.EpisodesPerSetting))
	}
	if t.AgentCount > MaxCuisineAgents {
		v.add("agent_count", fmt.Sprintf("%d (expected 1 to %d: MindAgent's one-shot demos go up to %d agents)", t.AgentCount, MaxCuisineAgents, MaxCuisineAgents))
	}
	if h := t.HumanCount; h != nil && *h == 1 && t.AgentCount < 2 {
		v.add("human_count", "1 with agent_count below 2 (the human is agent 0 of the agents; expected at least one agent to dispatch)")
	}
}

func isMindAgentLevel(l cuisine.Level) bool {
	m, ok := cuisine.LevelNamed(l.Name)
	return ok && m.Equal(l)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
