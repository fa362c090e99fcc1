package blueprints

import (
	"math"
	"slices"
	"testing"
)

// world is a hand-built world: a map from position to block.
type world map[[3]int]string

func (w world) BlockAt(x, y, z int) string {
	if name, ok := w[[3]int{x, y, z}]; ok {
		return name
	}
	return Air
}

func checkFixture() *Blueprint {
	return &Blueprint{Levels: []Level{
		{Level: 0, Coordinates: [3]int{155, -60, -168}, Placement: [][]string{
			{"stone", "stone", "stone"},
			{"stone", "stone", "stone"},
		}},
		{Level: 1, Coordinates: [3]int{155, -59, -168}, Placement: [][]string{
			{"terracotta", "air", "glass"},
			{"dark_oak_door", "air", "air"},
		}},
	}}
}

func TestCheckAgainstHandBuiltWorld(t *testing.T) {
	b := checkFixture()
	w := world{}
	// Level 0 built completely.
	for x := 155; x <= 157; x++ {
		for z := -168; z <= -167; z++ {
			w[[3]int{x, -60, z}] = "stone"
		}
	}
	// Level 1: terracotta missing, glass is stone, door right, a stray block.
	w[[3]int{157, -59, -168}] = "stone"
	w[[3]int{155, -59, -167}] = "dark_oak_door"
	w[[3]int{156, -59, -167}] = "dirt"
	// Outside the blueprint: ignored.
	w[[3]int{100, -59, -167}] = "dirt"

	if got, want := b.CheckLevel(w, 0), "Level 0 is correct"; got != want {
		t.Errorf("CheckLevel(0) = %q, want %q", got, want)
	}
	wantFixes := "Level 1  requires the following fixes:\n" +
		"Place terracotta at coordinates X: 155, Y: -59, Z: -168\n" +
		"Replace the stone with a glass at coordinates X: 157, Y: -59, Z: -168 \n" +
		"Remove the dirt at coordinates X: 156, Y: -59, Z: -167\n"
	if got := b.CheckLevel(w, 1); got != wantFixes {
		t.Errorf("CheckLevel(1) =\n%q\nwant\n%q", got, wantFixes)
	}
	if got, want := b.CheckAll(w), "Level 0 is complete\n"+wantFixes+"\n"; got != want {
		t.Errorf("CheckAll =\n%q\nwant\n%q", got, want)
	}
	// Cells where either side is not air: 6 + 5 = 11; matches: 6 stone + door = 7.
	m, mm := b.Tally(w)
	if m != 7 || mm != 3 {
		t.Errorf("tally %d matches, %d mismatches; want 7, 3", m, mm)
	}
	if got := b.Score(w); math.Abs(got-0.7) > 1e-12 {
		t.Errorf("score %v, want 0.7", got)
	}
	// The paper's version (seed 002, section 9.1.2) writes one space in
	// the heading; the rest is the same.
	paperFixes := "Level 1 requires the following fixes:\n" + wantFixes[len("Level 1  requires the following fixes:\n"):]
	if got := b.CheckLevelText(w, 1, StylePaper); got != paperFixes {
		t.Errorf("CheckLevelText(1, paper) =\n%q\nwant\n%q", got, paperFixes)
	}
	if got, want := b.CheckAllText(w, StylePaper), "Level 0 is complete\n"+paperFixes+"\n"; got != want {
		t.Errorf("CheckAllText(paper) =\n%q\nwant\n%q", got, want)
	}
	if got := b.CheckLevelText(w, 1, StyleCurrent); got != wantFixes {
		t.Errorf("CheckLevelText(1, current) = %q, want %q", got, wantFixes)
	}
	if b.CheckLevel(w, 2) != "" || b.CheckLevel(w, -1) != "" {
		t.Error("out-of-range level should give no text")
	}

	// Fix everything: correct, complete, score 1.
	w[[3]int{155, -59, -168}] = "terracotta"
	w[[3]int{157, -59, -168}] = "glass"
	delete(w, [3]int{156, -59, -167})
	if b.CheckAll(w) != "Blueprint is correct" || b.CheckLevel(w, 1) != "Level 1 is correct" || b.Score(w) != 1 {
		t.Errorf("finished build: %q, %q, score %v", b.CheckAll(w), b.CheckLevel(w, 1), b.Score(w))
	}
	// An empty world scores 0.
	if got := b.Score(world{}); got != 0 {
		t.Errorf("empty world score %v, want 0", got)
	}
}

func TestExplainTexts(t *testing.T) {
	b := checkFixture()
	want := "Level 0: Start at coordinates X: 155, Y: -60, Z: -168Level 1: Start at coordinates X: 155, Y: -59, Z: -168"
	if got := b.Explain(); got != want {
		t.Errorf("Explain =\n%q\nwant\n%q", got, want)
	}
	wantLevel := "Level 1 starting at coordinates X: 155, Y: -59, Z: -168\n[\n[terracotta, air, glass],\n[dark_oak_door, air, air],\n]\n"
	if got := b.ExplainLevel(1); got != wantLevel {
		t.Errorf("ExplainLevel(1) =\n%q\nwant\n%q", got, wantLevel)
	}
}

// Every check text reads back through its matcher, in both styles.
func TestTextsReadBack(t *testing.T) {
	b := checkFixture()
	w := world{}
	w[[3]int{157, -59, -168}] = "stone"
	w[[3]int{156, -59, -167}] = "dirt"
	_, want, _ := b.Diff(w, 1)
	for _, style := range []Style{StylePaper, StyleCurrent} {
		text := b.CheckLevelText(w, 1, style)
		if !HasFixes(text) {
			t.Errorf("style %d: no fix list in %q", style, text)
		}
		got := ParseFixes(text)
		for i := range want {
			want[i].Level = 0
		}
		if !slices.Equal(got, want) {
			t.Errorf("style %d: fixes %+v, want %+v", style, got, want)
		}
		if _, ok := ParseLevelDone(text); ok {
			t.Errorf("style %d: a fix list reads as done", style)
		}
	}
	done := world{}
	for x := 155; x <= 157; x++ {
		for z := -168; z <= -167; z++ {
			done[[3]int{x, -60, z}] = "stone"
		}
	}
	for _, text := range []string{b.CheckLevel(done, 0), b.ExplainLevelText(done, 0, StylePaper)} {
		if n, ok := ParseLevelDone(text); !ok || n != 0 || HasFixes(text) {
			t.Errorf("%q reads as level %d done %v", text, n, ok)
		}
	}
	// A whole check reads back per level: level 0 complete, level 1's fixes.
	for x := 155; x <= 157; x++ {
		for z := -168; z <= -167; z++ {
			w[[3]int{x, -60, z}] = "stone"
		}
	}
	for _, style := range []Style{StylePaper, StyleCurrent} {
		complete, fixes, all := ParseCheck(b.CheckAllText(w, style))
		_, want, _ := b.Diff(w, 1)
		if all || !slices.Equal(complete, []int{0}) || len(fixes) != 1 || !slices.Equal(fixes[1], want) {
			t.Errorf("style %d: ParseCheck = %v, %+v, %v; want [0], level 1: %+v", style, complete, fixes, all, want)
		}
	}
	if _, _, all := ParseCheck(b.CheckAll(done)); all {
		t.Error("a check with level 1 unbuilt reads as all correct")
	}
	if _, _, all := ParseCheck("Blueprint is correct"); !all {
		t.Error(`"Blueprint is correct" does not read as all correct`)
	}
	full := world{}
	for _, lv := range b.Levels {
		for r, row := range lv.Placement {
			for c, name := range row {
				full[[3]int{lv.Coordinates[0] + c, lv.Coordinates[1], lv.Coordinates[2] + r}] = name
			}
		}
	}
	if text := b.CheckAll(full); !IsCorrect(text) || IsCorrect(b.CheckAll(done)) {
		t.Errorf("IsCorrect does not tell a built house (%q) from a part-built one", text)
	}
	if got := ExplainedLevels(b.Explain()); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("ExplainedLevels = %v", got)
	}
	for i, lv := range b.Levels {
		if got, ok := ExplainedOrigin(b.Explain(), i); !ok || got != lv.Coordinates {
			t.Errorf("ExplainedOrigin(%d) = %v, %v; want %v", i, got, ok, lv.Coordinates)
		}
	}
}

// A generated house built block by block from its own blueprint scores 1;
// a world missing one block scores just under.
func TestScoreOfGeneratedHouse(t *testing.T) {
	h, err := GenerateHouse(HouseOptions{Materials: 1, Rooms: 1, Windows: 1, Carpets: 1, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	w := world{}
	var last [3]int
	for _, lv := range h.Blueprint.Levels {
		for r, row := range lv.Placement {
			for c, name := range row {
				if name != Air {
					last = [3]int{lv.Coordinates[0] + c, lv.Coordinates[1], lv.Coordinates[2] + r}
					w[last] = name
				}
			}
		}
	}
	if h.Blueprint.Score(w) != 1 || h.Blueprint.CheckAll(w) != "Blueprint is correct" {
		t.Fatal("a complete build does not score 1")
	}
	delete(w, last)
	n := float64(h.Blueprint.BlockCount())
	if got := h.Blueprint.Score(w); math.Abs(got-(n-1)/n) > 1e-12 {
		t.Errorf("score %v, want %v", got, (n-1)/n)
	}
}

// !getBlueprintLevel's text reads back as the level it was made from.
func TestParseLevelRoundTrip(t *testing.T) {
	h, err := GenerateHouse(HouseOptions{Materials: 1, Rooms: 1, Windows: 1, Carpets: 1, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range h.Blueprint.Levels {
		got, ok := ParseLevel("\n" + h.Blueprint.ExplainLevel(i) + "\n")
		if !ok || got.Level != want.Level || got.Coordinates != want.Coordinates || !slices.EqualFunc(got.Placement, want.Placement, slices.Equal) {
			t.Fatalf("level %d: ParseLevel = %+v, %v; want %+v", i, got, ok, want)
		}
	}
	if _, ok := ParseLevel("Level 0 is correct"); ok {
		t.Error("ParseLevel found a level in a check text")
	}
}
