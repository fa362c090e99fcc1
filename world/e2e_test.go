package world

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"collabcraft/blueprints"
	"collabcraft/procgen"
)

// TestCraftingEndToEnd: a stone pickaxe with the cobblestone missing. The
// world must hold stone near the agents; Jill hands over sticks and the
// crafting table, Andy mines and crafts.
func TestCraftingEndToEnd(t *testing.T) {
	task := procgen.Task{
		ID: "multiagent_techtree_1_stone_pickaxe", Type: procgen.TypeCrafting, AgentCount: 2,
		Goal:             procgen.Goal{Text: "Collaborate with other agents to build a stone pickaxe"},
		InitialInventory: map[string]map[string]int{"0": {"wooden_pickaxe": 1}, "1": {"stick": 2, "crafting_table": 1}},
		Target:           procgen.Target{Item: "stone_pickaxe"}, NumberOfTarget: 1, Timeout: 300,
		MissingItems: []string{"cobblestone"},
	}
	w := mustBuild(t, task, 7, Options{})
	steps := []struct{ agent, response, want string }{
		{"Andy_0", `!craftRecipe("stone_pickaxe", 1)`, "Code output:\nYou do not have the resources to craft a stone_pickaxe. It requires: cobblestone: 3, stick: 2.\n"},
		{"Jill_0", `I'll give you the sticks !givePlayer("Andy_0", "stick", 2)`, "Code output:\nYou have reached Andy_0.\nDiscarded 2 stick.\nAndy_0 received stick.\n"},
		{"Jill_0", `!givePlayer("Andy_0", "crafting_table", 1)`, "Code output:\nYou have reached Andy_0.\nDiscarded 1 crafting_table.\nAndy_0 received crafting_table.\n"},
		{"Andy_0", `!collectBlocks("stone", 3)`, "Code output:\nCollected 3 stone.\n"},
		{"Andy_0", `!craftRecipe("stone_pickaxe", 1)`, ""},
	}
	for _, s := range steps {
		if w.Success() {
			t.Fatal("success before the last step")
		}
		res := do(t, w, s.agent, s.response)
		if s.want != "" && res.Output != s.want {
			t.Fatalf("%s %s:\n got %q\nwant %q", s.agent, s.response, res.Output, s.want)
		}
	}
	if !w.Success() || w.Score() != 1 {
		inv, _ := w.Inventory("Andy_0")
		t.Fatalf("crafting task not solved; Andy's inventory:%s", inv)
	}
}

// TestCookingEndToEnd: mushroom stew and cooked rabbit in one inventory.
func TestCookingEndToEnd(t *testing.T) {
	w := mustBuild(t, cookingTask(), 3, Options{})
	seq := [][2]string{
		{"Andy_0", `!searchForBlock("brown_mushroom", 64)`},
		{"Andy_0", `!collectBlocks("brown_mushroom", 1)`},
		{"Jill_0", `!givePlayer("Andy_0", "bowl", 1)`},
		{"Andy_0", `!craftRecipe("mushroom_stew", 1)`},
	}
	for range 4 { // a rabbit drops raw rabbit half the time
		seq = append(seq, [2]string{"Jill_0", `!attack("rabbit")`})
	}
	seq = append(seq, [2]string{"Jill_0", `!searchForBlock("furnace", 64)`}, [2]string{"Jill_0", `!smeltItem("rabbit", 1)`}, [2]string{"Jill_0", `!givePlayer("Andy_0", "cooked_rabbit", 1)`})
	for _, s := range seq {
		do(t, w, s[0], s[1])
	}
	if !w.Success() {
		a, _ := w.Inventory("Andy_0")
		j, _ := w.Inventory("Jill_0")
		t.Fatalf("cooking task not solved:%s%s", a, j)
	}
}

// houseBlueprint is a 5x5 roofless stone house at (x, -60, z): a floor,
// walls two high with a door and two windows.
func houseBlueprint(x, z int) *blueprints.Blueprint {
	row := func(s string) []string { return strings.Split(s, ",") }
	full := "stone,stone,stone,stone,stone"
	ring := "stone,air,air,air,stone"
	return &blueprints.Blueprint{Levels: []blueprints.Level{
		{Level: 0, Coordinates: [3]int{x, -60, z}, Placement: [][]string{row(full), row(full), row(full), row(full), row(full)}},
		{Level: 1, Coordinates: [3]int{x, -59, z}, Placement: [][]string{row(full), row(ring), row(ring), row(ring), row("stone,stone,oak_door,stone,stone")}},
		{Level: 2, Coordinates: [3]int{x, -58, z}, Placement: [][]string{row(full), row(ring), row("glass,air,air,air,glass"), row(ring), row("stone,stone,oak_door,stone,stone")}},
	}}
}

func constructionTask(t testing.TB, bp *blueprints.Blueprint) procgen.Task {
	raw, err := json.Marshal(bp)
	if err != nil {
		t.Fatal(err)
	}
	return procgen.Task{
		ID: "construction_test", Type: procgen.TypeConstruction, AgentCount: 2,
		Goal: procgen.Goal{Text: "Make a house with the blueprint below"}, Blueprint: raw, Timeout: 1500,
		InitialInventory: map[string]map[string]int{
			"0": {"stone": 53, "diamond_pickaxe": 1},
			"1": {"glass": 2, "oak_door": 2, "dirt": 16},
		},
	}
}

// placementOrder lists a level's cells to build: corners first, then the
// other cells, each row by row, skipping air and upper door halves.
func placementOrder(bp *blueprints.Blueprint, level int) [][4]string {
	lv := bp.Levels[level]
	var corners, rest [][4]string
	rows := len(lv.Placement)
	for r, row := range lv.Placement {
		for c, b := range row {
			if b == "air" || (level > 0 && strings.HasSuffix(b, "_door") && bp.Levels[level-1].Placement[r][c] == b) {
				continue
			}
			cell := [4]string{fmt.Sprint(lv.Coordinates[0] + c), fmt.Sprint(lv.Coordinates[1]), fmt.Sprint(lv.Coordinates[2] + r), b}
			if (r == 0 || r == rows-1) && (c == 0 || c == len(row)-1) {
				corners = append(corners, cell)
			} else {
				rest = append(rest, cell)
			}
		}
	}
	return append(corners, rest...)
}

// TestConstructionEndToEnd builds the house by goToCoordinates and
// placeHere, materials split so neither agent can finish alone, with the
// blueprint checks along the way.
func TestConstructionEndToEnd(t *testing.T) {
	bp := houseBlueprint(150, -170)
	w := mustBuild(t, constructionTask(t, bp), 11, Options{})
	if s := w.Score(); s != 0 {
		t.Fatalf("score before building = %v, want 0", s)
	}
	res := do(t, w, "Andy_0", "!checkBlueprintLevel(0)")
	wantPrefix(t, res, "\nLevel 0 requires the following fixes:\nPlace stone at coordinates X: 150, Y: -60, Z: -170\n")
	for level := range bp.Levels {
		for _, c := range placementOrder(bp, level) {
			agent := "Andy_0"
			if c[3] != "stone" {
				agent = "Jill_0"
			}
			res := do(t, w, agent, fmt.Sprintf("!goToCoordinates(%s, %s, %s, 0)", c[0], c[1], c[2]))
			wantPrefix(t, res, fmt.Sprintf("Code output:\nYou have reached at %s, %s, %s.\n", c[0], c[1], c[2]))
			res = do(t, w, agent, fmt.Sprintf("!placeHere(%q)", c[3]))
			want := fmt.Sprintf("Code output:\nPlaced %s at (%s, %s, %s).\n", c[3], c[0], c[1], c[2])
			if res.Output != want {
				t.Fatalf("level %d: got %q, want %q", level, res.Output, want)
			}
			if agent == "Jill_0" { // step out of the builder's way
				do(t, w, agent, "!goToCoordinates(145, -60, -175, 1)")
			}
		}
		if res := do(t, w, "Jill_0", fmt.Sprintf("!checkBlueprintLevel(%d)", level)); res.Output != fmt.Sprintf("\nLevel %d is correct\n", level) {
			t.Fatalf("level %d: %q", level, res.Output)
		}
	}
	if res := do(t, w, "Jill_0", "!checkBlueprint"); res.Output != "\nBlueprint is correct\n" {
		t.Fatalf("checkBlueprint: %q", res.Output)
	}
	if w.Score() != 1 || !w.Success() {
		t.Fatalf("score %v, want 1", w.Score())
	}
}
