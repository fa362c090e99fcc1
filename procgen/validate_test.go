package procgen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidateAcceptsMINDcraftFiles(t *testing.T) {
	for _, name := range []string{"mindcraft_crafting.json", "mindcraft_cooking.json", "mindcraft_construction.json"} {
		n, ps := ValidateFile(filepath.Join("testdata", name))
		if len(ps) > 0 {
			t.Errorf("%s: %d problems, first: %s", name, len(ps), ps[0])
		}
		if n == 0 {
			t.Errorf("%s: no tasks", name)
		}
	}
}

func TestValidateListsEveryProblem(t *testing.T) {
	path := filepath.Join("testdata", "bad_tasks.json")
	n, ps := ValidateFile(path)
	if n != 5 {
		t.Errorf("%d tasks, want 5", n)
	}
	var lines []string
	for _, p := range ps {
		if p.File != path {
			t.Errorf("problem without the file name: %+v", p)
		}
		lines = append(lines, p.String())
	}
	got := strings.Join(lines, "\n")
	want := []string{
		`task "bad_crafting": initial_inventory.0.oak_plank: unknown item "oak_plank" (did you mean "oak_planks"`,
		`task "bad_crafting": warning: initial_inventory.1.book: count 0: Minecraft's /give refuses it, so MINDcraft gives nothing; ignored`,
		`task "bad_crafting": warning: initial_inventory.2: agent 2 is beyond agent_count 2 (ids 0 to 1); MINDcraft ignores it, and so does collabcraft`,
		`task "bad_crafting": blocked_actions.0: "getCraftingPlan" is not a command name`,
		`task "bad_crafting": warning: blocked_actions.x: "x" is not an agent id (agent_count 2: ids 0 to 1); MINDcraft ignores it`,
		`task "bad_crafting": timeout: -5 seconds (expected a positive number)`,
		`task "bad_crafting": number_of_target: 0 (expected 1 to 1000000000)`,
		`task "bad_crafting": depth: 2 is greater than max_depth 1`,
		`task "bad_crafting": missing_items: bedrock can be neither gathered nor crafted`,
		`task "bad_crafting": missing_items: unknown item "leather_hat"`,
		`task "bad_cooking": goal: missing`,
		`task "bad_cooking": target: Hell's Kitchen list has 3 dishes for 2 agents`,
		`task "bad_cooking": recipes: no recipe for target dish cake`,
		`task "bad_cooking": recipes.bread: no steps`,
		`task "bad_cooking": warning: blocked_access_to_recipe: agent 3 is beyond agent_count 2 (ids 0 to 1); MINDcraft ignores it`,
		`task "bad_cooking": chest_items.milk_bucket: count -1 (expected 1 to 1000000000)`,
		`task "bad_type": type: unknown task type "combat"`,
		`task "no_type": agent_count: missing or 0`,
		`task "no_type": type: missing`,
		`task "bad_construction": blueprint: level 0, row 0, column 1: unknown block "marble"`,
	}
	for _, w := range want {
		if !strings.Contains(got, path+": "+w) {
			t.Errorf("missing problem %q in:\n%s", w, got)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(ps), len(want), got)
	}
}

// MINDcraft's own test set has a task with a pre-1.14 item name. Its /give
// fails in 1.21.1, so MINDcraft plays the task without it: the validator
// warns, naming the modern name, as for the plant grass (short_grass since
// 1.20.3), and the task stays valid.
func TestValidateFindsMINDcraftLegacyItem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "magenta.json")
	os.WriteFile(path, []byte(`{"multiagent_crafting_magenta_wool_full_plan__depth_2": {"goal": "Collaborate with other agents to craft magenta_wool", "conversation": "Let's work together to craft magenta_wool.", "initial_inventory": {"0": {"rose_red": 1, "lapis_lazuli": 1}, "1": {"white_wool": 1, "bone_meal": 1, "grass": 2}}, "agent_count": 2, "target": "magenta_wool", "number_of_target": 1, "type": "techtree", "max_depth": 3, "depth": 2, "timeout": 300, "blocked_actions": {"0": [], "1": []}, "missing_items": [], "requires_ctable": false}}`), 0o644)
	_, ps := ValidateFile(path)
	if errs, ws := SplitWarnings(ps); len(errs) != 0 || len(ws) != 2 ||
		!strings.Contains(ps[0].String(), `warning: initial_inventory.0.rose_red: "rose_red" is an old name (renamed in Minecraft 1.14, now red_dye): MINDcraft's /give of it fails in 1.21.1`) ||
		!strings.Contains(ps[1].String(), `warning: initial_inventory.1.grass: "grass" is an old name (renamed in Minecraft 1.20.3, now short_grass or grass_block)`) {
		t.Errorf("problems = %v", ps)
	}
}

func TestValidateUnreadableFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(path, []byte("{\"a\": {\"type\": \"techtree\",}}"), 0o644)
	_, ps := ValidateFile(path)
	if len(ps) != 1 || !strings.HasPrefix(ps[0].String(), path+`: task "a": malformed JSON`) {
		t.Errorf("problems = %v", ps)
	}
	empty := filepath.Join(t.TempDir(), "empty.json")
	os.WriteFile(empty, []byte("{}"), 0o644)
	if _, ps := ValidateFile(empty); len(ps) != 1 || ps[0].Message != "no tasks in file" {
		t.Errorf("empty file: %v", ps)
	}
}

// Absurd sizes are problems, not rollouts that exhaust memory later.
func TestValidateFlagsAbsurdSizes(t *testing.T) {
	tasks, err := DecodeTasks([]byte(`{
		"many_agents": {"type": "techtree", "goal": "x", "agent_count": 1000000000, "target": "stick", "number_of_target": 1},
		"huge_counts": {"type": "techtree", "goal": "x", "agent_count": 2, "initial_inventory": {"0": {"stick": 9223372036854775807}},
			"target": "stick", "number_of_target": 9223372036854775807},
		"huge_dish": {"type": "cooking", "goal": "x", "agent_count": 2, "target": {"cake": 99999999999}, "recipes": {"cake": ["Step 1: bake"]}},
		"far_levels": {"type": "construction", "goal": "x", "agent_count": 2, "blueprint": {"levels": [
			{"level": 0, "coordinates": [0, 0, 0], "placement": [["stone"]]},
			{"level": 1, "coordinates": [9000000000000000000, 1, 0], "placement": [["stone"]]}]}}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"many_agents": {"agent_count: 1000000000 (expected 1 to 100)"},
		"huge_counts": {"initial_inventory.0.stick: count 9223372036854775807 (expected 1 to 1000000000)",
			"number_of_target: 9223372036854775807 (expected 1 to 1000000000)"},
		"huge_dish":  {"target.cake: count 99999999999 (expected 1 to 1000000000)"},
		"far_levels": {"X = 9000000000000000000 is outside the world"},
	}
	for i := range tasks {
		var got []string
		for _, p := range ValidateTask(&tasks[i]) {
			got = append(got, p.String())
		}
		all := strings.Join(got, "\n")
		for _, w := range want[tasks[i].ID] {
			if !strings.Contains(all, w) {
				t.Errorf("%s: problems lack %q:\n%s", tasks[i].ID, w, all)
			}
		}
	}
}

// Sizes a trial cannot afford are refused, naming the limit and its flag
// (issue 26: a 50 MB goal passed validate and took 189 s and 5.9 GB for
// one trial; a 40-level 100x100 blueprint ran over 300 s without finishing
// one; a 400-level one above the build height passed).
func TestValidateLimits(t *testing.T) {
	level := func(i, y, size int) string {
		row := "[" + strings.TrimSuffix(strings.Repeat(`"stone",`, size), ",") + "]"
		rows := strings.TrimSuffix(strings.Repeat(row+",", size), ",")
		return fmt.Sprintf(`{"level": %d, "coordinates": [0, %d, 0], "placement": [%s]}`, i, y, rows)
	}
	levels := func(n, y0, size int) string {
		var ls []string
		for i := range n {
			ls = append(ls, level(i, y0+i, size))
		}
		return `{"levels": [` + strings.Join(ls, ",") + `]}`
	}
	file := `{
		"long_goal": {"type": "techtree", "goal": "` + strings.Repeat("x", 20000) + `", "agent_count": 2, "target": "stick", "number_of_target": 1},
		"long_agent_goal": {"type": "cooking", "goal": {"0": "bake", "1": "` + strings.Repeat("y", 20000) + `"}, "agent_count": 2, "target": {"cake": 1}, "recipes": {"cake": ["Step 1: bake"]}},
		"big_blueprint": {"type": "construction", "goal": "x", "agent_count": 2, "blueprint": ` + levels(40, -60, 100) + `},
		"high_blueprint": {"type": "construction", "goal": "x", "agent_count": 2, "blueprint": ` + levels(400, -60, 1) + `},
		"nul\u0000id": {"type": "techtree", "goal": "x", "agent_count": 2, "target": "stick", "number_of_target": 1}
	}`
	tasks, err := DecodeTasks([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"long_goal":       "goal: 20000 bytes long, more than the 16 KiB a goal may have (raise it with --max-goal)",
		"long_agent_goal": "goal.1: 20000 bytes long, more than the 16 KiB a goal may have (raise it with --max-goal)",
		"big_blueprint":   "blueprint: 400000 cells (levels x rows x columns), more than the 65536 a blueprint may have (raise it with --max-blueprint-cells)",
		"high_blueprint":  "level 380: y coordinate 320 is outside the build height (expected -64 to 319)",
		"nul\x00id":       "the task id holds control characters",
	}
	for i := range tasks {
		var got []string
		for _, p := range ValidateTask(&tasks[i]) {
			got = append(got, p.String())
		}
		if all := strings.Join(got, "\n"); !strings.Contains(all, want[tasks[i].ID]) {
			t.Errorf("%q: problems lack %q:\n%s", tasks[i].ID, want[tasks[i].ID], all)
		}
		if strings.Contains(tasks[i].ID, "\x00") && !strings.Contains(strings.Join(got, ""), `"nul\x00id"`) {
			t.Errorf("the id is not quoted: %q", got)
		}
	}
	// Raised, they pass.
	big := Limits{GoalBytes: 1 << 20, BlueprintCells: 1 << 20}
	for i := range tasks[:3] {
		if ps := ValidateTaskWith(&tasks[i], big); len(ps) > 0 {
			t.Errorf("%s within raised limits: %v", tasks[i].ID, ps)
		}
	}
	// A file over the limit is not read whole.
	path := filepath.Join(t.TempDir(), "big.json")
	os.WriteFile(path, []byte(file), 0o644)
	if _, err := ReadTaskFileWith(path, Limits{FileBytes: 1 << 10}); err == nil || !strings.Contains(err.Error(), "larger than 1 KiB") || !strings.Contains(err.Error(), "--max-task-file") {
		t.Errorf("a file over the limit: %v", err)
	}
}

// A task of the wrong type costs only itself (issue 26: one type error
// refused the whole file).
func TestDecodeTypeErrorCostsOneTask(t *testing.T) {
	tasks, err := DecodeTasks([]byte(`{
		"good": {"type": "techtree", "goal": "x", "agent_count": 2, "target": "stick", "number_of_target": 1},
		"bad": {"type": "techtree", "goal": "x", "agent_count": "two", "target": "stick", "number_of_target": 1},
		"also_good": {"type": "techtree", "goal": "y", "agent_count": 2, "target": "stick", "number_of_target": 1}
	}`))
	var de *DecodeError
	if !errors.As(err, &de) || len(de.Problems) != 1 || de.Problems[0].TaskID != "bad" || !strings.Contains(de.Problems[0].String(), "agent_count") {
		t.Fatalf("err = %v", err)
	}
	if len(tasks) != 2 || tasks[0].ID != "good" || tasks[1].ID != "also_good" {
		t.Fatalf("tasks: %+v", tasks)
	}
}
