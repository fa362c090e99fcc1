package villager

import (
	"errors"
	"regexp"
	"strings"
)

// The executor is a LangChain structured-chat ReAct agent (LangChain
// 0.0.350, VillagerAgent's pin; STRUCTURED_CHAT_ZERO_SHOT_REACT_DESCRIPTION
// in env/minecraft_client.py's Agent.run). These functions make its two
// messages, read its replies and word its feedback as LangChain does.

// ExecutorSystem is the system message: LangChain's prefix, one line per
// tool in the order given, the format instructions naming the tools, and
// the suffix.
func ExecutorSystem(tools []Tool) string {
	lines := make([]string, len(tools))
	names := make([]string, len(tools))
	for i, t := range tools {
		if strings.ContainsAny(t.Description, "{}") {
			// LangChain formats the whole template once: a brace in a
			// description would break it there too.
			panic("villager: tool " + t.Name + ": a brace in the description")
		}
		lines[i], names[i] = t.Line(), t.Name
	}
	format := PyFormat(PyFormat(langchain("format_instructions"), map[string]string{"tool_names": strings.Join(names, ", ")}), nil)
	return strings.Join([]string{langchain("prefix"), strings.Join(lines, "\n"), format, PyFormat(langchain("suffix"), nil)}, "\n\n")
}

// Step is one finished iteration of the executor: the model's reply (the
// log) and the observation it got back.
type Step struct {
	Log         string
	Observation string // str() of what the tool returned, or LangChain's feedback text
}

// ExecutorHuman is the user message: the input, a blank line and the
// scratchpad of the steps so far (empty before the first).
func ExecutorHuman(input string, steps []Step) string {
	var thoughts strings.Builder
	for _, s := range steps {
		thoughts.WriteString(s.Log)
		thoughts.WriteString("\nObservation: ")
		thoughts.WriteString(s.Observation)
		thoughts.WriteString("\nThought:")
	}
	pad := ""
	if thoughts.Len() > 0 {
		pad = "This was your previous work (but I haven't seen any of it! I only see what you return as final answer):\n" + thoughts.String()
	}
	return input + "\n\n" + pad
}

// ExecutorInput is what Agent.run hands LangChain: "Your name is N." and
// the instruction.
func ExecutorInput(name, instruction string) string {
	return "Your name is " + name + ".\n" + instruction
}

// ExecutorStop is the stop sequence LangChain sends with each call.
const ExecutorStop = "Observation:"

// Action is a reply as LangChain's StructuredChatOutputParser reads it.
type Action struct {
	Finish bool   // "Final Answer", or a reply with no fenced block
	Output string // the final answer (Finish)
	Tool   string // the tool to call (not Finish)
	Input  any    // its action_input (a Dict for a well-formed call)
}

// ErrUnparsable is a reply the parser cannot read; the executor feeds
// back InvalidResponse.
var ErrUnparsable = errors.New("villager: could not parse the reply")

var fenced = regexp.MustCompile("(?s)```(?:json\\s+)?([^\\p{L}\\p{N}_].*?)```")

// ParseAction reads a reply: the first fenced block (```json optional) as
// JSON (control characters allowed), its first element if a list; an
// "action" of "Final Answer" finishes with action_input; a reply with no
// fenced block finishes with the whole text.
func ParseAction(text string) (Action, error) {
	m := fenced.FindStringSubmatch(text)
	if m == nil {
		return Action{Finish: true, Output: text}, nil
	}
	v, err := parseJSON(strings.TrimSpace(m[1]), false)
	if err != nil {
		return Action{}, ErrUnparsable
	}
	if list, ok := v.([]any); ok {
		if len(list) == 0 {
			return Action{}, ErrUnparsable
		}
		v = list[0]
	}
	d, ok := v.(Dict)
	if !ok {
		return Action{}, ErrUnparsable
	}
	act, ok := d.Get("action")
	if !ok {
		return Action{}, ErrUnparsable
	}
	input, ok := d.Get("action_input")
	if !ok {
		input = Dict{}
	}
	if act == "Final Answer" {
		return Action{Finish: true, Output: Str(input)}, nil
	}
	name, ok := act.(string)
	if !ok {
		// LangChain keeps a non-string tool name, and the tool lookup
		// then finds nothing.
		name = Str(act)
	}
	return Action{Tool: name, Input: input}, nil
}

// Feedback texts of LangChain's executor.
const (
	// InvalidResponse is the observation of a reply the parser could not
	// read (handle_parsing_errors=True).
	InvalidResponse = "Invalid or incomplete response"
	// IterationLimit is the final answer when the iterations or the time
	// ran out (early_stopping_method "force").
	IterationLimit = "Agent stopped due to iteration limit or time limit."
)

// UnparsedLog is the scratchpad's log of a reply the parser could not
// read.
func UnparsedLog(text string) string { return "Could not parse LLM output: " + text }

// InvalidTool is the observation of a call to a tool the agent does not
// have: LangChain's InvalidTool text, naming the tools in prompt order.
func InvalidTool(name string, tools []Tool) string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return name + " is not a valid tool, try one of [" + strings.Join(names, ", ") + "]."
}

// naiveFix is LangChain's NAIVE_FIX prompt (langchain/output_parsers/
// prompts.py), which its OutputFixingParser sends when a reply does not
// parse.
const naiveFix = "Instructions:\n--------------\n{instructions}\n--------------\nCompletion:\n--------------\n{completion}\n--------------\n\n" +
	"Above, the Completion did not satisfy the constraints given in the Instructions.\nError:\n--------------\n{error}\n--------------\n\n" +
	"Please try again. Please only respond with an answer that satisfies the constraints laid out in the Instructions:"

// FixMessages is the OutputFixingParser's call for a reply that did not
// parse: one human message with the parser's format instructions (the
// raw template), the reply, and the parse error's repr.
func FixMessages(reply string) []Message {
	text := strings.NewReplacer("{instructions}", langchain("format_instructions"), "{completion}", reply,
		"{error}", "OutputParserException("+Repr(UnparsedLog(reply))+")").Replace(naiveFix)
	return []Message{{Role: "user", Content: text}}
}

// Message is one chat message (trajectory.Message's shape, kept here so
// the dialect needs no other package).
type Message struct{ Role, Content string }
