package audit

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"collabcraft/export"
)

// viewTrial is a trial as the report's viewer replays it, rebuilt from its
// examples alone, so runs, views and datasets replay alike: each call's
// response, what reached the agent since its previous call (command
// outputs, messages), and its inventory as its prompt showed it.
type viewTrial struct {
	TrialID  string      `json:"trial_id"`
	TaskType string      `json:"task_type"`
	Split    string      `json:"split"`
	Score    float64     `json:"score"`
	Success  bool        `json:"success"`
	Events   []viewEvent `json:"events"`
	// Build is, for construction, the blueprint next to what was built.
	Build *viewBuild `json:"build,omitempty"`
	build buildTracker
}

type viewEvent struct {
	Agent     string `json:"agent"`
	Step      int    `json:"step"`
	Kind      string `json:"kind"`
	Before    string `json:"before,omitempty"` // what reached the agent since its previous call
	Text      string `json:"text"`
	Inventory string `json:"inventory,omitempty"`
	order     int
}

// viewer keeps the first maxTrials trials it sees.
type viewer struct {
	max    int
	trials map[string]*viewTrial
	order  []string
	n      int
}

func newViewer(max int) *viewer { return &viewer{max: max, trials: map[string]*viewTrial{}} }

const viewClip = 1200

func (v *viewer) add(ex *export.Example) {
	m := ex.Meta
	t := v.trials[m.TrialID]
	if t == nil {
		if len(v.order) >= v.max {
			return
		}
		t = &viewTrial{TrialID: strings.Clone(m.TrialID), TaskType: kindName(m.TaskType), Split: strings.Clone(m.Split)}
		if m.Score != nil {
			t.Score = *m.Score
		}
		t.Success = m.Success != nil && *m.Success
		v.trials[t.TrialID] = t
		v.order = append(v.order, t.TrialID)
	}
	if len(ex.Messages) == 0 {
		return
	}
	ctx, resp := ex.Messages[:len(ex.Messages)-1], ex.Messages[len(ex.Messages)-1].Content
	from := 1 // after the prompt
	for i := len(ctx) - 1; i >= 1; i-- {
		if ctx[i].Role == "assistant" {
			from = i + 1
			break
		}
	}
	var before []string
	for _, msg := range ctx[min(from, len(ctx)):] {
		before = append(before, msg.Content)
		if t.TaskType == "construction" {
			t.build.read(msg.Content, m.Agent, m.Step)
		}
	}
	v.n++
	t.Events = append(t.Events, viewEvent{
		Agent: strings.Clone(m.Agent), Step: m.Step, Kind: strings.Clone(m.Kind), order: v.n,
		Before: keepLines(strings.Join(before, "\n"), viewClip), Text: keepLines(resp, viewClip), Inventory: inventoryOf(ctx),
	})
}

// keepLines clips a text, keeping its line breaks, as a copy.
func keepLines(s string, n int) string {
	if len(s) > n {
		s = s[:n] + "…"
	}
	return strings.Clone(s)
}

// inventoryOf reads the inventory a call's prompt showed ("INVENTORY\n-
// item: n ... WEARING"), as "item n, item n".
func inventoryOf(ctx []export.Message) string {
	if len(ctx) == 0 {
		return ""
	}
	_, rest, ok := strings.Cut(ctx[0].Content, "\nINVENTORY")
	if !ok {
		return ""
	}
	rest, _, _ = strings.Cut(rest, "WEARING")
	var items []string
	for _, line := range strings.Split(rest, "\n") {
		if name, count, ok := strings.Cut(strings.TrimPrefix(line, "- "), ": "); ok && strings.HasPrefix(line, "- ") {
			items = append(items, name+" "+count)
		}
	}
	if len(items) == 0 {
		return "nothing"
	}
	return strings.Join(items, ", ")
}

// result orders each trial's events agent by agent, step by step (the
// examples carry no time), and returns the viewer's data.
func (v *viewer) result() []Trial {
	var out []Trial
	for _, id := range v.order {
		t := v.trials[id]
		t.Build = t.build.result(t.Success)
		slices.SortStableFunc(t.Events, func(a, b viewEvent) int {
			return cmp.Or(strings.Compare(a.Agent, b.Agent), cmp.Compare(a.Step, b.Step), cmp.Compare(a.order, b.order))
		})
		data, err := json.Marshal(t)
		if err != nil {
			continue // cannot happen: strings and numbers only
		}
		out = append(out, Trial{ID: id, Data: data})
	}
	return out
}
