package generate

import (
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// A message without a command reaching an agent in the middle of an
// action makes a bot_responder call, recorded as its own transition.
// "ignore" lets the action finish; "respond" interrupts it (its output is
// dropped, as MINDcraft drops an interrupted action's) and the message is
// answered at once.
func TestBotResponder(t *testing.T) {
	for _, decision := range []string{"ignore", "respond"} {
		f := newFixture(craftTask(2), nil, "",
			[]string{`Collecting logs. !collectBlocks("oak_log", 5)`, "Hi Jill, I have nothing yet."},
			[]string{"Hi Andy, what do you have?"},
		)
		f.backs[0].decisions = []string{decision}
		res := f.run(t, Config{})
		andy := res.Agents[0]
		var resp *trajectory.Transition
		for i, tr := range andy.Transitions {
			if tr.Kind == trajectory.KindBotResponder {
				resp = &andy.Transitions[i]
			}
		}
		if resp == nil {
			t.Fatalf("%s: no bot_responder call: %+v", decision, andy.Transitions)
		}
		prompt := resp.Messages[0].Content
		for _, want := range []string{
			"You are a minecraft bot named Andy_0 that is currently in conversation with another AI bot.",
			"busy with the following action: 'action:collectBlocks' but have received a new message.",
			"Actual Conversation: System output: Respond with hello world and your name\nYour output:\nCollecting logs. !collectBlocks(\"oak_log\", 5)\nUser input: Hi Andy, what do you have?\nDecide by outputting ONLY 'respond' or 'ignore'",
		} {
			if !strings.Contains(prompt, want) {
				t.Errorf("%s: responder prompt lacks %q:\n%s", decision, want, prompt)
			}
		}
		if resp.SimTime != 2 || resp.Response != decision {
			t.Errorf("%s: responder call at %gs answered %q", decision, resp.SimTime, resp.Response)
		}
		collected := hasTurn(andy.History, "system", "Code output:\nCollected 5 oak_log.\n")
		var answeredAt float64
		for _, tr := range andy.Transitions {
			if tr.Response == "Hi Jill, I have nothing yet." {
				answeredAt = tr.SimTime
			}
		}
		switch decision {
		case "ignore": // the action runs its 50 s, then the message is seen
			if !collected || answeredAt != 52 {
				t.Errorf("ignore: collected %t, answered at %gs: %q", collected, answeredAt, andy.History)
			}
		case "respond": // interrupted at 4 s, answered 0.2 s later
			if collected || answeredAt != 4.2 {
				t.Errorf("respond: collected output kept %t, answered at %gs: %q", collected, answeredAt, andy.History)
			}
		}
	}
}

// Over a talk-over action (!stay) the message is answered at once,
// without asking: the action is interrupted.
func TestTalkOverStay(t *testing.T) {
	f := newFixture(craftTask(2), nil, "",
		[]string{`Waiting here. !stay(30)`, "Hi Jill."},
		[]string{"Hi Andy, what do you have?"},
	)
	res := f.run(t, Config{})
	answeredAt := -1.0
	for _, tr := range res.Agents[0].Transitions {
		if tr.Kind == trajectory.KindBotResponder {
			t.Errorf("bot_responder call over !stay: %+v", tr)
		}
		if tr.Response == "Hi Jill." {
			answeredAt = tr.SimTime
		}
	}
	if answeredAt != 2.2 {
		t.Errorf("answered at %gs, want 2.2 (the stay interrupted at 2 s)", answeredAt)
	}
}
