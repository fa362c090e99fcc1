package escape

import (
	"testing"
	"time"
)

// BenchmarkNew lays out a 4-room task for 2 agents (the generator and the
// copies), as Generate does per draw.
func BenchmarkNew(b *testing.B) {
	for i := range b.N {
		if _, err := New(Config{Agents: 2, MaxRooms: 4, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngineMoves feeds an engine agent moves on and off a plate of a
// 4-room task, each move evaluating every room's events.
func BenchmarkEngineMoves(b *testing.B) {
	task, err := New(Config{Agents: 2, MaxRooms: 4, Seed: 2, Python: true})
	if err != nil {
		b.Fatal(err)
	}
	e, err := NewEngine(task, EngineConfig{Agents: []string{"Alice", "Bob"}})
	if err != nil {
		b.Fatal(err)
	}
	var plate Pos
	for _, c := range task.Rooms[0].Conditions {
		if KindOf(c.Match.Name) == KindPlate {
			plate = c.At
		}
	}
	off := plate.Add(Pos{0, 0, -1})
	b.ResetTimer()
	for i := range b.N {
		p := plate
		if i%2 == 1 {
			p = off
		}
		if _, err := e.Move("Alice", p, time.Duration(i)*100*time.Millisecond); err != nil {
			b.Fatal(err)
		}
	}
}
