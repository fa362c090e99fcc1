// Package covoyager is Co-Voyager's dialect (seed 004, M. Stefan's report
// "Co-Voyager: a framework for AI-human cooperation in Minecraft"; it
// published no code): the task manager's, task critic's and skill
// manager's prompts of its attachments E, F and H, the user turns of
// their calls (laid out as the prompts' examples show their inputs), the
// readers of each call and answer, the subtasks of the task manager's
// JSON, and the pair manager's queue of subtasks with their statuses.
// Its skill manager is Voyager's action agent (package voyager) with the
// materials and tools a subtask requires.
package covoyager

import (
	"errors"
	"regexp"
	"strings"

	"collabcraft/voyager"
)

// Message is one chat message of a model call.
type Message = voyager.Message

// TaskManagerMessages are the task manager's call: the prompt, and the
// task ("Task: Craft a Compass.", as the prompt's example gives it); when
// the critic halted the last plan, that plan and the critic's answer too.
func TaskManagerMessages(task, previous, critique string) []Message {
	u := "Task: " + task
	if previous != "" {
		u += "\n\nPrevious subdivision:\n" + previous + "\n\n" + strings.TrimSpace(critique)
	}
	return []Message{{Role: "system", Content: taskManagerPrompt}, {Role: "user", Content: u}}
}

// TaskCriticMessages are the task critic's call: the plan and the task,
// as the prompt's example gives them.
func TaskCriticMessages(task, plan string) []Message {
	return []Message{{Role: "system", Content: taskCriticPrompt},
		{Role: "user", Content: "Previous subdivision:\n" + plan + "\nTask: " + task}}
}

// IsTaskManager and IsTaskCritic tell the calls by their system prompt.
func IsTaskManager(msgs []Message) bool {
	return len(msgs) == 2 && msgs[0].Content == taskManagerPrompt
}

// IsTaskCritic reports whether msgs are a task critic's call.
func IsTaskCritic(msgs []Message) bool { return len(msgs) == 2 && msgs[0].Content == taskCriticPrompt }

// IsSkillManager reports whether msgs are a skill manager's call.
func IsSkillManager(msgs []Message) bool {
	return len(msgs) == 2 && strings.Contains(msgs[1].Content, "\nMaterials required: ") && strings.HasPrefix(msgs[0].Content, skillManagerTemplate[:80])
}

// TaskManagerCall is what a task manager's call shows.
type TaskManagerCall struct {
	Task, Previous, Critique string
}

// ReadTaskManagerCall gives a task manager's call back.
func ReadTaskManagerCall(msgs []Message) (TaskManagerCall, error) {
	if !IsTaskManager(msgs) {
		return TaskManagerCall{}, errors.New("covoyager: not a task manager's call")
	}
	u, ok := strings.CutPrefix(msgs[1].Content, "Task: ")
	if !ok {
		return TaskManagerCall{}, errors.New("covoyager: the task manager's call names no task")
	}
	task, rest, _ := strings.Cut(u, "\n\nPrevious subdivision:\n")
	c := TaskManagerCall{Task: task}
	if rest != "" {
		i := strings.LastIndex(rest, "]\n\n")
		if i < 0 {
			return TaskManagerCall{}, errors.New("covoyager: the task manager's call shows a previous subdivision that is not a list")
		}
		c.Previous, c.Critique = rest[:i+1], rest[i+3:]
	}
	return c, nil
}

// ReadTaskCriticCall gives a task critic's call back: the task and the
// plan.
func ReadTaskCriticCall(msgs []Message) (task, plan string, err error) {
	if !IsTaskCritic(msgs) {
		return "", "", errors.New("covoyager: not a task critic's call")
	}
	u, ok := strings.CutPrefix(msgs[1].Content, "Previous subdivision:\n")
	i := strings.LastIndex(u, "\nTask: ")
	if !ok || i < 0 {
		return "", "", errors.New("covoyager: the task critic's call shows no subdivision and task")
	}
	return u[i+len("\nTask: "):], u[:i], nil
}

// Critique is the task critic's answer: "Error: …" and "Critique: …".
type Critique struct {
	Error, Critique string
}

var critiqueRE = regexp.MustCompile(`(?s)Error:\s*(.*?)\s*(?:\nCritique:\s*(.*?)\s*)?$`)

// ParseCritique reads the critic's answer.
func ParseCritique(answer string) (Critique, error) {
	m := critiqueRE.FindStringSubmatch(strings.TrimSpace(answer))
	if m == nil {
		return Critique{}, errors.New(`covoyager: the task critic's answer has no "Error:" line`)
	}
	return Critique{Error: m[1], Critique: m[2]}, nil
}

// Approves reports whether the critic found no error in the plan: its
// Error is "None".
func (c Critique) Approves() bool {
	e := strings.ToLower(strings.TrimRight(strings.TrimSpace(c.Error), "."))
	return e == "none" || e == "no error" || e == "no errors"
}

// SkillManagerSystem is the skill manager's system message: Attachment
// H's template with Voyager's control primitives as its programs (it
// uses no skill library, §4.2) and Voyager's response format.
func SkillManagerSystem() Message {
	text := strings.NewReplacer("{programs}", strings.Join(voyager.Primitives(voyager.ActionModel), "\n\n"),
		"{response_format}", voyager.ResponseFormat()).Replace(skillManagerTemplate)
	return Message{Role: "system", Content: text}
}

// SkillManagerHuman is the skill manager's user message: Voyager's
// action agent's (render_human_message) with the sections Attachment H
// lists, "Materials required" and "Tools required" after the task.
func SkillManagerHuman(t voyager.ActionTurn, materials, tools string) Message {
	text := voyager.ActionHuman(t).Content
	i := strings.Index(text, "\n\nBiome: ") + 2
	head, tail := text[:i], text[i:]
	for _, sec := range []string{"Time: ", "Health: ", "Hunger: "} {
		j := strings.Index(tail, "\n\n"+sec)
		if j < 0 {
			continue
		}
		k := strings.Index(tail[j+2:], "\n\n")
		tail = tail[:j] + tail[j+2+k:]
	}
	j := strings.Index(tail, "\n\nContext: ")
	tail = tail[:j] + "\n\nMaterials required: " + orNone(materials) + "\n\nTools required: " + orNone(tools) + tail[j:]
	return Message{Role: "user", Content: head + tail}
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "None"
	}
	return s
}
