package procgen

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// SuiteFile is one task file of a suite.
type SuiteFile struct {
	Name   string // file name, e.g. "crafting_train.json"
	Kind   string
	Split  string
	Agents int
	N      int // tasks asked for
	Tasks  []Task
}

// SuiteOptions select a suite.
type SuiteOptions struct {
	Seed uint64
	Demo bool // a few dozen tasks per kind instead of the paper's counts
}

// demoCounts are the --demo sizes per kind and split.
var demoCounts = map[string]map[string]int{
	KindCrafting:     {SplitTrain: 36, SplitDev: 12, SplitTest: 12},
	KindCooking:      {SplitTrain: 24, SplitTest: 12},
	KindConstruction: {SplitTrain: 27, SplitDev: 9, SplitTest: 9}, // 27: every rooms level of the knob grid
}

// demoExtraAgents is how many tasks the 3-5 agent test files hold in a
// demo suite (the full suite uses the default test size).
const demoExtraAgents = 6

// SuitePlan lists the files of a suite without generating them: for every
// kind its train, dev and test files for 2 agents, and for crafting and
// cooking test files for 3, 4 and 5 agents (the paper's agent ablation).
func SuitePlan(opts SuiteOptions) []SuiteFile {
	var files []SuiteFile
	count := func(kind, split string) int {
		if opts.Demo {
			return demoCounts[kind][split]
		}
		return DefaultCount(kind, split)
	}
	for _, k := range AllKinds() {
		if k.Family != FamilyMineCollab {
			continue // MindAgent's kinds are files of their own (procgen tasks)
		}
		kind := k.Name
		for _, split := range Splits(kind) {
			files = append(files, SuiteFile{Name: kind + "_" + split + ".json", Kind: kind, Split: split, Agents: 2, N: count(kind, split)})
		}
	}
	for _, kind := range []string{KindCrafting, KindCooking} {
		for agents := 3; agents <= MaxAgents; agents++ {
			n := DefaultCount(kind, SplitTest)
			if opts.Demo {
				n = demoExtraAgents
			}
			files = append(files, SuiteFile{
				Name: fmt.Sprintf("%s_test_%d_agents.json", kind, agents), Kind: kind, Split: SplitTest, Agents: agents, N: n,
			})
		}
	}
	return files
}

// GenerateSuite generates every file of the suite, in parallel; the result
// does not depend on the order the files finish in.
func GenerateSuite(ctx context.Context, opts SuiteOptions) ([]SuiteFile, error) {
	files := SuitePlan(opts)
	// Train construction blueprints must not repeat the test and dev ones
	// written beside them.
	heldOut := 0
	for _, f := range files {
		if f.Kind == KindConstruction && f.Split == SplitTest {
			heldOut = f.N
		}
	}
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range files {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			f := &files[i]
			tasks, err := Generate(f.Kind, GenerateOptions{
				Options: Options{Split: f.Split, Agents: f.Agents, N: f.N, Seed: opts.Seed},
				HeldOut: heldOut,
			})
			if err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			f.Tasks = tasks
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return files, nil
}
