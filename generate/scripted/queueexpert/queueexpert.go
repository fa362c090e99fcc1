// Package queueexpert is the scripted expert of every call of the queue
// organisation (Co-Voyager over Voyager's loop): the task manager, the
// task critic, the skill manager (the coders' programs), Voyager's
// critic of a subtask and the skill description. Each decides from its
// call's messages alone, read back with covoyager's and voyager's
// readers: the plan from the recipes of the item the task names (the
// honest oracle), the programs from the subtask, the materials and tools
// required and the chest the turn shows. Its words are drawn from the
// call's stream.
package queueexpert

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"collabcraft/covoyager"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// Claims reports whether a call is the queue organisation's: a task
// manager's, the task critic's, a skill manager's, or Voyager's critic or
// skill description of a Co-Voyager subtask.
func Claims(kind string, msgs []covoyager.Message) bool {
	switch kind {
	case trajectory.KindTaskManager, trajectory.KindSkillCode:
		return kind == trajectory.KindTaskManager || covoyager.IsSkillManager(msgs)
	case trajectory.KindCritic:
		if covoyager.IsTaskCritic(msgs) {
			return true
		}
		return len(msgs) == 2 && subtaskRE.MatchString(voyager.Section(msgs[1].Content, "\nTask: "))
	case trajectory.KindSkillDescription:
		return len(msgs) == 2 && strings.Contains(msgs[1].Content, "const chestPosition = new Vec3(")
	}
	return false
}

// Reply answers one call of the queue organisation.
func Reply(kind string, msgs []covoyager.Message, rng *rand.Rand) (string, error) {
	w := words{rng: rng}
	switch {
	case kind == trajectory.KindTaskManager:
		c, err := covoyager.ReadTaskManagerCall(msgs)
		if err != nil {
			return "", err
		}
		return w.taskManager(c)
	case kind == trajectory.KindCritic && covoyager.IsTaskCritic(msgs):
		task, plan, err := covoyager.ReadTaskCriticCall(msgs)
		if err != nil {
			return "", err
		}
		return w.taskCritic(task, plan), nil
	case kind == trajectory.KindCritic:
		return w.subtaskCritic(msgs)
	case kind == trajectory.KindSkillCode:
		return w.skillCode(msgs)
	case kind == trajectory.KindSkillDescription:
		return w.describe(msgs)
	}
	return "", fmt.Errorf("queueexpert: no expert answers %q calls", kind)
}

// words draws the expert's phrasings: pick chooses one of its options;
// gen replaces each {a|b|c} of a text by one alternative.
type words struct{ rng *rand.Rand }

func (w words) pick(options ...string) string { return options[w.rng.IntN(len(options))] }

var altRE = regexp.MustCompile(`\{([^{}]*)\}`)

func (w words) gen(t string) string {
	return altRE.ReplaceAllStringFunc(t, func(m string) string {
		return w.pick(strings.Split(m[1:len(m)-1], "|")...)
	})
}

func human(item string) string { return strings.ReplaceAll(item, "_", " ") }
