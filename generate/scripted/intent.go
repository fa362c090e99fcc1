package scripted

import (
	"fmt"
	"strconv"
	"strings"
)

// An Intent is what a role decides at a conversation call: at most one
// command (Act), and the facts its words say (Facts: one of the fact
// types of the role's phrasebook, such as craftStep or waitForItems).
// Roles decide intents from the call's context and never choose words;
// phrasebooks turn intents into words; the dialect writes the command.
type Intent struct {
	Act   Act
	Facts any
}

// Act is a command as data, in no dialect: its name and arguments.
type Act struct {
	Name string // without the "!": "craftRecipe"; "" for none
	Args []any  // strings and ints, in the command's order
	// To is the teammate a message goes to: the words are the message
	// (MINDcraft's !startConversation).
	To string
}

// do is an intent to run command name with args.
func do(facts any, name string, args ...any) Intent {
	return Intent{Act: Act{Name: name, Args: args}, Facts: facts}
}

// tell is an intent to send teammate to a message.
func tell(facts any, to string) Intent { return Intent{Act: Act{To: to}, Facts: facts} }

// chatOnly is an intent to say something and run no command: a reply in
// an open conversation, a greeting.
func chatOnly(facts any) Intent { return Intent{Facts: facts} }

// silence is MINDcraft's answer of nothing new to say: a tab.
type silence struct{}

// narrated reports whether the words around the act are narrated (news,
// what the last command did, where the task stands): every command but
// the conversation's own.
func (a Act) narrated() bool {
	return a.Name != "" && a.To == "" && a.Name != "startConversation" && a.Name != "endConversation"
}

// mindcraft writes words and an act in MINDcraft's dialect: "words
// !name(args)", a message as !startConversation's argument, words alone
// for chat.
func (a Act) mindcraft(words string) string {
	switch {
	case a.To != "":
		return cmd("startConversation", a.To, words)
	case a.Name == "":
		return words
	}
	return with(words, cmd(a.Name, a.Args...))
}

// to is the teammate the act messages ("" for none): a message's, or a
// !startConversation's whose words come first.
func (a Act) to() string {
	if a.To == "" && a.Name == "startConversation" && len(a.Args) == 2 {
		s, _ := a.Args[0].(string)
		return s
	}
	return a.To
}

// reply writes words and a message to the teammate the conversation is
// open with as one reply, without !startConversation.
func (a Act) reply(words string) string {
	if a.To != "" {
		return words
	}
	return with(words, fmt.Sprint(a.Args[1]))
}

// cmd renders a command call in MINDcraft's syntax.
func cmd(name string, args ...any) string {
	if len(args) == 0 {
		return "!" + name
	}
	parts := make([]string, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			// MINDcraft's strings cannot hold a double quote.
			parts[i] = `"` + strings.ReplaceAll(v, `"`, "'") + `"`
		case int:
			parts[i] = strconv.Itoa(v)
		case float64:
			parts[i] = strconv.FormatFloat(v, 'f', -1, 64)
		default:
			parts[i] = fmt.Sprint(v)
		}
	}
	return "!" + name + "(" + strings.Join(parts, ", ") + ")"
}

// with joins a sentence and a command as models write them.
func with(sentence, command string) string {
	if sentence == "" {
		return command
	}
	return sentence + " " + command
}

// unquote strips the quotes of raw command arguments.
func unquote(raw []string) []string {
	out := make([]string, len(raw))
	for i, a := range raw {
		out[i] = strings.Trim(a, `"`)
	}
	return out
}
