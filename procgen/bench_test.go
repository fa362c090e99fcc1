package procgen

import (
	"context"
	"testing"
)

// The paper's full crafting train split (1,200 tasks, 2 agents).
func BenchmarkGenerateCraftingTrain(b *testing.B) {
	for b.Loop() {
		if _, err := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateCookingTrain(b *testing.B) {
	for b.Loop() {
		if _, err := GenerateCooking(Options{Split: SplitTrain, Agents: 2}); err != nil {
			b.Fatal(err)
		}
	}
}

// The whole default suite (4,400 tasks in 14 files), as `procgen suite`
// generates it.
func BenchmarkGenerateSuite(b *testing.B) {
	for b.Loop() {
		if _, err := GenerateSuite(context.Background(), SuiteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeTasks(b *testing.B) {
	tasks, err := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := EncodeTasks(tasks); err != nil {
			b.Fatal(err)
		}
	}
}
