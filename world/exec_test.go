package world

import (
	"testing"

	"collabcraft/procgen"
	"collabcraft/world/command"
)

// A command without a handler would make Execute panic; every command
// MINDcraft has must be implemented, and nothing else.
func TestEveryCommandHasAHandler(t *testing.T) {
	names := map[string]bool{}
	for _, s := range append(command.All(), command.FarmSpecs()...) {
		names[s.Name] = true
		if handlers[s.Name] == nil {
			t.Errorf("%s has no handler", s.Name)
		}
	}
	for name := range handlers {
		if !names[name] {
			t.Errorf("handler for %s, which is not a command", name)
		}
	}
}

func TestExecuteReportsCommandTextAndEffect(t *testing.T) {
	task := cookingTask()
	task.Goal = procgen.Goal{} // a goal blocks !endGoal
	w := mustBuild(t, task, 1, Options{})
	for _, c := range []struct {
		response, text string
		effect         Effect
	}{
		{`I'll ask. !startConversation("Jill_0", "hi") thanks`, `!startConversation("Jill_0", "hi")`, StartConversation{Partner: "Jill_0", Message: "hi"}},
		{`Done !endConversation("Jill_0")`, `!endConversation("Jill_0")`, EndConversation{Partner: "Jill_0"}},
		{`!goal("make bread")`, `!goal("make bread")`, SetGoal{Goal: "make bread"}},
		{`!endGoal`, `!endGoal`, EndGoal{}},
		{`wait !stop now`, `!stop`, Stop{}},
		{`!stfu`, `!stfu`, Stfu{}},
		{`!clearChat`, `!clearChat`, ClearChat{}},
		{`!restart`, `!restart`, Restart{}},
		{`!stats`, `!stats`, nil},
		{`!goal(1, 2)`, `!goal(1, 2)`, nil}, // wrong arguments: no effect
		{`!fly("up")`, `!fly("up")`, nil},
		{`no command`, ``, nil},
	} {
		res := do(t, w, "Andy_0", c.response)
		if res.CommandText != c.text || res.Effect != c.effect {
			t.Errorf("%s: command text %q, effect %#v; want %q, %#v", c.response, res.CommandText, res.Effect, c.text, c.effect)
		}
	}
}
