package queue

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"collabcraft/covoyager"
	"collabcraft/generate/scripted/queueexpert"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// Humans is the seat of the task's scripted human player: agent 0 when
// the task has a human (human_count 1).
func (Org) Humans(t *procgen.Task) []int {
	if t != nil && t.HumanCount != nil && *t.HumanCount == 1 {
		return []int{0}
	}
	return nil
}

// The human's pace: it reads the board before it takes a subtask, does
// things more slowly than a program's primitives, and now and then takes
// a break.
const (
	humanReadMin = 6 * time.Second
	humanReadMax = 20 * time.Second
	humanSlower  = 0.8 // up to this share of a program's time again
	humanBreak   = 90 * time.Second
	humanNotices = 75 * time.Second // at most, before it puts a kept tool back
)

// play is the scripted human's seat: like a coder, it takes READY
// subtasks, but at a human pace and with human slips (one fewer in the
// chest than asked, a tool kept in the pocket and put back later). It
// makes no model call: its turns go to its history with the roles "user"
// (the board it read) and "human" (what it did), marked as no model's.
func (p *player) play() {
	e := p.e
	rng := rand.New(rand.NewPCG(e.spec.Seed, 0x4875))
	for {
		if e.q == nil {
			p.wait()
			continue
		}
		if e.q.Complete() || e.q.Dead() {
			return
		}
		s := e.q.Next()
		if s == nil {
			p.wait()
			continue
		}
		board := e.q.String()
		e.q.Take(s, p.name)
		e.handed++
		// It claims the subtask on the board, then reads it through and
		// gets going.
		p.sleep(humanReadMin + time.Duration(rng.Int64N(int64(humanReadMax-humanReadMin))))
		slip := queueexpert.SlipNone
		switch r := rng.IntN(10); {
		case r < 2 && s.Quantity > 1 && !covoyager.Placed(s.Item):
			slip = queueexpert.SlipShort
		case r < 4 && len(portable(s.Tools)) > 0:
			slip = queueexpert.SlipKeepTool
		}
		said, events := p.humanDo(s, slip, rng)
		p.history(board, said, events)
		if slip != queueexpert.SlipNone {
			// It notices what is still in its pocket a while later and
			// puts it in the chest: the subtask is not over before.
			p.sleep(time.Duration(rng.Int64N(int64(humanNotices))))
			kept := map[string]int{s.Drop: 1}
			what := "one " + human(s.Drop)
			if slip == queueexpert.SlipKeepTool {
				kept = map[string]int{}
				for _, t := range portable(s.Tools) {
					kept[t.Item] = 1
				}
				what = "the " + human(portable(s.Tools)[0].Item)
			}
			var items []string
			for _, k := range slices.Sorted(maps.Keys(kept)) {
				items = append(items, fmt.Sprintf("%q: %d", k, kept[k]))
			}
			code := fmt.Sprintf("await depositItemIntoChest(bot, new Vec3(%d, %d, %d), { %s });", e.chest[0], e.chest[1], e.chest[2], strings.Join(items, ", "))
			ev := p.execute(voyager.Program{Exec: code})
			p.history(e.q.String(), []string{"oops, ", "oh wait, ", "hm, "}[rng.IntN(3)]+"I still have "+what+", putting it in the chest", ev)
		}
		ok := e.handedOver(s)
		e.finish(s, ok, "")
		if ok {
			e.byHuman++
		}
		if rng.IntN(6) == 0 {
			p.sleep(time.Duration(rng.Int64N(int64(humanBreak))))
		}
	}
}

// humanDo does one subtask: the program a player who knows the game
// would run for it, its time stretched to a human's.
func (p *player) humanDo(s *covoyager.Entry, slip string, rng *rand.Rand) (said string, events []voyager.Event) {
	e := p.e
	msgs := []voyager.Message{covoyager.SkillManagerSystem(),
		covoyager.SkillManagerHuman(voyager.ActionTurn{Obs: e.w.VoyagerObservation(p.i), Task: s.Text(), Chests: &p.chests},
			s.Subtask.Materials, s.Subtask.Tools)}
	code, err := queueexpert.HumanProgram(msgs, slip, rng)
	said = []string{"ok, I'll do this one: ", "I've got it: ", "mine: ", "on it: "}[rng.IntN(4)] + s.Text()
	if err != nil {
		return said, []voyager.Event{{Kind: voyager.OnError, Text: err.Error()}}
	}
	start := e.now
	events = p.execute(voyager.Program{Exec: code})
	p.sleep(time.Duration(float64(e.now-start) * humanSlower * rng.Float64()))
	return said, events
}

// history keeps one human turn: the board it read and what it did.
func (p *player) history(board, said string, events []voyager.Event) {
	e := p.e
	e.history[p.i] = append(e.history[p.i],
		trajectory.Message{Role: "user", Content: fmt.Sprintf("[%.0f s] The board:\n%s", e.now.Seconds(), board)},
		trajectory.Message{Role: trajectory.RoleHuman, Content: strings.TrimSpace(said + "\n" + eventText(events))})
}

// portable are the tools kept in the chest (not the stations by it).
func portable(tools []covoyager.Need) []covoyager.Need {
	var out []covoyager.Need
	for _, t := range tools {
		if !covoyager.Placed(t.Item) {
			out = append(out, t)
		}
	}
	return out
}

func human(item string) string {
	b := []byte(item)
	for i, c := range b {
		if c == '_' {
			b[i] = ' '
		}
	}
	return string(b)
}
