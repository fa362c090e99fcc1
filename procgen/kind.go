package procgen

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Kind describes one kind of task: its names, its splits, its knobs and
// what procgen does with it. Every layer above keeps its own per-kind
// behaviour in one table keyed by *Kind; adding a kind means one
// descriptor here plus one entry per table (each table has a test that it
// covers Kinds()).
type Kind struct {
	Name     string // on the command line and in datasets: "crafting"
	TaskType string // the task file's "type": "techtree"
	// Splits lists the kind's splits in order; DefaultCounts is how many
	// tasks each has by default (the paper's Table 2; dev as large as test).
	Splits        []string
	DefaultCounts map[string]int
	// Scored kinds are judged by score (the fraction of the goal done), the
	// others by success.
	Scored bool
	// Quantiled kinds are filtered by the paper's recipe to the top
	// quantile of their scores (construction); other scored kinds
	// (cuisine, whose score is MindAgent's CoS of a setting) keep every
	// trial that did not error.
	Quantiled bool
	// Complete kinds are scored, and their judge also says whether a
	// trial is complete, which a full score alone does not make:
	// VillagerBench's construction is complete at C = 100 and VHR = 100
	// (a house whose views show leftover ladders is not). The success
	// filter keeps only complete trials of these kinds.
	Complete bool
	// Knobs are the kind's difficulty settings.
	Knobs []Knob
	// Family is the benchmark the kind comes from: FamilyMineCollab
	// (MINDcraft's tasks, the suites of `procgen suite`) or
	// FamilyMindAgent (CuisineWorld and its Minecraft kitchen) or
	// FamilyVillagerBench (farm-to-table, construction).
	Family string
	// World is the world its tasks are played in: WorldMinecraft (the
	// embedded Minecraft world, which every organisation plays) or
	// WorldCuisine (CuisineWorld, a text kitchen of lock-step actions,
	// which only the dispatcher plays).
	World string
	// Orgs are the organisations that play the kind (nil: every one).
	// MindAgent's kinds are lock-step order streams, which only its
	// dispatcher plays.
	Orgs []string
	// NotPlayedWhy completes "a <kind> task is ..." for an organisation
	// not in Orgs: why it cannot play the kind (with Orgs empty, "no
	// organisation plays <kind> tasks yet: they are ...").
	NotPlayedWhy string
	// notPlayedTask is why org cannot play one task of a kind it plays
	// ("" when it can; nil: it plays them all).
	notPlayedTask func(t *Task, org string) string

	generate func(GenerateOptions) ([]Task, error)
	// target names what a task's splits never share (VillagerBench's
	// kinds: the dish, the structure) from its difficulty; nil: the kind
	// reports none.
	target    func(difficulty map[string]any) string
	validate  func(*validator)
	breakdown func(*Task) string // the main knob's value as Breakdown counts it ("" = other)
	// alwaysWritten are task-file fields MINDcraft writes for the kind even
	// when empty, so its own files round-trip unchanged.
	alwaysWritten []string
	// noGoal: the kind's tasks have no goal text (the dispatcher's prompt
	// is the level); humans: the human players a task may have.
	noGoal bool
	humans int
	// solo: the kind's tasks may have one agent (S-Agents' solo baseline).
	solo bool
}

// Families and worlds of task kinds.
const (
	FamilyMineCollab = "minecollab"
	FamilyMindAgent  = "mindagent"
	// FamilyVillagerBench is VillagerBench's (seed 001): farm-to-table and construction.
	FamilyVillagerBench = "villagerbench"
	// FamilySAgents is S-Agents' (seed 000): collective collection and the shelter.
	FamilySAgents = "s-agents"
	// FamilyCoVoyager is Co-Voyager's (seed 004): its three tasks.
	FamilyCoVoyager = "co-voyager"
	WorldMinecraft  = "minecraft"
	WorldCuisine    = "cuisine"
)

// TargetOf is what train, dev and test never share for a task of the
// kind (a farm dish "dish:cake", a VillagerBench structure
// "structure:<hash>"), read from its difficulty knobs: "" for a kind
// that reports none or a task without the knob.
func (k *Kind) TargetOf(difficulty map[string]any) string {
	if k == nil || k.target == nil {
		return ""
	}
	return k.target(difficulty)
}

// prefixed is a string knob's value with a prefix, "" when it is missing.
func prefixed(prefix string, v any) string {
	if s, ok := v.(string); ok && s != "" {
		return prefix + s
	}
	return ""
}

// PlayedBy reports whether the organisation named org plays the kind.
func (k *Kind) PlayedBy(org string) bool { return k.Orgs == nil || slices.Contains(k.Orgs, org) }

// TaskNotPlayedWhy is why org cannot play task t of the kind, though it
// plays the kind ("" when it can): a VillagerBench blueprint with a block
// state MINDcraft's commands cannot set, say.
func (k *Kind) TaskNotPlayedWhy(t *Task, org string) string {
	if k.notPlayedTask == nil {
		return ""
	}
	return k.notPlayedTask(t, org)
}

// InMinecraft reports whether the kind's tasks are played in the Minecraft
// world (every kind but CuisineWorld's).
func (k *Kind) InMinecraft() bool { return k.World == WorldMinecraft }

// Task kinds as the command line names them.
const (
	KindCrafting     = "crafting"
	KindCooking      = "cooking"
	KindConstruction = "construction"
	KindCuisine      = "cuisine"
	KindMCKitchen    = "mckitchen"
	KindFarm         = "farm"
	// KindVBConstruction is VillagerBench's construction.
	KindVBConstruction = "vbconstruction"
	// KindEscape is VillagerBench's escape rooms.
	KindEscape = "escape"
	// KindCollection is S-Agents' collective collection.
	KindCollection = "collection"
	// KindShelter is S-Agents' shelter.
	KindShelter = "shelter"
	// KindCoVoyager is Co-Voyager's compass, diamond pickaxe and pig.
	KindCoVoyager = "covoyager"
)

// The task kinds.
var (
	Crafting = &Kind{
		Name: KindCrafting, TaskType: TypeCrafting,
		Family: FamilyMineCollab, World: WorldMinecraft,
		Splits:        []string{SplitTrain, SplitDev, SplitTest},
		DefaultCounts: map[string]int{SplitTrain: DefaultCraftingTrain, SplitDev: DefaultCraftingDev, SplitTest: DefaultCraftingTest},
		Knobs: []Knob{
			numberKnob("depth", "depth"),
			{Name: "plan", Column: "plan", Type: KnobString, read: fromDifficultyOr("plan", planFromID)},
			numberKnob("missing", "missing_items"),
		},
		generate: func(o GenerateOptions) ([]Task, error) {
			return GenerateCrafting(CraftingOptions{Options: o.Options, MaxDepth: o.MaxDepth})
		},
		validate:      (*validator).crafting,
		alwaysWritten: []string{"number_of_target", "missing_items", "requires_ctable"},
		breakdown: func(t *Task) string {
			if t.Depth == nil {
				return ""
			}
			return fmt.Sprintf("depth %d", *t.Depth)
		},
	}
	Cooking = &Kind{
		Name: KindCooking, TaskType: TypeCooking,
		Family: FamilyMineCollab, World: WorldMinecraft,
		Splits:        []string{SplitTrain, SplitTest}, // no dev split
		DefaultCounts: map[string]int{SplitTrain: DefaultCookingTrain, SplitTest: DefaultCookingTest},
		Knobs: []Knob{
			{Name: "blocked", Type: KnobInt, read: fromDifficultyOr("blocked", blockedFromID)},
			{Name: "variant", Type: KnobString, read: readVariant},
			{Name: "hells_kitchen", Column: "hells_kitchen", Type: KnobBool, read: hellsKitchen},
		},
		generate: func(o GenerateOptions) ([]Task, error) {
			return GenerateCookingWith(CookingOptions{Options: o.Options, Chest: o.Chest})
		},
		validate:      (*validator).cooking,
		alwaysWritten: []string{"blocked_access_to_recipe"},
		breakdown: func(t *Task) string {
			v, _ := t.Difficulty["variant"].(string)
			return v
		},
	}
	Construction = &Kind{
		Name: KindConstruction, TaskType: TypeConstruction,
		Family: FamilyMineCollab, World: WorldMinecraft,
		Splits:        []string{SplitTrain, SplitDev, SplitTest},
		DefaultCounts: map[string]int{SplitTrain: DefaultConstructionTrain, SplitDev: DefaultConstructionDev, SplitTest: DefaultConstructionTest},
		Scored:        true,
		Quantiled:     true,
		Knobs: []Knob{
			numberKnob("materials", "materials"),
			numberKnob("rooms", "rooms"),
			numberKnob("windows", "windows"),
			numberKnob("carpets", "carpets"),
			numberKnob("variant", "variant"),
		},
		generate: func(o GenerateOptions) ([]Task, error) {
			return GenerateConstruction(ConstructionOptions{Options: o.Options, SplitMaterials: o.SplitMaterials, HeldOut: o.HeldOut})
		},
		validate: (*validator).construction,
		breakdown: func(t *Task) string {
			if r, ok := t.Difficulty["rooms"]; ok {
				return fmt.Sprintf("rooms %v", r)
			}
			return ""
		},
	}
)

// kinds is every kind in suite order.
var kinds = []*Kind{Crafting, Cooking, Construction, Cuisine, MCKitchen, Farm, VBConstruction, Escape, Collection, Shelter, CoVoyager}

// AllKinds returns the kind descriptors in suite order.
func AllKinds() []*Kind { return slices.Clone(kinds) }

// Kinds lists the kinds' names, in suite order.
func Kinds() []string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.Name
	}
	return names
}

// KindNamed returns the kind of a command-line or dataset name ("crafting").
func KindNamed(name string) (*Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// KindOfType returns the kind of a task file's type ("techtree").
func KindOfType(taskType string) (*Kind, bool) {
	for _, k := range kinds {
		if k.TaskType == taskType {
			return k, true
		}
	}
	return nil, false
}

// IsScored reports whether tasks of a task-file type are judged by score;
// a type no kind has is judged by success.
func IsScored(taskType string) bool {
	k, ok := KindOfType(taskType)
	return ok && k.Scored
}

// IsJudgedComplete reports whether a scored task-file type's judge also
// says whether a trial is complete (Kind.Complete).
func IsJudgedComplete(taskType string) bool {
	k, ok := KindOfType(taskType)
	return ok && k.Complete
}

// IsQuantiled reports whether the paper's filter recipe keeps the top
// quantile of a task-file type's trials by score.
func IsQuantiled(taskType string) bool {
	k, ok := KindOfType(taskType)
	return ok && k.Quantiled
}

// Knob returns the kind's knob of that name.
func (k *Kind) Knob(name string) (*Knob, bool) {
	for i := range k.Knobs {
		if k.Knobs[i].Name == name {
			return &k.Knobs[i], true
		}
	}
	return nil, false
}

// Splits lists the splits a kind has (none for an unknown kind).
func Splits(kind string) []string {
	if k, ok := KindNamed(kind); ok {
		return k.Splits
	}
	return nil
}

// DefaultCount is how many tasks a kind's split has by default.
func DefaultCount(kind, split string) int {
	if k, ok := KindNamed(kind); ok {
		return k.DefaultCounts[split]
	}
	return 0
}

// GenerateOptions select the tasks Generate makes.
type GenerateOptions struct {
	Options
	MaxDepth       int    // crafting: depths 0..MaxDepth-1 (0 = default)
	SplitMaterials string // construction: SplitEven or SplitByType ("" = even)
	HeldOut        int    // construction: see ConstructionOptions.HeldOut
	Chest          bool   // cooking: see CookingOptions.Chest
	Human          bool   // cuisine: see CuisineOptions.Human; covoyager: agent 0 is a scripted human
	MINDcraft      bool   // vbconstruction: generated blueprints MINDcraft's placeBlock can build (villagerbench.MINDcraftStates)
	Material       string // collection: one material (CollectionMaterials); "" = all in turn
	Family         string // covoyager: one family (CoVoyagerFamilies); "" = all in turn
	Quantity       int    // collection: one quantity (0 = the split's own)
	Size           int    // shelter: one foundation side (0 = the split's own)
	Height         int    // shelter: one wall height (0 = 3, 2 and 4 in turn)
	Wall           string // shelter: one wall material ("" = ShelterWalls in turn)
	Stone          string // shelter: one foundation and ceiling material ("" = ShelterStones in turn)
}

// MinAgentsOf is the fewest agents a task of the kind may have:
// MinAgents, or 1 for a kind with a solo baseline (collection).
func (k *Kind) MinAgentsOf() int {
	if k.solo {
		return 1
	}
	return MinAgents
}

// Generate makes tasks of one kind.
func Generate(kind string, opts GenerateOptions) ([]Task, error) {
	k, ok := KindNamed(kind)
	if !ok {
		return nil, fmt.Errorf("procgen: unknown task kind %q (expected %s)", kind, strings.Join(Kinds(), ", "))
	}
	return k.generate(opts)
}

// Breakdown summarises tasks by their main difficulty knob: depth for
// crafting, recipe variant for cooking, rooms level for construction.
func Breakdown(tasks []Task) string {
	counts := map[string]int{}
	for _, t := range tasks {
		var key string
		if k, ok := KindOfType(t.Type); ok {
			key = k.breakdown(&t)
		}
		if key == "" {
			key = "other"
		}
		counts[key]++
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, counts[k]))
	}
	return strings.Join(parts, ", ")
}

// taskTypes is "techtree, cooking or construction" for messages.
func taskTypes() string {
	types := make([]string, len(kinds))
	for i, k := range kinds {
		types[i] = k.TaskType
	}
	return strings.Join(types[:len(types)-1], ", ") + " or " + types[len(types)-1]
}
