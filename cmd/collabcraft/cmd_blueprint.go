package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"collabcraft/atomicfile"
	"collabcraft/blueprints"
	"collabcraft/procgen"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// BlueprintOptions holds the flags of `procgen blueprint`.
type BlueprintOptions struct {
	Materials, Rooms, Windows, Carpets int
	RoomCount                          int
	Grid                               int
	Variant                            int
	Seed                               uint64
	Format                             string // json | task | text | png | nbt
	Output                             string // "" or "-" = stdout
	Agents                             int
	SplitMaterials                     string
	Origin                             string // "X,Y,Z"; "" = MINDcraft's default

	out      io.Writer // stdout when nil
	terminal bool      // tests: treat out as a terminal
}

// AddFlags registers the flags shared by `procgen blueprint` and its
// import subcommand (output format and task settings).
func (opts *BlueprintOptions) addOutputFlags(f *pflag.FlagSet) {
	f.StringVar(&opts.Format, "format", "", "output format: json (MINDcraft blueprint), task (a construction task file), text, png or nbt (vanilla structure); default: json, or on a terminal the text view with a summary")
	f.StringVarP(&opts.Output, "output", "o", "", "write to this file instead of standard output")
	f.IntVar(&opts.Agents, "agents", 2, "agents in the task (--format task), 2 to 5")
	f.StringVar(&opts.SplitMaterials, "split-materials", procgen.SplitEven, "how the task deals materials: even, or by-type (each material to one agent)")
	f.StringVar(&opts.Origin, "origin", "", "world X,Y,Z of level 0's first cell (default 148,-60,-170)")
}

// AddFlags registers the flags of `procgen blueprint`.
func (opts *BlueprintOptions) AddFlags(f *pflag.FlagSet) {
	f.IntVar(&opts.Materials, "materials", 0, "materials level 0..2 as in MINDcraft (3 and 4 also allowed): walls use the first level+2 of stone, terracotta, quartz_block, copper_block, purpur_block")
	f.IntVar(&opts.Rooms, "rooms", 0, "rooms level 0..2: 4, 6 or 8 rooms")
	f.IntVar(&opts.Windows, "windows", 0, "windows level: 0 none, 1 square windows, 2 whole glass walls")
	f.IntVar(&opts.Carpets, "carpets", 0, "carpets level: 0 none, 1 about 30% of floors, 2 about 70%")
	f.IntVar(&opts.RoomCount, "room-count", 0, "exact number of rooms (overrides the rooms level's count)")
	f.IntVar(&opts.Grid, "grid", 0, "side of the cube the house must fit in (default 10 + 5*(rooms/4), as MINDcraft)")
	f.IntVar(&opts.Variant, "variant", 0, "variant number; with the same --seed it is the blueprint of the task with this id (variant%3: 0 train, 1 dev, 2 test)")
	f.Uint64Var(&opts.Seed, "seed", 0, "generator seed, as given to procgen tasks")
	opts.addOutputFlags(f)
}

func newBlueprintCommand(gopts *GlobalOptions) *cobra.Command {
	var opts BlueprintOptions
	cmd := &cobra.Command{
		Use:   "blueprint [--materials N] [--rooms N] [--windows N] [--carpets N] [--format F] [-o FILE]",
		Short: "Generate a house blueprint (or import one) and write it as JSON, a task, text, PNG or NBT",
		Long: `blueprint generates one procedural house the way MINDcraft's construction
generator does: a stone ground slab and rooms of random size, each attached
above, beside, in front of or behind a previous room, walled in its material,
joined by dark oak doors or a staircase. Every requested room is placed and
every room is reachable on foot from outside.

The knobs (each 0..2) and --variant and --seed pick the house; with the same
--seed, the knobs and variant give the blueprint of the task of that id in
the files procgen tasks --type construction writes.

Formats: json (MINDcraft's blueprint object), task (a task file with one
construction task), text (each level as a character grid with a legend),
png (every level side by side with a legend) and nbt (a vanilla structure
file a structure block loads). png and nbt are binary: they go to a file
(-o) or a pipe, never to a terminal.`,
		Example: `  collabcraft procgen blueprint --rooms 2 --format text
  collabcraft procgen blueprint --materials 2 --rooms 1 --windows 1 --carpets 2 --seed 7 --format png -o house.png
  collabcraft procgen blueprint --rooms 2 --format nbt -o house.nbt
  collabcraft procgen blueprint --room-count 12 --grid 30 --format json -o big.json
  collabcraft procgen blueprint --materials 1 --rooms 1 --variant 2 --format task --agents 3 --split-materials by-type`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBlueprint(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	cmd.AddCommand(newBlueprintImportCommand(gopts))
	return cmd
}

func newBlueprintImportCommand(gopts *GlobalOptions) *cobra.Command {
	var opts BlueprintOptions
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Convert a vanilla structure .nbt or a Sponge .schem into a blueprint",
		Long: `import reads a vanilla structure file (.nbt, as a structure block saves it) or a
Sponge schematic (.schem, versions 2 and 3, as WorldEdit saves it) and writes
it as a blueprint, so agents can build anything you download. Block states
(facing, half, ...) are dropped: blueprints hold plain block names, which is
what MINDcraft compares with the world. Structure voids become air.`,
		Example: `  collabcraft procgen blueprint import tower.schem -o tower.json
  collabcraft procgen blueprint import house.nbt --format text
  collabcraft procgen blueprint import tower.schem --format task --agents 3 -o tasks/tower.json`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBlueprintImport(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.addOutputFlags(cmd.Flags())
	return cmd
}

func (opts *BlueprintOptions) checkOutput() error {
	switch opts.Format {
	case "", "json", "task", "text", "png", "nbt":
	default:
		return usagef("--format %q: want json, task, text, png or nbt", opts.Format)
	}
	if opts.Agents < procgen.MinAgents || opts.Agents > procgen.MaxAgents {
		return usagef("--agents %d: want %d to %d", opts.Agents, procgen.MinAgents, procgen.MaxAgents)
	}
	if opts.SplitMaterials != procgen.SplitEven && opts.SplitMaterials != procgen.SplitByType {
		return usagef("--split-materials %q: want even or by-type", opts.SplitMaterials)
	}
	if (opts.Format == "png" || opts.Format == "nbt") && (opts.Output == "" || opts.Output == "-") && opts.out == nil && term.IsTerminal(int(os.Stdout.Fd())) {
		return usagef("--format %s is binary: write it to a file with -o FILE or pipe it", opts.Format)
	}
	return nil
}

func parseOrigin(s string) (*[3]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return nil, usagef("--origin %q: want X,Y,Z, e.g. 148,-60,-170", s)
	}
	var o [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, usagef("--origin %q: want X,Y,Z integers, e.g. 148,-60,-170", s)
		}
		o[i] = v
	}
	return &o, nil
}

func runBlueprint(_ context.Context, opts BlueprintOptions, _ GlobalOptions, _ []string) error {
	for _, k := range []struct {
		name   string
		v, max int
	}{{"materials", opts.Materials, len(blueprints.RoomMaterials) - 1}, {"rooms", opts.Rooms, 2}, {"windows", opts.Windows, 2}, {"carpets", opts.Carpets, 2}} {
		if k.v < 0 || k.v > k.max {
			return usagef("--%s %d: want a level from 0 to %d", k.name, k.v, k.max)
		}
	}
	if opts.RoomCount < 0 || opts.RoomCount > blueprints.MaxRooms {
		return usagef("--room-count %d: want 1 to %d (0 = the rooms level's count)", opts.RoomCount, blueprints.MaxRooms)
	}
	if opts.Grid < 0 || opts.Grid > blueprints.MaxGridSize {
		return usagef("--grid %d: want a size from 7 to %d (0 = automatic)", opts.Grid, blueprints.MaxGridSize)
	}
	if opts.Variant < 0 {
		return usagef("--variant %d: want 0 or more", opts.Variant)
	}
	if err := opts.checkOutput(); err != nil {
		return err
	}
	origin, err := parseOrigin(opts.Origin)
	if err != nil {
		return err
	}
	knobs := procgen.ConstructionKnobs{Materials: opts.Materials, Rooms: opts.Rooms, Windows: opts.Windows, Carpets: opts.Carpets, RoomCount: opts.RoomCount}
	seed := procgen.ConstructionSeed(opts.Seed, knobs, opts.Variant)
	house, err := blueprints.GenerateHouse(blueprints.HouseOptions{
		Materials: opts.Materials, Rooms: opts.Rooms, Windows: opts.Windows, Carpets: opts.Carpets,
		RoomCount: opts.RoomCount, GridSize: opts.Grid, Seed: seed, Origin: origin, Floor: procgen.FloorOf(seed),
	})
	if err != nil {
		return err
	}
	id := knobs.ID(opts.Variant)
	title := fmt.Sprintf("%s  (seed %d, %d rooms, %d blocks)", id, opts.Seed, len(house.Rooms), house.Blueprint.BlockCount())
	task := func() (procgen.Task, error) {
		co := procgen.ConstructionOptions{Options: procgen.Options{Agents: opts.Agents, Seed: opts.Seed}, SplitMaterials: opts.SplitMaterials}
		return procgen.HouseTask(co, knobs, opts.Variant, seed, house)
	}
	return writeBlueprint(opts, id, title, house.Blueprint, task)
}

func runBlueprintImport(_ context.Context, opts BlueprintOptions, _ GlobalOptions, args []string) error {
	if err := opts.checkOutput(); err != nil {
		return err
	}
	origin, err := parseOrigin(opts.Origin)
	if err != nil {
		return err
	}
	path := args[0]
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	b, err := blueprints.ReadStructure(f, origin)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	id := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	task := func() (procgen.Task, error) {
		co := procgen.ConstructionOptions{Options: procgen.Options{Agents: opts.Agents}, SplitMaterials: opts.SplitMaterials}
		return procgen.BlueprintTask(id, b, co)
	}
	return writeBlueprint(opts, id, id, b, task)
}

// writeBlueprint renders b in the chosen format and writes it.
func writeBlueprint(opts BlueprintOptions, id, title string, b *blueprints.Blueprint, task func() (procgen.Task, error)) error {
	var buf bytes.Buffer
	toStdout := opts.Output == "" || opts.Output == "-"
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	format := opts.Format
	if format == "" {
		// 130 KB of JSON, a block name a line, helps nobody at a terminal:
		// there the default is what a person reads; piped, the JSON.
		format = "json"
		if toStdout && (isTerminal(out) || opts.terminal) {
			format = "summary"
		}
	}
	switch format {
	case "summary":
		buf.WriteString(blueprintSummary(title, b))
		buf.WriteString(blueprints.RenderText(b))
		buf.WriteString("\n(--format json for the blueprint itself, png for a picture)\n")
	case "json":
		data, err := json.MarshalIndent(b, "", "  ")
		if err != nil {
			return err
		}
		buf.Write(data)
		buf.WriteByte('\n')
	case "task":
		t, err := task()
		if err != nil {
			return err
		}
		data, err := procgen.EncodeTasks([]procgen.Task{t})
		if err != nil {
			return err
		}
		buf.Write(data)
	case "text":
		buf.WriteString(blueprints.RenderText(b))
	case "png":
		if err := blueprints.RenderPNG(&buf, b, title); err != nil {
			return err
		}
	case "nbt":
		if err := blueprints.WriteStructure(&buf, b); err != nil {
			return err
		}
	}
	if toStdout {
		_, err := out.Write(buf.Bytes())
		return err
	}
	if err := os.MkdirAll(filepath.Dir(opts.Output), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(opts.Output, buf.Bytes())
}

// blueprintSummary heads the text view (which gives size, levels and
// origin): the title and the materials.
func blueprintSummary(title string, b *blueprints.Blueprint) string {
	var sb strings.Builder
	sb.WriteString(title + "\n")
	counts := b.MaterialCounts()
	var parts []string
	for _, m := range b.MaterialOrder() {
		parts = append(parts, fmt.Sprintf("%d %s", counts[m], m))
	}
	sb.WriteString("materials: " + strings.Join(parts, ", ") + "\n\n")
	return sb.String()
}
