package villagerbench

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// farmItems is check_farm.py's items(): "name:count ...".
func farmItems(its []FarmItem) string {
	var parts []string
	for _, it := range its {
		parts = append(parts, fmt.Sprintf("%s:%d", it.Name, it.Count))
	}
	return strings.Join(parts, " ")
}

func digestLines(lines []string) string {
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(h[:])
}

// settingLines is check_farm.py's setting_lines over our format.
func settingLines(s FarmSetting) []string {
	out := []string{"name " + s.Name, "dish " + s.Dish}
	for _, o := range s.Options {
		out = append(out, "option "+o.Ingredient+"="+o.Supply)
	}
	for _, c := range s.Components {
		out = append(out, fmt.Sprintf("component %s %s %d %d %d facing=%s items=%s", c.Name, c.Type, c.Position[0], c.Position[1], c.Position[2], c.Facing, farmItems(c.Items)))
	}
	for _, c := range s.Checkpoints {
		out = append(out, fmt.Sprintf("checkpoint %s %d %d sub=%s", c.Name, c.Count, c.Score, strings.Join(c.Sub, " ")))
	}
	return out
}

func structureLines(st *Structure) []string {
	out := []string{fmt.Sprintf("structure %s size %d %d %d", st.Name, st.Size[0], st.Size[1], st.Size[2])}
	for _, b := range st.Blocks {
		out = append(out, fmt.Sprintf("block %s %d %d %d props=%s items=%s", b.Name, b.Position[0], b.Position[1], b.Position[2], strings.Join(b.Props, ","), farmItems(b.Items)))
	}
	for _, e := range st.Entities {
		f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
		out = append(out, fmt.Sprintf("entity %s %s %s %s", e.Name, f(e.Position[0]), f(e.Position[1]), f(e.Position[2])))
	}
	return out
}

// TestFarmPaperMatchesVillagerAgent: the committed settings and structures
// say what VillagerAgent's files say, as an independent Python reader
// (generator/check_farm.py) read them, key order included.
func TestFarmPaperMatchesVillagerAgent(t *testing.T) {
	raw, err := os.ReadFile("testdata/farm-check.json")
	if err != nil {
		t.Fatal(err)
	}
	var check struct {
		Settings   []struct{ Name, Sha256 string } `json:"settings"`
		Structures []struct{ Name, Sha256 string } `json:"structures"`
	}
	if err := json.Unmarshal(raw, &check); err != nil {
		t.Fatal(err)
	}
	settings := FarmPaper()
	if len(settings) != 100 || len(check.Settings) != 100 {
		t.Fatalf("%d settings, check file %d; want 100", len(settings), len(check.Settings))
	}
	for i, s := range settings {
		if c := check.Settings[i]; c.Name != s.Name || c.Sha256 != digestLines(settingLines(s)) {
			t.Errorf("setting %d (%s) differs from VillagerAgent's %s", i, s.Name, c.Name)
		}
	}
	f := farmFile()
	if len(f.Structures) != 16 || len(check.Structures) != 16 {
		t.Fatalf("%d structures, check file %d; want 16", len(f.Structures), len(check.Structures))
	}
	for i := range f.Structures {
		st := &f.Structures[i]
		if c := check.Structures[i]; c.Name != st.Name || c.Sha256 != digestLines(structureLines(st)) {
			t.Errorf("structure %d (%s) differs from VillagerAgent's %s", i, st.Name, c.Name)
		}
	}
}

// TestFarmPaperDesign: the full factorial the paper describes, D and the
// budgets as the judge sets them.
func TestFarmPaperDesign(t *testing.T) {
	settings := FarmPaper()
	seen := map[string]bool{}
	ds := map[string][]int{}
	for i, s := range settings {
		dish, n := "cake", i
		if i >= 36 {
			dish, n = "rabbit_stew", i-36
		}
		if s.Name != fmt.Sprintf("%s_%d", dish, n) || s.Dish != dish {
			t.Fatalf("setting %d is %s (%s), want %s_%d", i, s.Name, s.Dish, dish, n)
		}
		var key []string
		for j, o := range s.Options {
			if o.Ingredient != PaperIngredients[dish][j] {
				t.Fatalf("%s: option %d is %s, want %s", s.Name, j, o.Ingredient, PaperIngredients[dish][j])
			}
			key = append(key, o.Supply)
		}
		k := dish + ":" + strings.Join(key, "|")
		if seen[k] {
			t.Fatalf("%s repeats a setting", s.Name)
		}
		seen[k] = true
		d := FarmComplexity(&s)
		ds[dish] = append(ds[dish], d)
		if b := FarmBudgets(d); b.ActionSeconds != 40*float64(d) || b.WallSeconds != 200*float64(d) {
			t.Fatalf("%s: budgets %+v for D %d", s.Name, b, d)
		}
	}
	// Cake: 3 + milk 0..2 + wheat 0..3 + sugar 0..2, so 3..10; stew: 6..12.
	lo, hi := minMax(ds["cake"])
	if lo != 3 || hi != 10 {
		t.Errorf("cake D %d..%d, want 3..10", lo, hi)
	}
	lo, hi = minMax(ds["rabbit_stew"])
	if lo != 6 || hi != 12 {
		t.Errorf("stew D %d..%d, want 6..12", lo, hi)
	}
	if d := FarmComplexity(&settings[35]); d != 10 {
		t.Errorf("cake_35 (iron, hay farm, cane farm) D %d, want 3+2+3+2 = 10", d)
	}
}

func minMax(xs []int) (int, int) {
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// inventory is a count function over a map.
func inventory(m map[string]int) func(string) int { return func(s string) int { return m[s] } }

// TestFarmJudgeScores: the cake's checkpoints as farm_craft_judger.py
// scores them: achieved for good, a parent cancelling its children, one
// agent's counts only; the first owners and the cooperation score.
func TestFarmJudgeScores(t *testing.T) {
	s := FarmPaper()[35] // iron_ingot -> bucket -> milk_bucket; hay_block -> wheat; sugar_cane -> sugar
	j := NewFarmJudge(&s)
	j.See("Alice")
	j.See("Bob")
	if j.Score() != 0 || j.Cooperation() != 0 {
		t.Fatalf("start: score %d, cooperation %v", j.Score(), j.Cooperation())
	}
	j.Observe("Alice", inventory(map[string]int{"iron_ingot": 9, "egg": 1}))
	if got := j.Score(); got != 5+10 {
		t.Errorf("iron and egg: %d, want 15", got)
	}
	// The iron becomes buckets: bucket cancels iron_ingot, which stays achieved.
	j.Observe("Alice", inventory(map[string]int{"bucket": 3, "egg": 1}))
	if got := j.Score(); got != 15+10 {
		t.Errorf("buckets: %d, want 25", got)
	}
	// Bob holds 2 milk: not the checkpoint's 3, but he owns milk_bucket first.
	j.Observe("Bob", inventory(map[string]int{"milk_bucket": 2, "sugar_cane": 2}))
	if got := j.Score(); got != 25+15 {
		t.Errorf("two milk: %d, want 40", got)
	}
	j.Observe("Bob", inventory(map[string]int{"milk_bucket": 3, "sugar": 2, "hay_block": 1}))
	// milk 30 (cancels bucket, iron), egg 10, sugar 25 (cancels cane), hay 15.
	if got := j.Score(); got != 30+10+25+15 {
		t.Errorf("milk, sugar, hay: %d, want 80", got)
	}
	j.Observe("Alice", inventory(map[string]int{"cake": 1}))
	if got := j.Score(); got != 100 {
		t.Errorf("cake: %d, want 100", got)
	}
	owners := j.FirstOwners()
	want := map[string]string{"iron_ingot": "Alice", "egg": "Alice", "bucket": "Alice", "milk_bucket": "Bob", "sugar_cane": "Bob", "sugar": "Bob", "hay_block": "Bob", "cake": "Alice"}
	for item, who := range want {
		if owners[item] != who {
			t.Errorf("first owner of %s: %q, want %s", item, owners[item], who)
		}
	}
	// Alice 4 (iron, egg, bucket, cake), Bob 4: an even split.
	if got := j.Cooperation(); got != 100 {
		t.Errorf("cooperation %v, want 100", got)
	}
	solo := NewFarmJudge(&s)
	solo.See("Alice")
	solo.See("Bob")
	solo.Observe("Alice", inventory(map[string]int{"egg": 1, "cake": 1}))
	if got := solo.Cooperation(); got != 0 {
		t.Errorf("one agent owning all: cooperation %v, want 0", got)
	}
}

// TestFarmJudgeSelfSub: eight paper settings list brown_mushroom under
// itself; the judge cancels it and stops (VillagerBench's loops forever).
func TestFarmJudgeSelfSub(t *testing.T) {
	s := FarmPaper()[41] // rabbit_stew_5
	cp, _ := s.Checkpoint("brown_mushroom")
	if len(cp.Sub) != 1 || cp.Sub[0] != "brown_mushroom" {
		t.Fatalf("rabbit_stew_5's brown_mushroom subs %v, want itself", cp.Sub)
	}
	j := NewFarmJudge(&s)
	j.Observe("Alice", inventory(map[string]int{"brown_mushroom": 1, "carrot": 1}))
	if got := j.Score(); got != 10 {
		t.Errorf("mushroom and carrot: %d, want 10 (the mushroom cancels itself)", got)
	}
	j.Observe("Alice", inventory(map[string]int{"rabbit_stew": 1}))
	if got := j.Score(); got != 100 {
		t.Errorf("stew: %d, want 100", got)
	}
}

// TestFarmEndReason: the judge's end rules and E.
func TestFarmEndReason(t *testing.T) {
	b := FarmBudgets(5) // 200 s of actions, 1000 s of wall
	for _, c := range []struct {
		score          int
		action, elapse float64
		want           string
	}{
		{50, 100, 500, ""},
		{100, 100, 500, EndComplete},
		{100, 201, 500, EndActionTimeout},
		{50, 100, 1001, EndMaxTime},
		{100, 201, 1001, EndMaxTime},
	} {
		if got := FarmEndReason(c.score, c.action, c.elapse, b); got != c.want {
			t.Errorf("score %d, action %v s, wall %v s: %q, want %q", c.score, c.action, c.elapse, got, c.want)
		}
	}
}

// TestFarmValidateRefuses: a setting with an unknown item, an impossible
// supply chain or a component out of bounds is refused, naming the field.
func TestFarmValidateRefuses(t *testing.T) {
	structures := FarmStructures()
	base := FarmPaper()[22] // bucket in chest, hay_block in farm, sugar_cane in chest
	if err := base.Validate(structures); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(s *FarmSetting)
		want string
	}{
		{"unknown chest item", func(s *FarmSetting) { s.Components[1].Items[0].Name = "eggs" },
			`components[1].items[0].name: mcdata: unknown item "eggs"`},
		{"unknown dish", func(s *FarmSetting) { s.Dish = "cakes" }, `dish: mcdata: unknown item "cakes"`},
		{"unknown checkpoint item", func(s *FarmSetting) { s.Checkpoints[2].Name = "milk" }, `checkpoints[2].name: mcdata: unknown item "milk"`},
		{"no cows for the buckets", func(s *FarmSetting) { s.Components = removeComponent(s.Components, "cow_pasture") },
			"components: impossible supply chain: no way to get"},
		{"too little iron", func(s *FarmSetting) {
			s.Options[0].Supply = "iron_ingot in chest"
			s.Components[1].Items[1] = FarmItem{Name: "iron_ingot", Count: 6}
		}, "impossible supply chain"},
		{"no crafting table", func(s *FarmSetting) { s.Components = removeComponent(s.Components, "crafting_table") },
			"impossible supply chain"},
		{"chest out of bounds", func(s *FarmSetting) { s.Components[1].Position = [3]int{-1, 0, 40} },
			"components[1].position: [-1 0 40] is outside the scene"},
		{"structure out of bounds", func(s *FarmSetting) { s.Components[2].Position = [3]int{-10, 0, 7} },
			"components[2].position: [-10 0 7] puts cow_pasture's oak_fence at [-11 0 11], outside the scene"},
		{"unknown structure", func(s *FarmSetting) { s.Components[2].Name = "cow_pastures" },
			`components[2].name: unknown structure "cow_pastures" (did you mean "cow_pasture"?)`},
		{"unknown supply", func(s *FarmSetting) { s.Options[1].Supply = "wheat in barn" },
			`options[1].supply: "wheat in barn" is not a supply of wheat`},
		{"sub loop", func(s *FarmSetting) { s.Checkpoints[3].Sub = []string{"milk_bucket"} },
			"checkpoints: the sub-checkpoints loop: milk_bucket -> bucket -> milk_bucket"},
		{"missing sub", func(s *FarmSetting) { s.Checkpoints[1].Sub = []string{"feather"} }, `checkpoints[1].sub[0]: no checkpoint "feather"`},
	} {
		s := base.Clone()
		c.edit(&s)
		err := s.Validate(structures)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "villagerbench: farm setting cake_22: ") {
			t.Errorf("%s: %v, want an error naming cake_22 and %q", c.name, err, c.want)
		}
	}
}

func removeComponent(cs []FarmComponent, name string) []FarmComponent {
	var out []FarmComponent
	for _, c := range cs {
		if c.Name != name {
			out = append(out, c)
		}
	}
	return out
}

// TestPlacedState: the judge's /setblock with a property the block lacks
// places nothing.
func TestPlacedState(t *testing.T) {
	for _, c := range []struct {
		b  StructureBlock
		ok bool
	}{
		{StructureBlock{Name: "wheat", Props: []string{"age=7"}}, true},
		{StructureBlock{Name: "brown_mushroom", Props: []string{"age=7"}}, false},
		{StructureBlock{Name: "torch", Props: []string{"facing=west"}}, false},
		{StructureBlock{Name: "furnace", Props: []string{"facing=south"}}, true},
		{StructureBlock{Name: "hay_block", Props: []string{"axis=y"}}, true},
		{StructureBlock{Name: "oak_fence_gate", Props: []string{"facing=east", "open=false"}}, true},
		{StructureBlock{Name: "farmland", Props: []string{"moisture=7"}}, true},
	} {
		if _, ok := PlacedState(c.b); ok != c.ok {
			t.Errorf("%s%v placed %v, want %v", c.b.Name, c.b.Props, ok, c.ok)
		}
	}
}

// TestGenerateFarm: every generated setting validates, the splits share no
// dish and so no setting, the paper's settings are test only, the same
// seed gives the same settings, and later rounds vary the layout.
func TestGenerateFarm(t *testing.T) {
	structures := FarmStructures()
	keys := map[string]map[string]bool{}
	for _, split := range []string{FarmTrain, FarmDev, FarmTest} {
		n := 3 * FarmSettingCount(split)
		a, err := GenerateFarm(split, n, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := GenerateFarm(split, n, 7)
		if len(a) != n || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("%s: %d settings, or not the same twice", split, len(a))
		}
		keys[split] = map[string]bool{}
		layouts := map[string]bool{}
		for i := range a {
			s := &a[i]
			if err := s.Validate(structures); err != nil {
				t.Errorf("%s: %v", split, err)
			}
			keys[split][FarmSettingKey(s)] = true
			layouts[fmt.Sprint(s.Components)] = true
			if d := FarmComplexity(s); d < 1 {
				t.Errorf("%s: D %d", s.Name, d)
			}
		}
		if len(keys[split]) != FarmSettingCount(split) {
			t.Errorf("%s: %d distinct settings, want %d", split, len(keys[split]), FarmSettingCount(split))
		}
		if len(layouts) <= len(keys[split]) {
			t.Errorf("%s: %d layouts for %d settings over 3 rounds: the seed varies nothing", split, len(layouts), len(keys[split]))
		}
	}
	for _, s := range FarmPaper() {
		keys[FarmTest][FarmSettingKey(&s)] = true
	}
	for k := range keys[FarmTrain] {
		if keys[FarmTest][k] || keys[FarmDev][k] {
			t.Errorf("train setting %s is held out too", k)
		}
	}
	for k := range keys[FarmDev] {
		if keys[FarmTest][k] {
			t.Errorf("dev setting %s is a test setting", k)
		}
	}
	for _, d := range FarmDishes {
		if slices.Contains(FarmPaperDishes, d.Dish) {
			t.Errorf("generated dish %s is a paper dish", d.Dish)
		}
	}
}
