package procgen

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
)

// Splits. Targets (crafting items, cooking dishes, blueprints) never
// appear in two splits.
const (
	SplitTrain = "train"
	SplitDev   = "dev"
	SplitTest  = "test"
)

// Agent counts the generators support (MineCollab runs 2 to 5 agents).
const (
	MinAgents = 2
	MaxAgents = 5
)

// MaxTasks bounds the tasks one generator call makes: far above the
// paper's largest split (2,000), low enough that a typo in --n fails at
// once instead of exhausting memory.
const MaxTasks = 100_000

// GeneratorVersion is bumped whenever a generator's output changes for
// the same seed and options.
const GeneratorVersion = "7"

// Options select what a generator produces.
type Options struct {
	Split  string // SplitTrain, SplitDev or SplitTest
	Agents int    // agents per task, MinAgents..MaxAgents
	N      int    // number of tasks; 0 = the default for the type and split
	Seed   uint64 // same seed and options, same tasks
}

func (o Options) check(splits ...string) error {
	if !slices.Contains(splits, o.Split) {
		return fmt.Errorf("split must be one of %v, got %q", splits, o.Split)
	}
	if o.Agents < MinAgents || o.Agents > MaxAgents {
		return fmt.Errorf("agents must be %d to %d, got %d", MinAgents, MaxAgents, o.Agents)
	}
	if o.N < 0 || o.N > MaxTasks {
		return fmt.Errorf("number of tasks must be 0 (the default) to %d, got %d", MaxTasks, o.N)
	}
	return nil
}

// checkSolo is check for a kind whose tasks may have one agent.
func (o Options) checkSolo(splits ...string) error {
	if o.Agents < 1 || o.Agents > MaxAgents {
		return fmt.Errorf("agents must be 1 to %d, got %d", MaxAgents, o.Agents)
	}
	o.Agents = max(o.Agents, MinAgents)
	return o.check(splits...)
}

// rngFor returns the random stream for one key (a task id, a split...), so
// each task's choices depend only on the seed and the key, never on
// generation order.
func rngFor(seed uint64, key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(key))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// taskSeed derives the seed recorded in a task (for the world builder and
// rollouts) from the generator seed and the task id.
func taskSeed(seed uint64, id string) uint64 {
	// 53 bits, so JSON readers that use float64 (JavaScript, jq) keep it exact.
	s := rngFor(seed, "task-seed/"+id).Uint64() >> 11
	if s == 0 {
		s = 1 // 0 means "no seed" in the file
	}
	return s
}

// agentID is the task-file key of agent i.
func agentID(i int) string { return fmt.Sprint(i) }

// article returns "a" or "an" for a Minecraft item name.
func article(item string) string {
	if item != "" && slices.Contains([]byte("aeiou"), item[0]) {
		return "an"
	}
	return "a"
}
