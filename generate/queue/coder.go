package queue

import (
	"fmt"
	"strings"

	"collabcraft/covoyager"
	"collabcraft/generate"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// code is a coder's seat: take the first READY subtask, do it with
// Voyager's loop, report the result to the pair manager; wait while
// nothing is READY; stop when the plan is done or dead.
func (p *player) code() {
	e := p.e
	for {
		if e.q == nil {
			p.wait()
			continue
		}
		if e.q.Complete() || e.q.Dead() {
			if e.q.Dead() && e.stopped == "" && e.inProgress() == 0 {
				e.stopped = fmt.Sprintf("a subtask failed %d times", covoyager.MaxAttempts)
			}
			return
		}
		s := e.q.Next()
		if s == nil {
			p.wait()
			continue
		}
		e.q.Take(s, p.name)
		e.handed++
		ok, skill := p.loop(s)
		e.finish(s, ok, skill)
	}
}

// inProgress is how many subtasks someone is doing.
func (e *engine) inProgress() int {
	n := 0
	for _, s := range e.q.Entries {
		if s.Status == covoyager.InProgress {
			n++
		}
	}
	return n
}

// finish is the pair manager's update after a subtask: a success counts
// only when the hand-over is there (the chest holds the quantity; a
// station stands beside the chest).
func (e *engine) finish(s *covoyager.Entry, ok bool, skill string) {
	if ok && !e.handedOver(s) {
		ok = false
	}
	if !ok {
		e.fails++
	}
	e.q.Finish(s, ok, skill)
	e.wake()
}

func (e *engine) handedOver(s *covoyager.Entry) bool {
	x, y, z := e.chest[0], e.chest[1], e.chest[2]
	if covoyager.Placed(s.Item) {
		// 1 block left (the table) or right (the furnace) of the chest,
		// or next to that spot along the chest's side.
		dx := -1
		if s.Item == "furnace" {
			dx = 1
		}
		for dz := -1; dz <= 1; dz++ {
			if e.w.BlockAt(x+dx, y, z+dz) == s.Item {
				return true
			}
		}
		return false
	}
	// The subtask ends with its tools back in the chest too (Att. C:
	// "Then place the wooden pickaxe back in the chest.").
	in := e.w.ChestCounts(x, y, z)
	for _, t := range s.Tools {
		if !covoyager.Placed(t.Item) && in[t.Item] < 1 {
			return false
		}
	}
	return in[s.Drop] >= s.Quantity
}

// loop is Voyager's loop on one subtask with the skill manager's prompt:
// a program, its run, Voyager's critic of the result (none after an
// execution error), up to the rounds; a success is described (the pair
// manager keeps the skill for the subtask).
func (p *player) loop(s *covoyager.Entry) (ok bool, skill string) {
	e := p.e
	task := s.Text()
	var events []voyager.Event
	var code, critique string
	for range e.org.rounds() {
		obs := e.w.VoyagerObservation(p.i)
		msgs := []voyager.Message{covoyager.SkillManagerSystem(),
			covoyager.SkillManagerHuman(voyager.ActionTurn{Events: events, Obs: obs, Code: code, Task: task, Critique: critique, Chests: &p.chests},
				s.Subtask.Materials, s.Subtask.Tools)}
		text := p.call(p.i, trajectory.KindSkillCode, msgs)
		e.rounds++
		prog, perr := voyager.ReadProgram(text)
		if perr != "" {
			e.note(p.i, "", perr)
			events, critique = []voyager.Event{{Kind: voyager.OnError, Text: perr}}, ""
			continue
		}
		events = p.execute(prog)
		e.note(p.i, prog.Exec, eventText(events))
		code = prog.Code
		hm, judged := voyager.CriticHuman(events, e.w.VoyagerObservation(p.i), task, "", p.chests.Render())
		critique = ""
		if judged {
			answer := p.call(p.i, trajectory.KindCritic, []voyager.Message{voyager.CriticSystem(), hm})
			if success, c, read := voyager.ReadCritic(answer); read {
				ok, critique = success, c
			}
			e.note(p.i, "", critique)
		}
		if ok {
			answer := p.call(p.i, trajectory.KindSkillDescription, voyager.SkillDescriptionMessages(prog.Name, prog.Code))
			return true, voyager.SkillDescription(prog.Name, strings.TrimSpace(answer))
		}
	}
	return false, ""
}

// execute runs a program in the world and lets its duration pass; the
// events are its chat lines and error, as Voyager's next turn shows them.
func (p *player) execute(prog voyager.Program) []voyager.Event {
	e := p.e
	res := e.w.ExecuteVoyager(p.i, "", prog.Code+"\n"+prog.Exec, &p.vstate)
	for _, c := range res.Chests {
		p.chests.Update(c.Position, generate.ChestSeen(c))
	}
	var events []voyager.Event
	for _, c := range res.Chat {
		events = append(events, voyager.Event{Kind: voyager.OnChat, Text: c})
	}
	if res.Error != "" {
		events = append(events, voyager.Event{Kind: voyager.OnError, Text: res.Error})
	}
	p.programEnds = e.now + res.Duration
	p.sleep(res.Duration)
	return events
}

func eventText(events []voyager.Event) string {
	var lines []string
	for _, ev := range events {
		lines = append(lines, ev.Text)
	}
	return strings.Join(lines, "\n")
}
