package export

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// --drop-near-duplicates removes from train what nearly repeats an example
// of another split, and nothing else.
func TestDropNearDuplicates(t *testing.T) {
	long := " and after that we can go to the farm together, collect the wheat near the river, bake the bread in the furnace and bring everything back to the house before it gets dark"
	ex := func(id, split, text string) Example {
		return Example{ID: id, Messages: []Message{{Role: "system", Content: "prompt"}, {Role: "user", Content: "What do you have?"}, {Role: "assistant", Content: text}},
			Meta: Meta{TrialID: id + "#0", TaskID: id, TaskType: "crafting", Split: split, Agent: "Andy_0", Kind: "conversation"}}
	}
	var exs []Example
	for i := range 10 {
		text := fmt.Sprintf("I have %d planks, let me craft the chest now please%s", i, long)
		if i >= 3 { // unrelated to any test example
			text = fmt.Sprintf("number %d: smelting iron ore in the furnace with coal takes ten seconds for each item here", i*7919)
		}
		exs = append(exs, ex(fmt.Sprint("train", i), "train", text))
	}
	for i := range 3 { // near copies of train 0-2: one word differs
		exs = append(exs, ex(fmt.Sprint("test", i), "test", fmt.Sprintf("I have %d planks, let me craft the chest now thanks%s", i, long)))
	}
	src := func(yield func(Example, error) bool) {
		for _, e := range exs {
			if !yield(e, nil) {
				return
			}
		}
	}
	for _, tc := range []struct {
		near         float64
		dropped, out int64
	}{{0, 0, 13}, {0.8, 3, 10}} {
		res, err := Write(context.Background(), src, filepath.Join(t.TempDir(), "d"), Options{Formats: []Format{FormatOpenAI}, DropNear: tc.near,
			Split: SplitRule{By: "task"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Counts.NearSplitDropped != tc.dropped || res.Counts.Written != tc.out || res.Counts.PerSplit["test"] != 3 {
			t.Errorf("near %g: counts %+v", tc.near, res.Counts)
		}
	}
}
