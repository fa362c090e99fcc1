package cuisine

import (
	"testing"
)

// BenchmarkStep measures CuisineWorld steps per second on the recorded
// MindAgent action sequences (every level; planned, available and broken
// actions mixed), the world drawing its own orders. A new episode starts
// where a recorded one ends; setting one up is part of the cost.
func BenchmarkStep(b *testing.B) {
	_, eps := readTraces(b)
	levels := map[string]Level{}
	for _, l := range Levels() {
		levels[l.Name] = l
	}
	b.ReportAllocs()
	b.ResetTimer()
	var w *World
	e, i := 0, 0
	for range b.N {
		if w == nil || i == len(eps[e].Steps) {
			e, i = (e+1)%len(eps), 0
			var err error
			w, err = New(levels[eps[e].Level], Config{Agents: eps[e].Agents, Alpha: eps[e].Alpha, Seed: uint64(e)})
			if err != nil {
				b.Fatal(err)
			}
		}
		if _, err := w.Step(eps[e].Steps[i].Actions); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkStatePrompt measures rendering the dispatcher's state text.
func BenchmarkStatePrompt(b *testing.B) {
	l, _ := LevelNamed("level_12")
	w, err := New(l, Config{Alpha: 1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for range 20 {
		if _, err := w.Step([]string{"goto_agent0_storage0", "get_agent1_potato_storage0"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for range b.N {
		_ = w.State().Prompt()
	}
}
