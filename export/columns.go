package export

import "fmt"

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

// column is one dataset column in output order.
type column struct {
	name     string
	typ      colType
	nullable bool
}

// metaColumns are written after the conversation columns, in this order.
var metaColumns = []column{
	{"trial_id", colString, false},
	{"task_id", colString, false},
	{"task_type", colString, false},
	{"split", colString, false},
	{"agent", colString, false},
	{"step", colInt64, false},
	{"kind", colString, false},
	{"score", colFloat64, true},
	{"success", colBool, true},
	{"model", colString, false},
	{"num_agents", colInt64, false},
	{"depth", colInt64, true},
	{"plan", colString, true},
	{"missing_items", colInt64, true},
	{"hells_kitchen", colBool, true},
	{"materials", colInt64, true},
	{"rooms", colInt64, true},
	{"windows", colInt64, true},
	{"carpets", colInt64, true},
	{"variant", colInt64, true},
}

// columnsFor lists every column of a layout in output order.
func columnsFor(l Layout) []column {
	cols := []column{{"id", colString, false}}
	if l == LayoutPromptCompletion {
		cols = append(cols, column{"prompt", colMessages, false}, column{"completion", colMessages, false})
	} else {
		cols = append(cols, column{"messages", colMessages, false})
	}
	return append(cols, metaColumns...)
}

// metaValue returns the value of a metadata column for ex: nil for null,
// else string, int64, float64 or bool.
func metaValue(name string, ex *prepared) any {
	m, k := &ex.meta, &ex.meta.Knobs
	switch name {
	case "trial_id":
		return m.TrialID
	case "task_id":
		return m.TaskID
	case "task_type":
		return m.TaskType
	case "split":
		return ex.split
	case "agent":
		return m.Agent
	case "step":
		return int64(m.Step)
	case "kind":
		return m.Kind
	case "score":
		return ptrAny(m.Score, func(v float64) any { return v })
	case "success":
		return ptrAny(m.Success, func(v bool) any { return v })
	case "model":
		return m.Model
	case "num_agents":
		return int64(m.NumAgents)
	case "depth":
		return intAny(k.Depth)
	case "plan":
		if k.Plan == "" {
			return nil
		}
		return k.Plan
	case "missing_items":
		return intAny(k.MissingItems)
	case "hells_kitchen":
		return ptrAny(k.HellsKitchen, func(v bool) any { return v })
	case "materials":
		return intAny(k.Materials)
	case "rooms":
		return intAny(k.Rooms)
	case "windows":
		return intAny(k.Windows)
	case "carpets":
		return intAny(k.Carpets)
	case "variant":
		return intAny(k.Variant)
	}
	panic("export: unknown column " + name) // a programming error: metaColumns and this switch disagree
}

func intAny(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

func ptrAny[T any](p *T, f func(T) any) any {
	if p == nil {
		return nil
	}
	return f(*p)
}
