package world

import (
	"fmt"

	"collabcraft/procgen"
	"collabcraft/villagerbench"
)

// vbMargin is how far the superflat ground reaches past the scene's
// cleared box (x -40..40, z -40..40).
const vbMargin = 8

// buildVBConstruction lays out VillagerBench's construction scene as its
// judge does (villagerbench.SceneOps, in order) on superflat ground: the
// glass enclosure on a stone-brick floor, the antechamber with the sign,
// crafting table, furnace and the material chest loaded as env/utils.py
// loads it. Every agent starts at the judge's spot with an empty
// inventory (VillagerBench teleports them there and /clears them).
func (w *World) buildVBConstruction(task procgen.Task) ([]Pos, error) {
	bp, err := task.VBBlueprint()
	if err != nil {
		return nil, fmt.Errorf("world: task %s: blueprint: %w", task.ID, err)
	}
	w.vbBlueprint = bp
	w.fillLayers(-40-vbMargin, -40-vbMargin, 40+vbMargin+1, 40+vbMargin+1, constructionGround, villagerbench.Superflat...)
	for _, op := range villagerbench.SceneOps() {
		for x := op.From[0]; x <= op.To[0]; x++ {
			for y := op.From[1]; y <= op.To[1]; y++ {
				for z := op.From[2]; z <= op.To[2]; z++ {
					w.setBlockState(Pos{x, y, z}, op.Block, op.State)
				}
			}
		}
	}
	chest := w.containers[posOf(villagerbench.ChestPos)]
	if chest == nil {
		return nil, fmt.Errorf("world: task %s: the scene has no chest at %v", task.ID, villagerbench.ChestPos)
	}
	// Each stack goes into its slot as /item replace puts it, whatever the
	// item's stack size; what the judge could not load is not there.
	loaded, _ := villagerbench.Chest(bp, villagerbench.DigNeeded)
	for _, s := range loaded {
		chest.Inv.slots[s.Slot] = Slot{Item: s.Item, Count: s.Count}
	}
	// Builders tower up on dirt and wall themselves in; the pathfinder
	// may dig through what was built, never the floor.
	ground := constructionGround
	w.digAbove, w.holeDrops = &ground, true
	return []Pos{posOf(villagerbench.Spawn)}, nil
}

func posOf(p [3]int) Pos { return Pos{p[0], p[1], p[2]} }

// vbConstructionScore is VillagerBench's C: the share of the blueprint's
// blocks in place with their facing (build_judger.py's block hit rate).
func (w *World) vbConstructionScore() float64 {
	if w.vbBlueprint == nil {
		return 0
	}
	return villagerbench.BlockHitRate(w, w.vbBlueprint)
}

// vbConstructionComplete is VillagerBench's "complete" (build_judger.py):
// C = VHR = 1, so scaffolding left in one of the five views keeps the
// trial going until it is cleared.
func (w *World) vbConstructionComplete() bool {
	if w.vbConstructionScore() < 1 {
		return false
	}
	vhr, _ := w.VBViewHitRate()
	return vhr >= 1
}

// VBViewHitRate is VillagerBench's VHR of the construction so far, as its
// judge computes it (names only), and the same views comparing facings
// too (the paper's wording); 0, 0 outside VillagerBench construction.
func (w *World) VBViewHitRate() (vhr, withFacing float64) {
	if w.vbBlueprint == nil {
		return 0, 0
	}
	return villagerbench.VHR(w, w.vbBlueprint), villagerbench.VHRWithFacing(w, w.vbBlueprint)
}
