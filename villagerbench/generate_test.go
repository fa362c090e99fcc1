package villagerbench

import (
	"reflect"
	"strings"
	"testing"
)

// TestGeneratedBlueprints: every archetype at every size, over many seeds,
// validates (its description included) and is buildable, holds the block
// states it promises, and is the same for the same seed.
func TestGeneratedBlueprints(t *testing.T) {
	seeds := uint64(60)
	if testing.Short() {
		seeds = 10
	}
	for _, k := range allKnobs() {
		counts := map[string]int{}
		for seed := range seeds {
			bp, err := GenerateBlueprint(k, seed)
			if err != nil {
				t.Fatalf("%v seed %d: %v", k, seed, err)
			}
			if again, _ := GenerateBlueprint(k, seed); !reflect.DeepEqual(again, bp) {
				t.Fatalf("%v seed %d: two draws differ", k, seed)
			}
			checkOutward(t, k, &bp)
			for _, b := range bp.Blocks {
				switch {
				case strings.HasSuffix(b.Name, "_stairs"):
					counts["stairs"]++
				case strings.HasSuffix(b.Name, "_trapdoor"):
					counts["trapdoor"]++
				case strings.HasSuffix(b.Name, "_door"):
					counts["door"]++
				case strings.HasSuffix(b.Name, "_wall_sign"):
					counts["sign"]++
				case b.Name == "ladder":
					counts["ladder"]++
				case strings.HasSuffix(b.Name, "_log") && b.Facing != AxisY:
					counts["beam"]++
				case strings.HasSuffix(b.Name, "_log"):
					counts["post"]++
				}
			}
		}
		want := map[string][]string{
			"hut":      {"stairs", "door", "sign"},
			"tower":    {"trapdoor", "door", "ladder"},
			"pavilion": {"stairs", "trapdoor", "sign", "beam", "post"},
			"gate":     {"trapdoor", "door", "sign", "post"},
		}[k.Archetype]
		for _, w := range want {
			if counts[w] == 0 {
				t.Errorf("%v: no %s in %d blueprints (%v)", k, w, seeds, counts)
			}
		}
	}
	if _, err := GenerateBlueprint(Knobs{"castle", 0}, 1); err == nil || !strings.Contains(err.Error(), `archetype "castle", expected one of hut, tower, pavilion, gate`) {
		t.Errorf("unknown archetype: %v", err)
	}
	if _, err := GenerateBlueprint(Knobs{"hut", 3}, 1); err == nil || !strings.Contains(err.Error(), "size 3, expected 0 to 2") {
		t.Errorf("size 3: %v", err)
	}
}

// checkOutward: stairs on a roof ring and trapdoors hung on a side face
// away from the building: their facing points from the building's middle
// toward their own cell.
func checkOutward(t *testing.T, k Knobs, bp *Blueprint) {
	t.Helper()
	bx := bp.Bounds()
	cx, cz := float64(bx.Min[0]+bx.Max[0])/2, float64(bx.Min[2]+bx.Max[2])/2
	for _, b := range bp.Blocks {
		o, faced := outward[b.Facing]
		if !faced || !(strings.HasSuffix(b.Name, "_stairs") || strings.HasSuffix(b.Name, "_trapdoor") && !isHatch(bp, b)) {
			continue
		}
		dx, dz := float64(b.Position[0])-cx, float64(b.Position[2])-cz
		if float64(o[0])*dx+float64(o[2])*dz <= 0 {
			t.Errorf("%v: %s at %v faces %s, toward the middle (%v, %v)", k, b.Name, b.Position, b.Facing, cx, cz)
		}
	}
}

// isHatch: the tower's trapdoor over its ladder faces as the ladder does.
func isHatch(bp *Blueprint, b Block) bool {
	for _, l := range bp.Blocks {
		if l.Name == "ladder" && l.Position == [3]int{b.Position[0], b.Position[1] - 1, b.Position[2]} {
			return true
		}
	}
	return false
}

// TestSplitsShareNoStructure: train keeps clear of the held-out test and
// dev blueprints and dev of test, so the leak check finds no shared shape
// or layer between any two splits; drawn without the held-out splits,
// train does share some with test, which the check finds.
func TestSplitsShareNoStructure(t *testing.T) {
	n := map[string]int{"train": 1200, "dev": 60, "test": 60}
	if testing.Short() {
		n["train"] = 240
	}
	bps := map[string][]Blueprint{}
	ids := map[string]string{}
	for _, split := range Splits {
		gs, err := Generate(GenerateOptions{Split: split, N: n[split], Seed: 1, HeldOut: map[string]int{"test": n["test"], "dev": n["dev"]}})
		if err != nil {
			t.Fatal(err)
		}
		if len(gs) != n[split] {
			t.Fatalf("%s: %d blueprints, want %d", split, len(gs), n[split])
		}
		for _, g := range gs {
			if SplitOfVariant(g.Variant) != split || int(g.Seed&3) != g.Variant%3 {
				t.Fatalf("%s: %s (seed %d) belongs to %s", split, g.Blueprint.ID, g.Seed, SplitOfVariant(g.Variant))
			}
			if other, ok := ids[g.Blueprint.ID]; ok {
				t.Fatalf("id %s in %s and %s", g.Blueprint.ID, other, split)
			}
			ids[g.Blueprint.ID] = split
			bps[split] = append(bps[split], g.Blueprint)
		}
	}
	for _, pair := range [][2]string{{"train", "test"}, {"train", "dev"}, {"dev", "test"}} {
		if leaks := Leaks(bps[pair[0]], bps[pair[1]]); len(leaks) > 0 {
			t.Errorf("%s shares %d structures with %s, first %+v", pair[0], len(leaks), pair[1], leaks[0])
		}
	}
	// Within a split no shape repeats.
	for split, list := range bps {
		seen := map[string]string{}
		for _, bp := range list {
			if id, ok := seen[bp.ShapeHash()]; ok {
				t.Errorf("%s: %s builds what %s builds", split, bp.ID, id)
			}
			seen[bp.ShapeHash()] = bp.ID
		}
	}
	// The check can fail: without the held-out splits, train repeats test.
	free, err := Generate(GenerateOptions{Split: "train", N: n["train"], Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var freeBPs []Blueprint
	for _, g := range free {
		freeBPs = append(freeBPs, g.Blueprint)
	}
	if leaks := Leaks(freeBPs, bps["test"]); len(leaks) == 0 {
		t.Error("train drawn without the held-out splits shares nothing with test: the check proves nothing")
	} else {
		t.Logf("train drawn without held-out splits: %d structures shared with test (first %+v)", len(leaks), leaks[0])
	}
	if leaks := Leaks(bps["test"][:1], bps["test"][:1]); len(leaks) == 0 || leaks[0].What != "shape" {
		t.Errorf("a blueprint against itself: %v", leaks)
	}
	// The same options give the same blueprints.
	again, _ := Generate(GenerateOptions{Split: "test", N: n["test"], Seed: 1})
	for i, g := range again {
		if !reflect.DeepEqual(g.Blueprint, bps["test"][i]) {
			t.Fatalf("test blueprint %d differs between two runs", i)
		}
	}
	if _, err := Generate(GenerateOptions{Split: "validation", N: 1}); err == nil || !strings.Contains(err.Error(), `split "validation", expected one of train, dev, test`) {
		t.Errorf("unknown split: %v", err)
	}
}
