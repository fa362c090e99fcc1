package world

// Effect is what a command asks of the agent loop (the rollout engine)
// rather than of the world: conversations, self-prompting and the agent's
// own state. The world applies nothing of it; the caller switches on the
// concrete type:
//
//	StartConversation, EndConversation, SetGoal, EndGoal, Stop, Stfu,
//	ClearChat, Restart
type Effect interface{ effect() }

// StartConversation is !startConversation: open (or continue) a
// conversation with Partner and send Message.
type StartConversation struct{ Partner, Message string }

// EndConversation is !endConversation: end the conversation with Partner.
type EndConversation struct{ Partner string }

// SetGoal is !goal: start self-prompting towards Goal.
type SetGoal struct{ Goal string }

// EndGoal is !endGoal: stop self-prompting.
type EndGoal struct{}

// Stop is !stop: interrupt the current action.
type Stop struct{}

// Stfu is !stfu: stop chatting and self-prompting.
type Stfu struct{}

// ClearChat is !clearChat: drop the agent's history.
type ClearChat struct{}

// Restart is !restart: restart the agent process.
type Restart struct{}

func (StartConversation) effect() {}
func (EndConversation) effect()   {}
func (SetGoal) effect()           {}
func (EndGoal) effect()           {}
func (Stop) effect()              {}
func (Stfu) effect()              {}
func (ClearChat) effect()         {}
func (Restart) effect()           {}
