package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"collabcraft/procgen"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TasksOptions holds the flags of `procgen tasks`.
type TasksOptions struct {
	Type           string
	Split          string
	Agents         int
	N              int
	Seed           uint64
	Output         string
	MaxDepth       int
	SplitMaterials string
	Chest          bool
	Human          bool
	MINDcraft      bool
	Material       string
	Quantity       int
	Size           int
	Height         int
	Wall           string
	Stone          string
	Family         string

	out io.Writer // where the summary line goes; os.Stderr when nil
}

// AddFlags registers the flags of `procgen tasks`.
func (opts *TasksOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVar(&opts.Type, "type", "", "task type: crafting, cooking, construction, cuisine, mckitchen, farm, vbconstruction, escape, collection, shelter or covoyager (required)")
	f.StringVar(&opts.Split, "split", procgen.SplitTrain, "split: train, dev or test (cooking: train or test)")
	f.IntVar(&opts.Agents, "agents", 2, "agents per task, 2 to 5 (cuisine: 2 to 4; collection and shelter: 1 to 5, 1 the solo baseline; covoyager: the players, the human among them with --human)")
	f.IntVar(&opts.N, "n", 0, "number of tasks (0 = the default for the type and split: crafting 1200/100/100, cooking 280/90, construction 2000/30/30, cuisine 300/60/65, mckitchen 50/20/5, farm 200/20/106, vbconstruction 240/24/100, escape 400/40/122, collection 600/60/60, shelter 400/40/60, covoyager 120/30)")
	f.Uint64Var(&opts.Seed, "seed", 0, "random seed; the same seed and flags give byte-identical files")
	f.StringVarP(&opts.Output, "output", "o", "", "task file to write (required; - for standard output)")
	f.IntVar(&opts.MaxDepth, "max-depth", procgen.DefaultCraftingMaxDepth, "crafting: recipe depths 0 to max-depth-1")
	f.StringVar(&opts.SplitMaterials, "split-materials", procgen.SplitEven, "construction: how blueprint materials are dealt: even or by-type")
	f.BoolVar(&opts.Human, "human", false, "cuisine: agent 0 is a scripted human, MindAgent's human variant (the dispatcher plans for the others); covoyager: agent 0 is a scripted human player who takes subtasks from the queue")
	f.BoolVar(&opts.MINDcraft, "mindcraft-states", false, "vbconstruction: generated blueprints whose every state MINDcraft's placeBlock can set (no doors or trapdoors, wall torches for signs, planks for logs lying along x or z), so p2p teams can build them; ids end in _mc")
	f.StringVar(&opts.Material, "material", "", "collection: one material, logs, stones or iron (default: the three in turn)")
	f.IntVar(&opts.Quantity, "quantity", 0, "collection: how many the team must mine, 1 to 640, in the split's own range (test: 50 or 100; dev: other multiples of 25; train: the rest; default: the split's in turn)")
	f.IntVar(&opts.Size, "size", 0, "shelter: the foundation's side, 3 to 9, in the split's own range (test: 5, the paper's 25 stone; dev: 6; train: the rest; default: the split's in turn)")
	f.IntVar(&opts.Height, "height", 0, "shelter: the walls' height, 2 to 5 (default: 3, 2 and 4 in turn)")
	f.StringVar(&opts.Wall, "wall", "", "shelter: the wall material the agents get, planks or logs (default: oak, spruce and birch planks in turn)")
	f.StringVar(&opts.Stone, "stone", "", "shelter: the foundation and ceiling material the agents get (default: cobblestone, stone and stone_bricks in turn)")
	f.StringVar(&opts.Family, "family", "", "covoyager: one of Co-Voyager's three tasks and its variants, compass, diamond_pickaxe or cook_pig (default: the three in turn)")
	f.BoolVar(&opts.Chest, "chest", false, "cooking: let some tasks keep an ingredient in a kitchen chest (chest_items, collabcraft's extension: MINDcraft's cooking world has no chest)")
}

func newTasksCommand(gopts *GlobalOptions) *cobra.Command {
	var opts TasksOptions
	cmd := &cobra.Command{
		Use:   "tasks --type crafting|cooking|construction|cuisine|mckitchen|farm|vbconstruction|escape|collection|shelter|covoyager -o FILE",
		Short: "Generate a MINDcraft-compatible task file",
		Long: `tasks generates collaborative tasks of one type and split and writes them
as a MINDcraft task file (a JSON object of task id -> task).

crafting: craft a target whose ingredients are split so that no agent can
finish alone; recipe depth 0..max-depth-1; some items withheld to be gathered
(the gatherer gets the tool); the crafting plan visible to all (full_plan),
some (partial_plan) or no agents (no_plan).
cooking: cook a meal of 2 or more dishes; hard-to-get ingredients split across
the agents (with --chest, sometimes one in a kitchen chest); recipes hidden from some agents, or the
Hell's Kitchen variant where each agent holds only its partner's recipe.
construction: build a generated house from its blueprint, materials dealt to
the agents.
cuisine: MindAgent's CuisineWorld (played by --org dispatcher): a level (the
dishes ordered, the kitchen's tools) at one order interval factor α, 3
episodes of 60 steps; each level gives one task per α of MindAgent's five.
Test is MindAgent's 13 levels, train and dev are generated levels (seeded
dish and tool sets, every dish servable), split by their set of dishes.
mckitchen: MindAgent's Minecraft kitchen (its paper's section 7; --org
dispatcher): kill animals, mine coal, smelt the meat and put it in the chest
as orders with deadlines come; test orders all four meats, as the paper's
agents cooked, dev three, train two.
farm: VillagerBench's farm-to-table: cook a dish from a scene of chests,
farms, pastures and a mine, each ingredient supplied its own way; scored by
VillagerBench's checkpoints, timed 200·D s (D the setting's dependency
complexity). Test is the paper's 100 settings (cake, rabbit stew) and the
generated test dishes; train and dev are other dishes.
vbconstruction: VillagerBench's construction: build a blueprint whose
blocks have a facing from a chest of materials, scored by its judge (C:
blocks in place with their facing; VHR: five views). Test is the paper's
100 blueprints, train and dev generated gates, huts, pavilions and towers
that share no structure with them. --org dag plays every blueprint; p2p
refuses, naming the block, one with a state MINDcraft's placeBlock cannot
set (an axis x or z, a door's facing): --mindcraft-states writes generated
ones without those.
escape: VillagerBench's escape rooms (not played by any organisation yet):
rooms laid out from its 18 puzzle atoms by its StateTree (levers, buttons,
pressure plates, doors, trapdoors, gates, lava, pistons, keyed chests; some
need agents acting within a few seconds of each other, some split the team
into rooms that hide them from each other), scored by its judge's C. Test is
VillagerBench's own 22 tasks (1-4 rooms) and then generated tasks of 2 to 5
rooms; train and dev share no room layout with test or each other.
collection: S-Agents' collective collection (not played by any organisation
yet): mine N logs, stones or iron (--material, --quantity), every agent
starting with nothing, in a world of trees, stone outcrops and quarry pits
with iron ore underground, the material's sources at least a distance from
the spawn (8, 24 or 40 blocks: the farther need exploring); tools climb the
tiers (a wooden pickaxe for stone, a stone one for iron). Scored by the
share of N the team holds. Test is the paper's quantities (50 and 100),
dev the other multiples of 25, train the rest; --agents 1 is the solo
baseline.
shelter: S-Agents' shelter (not played by any organisation yet): on a given
plot, a stone foundation, wooden walls (--height high, a 1x2 door gap in the
south wall) and a stone ceiling (--size, --wall, --stone); every third agent
starts with the stone, the others with the planks (two with planks, one
with stone for three agents). Scored by the world's validator: the share of
the shelter's cells in place. Test is the paper's 5x5 foundation, dev 6x6,
train 4x4 and 7x7.
covoyager: Co-Voyager's tasks, played by the queue organisation (--org
queue): craft a compass, craft a diamond pickaxe, kill a pig and cook it,
in a 17x21 arena with ore blocks, an empty chest and 8 trees; every
subtask ends in the chest, and the task is done when the chest holds the
target. Test is the paper's three in its arena; train their variants
(--family: another iron tool, diamond tool or meat, counts of 2, other
arenas and tree counts). --human makes agent 0 a scripted human player.

Train, dev and test never share a target (crafting item, dish, blueprint,
cuisine's set of dishes, farm dish, VillagerBench structure, escape layout,
collection material and quantity, shelter size, height and materials,
covoyager target, count and arena).`,
		Example: `  collabcraft procgen tasks --type crafting --split train --agents 2 -o tasks/crafting_train.json
  collabcraft procgen tasks --type cooking --split test --agents 3 --n 30 --seed 7 -o tasks/cooking_test_3.json
  collabcraft procgen tasks --type construction --split test -o -
  collabcraft procgen tasks --type cuisine --split test --agents 3 -o tasks/cuisine_test_3.json
  collabcraft procgen tasks --type farm --split test -o tasks/farm_test.json
  collabcraft procgen tasks --type vbconstruction --split test --agents 3 -o tasks/vb_construction_test_3.json
  collabcraft procgen tasks --type escape --split test --n 122 -o tasks/escape_test.json
  collabcraft procgen tasks --type collection --split test --agents 3 --material iron --quantity 50 --n 10 -o tasks/iron50_3.json
  collabcraft procgen tasks --type shelter --split test --agents 3 -o tasks/shelter_test_3.json
  collabcraft procgen tasks --type covoyager --split test --agents 3 --human -o tasks/covoyager_test_human.json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTasks(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runTasks(_ context.Context, opts TasksOptions, gopts GlobalOptions, _ []string) error {
	if !slices.Contains(procgen.Kinds(), opts.Type) {
		if opts.Type == "" {
			return commandLinef("--type is required: %s", strings.Join(procgen.Kinds(), ", "))
		}
		return usagef("--type %q: want one of %s", opts.Type, strings.Join(procgen.Kinds(), ", "))
	}
	if splits := procgen.Splits(opts.Type); !slices.Contains(splits, opts.Split) {
		return usagef("--split %q: %s tasks have splits %s", opts.Split, opts.Type, strings.Join(splits, ", "))
	}
	kind, _ := procgen.KindNamed(opts.Type)
	if opts.Agents < kind.MinAgentsOf() || opts.Agents > procgen.MaxAgents {
		return usagef("--agents %d: want %d to %d agents", opts.Agents, kind.MinAgentsOf(), procgen.MaxAgents)
	}
	if (opts.Material != "" || opts.Quantity != 0) && kind != procgen.Collection {
		return usagef("--material and --quantity are for collection tasks, not %s", opts.Type)
	}
	if (opts.Size != 0 || opts.Height != 0 || opts.Wall != "" || opts.Stone != "") && kind != procgen.Shelter {
		return usagef("--size, --height, --wall and --stone are for shelter tasks, not %s", opts.Type)
	}
	if opts.Family != "" && kind != procgen.CoVoyager {
		return usagef("--family is for covoyager tasks, not %s", opts.Type)
	}
	if opts.N < 0 || opts.N > procgen.MaxTasks {
		return usagef("--n %d: want a number of tasks from 0 (the default) to %d", opts.N, procgen.MaxTasks)
	}
	if opts.MaxDepth < 1 || opts.MaxDepth > procgen.MaxCraftingMaxDepth {
		return usagef("--max-depth %d: want 1 to %d", opts.MaxDepth, procgen.MaxCraftingMaxDepth)
	}
	if opts.SplitMaterials != procgen.SplitEven && opts.SplitMaterials != procgen.SplitByType {
		return usagef("--split-materials %q: want %s or %s", opts.SplitMaterials, procgen.SplitEven, procgen.SplitByType)
	}
	if opts.Output == "" {
		return commandLinef("-o/--output is required: the task file to write, or - for standard output")
	}
	tasks, err := procgen.Generate(opts.Type, procgen.GenerateOptions{
		Options:        procgen.Options{Split: opts.Split, Agents: opts.Agents, N: opts.N, Seed: opts.Seed},
		MaxDepth:       opts.MaxDepth,
		SplitMaterials: opts.SplitMaterials,
		Chest:          opts.Chest,
		Human:          opts.Human,
		MINDcraft:      opts.MINDcraft,
		Material:       opts.Material,
		Quantity:       opts.Quantity,
		Size:           opts.Size,
		Height:         opts.Height,
		Wall:           opts.Wall,
		Stone:          opts.Stone,
		Family:         opts.Family,
	})
	if err != nil {
		return err
	}
	if opts.Output == "-" {
		data, err := procgen.EncodeTasks(tasks)
		if err != nil {
			return err
		}
		_, err = os.Stdout.Write(data)
		return err
	}
	if err := procgen.WriteTaskFile(opts.Output, tasks); err != nil {
		return err
	}
	if !gopts.Quiet {
		out := opts.out
		if out == nil {
			out = os.Stderr
		}
		fmt.Fprintf(out, "wrote %d %s tasks (%s, %d agents; %s) to %s\n",
			len(tasks), opts.Type, opts.Split, opts.Agents, procgen.Breakdown(tasks), opts.Output)
	}
	return nil
}
