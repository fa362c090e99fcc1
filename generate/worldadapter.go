package generate

import (
	"strings"
	"time"

	"collabcraft/world"
)

// SimWorld adapts the embedded simulator to World. Agent i is the world's
// i-th agent; the world must have been built with the team's names
// (world.Options.AgentNames).
func SimWorld(w *world.World) World {
	return simWorld{w: w, names: w.Agents()}
}

type simWorld struct {
	w     *world.World
	names []string
}

var _ World = simWorld{}

func (s simWorld) Execute(agent int, response string) Outcome {
	res, err := s.w.Execute(s.names[agent], response)
	if err != nil { // only for an unknown agent name, which SimWorld never passes
		return Outcome{Text: response}
	}
	out := Outcome{
		Text: res.Response, Command: res.Command, Known: res.Command != "",
		Output: res.Output, Notices: res.Notices, Duration: res.Duration.Seconds(),
	}
	if res.Command == "" {
		return out
	}
	// The first match of "!name" is where the command starts.
	out.CommandText = res.Response[strings.Index(res.Response, res.Command):]
	if res.Unknown {
		out.Known, out.Output = false, ""
		return out
	}
	switch {
	case res.Conversation != nil && res.Conversation.Start:
		out.Handoff, out.Args = true, []string{res.Conversation.Partner, res.Conversation.Message}
	case res.Conversation != nil && res.Conversation.End:
		out.Handoff, out.Args = true, []string{res.Conversation.Partner}
	case res.Control == world.ControlGoal:
		out.Handoff, out.Args = true, []string{res.Goal}
	case res.Control == world.ControlEndGoal, res.Control == world.ControlStop,
		res.Control == world.ControlStfu, res.Control == world.ControlClearChat:
		out.Handoff, out.Args = true, nil
	}
	if out.Handoff {
		out.Output, out.Notices, out.Duration = "", nil, 0 // the engine answers these
	}
	return out
}

func (s simWorld) Stats(agent int) string {
	t, _ := s.w.Stats(s.names[agent])
	return t
}

func (s simWorld) Inventory(agent int) string {
	t, _ := s.w.Inventory(s.names[agent])
	return t
}

func (s simWorld) CommandDocs(agent int) string { return s.w.Docs(s.names[agent]) }

func (s simWorld) Score() (float64, bool) { return s.w.Score(), s.w.Success() }

func (s simWorld) SetTime(t float64) {
	s.w.AdvanceTo(time.Duration(t * float64(time.Second)))
}
