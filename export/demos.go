package export

import (
	"sync"

	"collabcraft/cuisine"
)

// demoSets are MindAgent's one-shot demos, every team size's
// (cuisine.Demos), as a dispatcher's calls send them: a block of turns.
var demoSets = sync.OnceValue(func() [][]string {
	var out [][]string
	for _, human := range []bool{false, true} {
		for _, n := range cuisine.DemoTeams(human) {
			turns, _ := cuisine.Demos(n, human)
			out = append(out, turns)
		}
	}
	return out
})

// dropDemoTurns leaves out the block of a one-shot demo's turns, where the
// context holds one whole. Only the whole block goes: a live turn that
// reads like one of the demo's (the same actions) stays.
func dropDemoTurns(msgs []Message) []Message {
	for i := range msgs {
		for _, demo := range demoSets() {
			if i+len(demo) >= len(msgs) || msgs[i].Content != demo[0] {
				continue
			}
			whole := true
			for k, t := range demo {
				if msgs[i+k].Content != t {
					whole = false
					break
				}
			}
			if whole {
				out := append([]Message(nil), msgs[:i]...)
				return append(out, msgs[i+len(demo):]...)
			}
		}
	}
	return msgs
}
