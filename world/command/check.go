package command

import (
	"fmt"
	"strings"
	"sync"

	"collabcraft/world/texts"
)

// Table is the command table one agent sees: MINDcraft's commands minus
// the blocked ones, with the name checks used for BlockName/ItemName
// arguments.
type Table struct {
	specs   []Spec
	byName  map[string]int
	undoc   map[string]bool // blocked but unblockable: usable, left out of the docs
	isBlock func(string) bool
	isItem  func(string) bool

	docsOnce sync.Once // tables are shared read-only; the docs text is built once
	docs     string
}

// NewTable builds the table without the blocked commands. An unblockable
// one (!stop, !stats, !inventory, !goal) stays usable but, blocked, is left
// out of the docs: MINDcraft's blacklistCommands keeps it in its command
// map, and getCommandDocs skips every name in the agent's blocked_actions.
// isBlock and isItem check names of blocks and items ("air" is accepted as
// a block whatever isBlock says).
func NewTable(blocked []string, isBlock, isItem func(string) bool) *Table {
	return NewTableWith(nil, blocked, isBlock, isItem)
}

// NewTableWith is NewTable with extra commands after MINDcraft's (FarmSpecs).
func NewTableWith(extra []Spec, blocked []string, isBlock, isItem func(string) bool) *Table {
	drop := make(map[string]bool, len(blocked))
	for _, b := range blocked {
		drop[b] = true
	}
	t := &Table{byName: map[string]int{}, undoc: map[string]bool{}, isBlock: isBlock, isItem: isItem}
	for _, s := range append(All(), extra...) {
		if drop[s.Name] && s.Unblockable {
			t.undoc[s.Name] = true
		}
		if drop[s.Name] && !s.Unblockable {
			continue
		}
		t.byName[s.Name] = len(t.specs)
		t.specs = append(t.specs, s)
	}
	return t
}

// Specs returns the commands in docs order.
func (t *Table) Specs() []Spec { return t.specs }

// Lookup finds a command by name ("!stats").
func (t *Table) Lookup(name string) (Spec, bool) {
	i, ok := t.byName[name]
	if !ok {
		return Spec{}, false
	}
	return t.specs[i], true
}

// Call is a parsed, checked command.
type Call struct {
	Spec Spec
	Args []Value
}

// Parse finds the first command in text and checks it. When text holds no
// command, ok is false. Otherwise exactly one of call and errText is set:
// errText is what the agent sees (MINDcraft's texts), e.g.
// "Command !X does not exist." for unknown or blocked names.
func (t *Table) Parse(text string) (m Match, call Call, errText string, ok bool) {
	m, ok = Find(text)
	if !ok {
		return m, Call{}, "", false
	}
	spec, known := t.Lookup(m.Name)
	if !known {
		// The agent loop checks commandExists before parsing.
		return m, Call{}, texts.NoSuchCommand(m.Name), true
	}
	args, errText := t.Check(spec, m.Args)
	if errText != "" {
		return m, Call{}, errText, true
	}
	return m, Call{Spec: spec, Args: args}, "", true
}

// Check converts raw argument tokens for spec, returning MINDcraft's text
// for the first failing check (count, then each argument left to right).
func (t *Table) Check(spec Spec, raw []string) ([]Value, string) {
	if len(raw) != len(spec.Params) {
		return nil, fmt.Sprintf("Command %s was given %d args, but requires %d args.", spec.Name, len(raw), len(spec.Params))
	}
	vals := make([]Value, len(raw))
	for i, p := range spec.Params {
		v, ok := convert(raw[i], p.Type)
		if !ok {
			return nil, fmt.Sprintf("Error: Param '%s' must be of type %s.", p.Name, p.Type.errName())
		}
		if p.Domain != nil && (p.Type == Int || p.Type == Float) && !p.Domain.Contains(v.N) {
			return nil, fmt.Sprintf("Error: Param '%s' must be an element of [%s, %s).", p.Name, FormatNumber(p.Domain.Lo), FormatNumber(p.Domain.Hi))
		}
		switch p.Type {
		case BlockName:
			if v.S != "air" && (t.isBlock == nil || !t.isBlock(v.S)) {
				return nil, texts.InvalidBlock(v.S)
			}
		case ItemName:
			// minecraft-data lists air as item 0, and MINDcraft's
			// getItemId(...) == null check lets it through.
			if t.isItem == nil || !t.isItem(v.S) {
				return nil, texts.InvalidItem(v.S)
			}
		}
		vals[i] = v
	}
	return vals, ""
}

// docsHeader is getCommandDocs' header, indents included.
const docsHeader = "\n*COMMAND DOCS\n You can use the following commands to perform actions and get information about the world. \n" +
	"    Use the commands with the syntax: !commandName or !commandName(\"arg1\", 1.2, ...) if the command takes arguments.\n\n" +
	"    Do not use codeblocks. Use double quotes for strings. Only use one command in each response, trailing commands and comments will be ignored.\n"

// Docs renders the $COMMAND_DOCS text (also !help's output) for the table.
func (t *Table) Docs() string {
	t.docsOnce.Do(func() { t.docs = t.buildDocs() })
	return t.docs
}

func (t *Table) buildDocs() string {
	var b strings.Builder
	b.WriteString(docsHeader)
	for _, s := range t.specs {
		if t.undoc[s.Name] {
			continue
		}
		b.WriteString(s.Name + ": " + s.Desc + "\n")
		if s.HasParams {
			b.WriteString("Params:\n")
			for _, p := range s.Params {
				b.WriteString(p.Name + ": (" + p.Type.docName() + ") " + p.Desc + "\n")
			}
		}
	}
	b.WriteString("*\n")
	return b.String()
}
