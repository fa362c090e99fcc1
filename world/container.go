package world

import (
	"time"

	"collabcraft/mcdata"
)

// Container is a block with an inventory: a chest, or a furnace-like
// station with input, fuel and output slots.
type Container struct {
	Kind string // "chest", "furnace", "smoker", "blast_furnace"
	Pos  Pos
	Inv  *Inventory // chests
	// Furnace slots and the number of items the current fuel can still
	// smelt (a coal smelts 8).
	Input, Fuel, Output Slot
	burnLeft            float64
	// The station smelts busyItem until busyUntil (world time): another
	// agent cannot smelt something else in it meanwhile.
	busyUntil time.Duration
	busyItem  string
	// A VillagerAgent furnace's running job and when its fire goes out
	// (villager_interact.go).
	job      *smeltJob
	litUntil time.Duration
}

func isFurnace(kind string) bool {
	return kind == "furnace" || kind == "smoker" || kind == "blast_furnace"
}

func isContainerBlock(name string) bool {
	return name == "chest" || name == "barrel" || name == "trapped_chest" || isFurnace(name)
}

// setBlockState is setBlock, then orientation st for the block (both
// halves of a door).
func (w *World) setBlockState(p Pos, name string, st mcdata.State) {
	w.setBlock(p, name)
	if w.blocks.name(p) != name {
		return
	}
	w.blocks.setState(p, st)
	if !isDoor(name) {
		return
	}
	other := p.Add(0, 1, 0) // the top half, when p is the bottom
	if w.blocks.doorTop[p] {
		other = p.Add(0, -1, 0)
	}
	if w.blocks.name(other) == name && (w.blocks.doorTop[other] || w.blocks.doorTop[p]) {
		w.blocks.setState(other, st)
	}
}

// setBlock changes a block, keeping doors whole and containers in step.
func (w *World) setBlock(p Pos, name string) {
	old := w.blocks.name(p)
	if old == name {
		return
	}
	if isDoor(old) {
		// Remove the other half too.
		other := p.Add(0, 1, 0)
		if w.blocks.doorTop[p] {
			other = p.Add(0, -1, 0)
		}
		if w.blocks.name(other) == old {
			w.blocks.set(other, "air")
		}
	}
	delete(w.containers, p)
	w.blocks.set(p, name)
	if isContainerBlock(name) {
		c := &Container{Kind: name, Pos: p}
		if !isFurnace(name) {
			c.Inv = newInventory(chestSlots)
		}
		w.containers[p] = c
	}
	if isDoor(name) {
		top := p.Add(0, 1, 0)
		if w.blocks.name(top) == "air" || replaceable[w.blocks.name(top)] {
			w.blocks.set(top, name)
			w.blocks.doorTop[top] = true
		}
	}
}

// smeltCapacity is how many items one fuel item smelts (MINDcraft's
// getFuelSmeltOutput; vanilla burn time / 10 s).
func smeltCapacity(fuel string) float64 {
	switch {
	case fuel == "coal" || fuel == "charcoal":
		return 8
	case fuel == "coal_block":
		return 80
	case fuel == "lava_bucket":
		return 100
	case fuel == "blaze_rod":
		return 12
	case containsAny(fuel, "log", "planks"):
		return 1.5
	}
	return 0
}
