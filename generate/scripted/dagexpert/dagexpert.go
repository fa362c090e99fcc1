// Package dagexpert is the scripted experts of the DAG organisation's
// roles (VillagerAgent's pipeline, generate/dag): the state manager's
// environment and running summaries, the task decomposer and its
// replanning, the agent controller, each agent's ReAct steps and its
// reflection. Each decides from its call's messages only, read back with
// villager's readers (villager.Read*Call), and words its answer with the
// call's seeded random stream.
package dagexpert

import (
	"fmt"
	"math/rand/v2"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// Options tune the experts.
type Options struct {
	// Noise is the rate of realistic mistakes (a misspelt item, a wrong
	// count), each met by the tool's error feedback and recovered from.
	Noise float64
}

// Reply answers one call of the DAG organisation: kind is the call's
// transition kind, msgs its messages, rng the call's stream.
func Reply(kind string, msgs []villager.Message, rng *rand.Rand, o Options) (string, error) {
	w := words{rng: rng}
	switch kind {
	case trajectory.KindEnvSummary:
		c, err := villager.ReadEnvSummaryCall(msgs)
		if err != nil {
			return "", err
		}
		return w.envSummary(c), nil
	case trajectory.KindSummary:
		c, err := villager.ReadSummaryCall(msgs)
		if err != nil {
			return "", err
		}
		return w.runningSummary(c), nil
	case trajectory.KindDecompose:
		c, err := villager.ReadDecomposeCall(msgs)
		if err != nil {
			return "", err
		}
		return w.decompose(c)
	case trajectory.KindReplan:
		c, err := villager.ReadStrategyCall(msgs)
		if err != nil {
			return "", err
		}
		return w.replan(c), nil
	case trajectory.KindAssign:
		if c, err := villager.ReadControllerCall(msgs); err == nil {
			return w.assign(c), nil
		}
		c, err := villager.ReadSplitCall(msgs)
		if err != nil {
			return "", err
		}
		return w.split(c), nil
	case trajectory.KindReact:
		if len(msgs) == 1 { // LangChain's output fixer shows a reply that did not parse
			return w.fixReply(msgs[0].Content), nil
		}
		c, err := villager.ReadExecutorCall(msgs)
		if err != nil {
			return "", err
		}
		return w.react(c, o), nil
	case trajectory.KindReflect:
		c, err := villager.ReadReflectCall(msgs)
		if err != nil {
			return "", err
		}
		return w.reflect(c), nil
	}
	return "", fmt.Errorf("dagexpert: no expert for a %s call", kind)
}
