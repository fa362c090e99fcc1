package voice

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/llm"
	"collabcraft/generate/llm/llmtest"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

const (
	testKeyEnv = "COLLABCRAFT_VOICE_TEST_KEY"
	testKey    = "sk-voice-test-0123456789abcdef"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		text string
		want parts
		ok   bool
	}{
		{"Let me check what I have. !inventory", parts{"", "Let me check what I have.", " !inventory"}, true},
		{"  Just words, 2 of them.\n", parts{"  ", "Just words, 2 of them.", "\n"}, true},
		{"Waiting. !stay(5) and more", parts{"", "Waiting.", " !stay(5) and more"}, true},
		{"!inventory", parts{}, false},
		{"  !craftRecipe(\"stick\", 1)", parts{}, false},
		{`!startConversation("Jill_0", "I have 4 oak_planks for you.")`, parts{}, false},
		{`Hi! !startConversation("Jill_0", "hello")`, parts{}, false},
		{"\t", parts{}, false},
		{"", parts{}, false},
	} {
		got, ok := split(tc.text)
		if ok != tc.ok || got != tc.want {
			t.Errorf("split(%q) = %+v, %v; want %+v, %v", tc.text, got, ok, tc.want, tc.ok)
		}
		if ok && got.lead+got.words+got.rest != tc.text {
			t.Errorf("split(%q) does not add up", tc.text)
		}
	}
}

func TestCheck(t *testing.T) {
	names := []string{"Andy_0", "Jill_0"}
	words := "Next: 4 oak_planks to Jill_0, at (111, 64, -1680). Also I carry 8 stick and 1 crafting table."
	for _, tc := range []struct {
		rewrite, want, err string
	}{
		{"Sending Jill_0 my 4 oak_planks at (111, 64, -1680); I still hold 8 sticks and 1 crafting table.", "", ""},
		{`  "Jill_0 gets 4 oak_planks at 111, 64, -1680, and I keep 8 stick plus 1 crafting_table."` + "\n", "Jill_0 gets 4 oak_planks at 111, 64, -1680, and I keep 8 stick plus 1 crafting_table.", ""},
		{"Jill_0 gets 4 Oak Planks at 111 64 -1680; 8 stick, 1 crafting table here.", "", ""},
		{"   ", "", "empty rewrite"},
		{"Jill_0 gets 4 oak_planks (111, 64, -1680), 8 stick, 1 crafting table. !givePlayer(\"Jill_0\", \"oak_planks\", 4)", "", "holds a command, !givePlayer"},
		{"Jill_0: (FROM OTHER BOT)4 oak_planks (111, 64, -1680), 8 stick, 1 crafting table", "", "speaks as another bot"},
		{"Sure! Here it is:\nJill_0 gets 4 oak_planks (111, 64, -1680), 8 stick, 1 crafting table", "", "breaks lines"},
		{"Jill_0 gets 4 oak_planks (111, 64, -1680), 8 stick, 1 crafting table." + strings.Repeat(" Really.", 60), "", "is 549 bytes for 93"},
		{"Jill_0 gets four oak_planks at (111, 64, -1680); 8 stick and 1 crafting table.", "", "drops the number 4"},
		{"Jill_0 gets 4 oak_planks at (111, 64, 1680); 8 stick and 1 crafting table.", "", "drops the number -1680"},
		{"Jill_0 gets 4 oak_planks at (111, 64, -1680); 8 stick, 1 crafting table, 2 more soon.", "", "adds the number 2"},
		{"My teammate gets 4 oak_planks at (111, 64, -1680); 8 stick and 1 crafting table.", "", "drops the player Jill_0"},
		{"Jill_0 gets 4 planks at (111, 64, -1680); 8 stick and 1 crafting table.", "", "drops the item oak_planks"},
		{"Jill_0 gets 4 oak_planks at (111, 64, -1680); 8 lipstick and 1 crafting table.", "", "drops the item stick"},
	} {
		got, err := Check(words, tc.rewrite, names)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("Check(%q): %v", tc.rewrite, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Check(%q) = %q, %v; want an error with %q", tc.rewrite, got, err, tc.err)
		case tc.err == "" && got != cmpOr(tc.want, strings.TrimSpace(tc.rewrite)):
			t.Errorf("Check(%q) = %q, want %q", tc.rewrite, got, cmpOr(tc.want, tc.rewrite))
		}
	}
	if _, err := Check("", "anything", names); err == nil {
		t.Error("Check of no words took a rewrite")
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func TestParseSpec(t *testing.T) {
	if m, err := ParseSpec("openai:meta-llama/Llama-3.3-70B-Instruct"); err != nil || m != "meta-llama/Llama-3.3-70B-Instruct" {
		t.Errorf("ParseSpec = %q, %v", m, err)
	}
	for _, bad := range []string{"", "openai", "openai:", "openai: ", "anthropic:claude", "gpt-4o"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) took it", bad)
		}
	}
}

// newVoice is a voice around inner whose model is srv.
func newVoice(t *testing.T, srv *llmtest.Server, inner generate.Backend) generate.Backend {
	t.Helper()
	t.Setenv(testKeyEnv, testKey)
	srv.Key = testKey
	c, err := Client(llm.Config{BaseURL: srv.URL + "/v1", APIKeyEnv: testKeyEnv, Temperature: new(0.9), MaxTokens: 7, Seed: new(3),
		Stop: []string{"***"}, MaxAttempts: 2, MinBackoff: time.Millisecond}, "voice-model")
	if err != nil {
		t.Fatal(err)
	}
	return New(inner, c)
}

// fixed is a backend that answers every call with text.
type fixed string

func (f fixed) Complete(context.Context, generate.Request) (generate.Reply, error) {
	return generate.Reply{Text: string(f)}, nil
}

// rewriter is the test model: "Alright, " and the words, with their first
// letter in lower case.
func rewriter(msgs []llmtest.Message) string {
	w := msgs[len(msgs)-1].Content
	return "Alright, " + strings.ToLower(w[:1]) + w[1:]
}

func request(kind string) generate.Request {
	return generate.Request{Kind: kind, Seed: 0xdeadbeefcafef00d, View: generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}},
		Messages: []trajectory.Message{{Role: "system", Content: "the agent's prompt"}}}
}

// A response's words are sent alone with the instructions, at temperature
// 0 with the call's seed, and the rewrite replaces them; the command is
// kept byte for byte and the scripted response returned beside it.
func TestVoicedResponse(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Answer = rewriter
	scriptedText := "Next: 4 oak_planks to Jill_0.  !givePlayer(\"Jill_0\",\"oak_planks\", 4)"
	v := newVoice(t, srv, fixed(scriptedText))
	r, err := v.Complete(context.Background(), request(trajectory.KindConversation))
	if err != nil {
		t.Fatal(err)
	}
	want := "Alright, next: 4 oak_planks to Jill_0.  !givePlayer(\"Jill_0\",\"oak_planks\", 4)"
	if r.Text != want || r.Scripted != scriptedText {
		t.Fatalf("reply %q (scripted %q), want %q", r.Text, r.Scripted, want)
	}
	m0, _ := command.Find(scriptedText)
	m1, _ := command.Find(r.Text)
	if scriptedText[m0.Start:] != r.Text[m1.Start:] {
		t.Errorf("command %q, want %q", r.Text[m1.Start:], scriptedText[m0.Start:])
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	q := reqs[0]
	if len(q.Messages) != 2 || q.Messages[0] != (llmtest.Message{Role: "system", Content: Instructions}) || q.Messages[1] != (llmtest.Message{Role: "user", Content: "Next: 4 oak_planks to Jill_0."}) {
		t.Errorf("messages %q", q.Messages)
	}
	if q.Model != "voice-model" || q.Temperature == nil || *q.Temperature != 0 || q.Seed == nil || *q.Seed != int64(0xdeadbeefcafef00d>>33) || q.Stop != nil ||
		strings.Contains(string(q.Body), "max_tokens") || strings.Contains(string(q.Body), "top_p") {
		t.Errorf("request %s", q.Body)
	}
	if r.Voice.Calls != 1 || r.Voice.Rejected != 0 || r.Voice.Usage.CompletionTokens != llmtest.Tokens(rewriter(q.Messages)) || r.Usage != (trajectory.Usage{}) {
		t.Errorf("voice %+v, usage %+v", r.Voice, r.Usage)
	}
}

// Commands alone, !startConversation, silence and calls of other kinds
// make no call and come back as the scripted backend gave them.
func TestNoCall(t *testing.T) {
	srv := llmtest.NewServer(t)
	for _, tc := range []struct{ kind, text string }{
		{trajectory.KindConversation, "!inventory"},
		{trajectory.KindConversation, `!startConversation("Jill_0", "I have 4 oak_planks. Who collects?")`},
		{trajectory.KindConversation, "\t"},
		{trajectory.KindMemory, "I am the crafter; Jill_0 sends me 4 oak_planks."},
		{trajectory.KindBotResponder, "respond"},
		{trajectory.KindCoding, "Placing the blocks. ```await skills.placeBlock(bot, 'stone', 1, 2, 3);```"},
	} {
		r, err := newVoice(t, srv, fixed(tc.text)).Complete(context.Background(), request(tc.kind))
		if err != nil || r != (generate.Reply{Text: tc.text}) {
			t.Errorf("%s %q: %+v, %v", tc.kind, tc.text, r, err)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d calls made", n)
	}
}

// A rewrite the checks refuse leaves the scripted response, counted.
func TestRejectedKeepsScripted(t *testing.T) {
	srv := llmtest.NewServer(t)
	answers := []string{"", "Sure thing. !inventory", "I'll send Jill_0 four oak_planks.", "I'll send my teammate 4 oak_planks.", "I'll send Jill_0 4 planks.",
		"Okay.\nI'll send Jill_0 4 oak_planks.", strings.Repeat("Sending 4 oak_planks to Jill_0. ", 20)}
	srv.Answer = func([]llmtest.Message) string { return answers[len(srv.Requests())-1] }
	text := `I'll send Jill_0 4 oak_planks. !givePlayer("Jill_0", "oak_planks", 4)`
	v := newVoice(t, srv, fixed(text))
	for _, a := range answers {
		r, err := v.Complete(context.Background(), request(trajectory.KindConversation))
		if err != nil || r.Text != text || r.Scripted != "" || r.Voice.Calls != 1 || r.Voice.Rejected != 1 {
			t.Errorf("answer %q: reply %+v, %v", a, r, err)
		}
	}
	// A rewrite that changes nothing is no rewrite.
	srv.Answer = func([]llmtest.Message) string { return "I'll send Jill_0 4 oak_planks." }
	r, err := v.Complete(context.Background(), request(trajectory.KindConversation))
	if err != nil || r.Text != text || r.Scripted != "" || r.Voice != (generate.VoiceUsage{Calls: 1, Usage: r.Voice.Usage}) {
		t.Errorf("unchanged: %+v, %v", r, err)
	}
}

// An endpoint that keeps failing fails the call, naming the voice and
// never the key; the scripted backend's own errors pass through.
func TestFailure(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Faults = func(int, llmtest.Request) string { return "echo-auth:500" }
	_, err := newVoice(t, srv, fixed("Let me look. !inventory")).Complete(context.Background(), request(trajectory.KindConversation))
	var le *llm.Error
	if err == nil || !strings.HasPrefix(err.Error(), "voice: llm: call failed after 2 attempt(s)") || !errors.As(err, &le) || strings.Contains(err.Error(), testKey) {
		t.Errorf("err = %v", err)
	}
	boom := errors.New("boom")
	inner := failing{boom}
	if _, err := newVoice(t, srv, inner).Complete(context.Background(), request(trajectory.KindConversation)); !errors.Is(err, boom) {
		t.Errorf("inner error: %v", err)
	}
}

type failing struct{ err error }

func (f failing) Complete(context.Context, generate.Request) (generate.Reply, error) {
	return generate.Reply{}, f.err
}

// Scripted teams with a voice: what they say is voiced, what they do is
// the experts' (every command as the scripted agent wrote it), the
// teammates read the voiced words, and the records keep the originals.
// The trials play as they do unvoiced; a failing endpoint ends a trial
// with an error.
func TestScriptedTeamsVoiced(t *testing.T) {
	var tasks []procgen.Task
	for _, k := range []struct {
		kind string
		n    int
	}{{"crafting", 6}, {"cooking", 3}, {"construction", 2}} {
		ts, err := procgen.Generate(k.kind, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: k.n, Seed: 5}})
		if err != nil {
			t.Fatal(err)
		}
		tasks = append(tasks, ts...)
	}
	srv := llmtest.NewServer(t)
	var mu sync.Mutex
	srv.Answer = func(msgs []llmtest.Message) string {
		mu.Lock()
		defer mu.Unlock()
		if w := msgs[1].Content; len(w)%3 == 0 { // without digits: refused when the words have a number
			return rewriter([]llmtest.Message{{Content: strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, w)}})
		}
		return rewriter(msgs)
	}
	voiced := &generate.Player{Team: generate.SeatAll(newVoice(t, srv, scripted.New(scripted.Options{})), "scripted")}
	plain := &generate.Player{Team: generate.SeatAll(scripted.New(scripted.Options{}), "scripted")}
	rewritten, rejected, heard := 0, 0, 0
	for _, j := range generate.Jobs(tasks, 1, 9) {
		v, err := voiced.Play(context.Background(), j)
		if err != nil {
			t.Fatal(err)
		}
		p, err := plain.Play(context.Background(), j)
		if err != nil {
			t.Fatal(err)
		}
		if v.Outcome != p.Outcome {
			t.Errorf("%s: voiced %+v, unvoiced %+v", j.TrialID(), v.Outcome, p.Outcome)
		}
		for ai, a := range v.Agents {
			for _, tr := range a.Transitions {
				if tr.Scripted == "" {
					continue
				}
				rewritten++
				ps, ok := split(tr.Scripted)
				if !ok || !strings.HasPrefix(tr.Response, ps.lead+"Alright, ") || !strings.HasSuffix(tr.Response, ps.rest) {
					t.Fatalf("%s %s step %d: response %q for scripted %q", j.TrialID(), a.Name, tr.Step, tr.Response, tr.Scripted)
				}
				if m, ok := command.Find(tr.Scripted); ok && tr.Command != tr.Scripted[m.Start:m.End] {
					t.Errorf("%s %s step %d: command %q, scripted %q", j.TrialID(), a.Name, tr.Step, tr.Command, tr.Scripted)
				}
				// In a conversation the teammate reads the response: the
				// voiced one, never the scripted.
				other := v.Agents[1-ai].History
				if hasUser(other, a.Name+": (FROM OTHER BOT)"+tr.Response) {
					heard++
				}
				if hasUser(other, a.Name+": (FROM OTHER BOT)"+tr.Scripted) {
					t.Errorf("%s: %s read the scripted %q", j.TrialID(), v.Agents[1-ai].Name, tr.Scripted)
				}
			}
		}
		rejected += int(v.Metrics[generate.VoiceRejectedMetric])
		if v.Metrics[generate.VoiceCallsMetric] < v.Metrics[generate.VoiceRejectedMetric] || v.Metrics[generate.VoicePromptTokensMetric] == 0 {
			t.Errorf("%s: metrics %v", j.TrialID(), v.Metrics)
		}
	}
	if rewritten < 100 || rejected < 10 || heard < 10 {
		t.Errorf("%d responses rewritten (%d read by the teammate), %d rejected", rewritten, heard, rejected)
	} else {
		t.Logf("%d responses rewritten (%d read by the teammate), %d rejected", rewritten, heard, rejected)
	}

	srv.Faults = func(int, llmtest.Request) string { return "500" }
	rec, err := voiced.Play(context.Background(), generate.Jobs(tasks[:1], 1, 9)[0])
	if err != nil || rec.Outcome.EndReason != trajectory.EndError || !strings.Contains(rec.Error, ": voice: llm: call failed after 2 attempt(s) (HTTP 500)") {
		t.Errorf("failing voice: %+v, %q, %v", rec.Outcome, rec.Error, err)
	}
}

func hasUser(h []trajectory.Message, content string) bool {
	for _, m := range h {
		if m.Role == "user" && strings.Contains(m.Content, content) {
			return true
		}
	}
	return false
}
