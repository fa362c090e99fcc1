package trajectory

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestSimLatencyRoundTrip: a transition's latency-model draw is written as
// sim_latency_ms and read back; a transition without one writes no field,
// so records made without a model keep their bytes.
func TestSimLatencyRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir, realisticBlobs(t)...)
	tr := realisticTrial(t, 1, 6)
	for i := range tr.Agents[0].Transitions {
		tr.Agents[0].Transitions[i].SimLatency = time.Duration(1500+i*7) * time.Millisecond
	}
	if err := w.Write(tr); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	sameTrial(t, tr, got[0])
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, ""}, {1507 * time.Millisecond, `"sim_latency_ms":1507`}} {
		b, err := json.Marshal(wireTransition{SimLatencyMS: c.d.Milliseconds()})
		if err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(string(b), "sim_latency_ms"); has != (c.want != "") || c.want != "" && !strings.Contains(string(b), c.want) {
			t.Errorf("%v: %s", c.d, b)
		}
	}
}
