package generate

import (
	"fmt"
	"regexp"
	"strings"
)

// Conversation timing from MINDcraft's conversation.js.
const (
	fastDelay      ms = 200   // reply delay when the sender is not busy
	longDelay      ms = 5000  // reply delay when the sender's message ran a command
	waitTimeStart  ms = 30000 // first "hasn't responded" limit; doubles each time
	resumeDelay    ms = 5000  // a paused self-prompter resumes this long after the last conversation ends
	selfPromptCool ms = 2000  // self-prompter cooldown after a turn that used a command
)

// packet is one bot-to-bot message as MindServer carries it.
type packet struct {
	message    string
	start, end bool
}

// convo is an agent's conversation with one partner (conversation.js
// Conversation).
type convo struct {
	partner          string
	active           bool
	ignoreUntilStart bool
	queue            []packet
	due              ms // when the queue is processed; never = when the agent is next idle
}

func (c *convo) reset() {
	c.active, c.ignoreUntilStart, c.queue, c.due = false, false, nil, never
}

// compile joins the queued messages with no separator, as MINDcraft does;
// start and end are the last packet's.
func (c *convo) compile() packet {
	var p packet
	var b strings.Builder
	for _, q := range c.queue {
		b.WriteString(q.message)
		p = q
	}
	p.message = b.String()
	c.queue, c.due = nil, never
	return p
}

// convManager is one agent's ConversationManager.
type convManager struct {
	convos      []*convo // one per other agent, in team order
	active      *convo   // activeConversation
	awaiting    bool     // awaiting_response
	awaitSince  ms
	waitLimit   ms
	monitorFrom ms // when the current idle wait began
}

func (m *convManager) get(partner string) *convo {
	for _, c := range m.convos {
		if c.partner == partner {
			return c
		}
	}
	return nil
}

// inConversation reports whether any conversation is active.
func (m *convManager) inConversation() bool {
	for _, c := range m.convos {
		if c.active {
			return true
		}
	}
	return false
}

// inConversationWith reports whether the conversation with partner is active.
func (m *convManager) inConversationWith(partner string) bool {
	c := m.get(partner)
	return c != nil && c.active
}

// commandRe is MINDcraft's containsCommand test: a "!word" anywhere.
var commandRe = regexp.MustCompile(`!(\w+)`)

func containsCommand(s string) bool { return commandRe.MatchString(s) }

// MINDcraft's conversation texts.
func notABotText(p string) string { return p + " is not a bot, cannot start conversation." }
func alreadyTalkingText(p string) string {
	return "You are already in conversation with " + p + ". Don't use this command to talk to them."
}
func busyReplyText(sender string) string {
	return fmt.Sprintf(busyReply+", try again later. !endConversation(%q)", sender)
}

const busyReply = "I'm talking to someone else"

// IsBusyReply reports whether a bot's message holds busyReplyText: the
// sender was talking to someone else.
func IsBusyReply(message string) bool { return strings.Contains(message, busyReply) }

func notInConversationText(p string) string { return "Not in conversation with " + p + "." }

// endedText is "Converstaion with {p} ended." in MINDcraft; spelled right here.
func endedText(p string) string { return "Conversation with " + p + " ended." }
func endedWithMessageText(sender, tagged string) string {
	return endedWithPrefix + sender + endedWithMiddle + tagged + "\""
}

const (
	endedWithPrefix = "Conversation with "
	endedWithMiddle = " ended with message: \""
)

// ParseEndedWith reads endedWithMessageText back, for a bot's message: the
// sender and its message without the (FROM OTHER BOT) tag.
func ParseEndedWith(turn string) (sender, message string, ok bool) {
	rest, ok := strings.CutPrefix(turn, endedWithPrefix)
	n := wordPrefix(rest)
	if !ok || n == 0 {
		return "", "", false
	}
	sender, rest = rest[:n], rest[n:]
	rest, ok = strings.CutPrefix(rest, endedWithMiddle+fromOtherBot)
	if !ok || !strings.HasSuffix(rest, "\"") {
		return "", "", false
	}
	return sender, rest[:len(rest)-1], true
}

func noResponseText(partner string, limit ms) string {
	return fmt.Sprintf("%s"+noResponse+" %s seconds, respond with a message to them or your own action.",
		partner, formatSeconds(limit))
}

const noResponse = " hasn't responded in"

// IsNoResponseFrom reports whether a system turn is noResponseText for
// partner.
func IsNoResponseFrom(turn, partner string) bool {
	return strings.HasPrefix(turn, partner+noResponse+" ")
}

const fromOtherBot = "(FROM OTHER BOT)"
