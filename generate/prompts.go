package generate

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/procgen"
	"collabcraft/trajectory"

	"collabcraft/world/js"
)

//go:embed prompts/templates.json
var templatesJSON []byte

//go:embed prompts/examples.json
var examplesJSON []byte

//go:embed prompts/coding_examples.json
var codingExamplesJSON []byte

// Prompts are the texts the engine shows agents. DefaultPrompts returns
// MINDcraft's (prompts/templates.json and prompts/examples.json); a run
// records the ones it used.
type Prompts struct {
	Conversing   string `json:"conversing"`    // the conversing prompt ($NAME, $TASK_GOAL, ...)
	SavingMemory string `json:"saving_memory"` // the memory prompt ($NAME, $MEMORY, $TO_SUMMARIZE)
	Coding       string `json:"coding"`        // the coding prompt ($NAME, ..., $CODE_DOCS, $SELF_PROMPT)
	SelfPrompt   string `json:"self_prompt"`   // the self-prompter's system turn ($GOAL)
	InitMessage  string `json:"init_message"`  // the first system turn every agent gets
	// TaskInventory renders $TASK_INVENTORY ($ITEMS = "2 oak_planks, 1 string");
	// TaskInventoryEmpty is used when the agent starts with nothing.
	TaskInventory      string `json:"task_inventory"`
	TaskInventoryEmpty string `json:"task_inventory_empty"`
	// Examples holds the few-shot examples per task type (the kind's
	// TaskType, as MINDcraft's examples file is keyed); $EXAMPLES shows the
	// first NumExamples of the trial's type.
	Examples    map[string][][]trajectory.Message `json:"-"`
	NumExamples int                               `json:"-"`
	// CodingExamples is the coding prompt's pool of examples (a profile's
	// coding_examples); each call shows the NumExamples that overlap its
	// conversation most (codingExamples).
	CodingExamples [][]trajectory.Message `json:"-"`
	// CodeDocs are the skill docs of the JavaScript runtime, one per
	// function in MINDcraft's order (docHelper's "skills.name\n{doc
	// comment}"), from which $CODE_DOCS is rendered (CodeDocsText).
	CodeDocs []string `json:"-"`
}

// DefaultPrompts returns MINDcraft's prompts as embedded in the binary.
// The Examples map is shared between calls: treat it as read-only.
func DefaultPrompts() Prompts { return defaultPrompts() }

var defaultPrompts = sync.OnceValue(func() Prompts {
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
	var coding struct {
		Examples [][]trajectory.Message `json:"examples"`
	}
	if err := json.Unmarshal(codingExamplesJSON, &coding); err != nil {
		panic("generate: embedded prompts/coding_examples.json: " + err.Error())
	}
	p.CodingExamples = coding.Examples
	p.NumExamples = 2 // MINDcraft's settings.num_examples
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
// inventory, items in name order.
func (p Prompts) TaskInventoryText(inv map[string]int) string {
	var parts []string
	for _, item := range slices.Sorted(maps.Keys(inv)) {
		if inv[item] > 0 {
			parts = append(parts, strconv.Itoa(inv[item])+" "+item)
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
func (p Prompts) renderMemory(name, memory string, toSummarize []trajectory.Message) string {
	return fill(p.SavingMemory,
		"$NAME", name,
		"$MEMORY", memory,
		"$TO_SUMMARIZE", StringifyTurns(toSummarize),
	)
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
	for _, t := range taskTypes {
		out = append(out, p.ExamplesText(t))
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
	return map[string]string{
		"conversing": p.Conversing, "saving_memory": p.SavingMemory, "self_prompt": p.SelfPrompt,
		"init_message": p.InitMessage, "task_inventory": p.TaskInventory, "task_inventory_empty": p.TaskInventoryEmpty,
	}
}
