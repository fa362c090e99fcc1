package escape

import "time"

// RoomScore is room i's share of the completion C as
// escape_room_judger.calculate_score computes it (escape_room_judger.py:79-91):
// 1 once the room is done, else the most conditions ever met at once in
// each of its events, summed, over their number. The final sub-event is
// left out of both sums (the judger reads task.events, not final_event), so
// a room whose other events are all met scores 1 before it is done.
func (e *Engine) RoomScore(i int) float64 {
	r := &e.rooms[i]
	if r.done {
		return 1
	}
	met, total := 0, 0
	for _, ev := range r.events {
		met += ev.maxMet
		total += len(ev.conds)
	}
	return float64(met) / float64(total)
}

// Score is the task's completion C: the mean of RoomScore over its rooms.
// The paper's Eq. 11 weighs rooms by their score instead; every atom has
// score 1, so the two agree on VillagerAgent's atoms.
func (e *Engine) Score() float64 {
	sum := 0.0
	for i := range e.rooms {
		sum += e.RoomScore(i)
	}
	return sum / float64(len(e.rooms))
}

// ActionBudget is how much action time the judger allows: the union of the
// agents' action intervals may reach 30·D + 60 seconds, D the task's
// Complexity (escape_room_judger.py:116).
func (t *Task) ActionBudget() time.Duration {
	return seconds(t.Complexity*30 + 60)
}

// WallBudget is the judger's wall-clock limit, 60 s per room + 360 s
// (escape_room_judger.py:117). VillagerAgent's StateTree also ends a task
// after 1000 s (its max_time), which the wall budget passes from 11 rooms.
func (t *Task) WallBudget() time.Duration {
	return time.Duration(len(t.Rooms)*60+360) * time.Second
}

// PaperComplexity is the paper's D (App. A.8, Eq. 12): the conditions of
// every room summed, the rooms being those a search from the exit meets,
// which is all of them. The judger uses Complexity instead.
func (t *Task) PaperComplexity() int {
	n := 0
	for _, r := range t.Rooms {
		n += len(r.Conditions)
	}
	return n
}
