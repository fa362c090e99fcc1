package world

import (
	"collabcraft/procgen"
)

// constructionGround is the superflat world's grass top; feet at -60.
const constructionGround = -61

// buildConstruction makes a superflat world around the blueprint with the
// build site clear, and spawns the agents just outside its corner.
func (w *World) buildConstruction(task procgen.Task) ([]Pos, error) {
	bp, err := parseBlueprint(task)
	if err != nil {
		return nil, err
	}
	w.blueprint = bp
	bx, _ := bp.Bounds()
	const margin = 16
	w.fillLayers(bx.Min[0]-margin, bx.Min[2]-margin, bx.Max[0]+margin+1, bx.Max[2]+margin+1,
		constructionGround, "bedrock", "dirt", "dirt", "grass_block")
	// Clear the site above the ground (and any blueprint cells at or below
	// it are left as the world has them: the blueprint's own diff tells
	// agents what to change there).
	for x := bx.Min[0]; x <= bx.Max[0]; x++ {
		for z := bx.Min[2]; z <= bx.Max[2]; z++ {
			for y := max(bx.Min[1], constructionGround+1); y <= bx.Max[1]; y++ {
				w.blocks.set(Pos{x, y, z}, "air")
			}
		}
	}
	// Builders wall themselves in and tower up; the pathfinder digs them
	// out through what was built, never into the ground.
	ground := constructionGround
	w.digAbove, w.holeDrops = &ground, true
	spawn := Pos{bx.Min[0] - 3, constructionGround + 1, bx.Min[2] - 3}
	return spawnRing(spawn, task.AgentCount), nil
}
