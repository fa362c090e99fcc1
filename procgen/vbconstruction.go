package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"collabcraft/villagerbench"
)

// VillagerBench construction tasks (seed 001, package villagerbench): a
// blueprint of blocks with their facings, built in VillagerBench's glass
// enclosure from its material chest and judged by its block and view hit
// rates. Test is the paper's 100 blueprints (task_0 to task_99) and then
// generated test blueprints; train and dev are generated blueprints that
// share no structure (shape or layer) with the held-out splits'.
const (
	DefaultVBConstructionTrain = 240 // 20 of each of the 12 archetype x size combinations
	DefaultVBConstructionDev   = 24
	DefaultVBConstructionTest  = 100 // the paper's
	// vbHeldOut is how many generated blueprints of test and dev train
	// (and of test, dev) keeps clear of: as many as either may hold
	// past the paper's.
	vbHeldOut               = 60
	vbConstructionGenerator = "collabcraft/villagerbench"
	// VBConstructionGoal is the task VillagerAgent's decomposer is given
	// (config.py:118-121).
	VBConstructionGoal = "Using the provided blueprint, please collaborate to place blocks in Minecraft. You have access to two chests: one contains a selection of materials, and the other, located in the factory, is equipped with tools which is not needed for this task. The task is completed when the blueprint is fully constructed."
	// vbPaperArchetype is the archetype knob of the paper's blueprints.
	vbPaperArchetype = "paper"
)

var vbDefaultCounts = map[string]int{SplitTrain: DefaultVBConstructionTrain, SplitDev: DefaultVBConstructionDev, SplitTest: DefaultVBConstructionTest}

// VBConstruction is VillagerBench's construction kind.
var VBConstruction = &Kind{
	Name: KindVBConstruction, TaskType: TypeVBConstruction,
	Family: FamilyVillagerBench, World: WorldMinecraft,
	// Every organisation plays it (VillagerAgent's DAG as VillagerBench
	// does), but p2p only the blueprints whose every state MINDcraft's
	// placeBlock can set (vbP2PRefusal).
	notPlayedTask: func(t *Task, org string) string {
		if org != "p2p" {
			return ""
		}
		bp, err := t.VBBlueprint()
		if err != nil {
			return ""
		}
		return VBP2PRefusal(bp)
	},
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: vbDefaultCounts,
	Scored:        true,
	Complete:      true,
	Knobs: []Knob{
		{Name: "archetype", Type: KnobString, read: fromDifficulty("archetype")},
		{Name: "size", Type: KnobInt, read: fromDifficulty("size")},
		{Name: "blocks", Type: KnobInt, read: fromDifficulty("blocks")},
	},
	generate: func(o GenerateOptions) ([]Task, error) { return GenerateVBConstructionFor(o.Options, o.MINDcraft) },
	// Splits share no structure (villagerbench.Leaks); the record keeps
	// its shape's hash.
	target:   func(d map[string]any) string { return prefixed("structure:", d["structure"]) },
	validate: (*validator).vbconstruction,
	breakdown: func(t *Task) string {
		v, _ := t.Difficulty["archetype"].(string)
		return v
	},
}

// GenerateVBConstruction makes VillagerBench construction tasks of one
// split: test starts with the paper's 100 blueprints in order, then
// generated ones; train and dev are generated.
func GenerateVBConstruction(o Options) ([]Task, error) { return GenerateVBConstructionFor(o, false) }

// GenerateVBConstructionFor is GenerateVBConstruction; with mindcraft
// the generated blueprints are MINDcraft's variants (every state its
// placeBlock can set: villagerbench.MINDcraftStates), which p2p teams can
// play; the paper's 100 stay as they are.
func GenerateVBConstructionFor(o Options, mindcraft bool) ([]Task, error) {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: vbconstruction: %w", err)
	}
	n := o.N
	if n == 0 {
		n = vbDefaultCounts[o.Split]
	}
	var tasks []Task
	if o.Split == SplitTest {
		for _, bp := range villagerbench.Paper() {
			if len(tasks) == n {
				return tasks, nil
			}
			t, err := VBConstructionTask(bp, o, map[string]any{"archetype": vbPaperArchetype}, nil)
			if err != nil {
				return nil, err
			}
			tasks = append(tasks, t)
		}
	}
	gen, err := villagerbench.Generate(villagerbench.GenerateOptions{Split: o.Split, N: n - len(tasks), Seed: o.Seed,
		HeldOut: map[string]int{SplitTest: vbHeldOut, SplitDev: vbHeldOut}, Avoid: villagerbench.Paper(), MINDcraft: mindcraft})
	if err != nil {
		return nil, fmt.Errorf("procgen: vbconstruction: %w", err)
	}
	for _, g := range gen {
		t, err := VBConstructionTask(g.Blueprint, o, map[string]any{"archetype": g.Knobs.Archetype, "size": g.Knobs.Size}, &g.Seed)
		if err != nil {
			return nil, err
		}
		tasks = append(tasks, t)
	}
	return tasks, nil
}

// VBConstructionTask wraps a VillagerBench blueprint in a task for
// o.Agents agents (VillagerBench's agents start with empty inventories
// and take the materials from the chest). Its timeout is VillagerBench's
// wall budget for the blueprint's complexity D.
func VBConstructionTask(bp villagerbench.Blueprint, o Options, difficulty map[string]any, seed *uint64) (Task, error) {
	if err := bp.Validate(); err != nil {
		return Task{}, fmt.Errorf("procgen: vbconstruction: %w", err)
	}
	raw, err := json.Marshal(bp)
	if err != nil {
		return Task{}, fmt.Errorf("procgen: vbconstruction: %w", err)
	}
	d := villagerbench.Complexity(&bp, villagerbench.DigNeeded)
	b := villagerbench.BudgetsFor(d)
	difficulty["blocks"] = len(bp.Blocks)
	difficulty["structure"] = strings.TrimPrefix(bp.ShapeHash(), "shape:")[:16] // enough to tell 10^4 structures apart
	difficulty["complexity"] = d
	difficulty["action_budget_s"] = b.ActionSeconds
	t := Task{
		ID: "vb_construction_" + bp.ID, Type: TypeVBConstruction,
		Goal:       Goal{Text: VBConstructionGoal + "\n" + strings.Join(bp.Description, "\n")},
		AgentCount: o.Agents, HumanCount: IntPtr(0),
		InitialInventory: map[string]map[string]int{},
		Timeout:          int(math.Ceil(b.WallSeconds)),
		Blueprint:        raw,
		Split:            o.Split,
		Difficulty:       difficulty,
		Generator:        &Generator{Name: vbConstructionGenerator, Version: GeneratorVersion},
	}
	if seed != nil {
		t.Seed = *seed
	}
	for i := range o.Agents {
		t.InitialInventory[agentID(i)] = map[string]int{}
	}
	return t, nil
}

// VBBlueprint decodes a VillagerBench construction task's blueprint,
// refusing unknown fields, and validates it.
func (t *Task) VBBlueprint() (*villagerbench.Blueprint, error) {
	if t.Blueprint == nil {
		return nil, fmt.Errorf("no blueprint")
	}
	var bp villagerbench.Blueprint
	dec := json.NewDecoder(bytes.NewReader(t.Blueprint))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bp); err != nil {
		return nil, fmt.Errorf("expected a VillagerBench blueprint {\"id\", \"description\", \"blocks\"}: %w", err)
	}
	if err := bp.Validate(); err != nil {
		return nil, err
	}
	return &bp, nil
}

func (v *validator) vbconstruction() {
	if v.t.Blueprint == nil {
		v.add("blueprint", "missing (expected a VillagerBench blueprint)")
		return
	}
	if _, err := v.t.VBBlueprint(); err != nil {
		v.add("blueprint", strings.TrimPrefix(err.Error(), "villagerbench: "))
	}
}

// VBP2PRefusal is why MINDcraft's organisation cannot build bp as it is
// judged, naming the first block whose state MINDcraft cannot set and its
// field ("blocks[4].facing: oak_log axis x ..."), or "" when it can build
// every block. MINDcraft's skills.placeBlock (skills.js @0012750) writes a
// facing only for stairs, ladders, torches, buttons, levers, repeaters and
// comparators, and leaves a log's or pillar's axis at y, the default
// (world/js.PlaceOnState); an axis x or z, and the facing of a door,
// trapdoor, fence gate, chest, furnace, bed or any other block, it never
// sets.
func VBP2PRefusal(bp *villagerbench.Blueprint) string {
	for i, b := range bp.Blocks {
		switch b.Facing {
		case villagerbench.Any:
			continue
		case villagerbench.AxisY:
			continue
		case villagerbench.AxisX, villagerbench.AxisZ:
			return fmt.Sprintf("blueprint %s blocks[%d].facing: %s at %v needs axis %s, and MINDcraft's placeBlock leaves every axis at its default, y", bp.ID, i, b.Name, b.Position, b.Facing)
		}
		if !placeOnTurns(b.Name) {
			return fmt.Sprintf("blueprint %s blocks[%d].facing: %s at %v needs facing %s, and MINDcraft's placeBlock sets a facing only for stairs, ladders, torches, buttons, levers, repeaters and comparators", bp.ID, i, b.Name, b.Position, b.Facing)
		}
	}
	return ""
}

// placeOnTurns reports whether skills.placeBlock's placeOn sets block's
// facing (the blocks of world/js.PlaceOnState; a wall torch is a torch
// placed on a side).
func placeOnTurns(block string) bool {
	return strings.Contains(block, "stairs") || strings.Contains(block, "torch") || strings.Contains(block, "button") ||
		block == "lever" || block == "ladder" || block == "repeater" || block == "comparator"
}
