package dagexpert

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestEveryJobWordingReadsBack: whatever words the decomposer draws, the
// executor reads the same jobs back.
func TestEveryJobWordingReadsBack(t *testing.T) {
	jobs := []job{
		{kind: jobGive, item: "oak_planks", count: 2, to: "Jill_0"},
		{kind: jobMine, item: "iron_ore", count: 2},
		{kind: jobCraft, item: "stick", count: 4},
		{kind: jobSmelt, item: "raw_iron", count: 3, fuel: "coal"},
		{kind: jobSmelt, item: "beef", count: 2, fuel: "coal", at: [3]int{4, -60, -12}, atKnown: true},
		{kind: jobCollect, item: "cooked_beef", count: 2, at: [3]int{4, -60, -12}, atKnown: true},
		{kind: jobKill, item: "rabbit", count: 2},
		{kind: jobWithdraw, item: "dirt", count: 5, at: [3]int{-4, -60, 0}, atKnown: true},
		{kind: jobWithdraw, item: "ladder", count: 5},
		{kind: jobPlace, item: "oak_stairs", count: 1, at: [3]int{1, -59, -2}, facing: "N"},
		{kind: jobCollect, item: "iron_ingot", count: 3},
		{kind: jobUse, item: "bucket", count: 1, to: "cow"},
		{kind: jobLadder, item: "dirt", count: 1, at: [3]int{-9, -57, 3}},
		{kind: jobUnladder, item: "dirt", count: 1, at: [3]int{-9, -57, 3}},
		{kind: jobBreak, item: "glass", count: 1, at: [3]int{-19, -60, 2}},
		{kind: jobGet, item: "sugar_cane", count: 2, source: fromFarm},
		{kind: jobGet, item: "coal", count: 2, source: fromFarm},
		{kind: jobGet, item: "rabbit", count: 1, source: fromPasture},
		{kind: jobGet, item: "bucket", count: 3, source: fromCraft},
		{kind: jobGet, item: "iron_pickaxe", count: 1},
	}
	for seed := range uint64(200) {
		w := words{rng: rand.New(rand.NewPCG(seed, 1))}
		for i := range jobs {
			list := []job{jobs[i], jobs[(i+3)%len(jobs)], jobs[(i+5)%len(jobs)]}
			desc := w.describe(list)
			got, err := readJobs(desc)
			if err != nil {
				t.Fatalf("%q: %v", desc, err)
			}
			if !reflect.DeepEqual(got, list) {
				t.Fatalf("%q reads back as\n %v\nwant\n %v", desc, got, list)
			}
		}
	}
}

// TestCoalComesFromTheMine: a get job names the source the item really
// comes from; coal, dug from ore, is not "from the farm".
func TestCoalComesFromTheMine(t *testing.T) {
	w := words{rng: rand.New(rand.NewPCG(1, 1))}
	for _, c := range []struct{ item, want string }{
		{"coal", " from the chest or the mine"},
		{"wheat", " from the chest or the farm"},
	} {
		desc := w.describe([]job{{kind: jobGet, item: c.item, count: 1, source: fromFarm}})
		if !strings.HasSuffix(desc, c.want) {
			t.Errorf("%s: %q, want it to end %q", c.item, desc, c.want)
		}
	}
}
