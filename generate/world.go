package generate

// World is the simulator as the engine needs it: one World per trial, used
// from one goroutine only. *world.World satisfies it through the adapter in
// worldadapter.go.
type World interface {
	// Execute runs the command in an agent's response and reports what
	// happened. It never fails: a malformed command yields MINDcraft's error
	// text as Output. Commands the engine performs itself (Handoff) change
	// nothing in the world.
	Execute(agent int, response string) Outcome
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
	// SetTime moves the world's clock to t simulated seconds since the
	// trial began (t never decreases).
	SetTime(t float64)
}

// Outcome is what executing one response did.
type Outcome struct {
	// Text is the response as MINDcraft stores it: cut right after the
	// command, or whole when there is none.
	Text string
	// Command is the command's name ("!craftRecipe"), "" when the response
	// holds none. CommandText is the matched command with its arguments
	// ("!craftRecipe(\"stick\", 1)").
	Command     string
	CommandText string
	// Known is false when the command does not exist for this agent
	// (unknown, hallucinated or blocked); the engine then adds MINDcraft's
	// "Command !x does not exist." and nothing else happens.
	Known bool
	// Handoff marks a command the engine performs itself because it acts
	// on agents rather than the world: !startConversation,
	// !endConversation, !goal, !endGoal, !stfu, !clearChat. Args then holds
	// its checked arguments as text and Output is empty. When its
	// arguments are wrong, Handoff is false and Output holds the error.
	Handoff bool
	Args    []string
	// Output is the command's result as it enters the history as a system
	// turn ("Code output:\n..." for actions in the paper dialect); "" means
	// no result, which ends the agent's response loop as in MINDcraft.
	Output string
	// Notices are system turns that enter the history before Output when
	// the command ends (e.g. MINDcraft's "Code execution timed out after 10
	// minutes. Attempting force stop.").
	Notices []string
	// Duration is how long the command takes in simulated seconds.
	Duration float64
}
