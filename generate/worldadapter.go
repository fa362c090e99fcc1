package generate

import (
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

func (s simWorld) Execute(agent int, response string) world.CommandResult {
	res, err := s.w.Execute(s.names[agent], response)
	if err != nil { // only for an unknown agent name, which SimWorld never passes
		return world.CommandResult{Response: response}
	}
	return res
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

func (s simWorld) SetTime(t time.Duration) { s.w.AdvanceTo(t) }
