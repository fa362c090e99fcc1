package procgen

import (
	"encoding/json"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"collabcraft/blueprints"

	"golang.org/x/sync/errgroup"
)

func constructionBlueprint(t *testing.T, task Task) *blueprints.Blueprint {
	t.Helper()
	b, err := task.ParsedBlueprint()
	if err != nil || b == nil {
		t.Fatalf("task %s: blueprint: %v", task.ID, err)
	}
	return b
}

func TestGenerateConstructionDefaults(t *testing.T) {
	// -short checks a 243-task train split (3 per knob combination)
	// rather than the default 2,000.
	trainN, wantTrain := 0, DefaultConstructionTrain
	if testing.Short() {
		trainN, wantTrain = 243, 243
	}
	train, err := GenerateConstruction(ConstructionOptions{Options: Options{Split: SplitTrain, Agents: 2, N: trainN, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	test, err := GenerateConstruction(ConstructionOptions{Options: Options{Split: SplitTest, Agents: 2, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	dev, err := GenerateConstruction(ConstructionOptions{Options: Options{Split: SplitDev, Agents: 2, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != wantTrain || len(test) != DefaultConstructionTest || len(dev) != DefaultConstructionDev {
		t.Fatalf("got %d train / %d dev / %d test tasks, want %d / %d / %d", len(train), len(dev), len(test),
			wantTrain, DefaultConstructionDev, DefaultConstructionTest)
	}
	idRe := regexp.MustCompile(`^materials_[0-2]_rooms_[0-2]_window_[0-2]_carpet_[0-2]_variant_\d+$`)
	ids, seeds, hashes := map[string]string{}, map[uint64]string{}, map[string]string{}
	perCombo := map[string]int{}
	// Parsing 2,060 blueprints is most of this test's own time: spread it
	// over the CPUs.
	all := slices.Concat(train, dev, test)
	canon := make([]string, len(all))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range all {
		g.Go(func() error {
			b, err := all[i].ParsedBlueprint()
			if err != nil || b == nil {
				return fmt.Errorf("task %s: blueprint: %v", all[i].ID, err)
			}
			canon[i] = b.CanonicalHash()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	for i, task := range all {
		if !idRe.MatchString(task.ID) {
			t.Fatalf("task id %q does not follow MINDcraft's naming", task.ID)
		}
		if prev, ok := ids[task.ID]; ok {
			t.Fatalf("task id %s in %s and %s", task.ID, prev, task.Split)
		}
		ids[task.ID] = task.Split
		if prev, ok := seeds[task.Seed]; ok {
			t.Fatalf("seed %d used by %s and %s", task.Seed, prev, task.ID)
		}
		seeds[task.Seed] = task.ID
		h := canon[i]
		if prev, ok := hashes[h]; ok {
			t.Fatalf("blueprint of %s repeats %s", task.ID, prev)
		}
		hashes[h] = task.ID
		if task.Split == SplitTrain {
			perCombo[task.ID[:len("materials_0_rooms_0_window_0_carpet_0")]]++
		}
	}
	if len(perCombo) != 81 {
		t.Fatalf("train covers %d knob combinations, want 81", len(perCombo))
	}
	lo, hi := wantTrain/81, (wantTrain+80)/81
	for combo, n := range perCombo {
		if n < lo || n > hi {
			t.Errorf("combination %s has %d train tasks, want %d to %d (%d over 81)", combo, n, lo, hi, wantTrain)
		}
	}
}

func TestConstructionTaskFields(t *testing.T) {
	for _, how := range []string{SplitEven, SplitByType} {
		tasks, err := GenerateConstruction(ConstructionOptions{Options: Options{Split: SplitTest, Agents: 3, N: 81, Seed: 7}, SplitMaterials: how})
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			if task.Type != TypeConstruction || task.Goal.Text != "Make a house with the blueprint" ||
				task.Conversation != "Let's share materials and make a house with the blueprint" || task.AgentCount != 3 {
				t.Fatalf("task %s: wrong type/goal/conversation/agents: %+v", task.ID, task)
			}
			r := task.Difficulty["rooms"].(int)
			if task.Timeout != 600+300*r {
				t.Errorf("task %s: timeout %d, want %d", task.ID, task.Timeout, 600+300*r)
			}
			if want := blueprints.RoomsForLevel[r]; task.Difficulty["room_count"] != want {
				t.Errorf("task %s: %v rooms, want %d", task.ID, task.Difficulty["room_count"], want)
			}
			b := constructionBlueprint(t, task)
			dealt := map[string]int{}
			holders := map[string]int{}
			for a := range 3 {
				inv := task.InitialInventory[agentID(a)]
				if inv["diamond_pickaxe"] != 1 || inv["dirt"] != 128 {
					t.Fatalf("task %s agent %d: want diamond_pickaxe 1 and dirt 128, got %v", task.ID, a, inv)
				}
				for item, n := range inv {
					if item != "diamond_pickaxe" && item != "dirt" {
						dealt[item] += n
						holders[item]++
					}
				}
			}
			counts := b.MaterialCounts()
			if len(dealt) != len(counts) {
				t.Fatalf("task %s: dealt %v, blueprint needs %v", task.ID, dealt, counts)
			}
			for item, n := range counts {
				if dealt[item] != n {
					t.Errorf("task %s: %s dealt %d, blueprint needs %d", task.ID, item, dealt[item], n)
				}
				if how == SplitByType && holders[item] != 1 {
					t.Errorf("task %s: by-type gives %s to %d agents", task.ID, item, holders[item])
				}
				if how == SplitEven && n >= 3 && holders[item] != 3 {
					t.Errorf("task %s: even split gives %s (%d) to %d agents", task.ID, item, n, holders[item])
				}
			}
		}
	}
}

func TestConstructionDeterministicAndRoundTrips(t *testing.T) {
	opts := ConstructionOptions{Options: Options{Split: SplitDev, Agents: 2, N: 20, Seed: 99}}
	a, err := GenerateConstruction(opts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := GenerateConstruction(opts)
	ja, err := EncodeTasks(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, _ := EncodeTasks(b)
	if string(ja) != string(jb) {
		t.Fatal("same seed and options gave different task files")
	}
	back, err := DecodeTasks(ja)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := EncodeTasks(back)
	if string(again) != string(ja) {
		t.Fatal("task file does not round-trip")
	}
	// The single-task entry point reproduces a file's task.
	one, err := ConstructionTask(opts, ConstructionKnobs{Materials: 0, Rooms: 0, Windows: 0, Carpets: 5 % 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range a {
		if task.ID == one.ID {
			x, _ := json.Marshal(task)
			y, _ := json.Marshal(one)
			if string(x) != string(y) {
				t.Fatalf("ConstructionTask(%s) differs from the split file's task", one.ID)
			}
			return
		}
	}
	t.Fatalf("task %s not in the dev file", one.ID)
}

func TestConstructionBadOptions(t *testing.T) {
	cases := []ConstructionOptions{
		{Options: Options{Split: "holdout", Agents: 2}},
		{Options: Options{Split: SplitTrain, Agents: 6}},
		{Options: Options{Split: SplitTrain, Agents: 2}, SplitMaterials: "random"},
		{Options: Options{Split: SplitTrain, Agents: 2, N: -1}},
		{Options: Options{Split: SplitTrain, Agents: 2, N: MaxTasks + 1}},
		{Options: Options{Split: SplitTrain, Agents: 2}, HeldOut: -1},
	}
	for _, c := range cases {
		if _, err := GenerateConstruction(c); err == nil || !strings.HasPrefix(err.Error(), "procgen: construction: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("options %+v: error %v, want a one-line procgen: construction: error", c, err)
		}
	}
}

// Houses of different splits share no level, coordinates included: each
// split builds on its own strip of the world, and origins, slab sizes and
// slab blocks vary within a split.
func TestConstructionSplitsShareNoLevel(t *testing.T) {
	n := map[string]int{SplitTrain: 300, SplitDev: 30, SplitTest: 30}
	if !testing.Short() {
		n[SplitTrain] = 2000
	}
	levels := map[string]string{} // level hash -> split
	sizes, origins, floors := map[int]bool{}, map[[3]int]bool{}, map[string]bool{}
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		tasks, err := GenerateConstruction(ConstructionOptions{Options: Options{Split: split, Agents: 2, N: n[split], Seed: 1}})
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			bp, err := task.ParsedBlueprint()
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range bp.LevelHashes() {
				if other, ok := levels[h]; ok && other != split {
					t.Fatalf("%s (%s) shares a level with a %s house", task.ID, split, other)
				}
				levels[h] = split
			}
			sizes[len(bp.Levels[0].Placement)] = true
			origins[bp.Levels[0].Coordinates] = true
			floors[bp.Levels[0].Placement[0][0]] = true
		}
	}
	if len(sizes) < 4 || len(origins) < 100 || len(floors) != len(blueprints.FloorMaterials) {
		t.Errorf("%d slab sizes, %d origins, slab blocks %v: the sites do not vary", len(sizes), len(origins), floors)
	}
}
