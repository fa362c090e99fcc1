// Package generate is the rollout engine: it plays a task with a team of
// agents in a world and records every model call.
//
// A trial is a discrete-event simulation on simulated time (see Run). Each
// agent alternates between deciding (one model call through a Backend, which
// costs Config.ThinkTime simulated seconds) and acting (the command's
// simulated duration, reported by the World). Agents talk in MINDcraft's
// pairwise conversations, self-prompt when idle, and fold old turns into a
// summarized memory, exactly as MINDcraft's agent does (conversation.js,
// self_prompter.js, history.js); the prompts are MINDcraft's, embedded from
// prompts/.
//
// Determinism: the engine runs one trial on one goroutine. Model calls that
// fall due at the same simulated time are sent together (concurrently), but
// their results are applied in agent order, so a trial's outcome depends
// only on its inputs and the backends' answers, never on scheduling.
package generate
