package trajectory

import (
	"runtime"
	"testing"
)

// TestDecodedFieldsOwnTheirMemory keeps one part of each of 100 decoded
// trials and measures what stays alive. The decoder's strings share one
// buffer, the whole line: a reader that keeps a trial's ids, task type,
// split, end reason, team, difficulty, metric names, transition kinds or
// message roles (stats counts by them) must not keep its line too. A text
// does keep it (the control), which shows the measure sees a kept line.
func TestDecodedFieldsOwnTheirMemory(t *testing.T) {
	tr := realisticTrial(t, 1, 10)
	// Unusual values, so nothing comes back as a constant.
	tr.Outcome.EndReason, tr.Error = "gave_up", "the server went away"
	tr.Difficulty["nested"] = []any{"a", map[string]any{"b": "c"}}
	tr.Metrics["active_seconds:Andy_0"] = 12
	first := &tr.Agents[0].Transitions[0]
	first.Kind, first.FinishReason = "planning", "tool_calls"
	first.Messages[0].Role = "developer"
	line, err := encodeTrial(tr, newBlobSet(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		part func(d *Trial) any
		text bool // a text: keeps the line
	}{
		{"ids, type, split", func(d *Trial) any { return []string{d.TrialID, d.TaskID, d.TaskType, d.Split} }, false},
		{"end reason, error", func(d *Trial) any { return []string{d.Outcome.EndReason, d.Error} }, false},
		{"team", func(d *Trial) any { return d.Team }, false},
		{"agent names", func(d *Trial) any { return []string{d.Agents[0].Name, d.Agents[1].Name} }, false},
		{"difficulty", func(d *Trial) any { return d.Difficulty }, false},
		{"metrics", func(d *Trial) any { return d.Metrics }, false},
		{"kind, finish, role", func(d *Trial) any {
			f := d.Agents[0].Transitions[0]
			return []string{f.Kind, f.FinishReason, f.Messages[0].Role, d.Agents[1].Transitions[0].Messages[0].Role}
		}, false},
		{"a response (control)", func(d *Trial) any { return d.Agents[0].Transitions[0].Response }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			const n = 100
			kept := make([]any, 0, n)
			before := liveHeap()
			for range n {
				d, err := decodeTrial(line, nil)
				if err != nil {
					t.Fatal(err)
				}
				kept = append(kept, c.part(d))
			}
			perTrial := (int64(liveHeap()) - int64(before)) / n
			runtime.KeepAlive(kept)
			keepsLine := perTrial > int64(len(line))/2
			if keepsLine != c.text {
				t.Errorf("keeping it keeps %d bytes per trial (the line is %d bytes); want the line kept: %v", perTrial, len(line), c.text)
			}
		})
	}
}

// liveHeap is the heap that survives a collection now, in bytes.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
