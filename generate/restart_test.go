package generate

import (
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// A smelt that succeeds restarts the agent as MINDcraft's !smeltItem does:
// the output, then "Safely restarting to update inventory.", no call for
// 4.5 s, then the restarted process: "Agent process restarted." (it was
// self-prompting) and the auto-generated message from the bot it talked
// with, which it answers.
func TestSmeltRestarts(t *testing.T) {
	f := newFixture(craftTask(2), []map[string]int{{"raw_iron": 2}}, "",
		[]string{"Hi Jill.", `Smelting. !smeltItem("raw_iron", 2)`, "Back, where were we?"},
		[]string{"Hi Andy, smelt your iron.", "Sure."},
	)
	res := f.run(t, Config{})
	andy := res.Agents[0]
	var smeltEnd, next float64 = -1, -1
	for _, tr := range andy.Transitions {
		if strings.Contains(tr.Response, "!smeltItem") {
			smeltEnd = tr.SimTime + 2 + 20 // think time, then 2 x 10 s
		}
		if tr.Response == "Back, where were we?" {
			next = tr.SimTime
			last := tr.Messages[len(tr.Messages)-1]
			for _, want := range []string{
				"Successfully smelted raw_iron, got 2 iron_ingot.",
				"SYSTEM: Safely restarting to update inventory.\nSYSTEM: Agent process restarted.\nJill_0: (FROM OTHER BOT)You have restarted and this message is auto-generated. Continue the conversation with me.",
			} {
				if !strings.Contains(tr.Messages[len(tr.Messages)-2].Content+"\n"+last.Content, want) {
					t.Errorf("call after the restart lacks %q: %q", want, tr.Messages[len(tr.Messages)-2:])
				}
			}
		}
	}
	if smeltEnd < 0 || next != smeltEnd+0.5+4+0.2 {
		t.Errorf("smelt ended at %gs, next call at %gs, want %gs", smeltEnd, next, smeltEnd+4.7)
	}
}

// An agent that exits within 10 s of its process's start is not started
// again (agent_process.js): it is gone for the rest of the trial.
func TestRestartTooSoonIsGone(t *testing.T) {
	f := newFixture(craftTask(1), nil, "", []string{"Restarting. !restart", "Hello again."})
	res := f.run(t, Config{})
	a := res.Agents[0]
	if len(a.Transitions) != 1 || !hasTurn(a.History, "system", "Killing agent process...") {
		t.Errorf("calls after an early exit: %d, history %q", len(a.Transitions), a.History)
	}
	if res.Outcome.EndReason != trajectory.EndTimeout {
		t.Errorf("outcome %+v", res.Outcome)
	}
}
