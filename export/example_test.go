package export_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"collabcraft/export"
)

// Two transitions of one crafting task, written as Parquet and OpenAI JSONL.
func ExampleWrite() {
	knobs, err := export.NewKnobs(map[string]any{"depth": int64(1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	meta := export.Meta{TrialID: "craft_1#0", TaskID: "craft_1", TaskType: "techtree", Split: "train",
		Agent: "andy", Kind: "conversation", Model: "scripted", NumAgents: 2, Knobs: knobs}
	examples := []export.Example{
		{ID: "craft_1#0/andy/0", Meta: meta, Messages: []export.Message{
			{Role: "system", Content: "You are a playful Minecraft bot named andy."},
			{Role: "user", Content: "jill: (FROM OTHER BOT)Can you craft a bookshelf?"},
			{Role: "assistant", Content: "On it! !craftRecipe(\"bookshelf\", 1)"},
		}},
		{ID: "craft_1#0/andy/1", Meta: meta, Messages: []export.Message{
			{Role: "system", Content: "You are a playful Minecraft bot named andy."},
			{Role: "system", Content: "Code output: Successfully crafted bookshelf."},
			{Role: "assistant", Content: "Done! !givePlayer(\"jill\", \"bookshelf\", 1)"},
		}},
	}
	src := func(yield func(export.Example, error) bool) {
		for _, ex := range examples {
			if !yield(ex, nil) {
				return
			}
		}
	}
	dir, _ := os.MkdirTemp("", "export-example")
	defer os.RemoveAll(dir)

	res, err := export.Write(context.Background(), src, filepath.Join(dir, "demo"), export.Options{
		Formats: []export.Format{export.FormatParquet, export.FormatOpenAI},
		Roles:   export.RolesStrict,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Files {
		fmt.Println(f.Path, f.Rows)
	}
	line, _ := os.ReadFile(filepath.Join(dir, "demo", "openai", "train.jsonl"))
	fmt.Print(string(line))
	// Output:
	// data/train-00000-of-00001.parquet 2
	// openai/train.jsonl 2
	// {"messages":[{"role":"system","content":"You are a playful Minecraft bot named andy."},{"role":"user","content":"jill: (FROM OTHER BOT)Can you craft a bookshelf?"},{"role":"assistant","content":"On it! !craftRecipe(\"bookshelf\", 1)"}]}
	// {"messages":[{"role":"system","content":"You are a playful Minecraft bot named andy."},{"role":"user","content":"SYSTEM: Code output: Successfully crafted bookshelf."},{"role":"assistant","content":"Done! !givePlayer(\"jill\", \"bookshelf\", 1)"}]}
}
