// Package generate is the rollout engine: it plays a task with a team of
// agents in a world and records every model call.
//
// A trial is a discrete-event simulation on simulated time (see Run). Each
// agent alternates between deciding (one model call through a Backend, which
// costs Config.ThinkTime simulated seconds) and acting (the command's
// simulated duration, reported by the World). Agents talk in MINDcraft's
// pairwise conversations, self-prompt when idle, and fold old turns into a
// summarized memory, as MINDcraft's agent does (agent.js handleMessage,
// conversation.js, self_prompter.js, history.js); the prompts are
// MINDcraft's, embedded from prompts/.
//
// Determinism: the engine runs one trial on one goroutine. Model calls that
// fall due at the same simulated time are sent together (concurrently), but
// their results are applied in agent order, so a trial's outcome depends
// only on its inputs and the backends' answers, never on scheduling.
//
// Where the simulation differs from a live MINDcraft server, on purpose:
//   - Commands are atomic: their effects happen when they start and the
//     agent is busy for their duration. A message without a command that
//     reaches an agent in an action makes a bot_responder call, as in
//     MINDcraft (over !stay and !followPlayer it is answered at once);
//     "respond" interrupts the action at the answer: its output is dropped
//     as MINDcraft drops it, but what it did stays done, and the message is
//     answered 0.2 s later (MINDcraft interrupts only when that answer
//     runs a command). An ignored message, or one that came during a
//     coding call or with a command, is seen before the agent's next
//     prompt (MINDcraft keeps it queued until the sender writes again).
//   - A restart (after a smelt, or !restart) takes restartDelay (4 s, a
//     guess at a new process's start, login and spawn wait).
//   - Old turns are folded into memory just before the agent's next
//     prompt rather than right after the 15th turn is added; the same turns
//     are folded.
//   - A call whose answer would come after the task's timeout is not made.
//   - Snapshot bugs are fixed as MINDCRAFT-INTERFACE.md says: real agent
//     names in goals, "Conversation with X ended." spelled right.
//   - Agents past the tenth are named Andy2_0, Jill2_0, ... instead of
//     repeating names.
package generate
