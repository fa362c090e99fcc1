package scripted

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// hiddenChanger answers with the scripted backend, then asks again with
// what no message shows changed (the clock, the call's index, a goal or
// memory the prompt does not hold, a turn the messages lack): the reply
// must not change.
type hiddenChanger struct {
	t       *testing.T
	inner   generate.Backend
	calls   atomic.Int64 // the engine calls agents concurrently
	changed atomic.Int64
}

func (h *hiddenChanger) Complete(ctx context.Context, req generate.Request) (generate.Reply, error) {
	want, err := h.inner.Complete(ctx, req)
	if err != nil {
		return want, err
	}
	h.calls.Add(1)
	var all strings.Builder
	for _, m := range req.Messages {
		all.WriteString(m.Content)
	}
	alt := req
	alt.View.Time += 1000
	alt.View.Step += 7
	if !strings.Contains(all.String(), req.View.Goal) || req.View.Goal == "" {
		alt.View.Goal = "Collaborate with other agents to craft a diamond_block"
		h.changed.Add(1)
	}
	if !strings.Contains(all.String(), strings.TrimSpace(req.View.Memory)) {
		alt.View.Memory = "I am the crafter of 1 diamond_block."
		h.changed.Add(1)
	}
	alt.View.Turns = append(append([]trajectory.Message(nil), req.View.Turns...), trajectory.Message{Role: "user", Content: "Bob_9: (FROM OTHER BOT)I'll do the crafting, send me your items."})
	got, err := h.inner.Complete(ctx, alt)
	if err != nil {
		return want, err
	}
	if got.Text != want.Text {
		h.t.Errorf("%s %s call: the reply changed with what no message shows:\n  %q\n  %q", req.View.Name, req.Kind, want.Text, got.Text)
	}
	return want, nil
}

// TestDecidesFromMessagesOnly: the experts' replies depend only on what
// the call's messages show, on every kind of task.
func TestDecidesFromMessagesOnly(t *testing.T) {
	var changed int64
	for _, kind := range []string{procgen.KindCrafting, procgen.KindCooking, procgen.KindConstruction} {
		h := &hiddenChanger{t: t, inner: New(DefaultOptions())}
		p := &generate.Player{Team: generate.SeatAll(h, "scripted")}
		for _, j := range generate.Jobs(genTasks(t, kind, procgen.SplitTest, 3, 2), 1, 9) {
			if _, err := p.Play(context.Background(), j); err != nil {
				t.Fatal(err)
			}
		}
		if n := h.calls.Load(); n < 20 {
			t.Errorf("%s: %d calls: the check did not run", kind, n)
		}
		changed += h.changed.Load()
	}
	if changed == 0 {
		t.Error("no call had a goal or memory its messages do not show: the check did not run")
	}
}

// TestGoalNotShownIsNotKnown: a goal the prompt does not show yet (before
// MINDcraft's setup gives it) is not acted on; the agent answers the init
// message.
func TestGoalNotShownIsNotKnown(t *testing.T) {
	initMsg := trajectory.Message{Role: "user", Content: "Respond with hello world and your name"}
	req := generate.Request{
		Kind:     trajectory.KindConversation,
		Messages: []trajectory.Message{{Role: "system", Content: "You are a playful Minecraft bot named Andy_0."}, initMsg},
		View: generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
			Goal: "Collaborate with other agents to craft a stick", Turns: []trajectory.Message{initMsg}},
	}
	reply, err := New(DefaultOptions()).Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(reply.Text, "Hello world") || strings.Contains(reply.Text, "!") && strings.Contains(reply.Text, "stick") {
		t.Errorf("reply %q, want a greeting that knows nothing of the stick", reply.Text)
	}
	// Once the prompt shows it, the agent works on it.
	req.Messages[0].Content += "\nYOUR CURRENT ASSIGNED GOAL: \"" + req.View.Goal + "\""
	if reply, _ = New(DefaultOptions()).Complete(context.Background(), req); !strings.Contains(reply.Text, "stick") {
		t.Errorf("with the goal shown, reply %q", reply.Text)
	}
}

// TestDAGDecidesFromMessagesOnly: under the DAG organisation too, every
// seat's reply (decomposer, controller, executors, reflections, state
// manager) depends only on the call's messages.
func TestDAGDecidesFromMessagesOnly(t *testing.T) {
	var changed int64
	for _, kind := range []string{procgen.KindCrafting, procgen.KindCooking} {
		h := &hiddenChanger{t: t, inner: New(DefaultOptions())}
		p := &generate.Player{Org: dag.Org{}, Team: generate.SeatAll(h, "scripted")}
		for _, j := range generate.Jobs(genTasks(t, kind, procgen.SplitTest, 2, 5), 1, 9) {
			rec, err := p.Play(context.Background(), j)
			if err != nil {
				t.Fatal(err)
			}
			if !rec.Outcome.Success {
				t.Errorf("%s: %+v %s", rec.TaskID, rec.Outcome, rec.Error)
			}
		}
		if n := h.calls.Load(); n < 30 {
			t.Errorf("%s: %d calls: the check did not run", kind, n)
		}
		changed += h.changed.Load()
	}
	if changed == 0 {
		t.Error("no call had a goal or memory its messages do not show: the check did not run")
	}
}

// holds is strings.Contains over the messages joined, each followed by a
// newline, on drawn messages and texts: texts that are a whole message,
// part of one, or span two.
func TestHoldsIsTheJoinedText(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 6))
	parts := []string{"Andy_0: ", "hi", "\n", " ", "!inventory", "Jill_0", "oak", "", "3"}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		return b.String()
	}
	for range 20000 {
		var msgs []trajectory.Message
		var joined strings.Builder
		for range rng.IntN(5) {
			msgs = append(msgs, trajectory.Message{Role: "user", Content: text()})
			joined.WriteString(msgs[len(msgs)-1].Content)
			joined.WriteByte('\n')
		}
		m := &messagesText{msgs: msgs}
		for range 3 {
			s := text()
			if len(msgs) > 0 && rng.IntN(2) == 0 {
				s = msgs[rng.IntN(len(msgs))].Content
			}
			if got, want := m.holds(s), strings.Contains(joined.String(), s); got != want {
				t.Fatalf("%q holds %q: %v, the joined text says %v", msgs, s, got, want)
			}
		}
	}
}
