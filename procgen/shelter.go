package procgen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Shelter tasks (S-Agents, seed 000, §IV.A and Fig. 5): build a basic
// shelter of a stone foundation, wooden walls with a door gap and a stone
// ceiling on a given plot; two agents start with planks, one with stone
// (every third agent holds stone, the others planks). The task's
// "shelter" field says where and how big; the world validates the
// structure (world/build_shelter.go) and the score is the share of its
// cells in place. A target is the size, height and materials: test is the
// paper's 5x5 foundation (25 stone, Fig. 5), dev 6x6, train 4x4 and 7x7.
const (
	DefaultShelterTrain = 400
	DefaultShelterDev   = 40
	DefaultShelterTest  = 60
	shelterGenerator    = "collabcraft/shelter"
	// MinShelterSize and MaxShelterSize bound the foundation's side; a
	// side of 3 has a 1x1 inside.
	MinShelterSize   = 3
	MaxShelterSize   = 9
	MinShelterHeight = 2
	MaxShelterHeight = 5
)

// ShelterWalls are the wall materials the generator draws; ShelterStones
// the foundation and ceiling materials.
var (
	ShelterWalls  = []string{"oak_planks", "spruce_planks", "birch_planks"}
	ShelterStones = []string{"cobblestone", "stone", "stone_bricks"}
)

var shelterDefaultCounts = map[string]int{SplitTrain: DefaultShelterTrain, SplitDev: DefaultShelterDev, SplitTest: DefaultShelterTest}

// ShelterSpec is a shelter task's "shelter" field.
type ShelterSpec struct {
	// Site is the foundation's north-west corner (its least x and z) at
	// the level the foundation is laid on: the cell above the grass.
	Site   [3]int `json:"site"`
	Size   int    `json:"size"`   // the foundation's side, in blocks
	Height int    `json:"height"` // the walls' height above the foundation
	Wall   string `json:"wall"`   // the wall material the agents get
	Stone  string `json:"stone"`  // the foundation and ceiling material the agents get
}

// Cells are the shelter's cells by part: the foundation (size²), the
// walls (the ring on the foundation, height high, less the 1x2 door gap
// in the middle of the south wall) and the ceiling (size² on the walls).
func (s ShelterSpec) Cells() (foundation, walls, ceiling int) {
	return s.Size * s.Size, 4*(s.Size-1)*s.Height - 2, s.Size * s.Size
}

// ShelterSplit is the split a foundation size belongs to.
func ShelterSplit(size int) string {
	switch size {
	case 5:
		return SplitTest
	case 6:
		return SplitDev
	}
	return SplitTrain
}

// Shelter is S-Agents' shelter kind.
var Shelter = &Kind{
	Name: KindShelter, TaskType: TypeShelter,
	Family: FamilySAgents, World: WorldMinecraft,
	Orgs:          []string{"tree", "chain", "graph"},
	NotPlayedWhy:  "S-Agents' shelter, typed in the chat for a team whose leader stages and splits the building by the materials its workers report and whose workers place blocks with Voyager programs; the other organisations' agents have no entry for it",
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: shelterDefaultCounts,
	Scored:        true,
	solo:          true,
	Knobs: []Knob{
		{Name: "size", Type: KnobInt, read: fromDifficulty("size")},
		{Name: "height", Type: KnobInt, read: fromDifficulty("height")},
		{Name: "wall", Type: KnobString, read: fromDifficulty("wall")},
		{Name: "stone", Type: KnobString, read: fromDifficulty("stone")},
	},
	generate: GenerateShelter,
	target: func(d map[string]any) string {
		size, ok1 := d["size"].(float64)
		height, ok2 := d["height"].(float64)
		wall, _ := d["wall"].(string)
		stone, _ := d["stone"].(string)
		if !ok1 || !ok2 || wall == "" || stone == "" {
			return ""
		}
		return fmt.Sprintf("shelter:%dx%d:%s:%s", int(size), int(height), wall, stone)
	},
	validate: (*validator).shelter,
	breakdown: func(t *Task) string {
		if t.Shelter == nil {
			return ""
		}
		return fmt.Sprintf("size %d", t.Shelter.Size)
	},
}

// GenerateShelter makes shelter tasks of one split: the split's sizes
// (o.Size, if given), heights 2 to 4 (o.Height) and the materials in
// turn, each on a plot of its own.
func GenerateShelter(o GenerateOptions) ([]Task, error) {
	if err := o.checkSolo(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: shelter: %w", err)
	}
	sizes := map[string][]int{SplitTest: {5}, SplitDev: {6}, SplitTrain: {4, 7}}[o.Split]
	if o.Size != 0 {
		if o.Size < MinShelterSize || o.Size > MaxShelterSize {
			return nil, fmt.Errorf("procgen: shelter: size %d, expected %d to %d", o.Size, MinShelterSize, MaxShelterSize)
		}
		if s := ShelterSplit(o.Size); s != o.Split {
			return nil, fmt.Errorf("procgen: shelter: size %d belongs to the %s split (test: 5, the paper's; dev: 6; train: the rest), not %s", o.Size, s, o.Split)
		}
		sizes = []int{o.Size}
	}
	heights := []int{3, 2, 4}
	if o.Height != 0 {
		if o.Height < MinShelterHeight || o.Height > MaxShelterHeight {
			return nil, fmt.Errorf("procgen: shelter: height %d, expected %d to %d", o.Height, MinShelterHeight, MaxShelterHeight)
		}
		heights = []int{o.Height}
	}
	walls, stones := ShelterWalls, ShelterStones
	if o.Wall != "" {
		if !isWall(o.Wall) {
			return nil, fmt.Errorf("procgen: shelter: wall %q, expected planks or logs (oak_planks, spruce_log, ...)", o.Wall)
		}
		walls = []string{o.Wall}
	}
	if o.Stone != "" {
		if !isStone(o.Stone) {
			return nil, fmt.Errorf("procgen: shelter: stone %q, expected one of %s", o.Stone, strings.Join(stoneBlocks, ", "))
		}
		stones = []string{o.Stone}
	}
	n := o.N
	if n == 0 {
		n = shelterDefaultCounts[o.Split]
	}
	tasks := make([]Task, 0, n)
	seen := map[string]int{}
	for i := range n {
		k := i
		size := sizes[k%len(sizes)]
		k /= len(sizes)
		height := heights[k%len(heights)]
		k /= len(heights)
		wall := walls[k%len(walls)]
		k /= len(walls)
		stone := stones[k%len(stones)]
		base := fmt.Sprintf("shelter_%dx%d_%s_%s", size, height, strings.TrimSuffix(wall, "_planks"), stone)
		id := fmt.Sprintf("%s_%d", base, seen[base])
		seen[base]++
		r := rngFor(o.Seed, "shelter/"+id)
		// A plot like MINDcraft's random teleports: x and z in [-2000, 2000).
		site := [3]int{(r.IntN(250) - 125) * 16, ShelterFloorY, (r.IntN(250) - 125) * 16}
		tasks = append(tasks, ShelterTask(id, ShelterSpec{Site: site, Size: size, Height: height, Wall: wall, Stone: stone}, o.Options))
	}
	return tasks, nil
}

// ShelterFloorY is the level generated shelters' foundations are laid on:
// the cell above the grass of the world's flat ground.
const ShelterFloorY = 64

// ShelterGoal is the task's goal: what to build and where.
func ShelterGoal(s ShelterSpec) string {
	x, y, z := s.Site[0], s.Site[1], s.Site[2]
	return fmt.Sprintf("Build a shelter: a %dx%d stone foundation from (%d, %d, %d) to (%d, %d, %d), wooden walls %d blocks high on its edge with a door gap in the middle of the south wall, and a stone ceiling on the walls.",
		s.Size, s.Size, x, y, z, x+s.Size-1, y, z+s.Size-1, s.Height)
}

// ShelterTask makes one shelter task: every third agent (agent 2 of 3)
// starts with the stone for the foundation and ceiling, the others with
// the planks for the walls, each material shared evenly among its
// holders with a tenth to spare (one agent holds both).
func ShelterTask(id string, s ShelterSpec, o Options) Task {
	f, wl, c := s.Cells()
	var stoneHolders, wallHolders []int
	for i := range o.Agents {
		if i%3 == 2 || o.Agents == 2 && i == 1 {
			stoneHolders = append(stoneHolders, i)
		} else {
			wallHolders = append(wallHolders, i)
		}
	}
	if len(stoneHolders) == 0 {
		stoneHolders = wallHolders
	}
	inv := map[string]map[string]int{}
	for i := range o.Agents {
		inv[agentID(i)] = map[string]int{}
	}
	deal := func(item string, total int, to []int) {
		total += (total + 9) / 10
		for k, i := range to {
			share := total / len(to)
			if k < total%len(to) {
				share++
			}
			inv[agentID(i)][item] += share
		}
	}
	deal(s.Wall, wl, wallHolders)
	deal(s.Stone, f+c, stoneHolders)
	t := Task{
		ID: id, Type: TypeShelter,
		Goal:       Goal{Text: ShelterGoal(s)},
		AgentCount: o.Agents, HumanCount: IntPtr(0),
		InitialInventory: inv,
		Timeout:          600 + 5*(f+wl+c),
		Shelter:          &s,
		Split:            o.Split,
		Difficulty:       map[string]any{"size": s.Size, "height": s.Height, "wall": s.Wall, "stone": s.Stone},
		Generator:        &Generator{Name: shelterGenerator, Version: GeneratorVersion},
	}
	t.Seed = taskSeed(o.Seed, t.ID)
	return t
}

// stoneBlocks are what the validator takes for stone.
var stoneBlocks = []string{"cobblestone", "stone", "stone_bricks", "smooth_stone", "mossy_cobblestone", "mossy_stone_bricks", "cobbled_deepslate", "deepslate_bricks"}

// ShelterStone reports whether block counts as stone in a foundation or
// ceiling; ShelterWood whether it counts as wood in a wall (planks, logs,
// wood).
func ShelterStone(block string) bool { return isStone(block) }

// ShelterWood reports whether block counts as wood in a wall.
func ShelterWood(block string) bool { return isWall(block) }

func isStone(b string) bool { return slices.Contains(stoneBlocks, b) }

func isWall(b string) bool {
	return strings.HasSuffix(b, "_planks") || strings.HasSuffix(b, "_log") || strings.HasSuffix(b, "_wood")
}

func decodeShelterSpec(v json.RawMessage) (*ShelterSpec, error) {
	return decodeStrict[ShelterSpec](v, "shelter", `{"site": [x, y, z], "size", "height", "wall", "stone"}`)
}

// shelter checks a shelter task's field.
func (v *validator) shelter() {
	s := v.t.Shelter
	if s == nil {
		v.add("shelter", "missing (expected {\"site\": [x, y, z], \"size\", \"height\", \"wall\", \"stone\"})")
		return
	}
	if s.Size < MinShelterSize || s.Size > MaxShelterSize {
		v.add("shelter.size", fmt.Sprintf("%d, expected %d to %d", s.Size, MinShelterSize, MaxShelterSize))
	}
	if s.Height < MinShelterHeight || s.Height > MaxShelterHeight {
		v.add("shelter.height", fmt.Sprintf("%d, expected %d to %d", s.Height, MinShelterHeight, MaxShelterHeight))
	}
	if !isWall(s.Wall) {
		v.add("shelter.wall", fmt.Sprintf("%q, expected planks or logs (oak_planks, spruce_log, ...)", s.Wall))
	}
	if !isStone(s.Stone) {
		v.add("shelter.stone", fmt.Sprintf("%q, expected one of %s", s.Stone, strings.Join(stoneBlocks, ", ")))
	}
	if s.Site[1] < -60 || s.Site[1] > 300 || abs(s.Site[0]) > 30_000_000 || abs(s.Site[2]) > 30_000_000 {
		v.add("shelter.site", fmt.Sprintf("%v, expected a cell in the world (y -60 to 300)", s.Site))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
