package export

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestSplitByTask(t *testing.T) {
	r := DefaultSplitRule()
	counts := map[string]int{}
	for i := range 4000 {
		id := fmt.Sprintf("task_%d", i)
		s, err := r.SplitOf(id, "train")
		if err != nil {
			t.Fatal(err)
		}
		again, _ := r.SplitOf(id, "train")
		if s != again {
			t.Fatalf("%s: split not stable: %s then %s", id, s, again)
		}
		counts[s]++
		if s, _ := r.SplitOf(id, "test"); s != "test" {
			t.Fatalf("test task moved to %s", s)
		}
	}
	if got := float64(counts["validation"]) / 4000; math.Abs(got-0.05) > 0.015 {
		t.Errorf("validation fraction %.3f, want about 0.05 (%v)", got, counts)
	}
	if _, err := r.SplitOf("t", ""); err == nil || !strings.Contains(err.Error(), `task "t" has no split`) {
		t.Errorf("empty split: %v", err)
	}
	if _, err := r.SplitOf("t", "dev set"); err == nil {
		t.Error("split name with a space accepted")
	}
	none := SplitRule{By: "task"}
	if s, _ := none.SplitOf("task_1", "train"); s != "train" {
		t.Errorf("fraction 0 moved a task to %s", s)
	}
}

func TestSplitByHash(t *testing.T) {
	r := HashSplitRule(0.9, 0.05, 0.05)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for i := range 10000 {
		s, err := r.SplitOf(fmt.Sprintf("task_%d", i), "")
		if err != nil {
			t.Fatal(err)
		}
		counts[s]++
	}
	for s, want := range map[string]float64{"train": 0.9, "validation": 0.05, "test": 0.05} {
		if got := float64(counts[s]) / 10000; math.Abs(got-want) > 0.015 {
			t.Errorf("%s: fraction %.3f, want about %.2f", s, got, want)
		}
	}
	salted := r
	salted.Salt = "other"
	moved := 0
	for i := range 1000 {
		a, _ := r.SplitOf(fmt.Sprintf("task_%d", i), "")
		b, _ := salted.SplitOf(fmt.Sprintf("task_%d", i), "")
		if a != b {
			moved++
		}
	}
	if moved == 0 {
		t.Error("salt changed nothing")
	}
}

func TestSplitRuleValidate(t *testing.T) {
	for _, bad := range []SplitRule{
		HashSplitRule(0.9, 0.05, 0.1),
		HashSplitRule(1.1, -0.05, -0.05),
		{By: "task", ValidationFraction: 1},
		{By: "row"},
		{By: "hash", Fractions: []float64{1}},
	} {
		if bad.Validate() == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
	f, err := ParseFractions("0.8, 0.1,0.1")
	if err != nil || !slices.Equal(f, []float64{0.8, 0.1, 0.1}) {
		t.Errorf("ParseFractions: %v %v", f, err)
	}
	if _, err := ParseFractions("0.9,0.1"); err == nil {
		t.Error("two fractions accepted")
	}
}

// Validation is carved from train by target: the variants of a crafting
// target or a meal never straddle train and validation.
func TestValidationByTarget(t *testing.T) {
	for id, want := range map[string]string{
		"multiagent_crafting_bookshelf_partial_plan_missing_leather_depth_1": "multiagent_crafting_bookshelf",
		"multiagent_crafting_bookshelf_no_plan__depth_0_num_agents_3":        "multiagent_crafting_bookshelf",
		"multiagent_cooking_2_1_bread_1_cake_blocked_access_0_1":             "multiagent_cooking_2_1_bread_1_cake",
		"multiagent_cooking_bread_cake_hells_kitchen":                        "multiagent_cooking_bread_cake",
		"materials_0_rooms_1_window_0_carpet_2_variant_3":                    "materials_0_rooms_1_window_0_carpet_2_variant_3",
	} {
		if got := TargetGroup(id); got != want {
			t.Errorf("TargetGroup(%s) = %s, want %s", id, got, want)
		}
	}
	r := SplitRule{By: "task", ValidationFraction: 0.3}
	split := map[string]map[string]bool{}
	for i := range 200 {
		for _, variant := range []string{"_full_plan__depth_0", "_partial_plan__depth_1", "_no_plan__depth_2"} {
			target := fmt.Sprintf("multiagent_crafting_item%d", i)
			s, err := r.SplitOf(target+variant, SplitTrain)
			if err != nil {
				t.Fatal(err)
			}
			if split[target] == nil {
				split[target] = map[string]bool{}
			}
			split[target][s] = true
		}
	}
	val := 0
	for target, s := range split {
		if len(s) != 1 {
			t.Fatalf("%s in %v", target, s)
		}
		if s[SplitValidation] {
			val++
		}
	}
	if val < 40 || val > 80 {
		t.Errorf("%d of 200 targets in validation, want about 60", val)
	}
}
