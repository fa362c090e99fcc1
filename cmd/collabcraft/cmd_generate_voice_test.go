package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/llm/llmtest"
	"collabcraft/generate/voice"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

// newVoiceServer is the fake voice model: "Alright. " and the words, or,
// for words about waiting, a reply with a command, which is refused. It
// wants the test key.
func newVoiceServer(t *testing.T) *llmtest.Server {
	srv := llmtest.NewServer(t)
	srv.Key = testKey
	srv.Answer = func(msgs []llmtest.Message) string {
		w := msgs[len(msgs)-1].Content
		if strings.Contains(w, "ait") {
			return "Sure, I'll wait. !stay(5)"
		}
		return "Alright. " + w
	}
	return srv
}

// voiceOptions play scripted teams voiced through srv.
func voiceOptions(t *testing.T, srv *llmtest.Server, tasks []string, out string) GenerateOptions {
	t.Helper()
	t.Setenv(testKeyEnv, testKey)
	opts := defaultGenerateOptions(t, tasks, out)
	opts.Voice, opts.BaseURL, opts.APIKeyEnv = "openai:voice-model", srv.URL+"/v1", testKeyEnv
	opts.MaxAttempts, opts.Timeout, opts.backoff = 3, 5*time.Second, time.Millisecond
	return opts
}

// generate --voice: the records hold the voiced responses with the
// scripted commands byte for byte and the scripted originals, read back
// from the run on disk; refused rewrites keep the scripted words;
// commands alone and !startConversation are never sent; the run records
// the voice, never the key; a resume needs the same voice; a rerun makes
// the same records.
func TestGenerateVoice(t *testing.T) {
	srv := newVoiceServer(t)
	path, tasks := writeCraftingTasks(t, 4, 6)
	out := filepath.Join(t.TempDir(), "run")
	opts := voiceOptions(t, srv, []string{path}, out)
	var summary bytes.Buffer
	opts.out = &summary
	if err := runGenerate(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if s := summary.String(); !strings.Contains(s, "  voice        ") || !strings.Contains(s, "rewrites refused (scripted words kept)") {
		t.Errorf("summary:\n%s", s)
	}

	for i, r := range srv.Requests() {
		if r.Model != "voice-model" || len(r.Messages) != 2 || r.Messages[0].Content != voice.Instructions || r.Temperature == nil || *r.Temperature != 0 || r.Seed == nil {
			t.Fatalf("request %d: %s", i, r.Body)
		}
		if _, ok := command.Find(r.Messages[1].Content); ok {
			t.Errorf("request %d sent a command: %q", i, r.Messages[1].Content)
		}
	}
	voiced, kept, calls, rejected := 0, 0, 0, 0
	for _, tr := range trials(t, out) {
		if tr.Outcome.EndReason == trajectory.EndError {
			t.Errorf("trial %s: %s", tr.TrialID, tr.Error)
		}
		calls += int(tr.Metrics[generate.VoiceCallsMetric])
		rejected += int(tr.Metrics[generate.VoiceRejectedMetric])
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				m, hasCmd := command.Find(x.Response)
				switch {
				case x.Scripted != "":
					voiced++
					ms, ok := command.Find(x.Scripted)
					if !strings.HasPrefix(x.Response, "Alright. ") || ok != hasCmd || ok && x.Scripted[ms.Start:] != x.Response[m.Start:] ||
						ok && x.Command != x.Scripted[ms.Start:ms.End] {
						t.Errorf("%s %s step %d: response %q, command %q, scripted %q", tr.TrialID, a.Name, x.Step, x.Response, x.Command, x.Scripted)
					}
				case x.Kind == trajectory.KindConversation && hasCmd && m.Start > 0 && m.Name != "!startConversation":
					kept++ // refused: words about waiting
					if !strings.Contains(x.Response[:m.Start], "ait") {
						t.Errorf("%s %s step %d: %q not voiced", tr.TrialID, a.Name, x.Step, x.Response)
					}
				}
			}
		}
	}
	t.Logf("%d voiced, %d kept; metrics: %d calls, %d refused; %d requests", voiced, kept, calls, rejected, len(srv.Requests()))
	if voiced < 10 || kept == 0 || rejected < kept || calls < voiced+rejected || calls > len(srv.Requests()) {
		t.Errorf("%d voiced, %d kept; metrics: %d calls, %d refused; %d requests", voiced, kept, calls, rejected, len(srv.Requests()))
	}

	m, err := trajectory.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	var cfg generate.RunConfig
	if err := json.Unmarshal(m.Config, &cfg); err != nil || cfg.Voice == nil ||
		*cfg.Voice != (generate.VoiceConfig{BaseURL: srv.URL + "/v1", Model: "voice-model", Instructions: "sha256:" + trajectory.BlobID(voice.Instructions)}) {
		t.Errorf("config %s: %v", m.Config, err)
	}
	assertNoKey(t, out)

	var shown bytes.Buffer
	if err := runShow(context.Background(), ShowOptions{out: &shown}, GlobalOptions{}, []string{out, tasks[0].ID}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(shown.String(), "    > Alright. ") || !strings.Contains(shown.String(), "\n    ~ ") {
		t.Errorf("show:\n%.2000s", shown.String())
	}

	// The same voice resumes; another voice, or none, is refused.
	requests := len(srv.Requests())
	summary.Reset()
	if err := runGenerate(context.Background(), opts, GlobalOptions{}, nil); err != nil || !strings.Contains(summary.String(), "0 trials played, 4 already recorded (of 4)") {
		t.Fatalf("resume: %v\n%s", err, summary.String())
	}
	other := opts
	other.Voice = "openai:another-model"
	if err := runGenerate(context.Background(), other, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), `(voice.model "voice-model", now "another-model")`) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("another voice: %v", err)
	}
	other.Voice = ""
	if err := runGenerate(context.Background(), other, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), `(voice {"base_url":`) || !strings.Contains(err.Error(), "now unset)") {
		t.Errorf("no voice: %v", err)
	}
	if c := index(t, out).Counts(); c.Records != 4 || len(srv.Requests()) != requests {
		t.Errorf("refused resumes wrote %+v, called the voice %d times", c, len(srv.Requests())-requests)
	}

	// Rerun on one worker: the same records (a deterministic server).
	again := voiceOptions(t, srv, []string{path}, filepath.Join(t.TempDir(), "again"))
	again.Workers = 1
	if err := runGenerate(context.Background(), again, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	sameTrials(t, "voiced, rerun on one worker", trials(t, out), trials(t, again.Out))
}

// A voice endpoint that keeps failing ends the trials it fails with an
// error and corrupts nothing; a resume with the endpoint back plays them
// again. Bad --voice values are refused before anything runs.
func TestGenerateVoiceFailures(t *testing.T) {
	srv := newVoiceServer(t)
	srv.Faults = func(n int, _ llmtest.Request) string { return "echo-auth:500" }
	path, _ := writeCraftingTasks(t, 3, 7)
	out := filepath.Join(t.TempDir(), "run")
	opts := voiceOptions(t, srv, []string{path}, out)
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tr := range trials(t, out) {
		if tr.Outcome.EndReason != trajectory.EndError || !strings.Contains(tr.Error, "voice: llm: call failed after 3 attempt(s) (HTTP 500)") || !strings.Contains(tr.Error, "[redacted]") {
			t.Errorf("trial %s: %+v %q", tr.TrialID, tr.Outcome, tr.Error)
		}
	}
	assertNoKey(t, out)
	srv.Faults = nil
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	if c := index(t, out).Counts(); c.Trials != 3 || c.Errors != 0 || c.Records != 6 {
		t.Errorf("after resume: %+v", c)
	}
	assertNoKey(t, out)

	for _, tc := range []struct {
		mod  func(*GenerateOptions)
		want string
	}{
		{func(o *GenerateOptions) { o.Voice = "gpt-4o-mini" }, `--voice: "gpt-4o-mini": want openai:MODEL`},
		{func(o *GenerateOptions) { o.Voice = "openai:" }, `"openai:": no model, want openai:MODEL`},
		{func(o *GenerateOptions) { o.Backend, o.Model = "openai", "m" }, "--voice rewrites what the scripted agents say, and no agent is scripted"},
		{func(o *GenerateOptions) { o.BaseURL = "localhost:8000" }, `--voice: base URL "localhost:8000": want http:// or https://`},
	} {
		o := voiceOptions(t, srv, []string{path}, filepath.Join(t.TempDir(), "bad"))
		tc.mod(&o)
		if err := runGenerate(context.Background(), o, GlobalOptions{Quiet: true}, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want %q, got %v", tc.want, err)
		}
	}
}
