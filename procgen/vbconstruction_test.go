package procgen

import (
	"strings"
	"testing"

	"collabcraft/villagerbench"
)

// TestVBConstructionTasks: test holds the paper's 100 blueprints in order,
// then generated ones; every task validates and round-trips through a task
// file; the timeout is VillagerBench's wall budget of the blueprint's D.
func TestVBConstructionTasks(t *testing.T) {
	test, err := Generate(KindVBConstruction, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 104}})
	if err != nil {
		t.Fatal(err)
	}
	paper := villagerbench.Paper()
	if len(test) != 104 {
		t.Fatalf("%d test tasks, want 104", len(test))
	}
	for i, task := range test {
		if problems := ValidateTask(&task); len(problems) > 0 {
			t.Errorf("%s: %v", task.ID, problems)
		}
		bp, err := task.VBBlueprint()
		if err != nil {
			t.Fatal(err)
		}
		arch := task.Difficulty["archetype"]
		if i < 100 && (bp.ID != paper[i].ID || arch != vbPaperArchetype) || i >= 100 && arch == vbPaperArchetype {
			t.Errorf("test task %d: blueprint %s, archetype %v", i, bp.ID, arch)
		}
		b := villagerbench.BudgetsFor(villagerbench.Complexity(bp, villagerbench.DigNeeded))
		if float64(task.Timeout) < b.WallSeconds || float64(task.Timeout) > b.WallSeconds+1 {
			t.Errorf("%s: timeout %d, wall budget %v", task.ID, task.Timeout, b.WallSeconds)
		}
		if !strings.HasPrefix(task.Goal.Text, VBConstructionGoal+"\n") || !strings.HasSuffix(task.Goal.Text, bp.Description[len(bp.Description)-1]) {
			t.Errorf("%s: goal %q", task.ID, task.Goal.Text)
		}
	}
	data, err := EncodeTasks(test)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeTasks(data)
	if err != nil {
		t.Fatal(err)
	}
	again, err := EncodeTasks(back)
	if err != nil || string(again) != string(data) {
		t.Fatalf("the task file does not round-trip: %v", err)
	}
}

// TestVBConstructionSplitsShareNoStructure: no train or dev blueprint
// shares a shape or a layer with a test one (the paper's or generated),
// nor train with dev; a train drawn without held-out splits would.
func TestVBConstructionSplitsShareNoStructure(t *testing.T) {
	n := map[string]int{SplitTrain: 120, SplitDev: 24, SplitTest: 160}
	if testing.Short() {
		n = map[string]int{SplitTrain: 36, SplitDev: 12, SplitTest: 124}
	}
	bps := map[string][]villagerbench.Blueprint{}
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		tasks, err := Generate(KindVBConstruction, GenerateOptions{Options: Options{Split: split, Agents: 2, N: n[split], Seed: 7}})
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			bp, err := task.VBBlueprint()
			if err != nil {
				t.Fatal(err)
			}
			bps[split] = append(bps[split], *bp)
		}
	}
	for _, pair := range [][2]string{{SplitTrain, SplitTest}, {SplitTrain, SplitDev}, {SplitDev, SplitTest}} {
		if leaks := villagerbench.Leaks(bps[pair[0]], bps[pair[1]]); len(leaks) > 0 {
			t.Errorf("%s shares %d structures with %s, first %+v", pair[0], len(leaks), pair[1], leaks[0])
		}
	}
}

// TestVBConstructionRefusesBadBlueprints: validate names the field of a
// bad block, facing or cell.
func TestVBConstructionRefusesBadBlueprints(t *testing.T) {
	tasks, err := Generate(KindVBConstruction, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"name":"`, `"name":"oak_plank_x`, "unknown block"},
		{`"facing":"`, `"facing":"Q`, `expected one of`},
		{`"position":[-`, `"position":[-90`, "outside the construction site"},
		{`"blocks":[`, `"bricks":[`, `unknown field "bricks"`},
	} {
		task := tasks[0]
		task.Blueprint = []byte(strings.Replace(string(task.Blueprint), c.from, c.to, 1))
		problems := ValidateTask(&task)
		if len(problems) != 1 || problems[0].Field != "blueprint" || !strings.Contains(problems[0].Message, c.want) {
			t.Errorf("%s -> %s: problems %v, want one on blueprint saying %q", c.from, c.to, problems, c.want)
		}
	}
}

// TestVBP2PRefusal: p2p plays a VillagerBench blueprint exactly when
// MINDcraft's placeBlock can set every block's state (stairs, ladders,
// torches, buttons turned by placeOn; axis y, the default), and the reason
// it refuses one names the block, its field and the state. Of the paper's
// 100, 32 need a state MINDcraft cannot set (axis x or z, or the facing
// of a trapdoor, door, chest, furnace, fence gate or carved pumpkin).
func TestVBP2PRefusal(t *testing.T) {
	refused := 0
	for _, bp := range villagerbench.Paper() {
		if VBP2PRefusal(&bp) != "" {
			refused++
		}
	}
	if refused != 32 {
		t.Errorf("%d of the paper's blueprints refused under p2p, want 32", refused)
	}
	byID := map[string]villagerbench.Blueprint{}
	for _, bp := range villagerbench.Paper() {
		byID[bp.ID] = bp
	}
	for id, want := range map[string]string{
		"task_94": "blueprint task_94 blocks[28].facing: spruce_door at [-13 -59 0] needs facing E",
		"task_33": "blueprint task_33 blocks[0].facing: dark_oak_log at [-9 -60 -3] needs axis z",
		"task_24": "blueprint task_24 blocks[0].facing: oak_trapdoor at [-9 -60 -2] needs facing N",
		"task_0":  "",
		"task_88": "", // oak logs standing (axis y) and nothing else turned
		"task_11": "", // wall torches facing N, W, E, S
	} {
		bp := byID[id]
		got := VBP2PRefusal(&bp)
		if want == "" && got != "" || !strings.HasPrefix(got, want) {
			t.Errorf("%s: refusal %q, want %q", id, got, want)
		}
	}
	tasks, err := Generate(KindVBConstruction, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 100}})
	if err != nil {
		t.Fatal(err)
	}
	k, _ := KindOfType(TypeVBConstruction)
	for _, task := range tasks {
		bp, _ := task.VBBlueprint()
		if got, want := k.TaskNotPlayedWhy(&task, "p2p"), VBP2PRefusal(bp); got != want {
			t.Errorf("%s: p2p refusal %q, want %q", task.ID, got, want)
		}
		if why := k.TaskNotPlayedWhy(&task, "dag"); why != "" {
			t.Errorf("%s: the DAG refuses it: %s", task.ID, why)
		}
	}
}

// TestVBMINDcraftVariants: with MINDcraft set, every generated blueprint
// of every split is one p2p plays (no refusal), while without it none of
// these is (each has a door, a trapdoor, a sign or a lying log); the
// variants keep the splits' structures apart as the others do.
func TestVBMINDcraftVariants(t *testing.T) {
	k, _ := KindOfType(TypeVBConstruction)
	structures := map[string]string{} // structure -> split
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		for _, mc := range []bool{false, true} {
			n := 24
			if split == SplitTest {
				n += len(villagerbench.Paper()) // the paper's 100 come first
			}
			tasks, err := Generate(KindVBConstruction, GenerateOptions{Options: Options{Split: split, Agents: 2, N: n}, MINDcraft: mc})
			if err != nil {
				t.Fatal(err)
			}
			tasks = tasks[len(tasks)-24:]
			for _, task := range tasks {
				why := k.TaskNotPlayedWhy(&task, "p2p")
				if mc && why != "" {
					t.Errorf("%s: MINDcraft's variant refused under p2p: %s", task.ID, why)
				}
				if !mc && why == "" {
					t.Errorf("%s: p2p plays it, want a refusal (doors, trapdoors, signs, lying logs)", task.ID)
				}
				if mc != strings.HasSuffix(task.ID, "_mc") {
					t.Errorf("%s: id with MINDcraft %v", task.ID, mc)
				}
				if !mc {
					continue
				}
				s := task.Difficulty["structure"].(string)
				if other, ok := structures[s]; ok && other != split {
					t.Errorf("%s: structure %s in %s and %s", task.ID, s, other, split)
				}
				structures[s] = split
			}
		}
	}
}
