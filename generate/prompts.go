package generate

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"collabcraft/procgen"
	"collabcraft/trajectory"

	"collabcraft/world"
	"collabcraft/world/js"
)

//go:embed prompts/templates.json
var templatesJSON []byte

//go:embed prompts/examples.json
var examplesJSON []byte

// Prompts are the texts and settings one trial's agents are shown: a
// profile's (Profile.Prompts, ProfileSet.For) or the paper's
// (PaperPrompts). A run records the ones it used.
type Prompts struct {
	Conversing   string `json:"conversing"`    // the conversing prompt ($NAME, $SELF_PROMPT, $STATS, ...)
	SavingMemory string `json:"saving_memory"` // the memory prompt ($NAME, $MEMORY, $TO_SUMMARIZE)
	Coding       string `json:"coding"`        // the coding prompt ($NAME, ..., $CODE_DOCS, $SELF_PROMPT)
	BotResponder string `json:"bot_responder"` // the respond-or-ignore prompt ($NAME, $ACTION, $TO_SUMMARIZE)
	SelfPrompt   string `json:"self_prompt"`   // the self-prompter's system turn ($GOAL)
	InitMessage  string `json:"init_message"`  // the first system turn every agent gets
	// TaskInventory renders $TASK_INVENTORY ($ITEMS = "2 oak_planks, 1 string");
	// TaskInventoryEmpty is used when the agent starts with nothing.
	TaskInventory      string `json:"task_inventory"`
	TaskInventoryEmpty string `json:"task_inventory_empty"`
	// Examples holds the paper's fixed few-shot examples per task type
	// (the kind's TaskType); $EXAMPLES shows the first NumExamples of the
	// trial's type. Used when ExamplePool is empty.
	Examples    map[string][][]trajectory.Message `json:"-"`
	NumExamples int                               `json:"-"`
	// ExamplePool is a profile's conversation_examples: each call shows
	// the NumExamples that overlap its conversation most, as MINDcraft's
	// Examples class chooses without an embedding model.
	ExamplePool [][]trajectory.Message `json:"-"`
	// CodingExamples is the coding prompt's pool of examples (a profile's
	// coding_examples); each call shows the NumExamples that overlap its
	// conversation most (codingExamples).
	CodingExamples [][]trajectory.Message `json:"-"`
	// CodeDocs are the skill docs of the JavaScript runtime, one per
	// function in MINDcraft's order (docHelper's "skills.name\n{doc
	// comment}"), from which $CODE_DOCS is rendered (CodeDocsText).
	CodeDocs []string `json:"-"`
	// Modes are the profile's modes, loaded over modes.js's defaults
	// ($STATS lists them); nil means the survival profile's.
	Modes map[string]bool `json:"-"`
	// Dialect is how action outputs are worded.
	Dialect world.Dialect `json:"-"`
	// ExplainBlueprint adds the blueprint's level origins to construction
	// goals and the opening message, as the paper's prompts do (MINDcraft
	// at 0012750 sends the task's goal and conversation as they are).
	ExplainBlueprint bool `json:"-"`
}

// PaperPrompts returns the paper's prompts (seed 002 §7) as embedded in
// the binary. The Examples map is shared between calls: treat it as
// read-only.
func PaperPrompts() Prompts { return paperPrompts() }

var paperPrompts = sync.OnceValue(func() Prompts {
	var p Prompts
	if err := json.Unmarshal(templatesJSON, &p); err != nil {
		panic("generate: embedded prompts/templates.json: " + err.Error()) // build-time data
	}
	var ex map[string]json.RawMessage
	if err := json.Unmarshal(examplesJSON, &ex); err != nil {
		panic("generate: embedded prompts/examples.json: " + err.Error())
	}
	p.CodeDocs = js.SkillDocs()
	p.Examples = map[string][][]trajectory.Message{}
	for k, raw := range ex {
		if strings.HasPrefix(k, "_") {
			continue // comments such as "_source"
		}
		var turns [][]trajectory.Message
		if err := json.Unmarshal(raw, &turns); err != nil {
			panic("generate: embedded prompts/examples.json: " + k + ": " + err.Error())
		}
		p.Examples[k] = turns
	}
	var def Profile
	mustUnmarshal("_default.json", &def)
	p.CodingExamples = def.CodingExamples
	p.NumExamples = 2 // MINDcraft's settings.num_examples
	p.Modes, p.Dialect, p.ExplainBlueprint = world.SurvivalModes, world.DialectPaper, true
	return p
})

// StringifyTurns renders turns as MINDcraft's stringifyTurns does (for
// $TO_SUMMARIZE and the examples).
func StringifyTurns(turns []trajectory.Message) string {
	var b strings.Builder
	for _, t := range turns {
		switch t.Role {
		case "assistant":
			b.WriteString("\nYour output:\n")
		case "system":
			b.WriteString("\nSystem output: ")
		default:
			b.WriteString("\nUser input: ")
		}
		b.WriteString(t.Content)
	}
	return strings.TrimSpace(b.String())
}

// ExamplesText renders $EXAMPLES for a task type: "Examples of how to
// respond:\n" then "Example i:\n{turns}\n\n" per example. Unknown types get
// the crafting examples.
func (p Prompts) ExamplesText(taskType string) string {
	exs, ok := p.Examples[taskType]
	if !ok {
		exs = p.Examples[procgen.Crafting.TaskType]
	}
	if p.NumExamples < len(exs) {
		exs = exs[:p.NumExamples]
	}
	var b strings.Builder
	b.WriteString("Examples of how to respond:\n")
	for i, ex := range exs {
		fmt.Fprintf(&b, "Example %d:\n%s\n\n", i+1, StringifyTurns(ex))
	}
	return b.String()
}

// TaskInventoryText renders $TASK_INVENTORY from an agent's initial
// inventory (procgen.Task.Inventory), items in the order they are given.
func (p Prompts) TaskInventoryText(inv []procgen.Stack) string {
	var parts []string
	for _, s := range inv {
		if s.Count > 0 {
			parts = append(parts, strconv.Itoa(s.Count)+" "+s.Item)
		}
	}
	if len(parts) == 0 {
		return p.TaskInventoryEmpty
	}
	return strings.ReplaceAll(p.TaskInventory, "$ITEMS", strings.Join(parts, ", "))
}

// fill replaces $PLACEHOLDERS in one pass, so a value that itself holds a
// placeholder name stays as it is. (MINDcraft replaces one after another
// with replaceAll, which can rewrite values; one pass is what it meant.)
//
// It gives exactly what strings.NewReplacer(pairs...).Replace(template)
// gives (leftmost match; at one position the earliest pair wins; no
// rescanning), but builds the text with one allocation: prompts are
// rendered for every call and the replacer's growing buffers were a third
// of all the bytes a trial allocated.
func fill(template string, pairs ...string) string {
	if len(pairs)%2 != 0 {
		panic("generate: fill: odd argument count") // as strings.NewReplacer
	}
	first := byte(0)
	for i := 0; i < len(pairs); i += 2 {
		if len(pairs[i]) < 2 || pairs[i][0] != pairs[0][0] {
			return strings.NewReplacer(pairs...).Replace(template)
		}
		first = pairs[i][0]
	}
	type hit struct{ at, pair int }
	var hits [16]hit
	found := hits[:0]
	size := len(template)
	for i := 0; i < len(template); {
		j := strings.IndexByte(template[i:], first)
		if j < 0 {
			break
		}
		i += j
		pair := -1
		for k := 0; k < len(pairs); k += 2 {
			if strings.HasPrefix(template[i:], pairs[k]) {
				pair = k
				break
			}
		}
		if pair < 0 {
			i++
			continue
		}
		found = append(found, hit{i, pair})
		size += len(pairs[pair+1]) - len(pairs[pair])
		i += len(pairs[pair])
	}
	if len(found) == 0 {
		return template
	}
	var b strings.Builder
	b.Grow(size)
	last := 0
	for _, h := range found {
		b.WriteString(template[last:h.at])
		b.WriteString(pairs[h.pair+1])
		last = h.at + len(pairs[h.pair])
	}
	b.WriteString(template[last:])
	return b.String()
}

// promptVars are the values of the conversing and coding prompts'
// placeholders.
type promptVars struct {
	Name, Goal, TaskInventory, Memory, Stats, Inventory, CommandDocs, CodeDocs, Examples, SelfPrompt string
}

// renderConversing fills the conversing prompt.
func (p Prompts) renderConversing(v promptVars) string { return v.fill(p.Conversing) }

// renderCoding fills the coding prompt.
func (p Prompts) renderCoding(v promptVars) string { return v.fill(p.Coding) }

func (v promptVars) fill(template string) string {
	return fill(template,
		"$NAME", v.Name,
		"$TASK_GOAL", v.Goal,
		"$TASK_INVENTORY", v.TaskInventory,
		"$MEMORY", v.Memory,
		"$STATS", v.Stats,
		"$INVENTORY", v.Inventory,
		"$COMMAND_DOCS", v.CommandDocs,
		"$CODE_DOCS", v.CodeDocs,
		"$EXAMPLES", v.Examples,
		"$SELF_PROMPT", v.SelfPrompt,
	)
}

// renderMemory fills the memory prompt for folding turns into memory.
func (p Prompts) renderMemory(name, memory, selfPrompt string, toSummarize []trajectory.Message) string {
	return fill(p.SavingMemory,
		"$NAME", name,
		"$MEMORY", memory,
		"$TO_SUMMARIZE", StringifyTurns(toSummarize),
		"$SELF_PROMPT", selfPrompt,
	)
}

// selfPromptLine is $SELF_PROMPT (prompter.js): the goal while the
// self-prompter is active or paused, nothing once it has stopped.
func selfPromptLine(sp selfPrompter) string {
	if sp.state == spStopped {
		return ""
	}
	return "YOUR CURRENT ASSIGNED GOAL: \"" + sp.goal + "\"\n"
}

// selfPromptText is the self-prompter's system turn for a goal.
func (p Prompts) selfPromptText(goal string) string {
	return strings.ReplaceAll(p.SelfPrompt, "$GOAL", goal)
}

// StaticTexts returns the long literal parts of the prompts that recur in
// every call (template text between placeholders, the examples), for the
// trajectory writer to store once per run.
func (p Prompts) StaticTexts(taskTypes ...string) []string {
	out := trajectory.TemplateParts(p.Conversing)
	out = append(out, trajectory.TemplateParts(p.SavingMemory)...)
	out = append(out, trajectory.TemplateParts(p.BotResponder)...)
	for _, ex := range p.ExamplePool { // each call shows a different pair
		out = append(out, StringifyTurns(ex))
	}
	if len(p.ExamplePool) == 0 {
		for _, t := range taskTypes {
			out = append(out, p.ExamplesText(t))
		}
	}
	return out
}

// CodingStaticTexts are StaticTexts' counterpart for coding calls: the
// coding prompt's literal parts, $CODE_DOCS and each coding example.
func (p Prompts) CodingStaticTexts() []string {
	out := trajectory.TemplateParts(p.Coding)
	out = append(out, p.CodeDocsText())
	for _, ex := range p.CodingExamples { // each call shows a different pair
		out = append(out, StringifyTurns(ex))
	}
	return out
}

// Templates returns the prompt texts by name, for the run manifest's
// prompt_templates; the coding prompt is added by runs that code.
func (p Prompts) Templates() map[string]string {
	m := map[string]string{
		"conversing": p.Conversing, "saving_memory": p.SavingMemory, "self_prompt": p.SelfPrompt,
		"init_message": p.InitMessage, "task_inventory": p.TaskInventory, "task_inventory_empty": p.TaskInventoryEmpty,
		"bot_responder": p.BotResponder,
	}
	for k, v := range m {
		if v == "" {
			delete(m, k)
		}
	}
	return m
}
