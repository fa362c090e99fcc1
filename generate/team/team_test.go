package team

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/llm"
	"collabcraft/trajectory"
)

func TestParse(t *testing.T) {
	got, err := Parse(" Andy=openai:meta-llama/Llama-3.3-70B-Instruct, Jill_0=scripted,Bob=openai ")
	if err != nil {
		t.Fatal(err)
	}
	want := []Assignment{
		{Agent: "Andy", Backend: OpenAI, Model: "meta-llama/Llama-3.3-70B-Instruct"},
		{Agent: "Jill_0", Backend: Scripted},
		{Agent: "Bob", Backend: OpenAI},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Parse: %+v", got)
	}
	if s := String(got); s != "Andy=openai:meta-llama/Llama-3.3-70B-Instruct,Jill_0=scripted,Bob=openai" {
		t.Errorf("String: %s", s)
	}
	if got, err := Parse(""); got != nil || err != nil {
		t.Errorf("empty spec: %v %v", got, err)
	}
	for spec, want := range map[string]string{
		"Andy":                         `entry "Andy": expected NAME=BACKEND[:MODEL]`,
		"=scripted":                    `entry "=scripted": expected`,
		"Andy=":                        `entry "Andy=": expected`,
		"Andy=claude":                  `unknown backend "claude"`,
		"Andy=scripted:fast":           "the scripted backend takes no model",
		"Andy=openai:":                 `empty model after "openai:"`,
		"Andy=scripted,Andy=openai:m":  `agent "Andy" is seated twice`,
		"Andy=scripted,,Jill=scripted": `entry "": expected`,
	} {
		if _, err := Parse(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q): %v, want %q", spec, err, want)
		}
	}
}

// fixedBackend stands in for a scripted agent: it always says one thing.
type fixedBackend string

func (b fixedBackend) Complete(context.Context, generate.Request) (generate.Reply, error) {
	return generate.Reply{Text: string(b)}, nil
}

// Seats follow the spec by base name or full name, the rest get the
// default; each openai model has its own client on the one endpoint.
func TestSeatsAndManifest(t *testing.T) {
	var models []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Model string }
		json.NewDecoder(r.Body).Decode(&req)
		models = append(models, req.Model)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"choices":[{"index":0,"message":{"role":"assistant","content":"ok !stats"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2}}`))
	}))
	defer srv.Close()
	t.Setenv("TEAM_TEST_KEY", "sk-team-test-0123456789")
	spec, err := Parse("Jill=openai:big,Bob_0=scripted")
	if err != nil {
		t.Fatal(err)
	}
	temp := 0.0
	tm, err := New(Options{
		Default: OpenAI, Spec: spec,
		OpenAI:         llm.Config{BaseURL: srv.URL + "/v1", Model: "small", APIKeyEnv: "TEAM_TEST_KEY", Temperature: &temp},
		Scripted:       func() generate.Backend { return fixedBackend("scripted !inventory") },
		ScriptedParams: map[string]any{"skill": 1.0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := tm.Check(generate.AgentNames(3, 0)); err != nil {
		t.Fatal(err)
	}
	if err := tm.Check(generate.AgentNames(2, 0)); err == nil || !strings.Contains(err.Error(), `no agent "Bob_0" plays in these tasks (agents: Andy_0, Jill_0)`) {
		t.Errorf("Check with 2 agents: %v", err)
	}
	seats, members, err := tm.Seats(generate.AgentNames(3, 0))
	if err != nil {
		t.Fatal(err)
	}
	wantMembers := []trajectory.Member{{Name: "Andy_0", Backend: OpenAI, Model: "small"}, {Name: "Jill_0", Backend: OpenAI, Model: "big"}, {Name: "Bob_0", Backend: Scripted}}
	if !reflect.DeepEqual(members, wantMembers) {
		t.Errorf("members %+v", members)
	}
	var texts []string
	for _, s := range seats {
		r, err := s.Backend.Complete(context.Background(), generate.Request{Messages: []trajectory.Message{{Role: "system", Content: "hi"}}})
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, r.Text)
	}
	if !reflect.DeepEqual(texts, []string{"ok !stats", "ok !stats", "scripted !inventory"}) || !reflect.DeepEqual(models, []string{"small", "big"}) {
		t.Errorf("answers %q from models %q", texts, models)
	}

	m := tm.Manifest()
	b, _ := json.Marshal(m)
	if strings.Contains(string(b), "sk-team-test") || len(m) != 3 || m[0].Agent != "" || m[0].Model != "small" ||
		m[0].Params["api_key_env"] != "TEAM_TEST_KEY" || m[0].Params["temperature"] != 0.0 || m[1].Model != "big" || m[2].Params["skill"] != 1.0 {
		t.Errorf("manifest %s", b)
	}
	if !tm.UsesOpenAI() {
		t.Error("UsesOpenAI false")
	}
}

func TestNewErrors(t *testing.T) {
	scripted := func() generate.Backend { return fixedBackend("x") }
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Default: "gpt", Scripted: scripted}, `unknown backend "gpt"`},
		{Options{Default: OpenAI}, "--backend openai needs --model"},
		{Options{Spec: []Assignment{{Agent: "Andy", Backend: OpenAI}}, Scripted: scripted}, "Andy=openai needs a model"},
		{Options{}, "scripted backend is not available"},
		{Options{Default: OpenAI, OpenAI: llm.Config{Model: "m", BaseURL: "localhost"}}, `base URL "localhost"`},
	} {
		if _, err := New(c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v): %v, want %q", c.opts, err, c.want)
		}
	}
	tm, err := New(Options{Scripted: scripted})
	if err != nil || tm.UsesOpenAI() {
		t.Errorf("scripted team: %v", err)
	}
}
