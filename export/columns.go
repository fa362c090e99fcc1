package export

import (
	"fmt"

	"collabcraft/procgen"
)

// Layout selects the conversation columns.
type Layout string

const (
	// LayoutMessages writes one "messages" column (TRL conversational).
	LayoutMessages Layout = "messages"
	// LayoutPromptCompletion writes "prompt" (the messages before the last
	// assistant turn) and "completion" (that turn), both lists of messages,
	// as TRL's conversational prompt-completion type expects.
	LayoutPromptCompletion Layout = "prompt-completion"
)

// ParseLayout checks a --layout value.
func ParseLayout(s string) (Layout, error) {
	switch Layout(s) {
	case LayoutMessages, LayoutPromptCompletion:
		return Layout(s), nil
	}
	return "", fmt.Errorf("export: layout %q: expected messages or prompt-completion", s)
}

// colType is a column's logical type, shared by Parquet, Arrow and the
// Hugging Face features description so the three never disagree.
type colType int

const (
	colString colType = iota
	colInt64
	colFloat64
	colBool
	colMessages // list<struct<role: string, content: string>>
)

// column is one dataset column. The column table (columnsFor) is the one
// definition of the dataset schema: Arrow, the features in the card and
// dataset_info.json, and JSON rows are written from it, and Parquet from
// the Go struct generated from it (parquet_meta.go).
type column struct {
	name     string
	typ      colType
	nullable bool
	value    func(*prepared) cell      // scalar columns
	messages func(*prepared) []Message // colMessages columns
}

// cell is a scalar column's value in one row, in the field of the
// column's type (kept out of an interface: boxing every value of every row
// would cost an allocation each).
type cell struct {
	null bool
	s    string  // colString
	i    int64   // colInt64
	f    float64 // colFloat64
	b    bool    // colBool
}

// any returns the cell's value as string, int64, float64 or bool, or nil
// for null.
func (c cell) any(t colType) any {
	if c.null {
		return nil
	}
	switch t {
	case colInt64:
		return c.i
	case colFloat64:
		return c.f
	case colBool:
		return c.b
	}
	return c.s
}

// knobCell is the cell of a knob value (nil, int64, string or bool, as
// NewKnobs checked).
func knobCell(v any) cell {
	switch v := v.(type) {
	case string:
		return cell{s: v}
	case int64:
		return cell{i: v}
	case bool:
		return cell{b: v}
	}
	return cell{null: true}
}

func floatCell(p *float64) cell {
	if p == nil {
		return cell{null: true}
	}
	return cell{f: *p}
}

func boolCell(p *bool) cell {
	if p == nil {
		return cell{null: true}
	}
	return cell{b: *p}
}

// metaColumns are written after the conversation columns, in this order:
// the trial's, then every kind's knob columns (knobColumns).
var metaColumns = append([]column{
	{name: "trial_id", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.TrialID} }},
	{name: "task_id", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.TaskID} }},
	{name: "task_type", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.TaskType} }},
	{name: "split", typ: colString, value: func(p *prepared) cell { return cell{s: p.split} }},
	{name: "agent", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.Agent} }},
	{name: "step", typ: colInt64, value: func(p *prepared) cell { return cell{i: int64(p.meta.Step)} }},
	{name: "kind", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.Kind} }},
	{name: "score", typ: colFloat64, nullable: true, value: func(p *prepared) cell { return floatCell(p.meta.Score) }},
	{name: "success", typ: colBool, nullable: true, value: func(p *prepared) cell { return boolCell(p.meta.Success) }},
	{name: "model", typ: colString, value: func(p *prepared) cell { return cell{s: p.meta.Model} }},
	{name: "num_agents", typ: colInt64, value: func(p *prepared) cell { return cell{i: int64(p.meta.NumAgents)} }},
}, knobCols...)

// knobCols are the knob columns; Knobs values are indexed like them.
var knobCols = knobColumns()

// knobColumns are the task kinds' knob columns, kind by kind in suite
// order, nullable (a crafting task has no rooms level). Kinds may share a
// column of the same type.
func knobColumns() []column {
	var cols []column
	seen := map[string]bool{}
	for _, k := range procgen.AllKinds() {
		for _, kn := range k.Knobs {
			if kn.Column == "" || seen[kn.Column] {
				continue
			}
			seen[kn.Column] = true
			i := len(cols)
			cols = append(cols, column{name: kn.Column, typ: knobType[kn.Type], nullable: true,
				value: func(p *prepared) cell { return knobCell(p.meta.Knobs.at(i)) }})
		}
	}
	return cols
}

// knobType is the column type of each knob type.
var knobType = map[procgen.KnobType]colType{procgen.KnobInt: colInt64, procgen.KnobString: colString, procgen.KnobBool: colBool}

// orgColumn is the organisation that played the example's trial: written
// only by a dataset that holds trials of an organisation other than p2p
// (Options.OrgColumn), so p2p datasets are as they were before
// organisations existed.
var orgColumn = column{name: "org", typ: colString, value: func(p *prepared) cell { return cell{s: orgName(p.meta.Org)} }}

// orgName is a record's organisation by name ("" is p2p).
func orgName(org string) string {
	if org == "" {
		return "p2p"
	}
	return org
}

// columnsFor lists every column of a layout in output order, the org
// column last when org is set.
func columnsFor(l Layout, org bool) []column {
	cols := []column{{name: "id", typ: colString, value: func(p *prepared) cell { return cell{s: p.id} }}}
	if l == LayoutPromptCompletion {
		cols = append(cols,
			column{name: "prompt", typ: colMessages, messages: func(p *prepared) []Message { m, _ := promptCompletion(p.msgs); return m }},
			column{name: "completion", typ: colMessages, messages: func(p *prepared) []Message { _, m := promptCompletion(p.msgs); return m }})
	} else {
		cols = append(cols, column{name: "messages", typ: colMessages, messages: func(p *prepared) []Message { return p.msgs }})
	}
	cols = append(cols, metaColumns...)
	if org {
		cols = append(cols, orgColumn)
	}
	return cols
}

// checkValue reports whether v (non-nil) is a value of type t.
func (t colType) checkValue(v any) bool {
	switch v.(type) {
	case string:
		return t == colString
	case int64:
		return t == colInt64
	case float64:
		return t == colFloat64
	case bool:
		return t == colBool
	}
	return false
}
