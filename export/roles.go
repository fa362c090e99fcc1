package export

import "fmt"

// Roles selects how message roles are written.
type Roles string

const (
	// RolesRaw keeps the roles as recorded (the exact context that was sent).
	RolesRaw Roles = "raw"
	// RolesStrict makes every example acceptable to strict chat templates:
	// at most one system message, first; then user and assistant turns
	// alternating, starting with user and ending with assistant.
	RolesStrict Roles = "strict"
)

// ParseRoles checks a --roles value.
func ParseRoles(s string) (Roles, error) {
	switch Roles(s) {
	case RolesRaw, RolesStrict:
		return Roles(s), nil
	}
	return "", fmt.Errorf("export: roles %q: expected raw or strict", s)
}

// systemPrefix marks a system turn that strict mode turns into a user turn,
// as MINDcraft's strictFormat does.
const systemPrefix = "SYSTEM: "

// fillerTurn is the user turn MINDcraft's strictFormat puts before a
// conversation that would otherwise start with the assistant.
const fillerTurn = "_"

// normalizeStrict rewrites msgs (already trimmed to end on an assistant
// turn) for strict chat templates:
//   - a first system message (the prompt) stays the one system message;
//   - every later system turn (a command output, say, even one right after
//     the prompt) becomes a user turn prefixed "SYSTEM: ", as MINDcraft's
//     strictFormat sends it;
//   - consecutive turns of the same role are merged with a newline;
//   - a conversation starting with the assistant gets MINDcraft's "_" user
//     turn first.
//
// It never turns anything into an assistant turn, so an example never gains
// another speaker's words as trained output. The input is not modified.
func normalizeStrict(msgs []Message) []Message {
	out := make([]Message, 0, len(msgs)+1)
	i := 0
	if len(msgs) > 0 && msgs[0].Role == "system" {
		out = append(out, msgs[0])
		i = 1
	}
	for ; i < len(msgs); i++ {
		m := msgs[i]
		if m.Role == "system" {
			m = Message{Role: "user", Content: systemPrefix + m.Content}
		}
		last := len(out) - 1
		switch {
		case last >= 0 && out[last].Role == m.Role:
			out[last].Content += "\n" + m.Content
		case m.Role == "assistant" && (last < 0 || out[last].Role == "system"):
			out = append(out, Message{Role: "user", Content: fillerTurn}, m)
		default:
			out = append(out, m)
		}
	}
	return out
}

// checkStrict verifies the shape normalizeStrict promises: optional system
// first, then user/assistant alternating from user, ending on assistant.
func checkStrict(msgs []Message) error {
	i := 0
	if len(msgs) > 0 && msgs[0].Role == "system" {
		i = 1
	}
	if len(msgs)-i < 2 || (len(msgs)-i)%2 != 0 {
		return fmt.Errorf("%d turns after the system message, expected an even number of at least 2", len(msgs)-i)
	}
	for j := i; j < len(msgs); j++ {
		want := "user"
		if (j-i)%2 == 1 {
			want = "assistant"
		}
		if msgs[j].Role != want {
			return fmt.Errorf("turn %d has role %q, expected %q", j, msgs[j].Role, want)
		}
	}
	return nil
}
