package world

import (
	"fmt"
	"slices"

	"collabcraft/procgen"
	"collabcraft/villagerbench"
)

// VillagerBench's farm-to-table scene (env/farm_craft_judger.py, package
// villagerbench): at the judge's base, a glass-walled box on grass, the
// setting's components in order (blocks with their facing and a chest's
// items, structures from farm_blue_print.json block by block with the
// animals they hold), the agents teleported to one spot with empty
// inventories. The judge's checkpoints score it: after every action the
// world shows the judge each agent's inventory (the judge polls every 5 s;
// here no holding is missed between polls), a checkpoint achieved stays
// achieved, and each checkpoint item's first owner is kept for ACR.

// farmScene is a farm-to-table world's setting and judge.
type farmScene struct {
	setting *villagerbench.FarmSetting
	judge   *villagerbench.FarmJudge
}

// farmAround is how far the grass reaches beyond the box: the agents may
// leave it only by breaking the glass.
const farmAround = 8

// buildFarm lays out a farm-to-table scene.
func (w *World) buildFarm(task procgen.Task) ([]Pos, error) {
	s := task.Farm
	if s == nil {
		return nil, fmt.Errorf("world: task %s: farm_to_table task without a farm setting", task.ID)
	}
	structures := villagerbench.FarmStructures()
	if err := s.Validate(structures); err != nil {
		return nil, fmt.Errorf("world: task %s: %w", task.ID, err)
	}
	w.biome = "plains"
	b := villagerbench.FarmBase
	at := func(p [3]int) Pos { return Pos{b[0] + p[0], b[1] + p[1], b[2] + p[2]} }
	lo, hi := at(villagerbench.FarmBoxMin), at(villagerbench.FarmBoxMax)
	// /fill ... -61 ... grass_block under the box, superflat around it.
	w.fillLayers(lo.X-farmAround, lo.Z-farmAround, hi.X+farmAround, hi.Z+farmAround, lo.Y-1, "bedrock", "dirt", "dirt", "grass_block")
	for y := lo.Y; y <= hi.Y; y++ {
		for x := lo.X; x <= hi.X; x++ {
			w.blocks.set(Pos{x, y, lo.Z}, "glass")
			w.blocks.set(Pos{x, y, hi.Z}, "glass")
		}
		for z := lo.Z; z <= hi.Z; z++ {
			w.blocks.set(Pos{lo.X, y, z}, "glass")
			w.blocks.set(Pos{hi.X, y, z}, "glass")
		}
	}
	for _, c := range s.Components {
		origin := at(c.Position)
		if c.Type == villagerbench.ComponentBlock {
			w.farmBlock(origin, villagerbench.StructureBlock{Name: c.Name, Props: facingProp(c.Facing)}, c.Items)
			continue
		}
		st := structures[c.Name]
		for _, bl := range st.Blocks {
			w.farmBlock(origin.Add(bl.Position[0], bl.Position[1], bl.Position[2]), bl, bl.Items)
		}
		for _, e := range st.Entities {
			o := origin.Vec()
			w.addMob(e.Name, Vec{o.X + e.Position[0], o.Y + e.Position[1], o.Z + e.Position[2]})
		}
	}
	setting := s.Clone()
	w.farm = &farmScene{setting: &setting, judge: villagerbench.NewFarmJudge(&setting)}
	return []Pos{at(villagerbench.FarmSpawn)}, nil
}

func facingProp(f string) []string {
	if f == "" {
		return nil
	}
	return []string{"facing=" + f}
}

// farmBlock is the judge's /setblock of one block: nothing when Minecraft
// refuses its properties (villagerbench.PlacedState), and a chest filled
// slot by slot.
func (w *World) farmBlock(p Pos, b villagerbench.StructureBlock, items []villagerbench.FarmItem) {
	st, ok := villagerbench.PlacedState(b)
	if !ok {
		return
	}
	if st.IsZero() {
		w.setBlock(p, b.Name)
	} else {
		w.setBlockState(p, b.Name, st)
	}
	if c := w.containers[p]; c != nil && c.Inv != nil {
		for _, it := range items {
			c.Inv.Add(it.Name, it.Count)
		}
	}
}

// observeFarm shows the judge every agent's inventory.
func (w *World) observeFarm() {
	if w.farm == nil {
		return
	}
	for _, a := range w.agents {
		w.farm.judge.Observe(a.Name, a.inv.Count)
	}
}

// farmScore is the judge's score over 100.
func (w *World) farmScore() float64 {
	w.observeFarm()
	return float64(w.farm.judge.Score()) / villagerbench.FarmFullScore
}

// FarmJudge returns a farm-to-table world's judge (nil for other kinds):
// its score, first owners and cooperation as farm_craft_judger.py keeps
// them, up to the last action.
func (w *World) FarmJudge() *villagerbench.FarmJudge {
	if w.farm == nil {
		return nil
	}
	w.observeFarm()
	return w.farm.judge
}

// farmOwners restricts FirstOwners to the judge's checkpoint items, the
// items its own_dict counts.
func (w *World) farmOwners(owners map[string]string) map[string]string {
	for item := range owners {
		if !slices.ContainsFunc(w.farm.setting.Checkpoints, func(c villagerbench.FarmCheckpoint) bool { return c.Name == item }) {
			delete(owners, item)
		}
	}
	return owners
}
