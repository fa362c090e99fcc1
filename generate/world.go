package generate

import (
	"time"

	"collabcraft/world"
)

// World is the simulator as the engine needs it: one World per trial, used
// from one goroutine only. *world.World satisfies it through the adapter in
// worldadapter.go.
type World interface {
	// Execute runs the command in an agent's response and reports what
	// happened. It never fails: a malformed command yields MINDcraft's error
	// text as Output, an unknown or blocked one sets Unknown. A result with
	// an Effect changed nothing in the world: the engine performs the
	// effect and answers it itself, ignoring Output, Notices and Duration.
	Execute(agent int, response string) world.CommandResult
	// Stats and Inventory return the agent's !stats and !inventory texts,
	// exactly as the queries answer ($STATS and $INVENTORY).
	Stats(agent int) string
	Inventory(agent int) string
	// CommandDocs returns $COMMAND_DOCS for the agent, its blocked commands
	// left out.
	CommandDocs(agent int) string
	// Score is the task validator: a score in [0, 1] and whether the task
	// is done.
	Score() (score float64, success bool)
	// SetTime moves the world's clock to t since the trial began (t never
	// decreases; the engine's clock counts whole milliseconds).
	SetTime(t time.Duration)
}
