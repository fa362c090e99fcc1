package generate

import (
	"fmt"
	"strings"
	"unicode"

	"collabcraft/trajectory"
)

// Wire is how a prompt and the history become the messages sent to a model.
type Wire string

const (
	// WireStrict is MINDcraft's strictFormat (src/utils/text.js) applied to
	// the turns after the system prompt: contents trimmed, system turns
	// become user turns "SYSTEM: ...", consecutive user turns merged with
	// "\n", a "_" user turn between two assistant turns and before a
	// leading assistant turn, and a lone "_" when there are no turns. Many
	// chat templates reject system turns mid-conversation; this is why.
	WireStrict Wire = "strict"
	// WireRaw sends the prompt as a system message and the turns with
	// their roles and contents as they are.
	WireRaw Wire = "raw"
	// WireStrictAll is strictFormat over the prompt and the turns together
	// (gpt.js, deepseek.js, qwen.js, ...): the prompt becomes the first
	// user turn, "SYSTEM: ...", merged with the user turns that follow.
	WireStrictAll Wire = "strict-all"
)

// ParseWire checks a --wire value.
func ParseWire(s string) (Wire, error) {
	switch Wire(s) {
	case WireStrict, WireRaw, WireStrictAll:
		return Wire(s), nil
	}
	return "", fmt.Errorf("generate: unknown wire format %q (expected strict, strict-all or raw)", s)
}

// Messages builds what is sent from the prompt and the turns.
func (w Wire) Messages(prompt string, turns []trajectory.Message) []trajectory.Message {
	out := make([]trajectory.Message, 0, len(turns)+2)
	out = append(out, trajectory.Message{Role: "system", Content: prompt})
	switch w {
	case WireRaw:
		return append(out, turns...)
	case WireStrictAll:
		return StrictFormat(append(out, turns...))
	}
	return append(out, StrictFormat(turns)...)
}

// filler separates assistant turns and opens a conversation that would
// start with one.
var filler = trajectory.Message{Role: "user", Content: "_"}

// StrictFormat is MINDcraft's strictFormat. It returns new messages and
// leaves turns untouched.
func StrictFormat(turns []trajectory.Message) []trajectory.Message {
	var out []trajectory.Message
	prev := ""
	for _, t := range turns {
		m := trajectory.Message{Role: t.Role, Content: jsTrim(t.Content)}
		if m.Role == "system" {
			m.Role = "user"
			m.Content = "SYSTEM: " + m.Content
		}
		switch {
		case m.Role == prev && m.Role == "assistant":
			out = append(out, filler, m)
		case m.Role == prev:
			out[len(out)-1].Content += "\n" + m.Content
		default:
			out = append(out, m)
		}
		prev = m.Role
	}
	if len(out) > 0 && out[0].Role != "user" {
		out = append([]trajectory.Message{filler}, out...)
	}
	if len(out) == 0 {
		out = append(out, filler)
	}
	return out
}

// jsTrim trims what JavaScript's String.prototype.trim trims: Unicode
// White_Space except U+0085, plus U+FEFF.
func jsTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return r == '\uFEFF' || (r != '\u0085' && unicode.IsSpace(r))
	})
}
