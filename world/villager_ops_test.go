package world

import (
	"fmt"
	"strings"
	"testing"
)

// digest is the state a world operation changes: the agents'
// inventories and armor, the blocks round the test site, containers'
// contents and the mobs left. Where the agent stands after an action and
// what its hand holds are each dialect's own (VillagerAgent's walks go
// into a cell or within 3 blocks, MINDcraft's stop 2 away or step aside;
// VillagerAgent's placeBlock empties the hand, MINDcraft's keeps the
// block), so only walking compares the place and equipping the hand.
func (v *vworld) digest(where, hand bool) string {
	var b strings.Builder
	for _, a := range v.agents {
		fmt.Fprintf(&b, "%s armor=%v inv=%v", a.Name, a.armor, a.inv.Stacks())
		if where {
			fmt.Fprintf(&b, " at %v", a.pos)
		}
		if hand {
			fmt.Fprintf(&b, " held %q", a.held)
		}
		b.WriteByte('\n')
	}
	for x := 0; x <= 20; x++ {
		for y := -61; y <= -55; y++ {
			for z := 0; z <= 20; z++ {
				if n := v.BlockAt(x, y, z); n != "air" && n != "grass_block" {
					fmt.Fprintf(&b, "%d,%d,%d=%s ", x, y, z, n)
				}
				if c := v.containers[Pos{x, y, z}]; c != nil {
					if c.Inv != nil {
						fmt.Fprintf(&b, "chest%v ", c.Inv.Stacks())
					}
					fmt.Fprintf(&b, "station%v%v%v ", c.Input, c.Fuel, c.Output)
				}
			}
		}
	}
	for _, m := range v.mobs {
		fmt.Fprintf(&b, "\nmob %d %s", m.ID, m.Kind)
	}
	return b.String()
}

// TestToolAndCommandShareOperations runs each world operation both ways,
// a MINDcraft command in one world and the VillagerAgent tool that does
// the same in a twin, and wants the same world after.
func TestToolAndCommandShareOperations(t *testing.T) {
	cases := []struct {
		name    string
		setup   func(v *vworld)
		command string
		tool    string
		args    []any
	}{
		{"walking", nil, `!goToCoordinates(14, -60, 10, 0)`, "navigateTo", []any{"x", 14, "y", -60, "z", 10}},
		{"digging", func(v *vworld) {
			v.SetBlock(Pos{10, -60, 12}, "stone")
			v.give("Alice", "wooden_pickaxe", 1)
			v.byName["Alice"].held = "wooden_pickaxe"
		}, `!collectBlocks("stone", 1)`, "MineBlock", []any{"x", 10, "y", -60, "z", 12}},
		{"placing", func(v *vworld) {
			v.give("Alice", "dirt", 3)
			v.place("Alice", 12, -60, 12)
		}, `!placeHere("dirt")`, "placeBlock", []any{"item_name", "dirt", "x", 12, "y", -60, "z", 12, "facing", "A"}},
		{"crafting", func(v *vworld) {
			v.SetBlock(Pos{12, -60, 12}, "crafting_table")
			v.give("Alice", "oak_planks", 3)
		}, `!craftRecipe("stick", 1)`, "craftBlock", []any{"item_name", "stick", "count", 1}},
		{"smelting", func(v *vworld) {
			v.SetBlock(Pos{12, -60, 12}, "furnace")
			v.give("Alice", "beef", 2)
			v.give("Alice", "coal", 2)
		}, `!smeltItem("beef", 1)`, "SmeltingCooking", []any{"item_name", "beef", "item_count", 1, "fuel_item_name", "coal"}},
		{"giving", func(v *vworld) { v.give("Alice", "dirt", 5) },
			`!givePlayer("Bob", "dirt", 3)`, "handoverBlock", []any{"target_player_name", "Bob", "item_name", "dirt", "item_count", 3}},
		{"chest", func(v *vworld) { v.chestAt(Pos{12, -60, 12}, "dirt", 70) },
			`!takeFromChest("dirt", 5)`, "withdrawItem", []any{"item_name", "dirt", "from_name", "chest", "item_count", 5}},
		{"attacking", func(v *vworld) {
			v.AddMob("cow", Pos{13, -60, 12}.Center())
			v.give("Alice", "diamond_sword", 1)
			v.byName["Alice"].held = "diamond_sword"
		}, `!attack("cow")`, "attackTarget", []any{"target_name", "cow"}},
		{"equipping armor", func(v *vworld) { v.give("Alice", "iron_helmet", 1) },
			`!equip("iron_helmet")`, "equipItem", []any{"slot", "head", "item_name", "iron_helmet"}},
		{"equipping a hand", func(v *vworld) { v.give("Alice", "diamond_sword", 1) },
			`!equip("diamond_sword")`, "equipItem", []any{"slot", "hand", "item_name", "diamond_sword"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd, tool := newVWorld(t), newVWorld(t)
			if c.setup != nil {
				c.setup(cmd)
				c.setup(tool)
			}
			where, hand := c.name == "walking", strings.HasPrefix(c.name, "equipping")
			before := cmd.digest(where, hand)
			res := do(t, cmd.World, "Alice", c.command)
			ans := tool.call("Alice", c.tool, c.args...)
			if !statusOf(ans) {
				t.Fatalf("%s failed: %q", c.tool, msgOf(ans))
			}
			if res.Failed {
				t.Fatalf("%s failed: %q", c.command, res.Output)
			}
			after := cmd.digest(where, hand)
			if after == before {
				t.Fatalf("%s changed nothing", c.command)
			}
			if got := tool.digest(where, hand); got != after {
				t.Errorf("%s and %s differ:\ncommand: %s\ntool:    %s", c.command, c.tool, after, got)
			}
		})
	}
}
