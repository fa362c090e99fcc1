package generate

import (
	"strings"
	"unicode/utf16"

	"collabcraft/trajectory"
)

// MINDcraft's history settings (settings.js max_messages, history.js).
const (
	DefaultMaxMessages = 15  // turns kept before the oldest are folded into memory
	summaryChunk       = 5   // turns folded at a time (plus following assistant turns)
	memoryLimit        = 500 // characters of memory kept
	memoryTruncated    = "...(Memory truncated to 500 chars. Compress it more next time)"
)

// history is one agent's turns and summarized memory (history.js). Log
// keeps every turn ever added, for the trial record.
type history struct {
	name   string
	turns  []trajectory.Message
	memory string
	log    []trajectory.Message
}

// add appends a turn. Other agents' and players' turns are user turns
// "{source}: {content}"; the agent's own are assistant turns; "system"
// ones are system turns.
func (h *history) add(source, content string) {
	var m trajectory.Message
	switch source {
	case "system":
		m = trajectory.Message{Role: "system", Content: content}
	case h.name:
		m = trajectory.Message{Role: "assistant", Content: content}
	default:
		m = trajectory.Message{Role: "user", Content: source + ": " + content}
	}
	h.turns = append(h.turns, m)
	h.log = append(h.log, m)
}

// ParseChatTurn reads a user turn back as add writes it: "{source}:
// {content}", the source a name (\w+), the content without a bot's
// (FROM OTHER BOT) tag.
func ParseChatTurn(turn string) (from, text string, ok bool) {
	n := wordPrefix(turn)
	rest, ok := strings.CutPrefix(turn[n:], ": ")
	if n == 0 || !ok {
		return "", "", false
	}
	return turn[:n], strings.TrimPrefix(rest, fromOtherBot), true
}

// wordPrefix is the length of the run of \w bytes s starts with.
func wordPrefix(s string) int {
	i := 0
	for i < len(s) && (s[i] == '_' || '0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	return i
}

// needsFold reports whether the oldest turns must be folded into memory
// before the next prompt.
func (h *history) needsFold(max int) bool { return len(h.turns) >= max }

// foldChunk returns the turns a fold removes: the first five plus any
// assistant turns right after them.
func (h *history) foldChunk() []trajectory.Message {
	n := min(summaryChunk, len(h.turns))
	for n < len(h.turns) && h.turns[n].Role == "assistant" {
		n++
	}
	return h.turns[:n:n]
}

// fold drops the first n turns and replaces the memory with the model's
// summary, cleaned as history.js does.
func (h *history) fold(n int, summary string) {
	h.turns = append([]trajectory.Message(nil), h.turns[n:]...)
	h.memory = cleanMemory(summary)
}

// cleanMemory drops reasoning up to "</think>" and caps the memory at 500
// characters (JavaScript string length, i.e. UTF-16 units) with
// MINDcraft's note.
func cleanMemory(s string) string {
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = strings.TrimSpace(s[i+len("</think>"):])
	}
	units := 0
	for i, r := range s {
		units += utf16.RuneLen(r)
		if units > memoryLimit {
			return s[:i] + memoryTruncated
		}
	}
	return s
}

// clear empties turns and memory (!clearChat).
func (h *history) clear() {
	h.turns = nil
	h.memory = ""
}
