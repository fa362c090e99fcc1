package generate

import (
	"context"
	"time"

	"collabcraft/trajectory"
)

// Backend makes one model call: the context messages in, the response text
// out. The scripted agents and the OpenAI-compatible client both implement
// it, and both are recorded the same way.
//
// Complete is called from several goroutines at once (one per agent whose
// call falls due at the same simulated time); implementations must be safe
// for that. An error ends the trial with end_reason "error": a backend
// retries transient failures itself before giving up. It must honour ctx.
type Backend interface {
	Complete(ctx context.Context, req Request) (Reply, error)
}

// Request is one model call.
type Request struct {
	Kind     string               // trajectory.KindConversation, KindCoding, KindMemory or KindBotResponder
	Messages []trajectory.Message // exactly what goes over the wire, in order
	Seed     uint64               // a per-call seed derived from the trial seed, agent and step
	View     View                 // the same context, unformatted, for scripted backends (p2p)
	// Stop is the call's own stop sequence (the DAG executor's
	// "Observation:"); nil sends the run's (--api's).
	Stop []string
}

// View is what the agent behind a call may know, as structured data: the
// parts its prompt was rendered from. Scripted backends decide from it
// (never from the world itself) so that they use only what a model in
// the same seat could know.
type View struct {
	Agent       int                  // the agent's index in the team
	Name        string               // its name, e.g. "Andy_0"
	Team        []string             // every agent's name, in team order (including Name); read-only
	TaskType    string               // "techtree" | "cooking" | "construction" | ...
	Goal        string               // $TASK_GOAL: the goal as this agent was told it
	GoalShown   bool                 // $SELF_PROMPT shows the goal: the self-prompter has not stopped
	Memory      string               // the summarized memory before this call
	Turns       []trajectory.Message // the history window (roles system|user|assistant, not wire form); coding: the coder's messages
	Stats       string               // $STATS
	Inventory   string               // $INVENTORY: the agent's own inventory only
	CommandDocs string               // $COMMAND_DOCS: blocked commands are left out
	Time        float64              // simulated seconds since the trial began
	Step        int                  // index of this call among the agent's calls
	// ToSummarize holds the turns a memory call folds away (Kind memory),
	// or, for a bot_responder call, the history and the new message.
	ToSummarize []trajectory.Message
	// Action is what a bot_responder call decides over: the running action
	// ("action:collectBlocks"); the incoming message is ToSummarize's last.
	Action string
}

// Reply is a backend's answer and what it cost.
type Reply struct {
	Text         string           // the response exactly as received
	Usage        trajectory.Usage // tokens, as the backend reports them
	Latency      time.Duration    // wall time of the call (0 for scripted)
	Attempts     int              // HTTP attempts (0 for scripted)
	FinishReason string           // "stop", "length", ... ("" if unknown)
	// Scripted is set when a voice (generate/voice) rewrote the words of
	// a scripted response: the response as the scripted agent wrote it,
	// which the transition keeps; Text is the voiced response, which the
	// world and the teammates get. "" when the response was not rewritten.
	Scripted string
	// Voice is what the voice calls made for this reply cost. It is
	// counted in the trial's metrics (VoiceCallsMetric, ...), never in
	// Usage, which is the agent's own call.
	Voice VoiceUsage
}

// VoiceUsage counts calls a voice made to rewrite scripted responses.
type VoiceUsage struct {
	Calls    int              // calls made
	Rejected int              // rewrites refused, the scripted words kept
	Usage    trajectory.Usage // their tokens
}

func (u *VoiceUsage) add(o VoiceUsage) {
	u.Calls += o.Calls
	u.Rejected += o.Rejected
	u.Usage.PromptTokens += o.Usage.PromptTokens
	u.Usage.CompletionTokens += o.Usage.CompletionTokens
}

// The trial metrics of a voice's calls (Trial.Metrics), present when a
// voice made calls in the trial.
const (
	VoiceCallsMetric            = "voice_calls"
	VoiceRejectedMetric         = "voice_rejected"
	VoicePromptTokensMetric     = "voice_prompt_tokens"
	VoiceCompletionTokensMetric = "voice_completion_tokens"
)
