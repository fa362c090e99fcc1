package generate

import (
	"reflect"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// Each API shapes a call as its MINDcraft model class does.
func TestAPIShaping(t *testing.T) {
	prompt := "PROMPT "
	turns := []trajectory.Message{
		{Role: "system", Content: "Respond with hello world and your name"},
		{Role: "user", Content: "Jill_0: (FROM OTHER BOT)hi"},
		{Role: "assistant", Content: "Hello! !inventory"},
		{Role: "system", Content: "\nINVENTORY: Nothing\n"},
	}
	sys := trajectory.Message{Role: "system", Content: prompt}
	for _, tc := range []struct {
		api, model string
		want       []trajectory.Message
	}{
		{"gpt", "gpt-4o-mini", []trajectory.Message{
			{Role: "user", Content: "SYSTEM: PROMPT\nSYSTEM: Respond with hello world and your name\nJill_0: (FROM OTHER BOT)hi"},
			{Role: "assistant", Content: "Hello! !inventory"},
			{Role: "user", Content: "SYSTEM: INVENTORY: Nothing"},
		}},
		{"vllm", "collabcraft-sft", append([]trajectory.Message{sys}, turns...)},
		{"vllm", "deepseek-r1", nil},                                        // as gpt
		{"vllm", "Qwen2.5-7B", append([]trajectory.Message{sys}, turns...)}, // case-sensitive, as vllm.js
		{"ollama", "llama3.1", []trajectory.Message{sys,
			{Role: "user", Content: "SYSTEM: Respond with hello world and your name\nJill_0: (FROM OTHER BOT)hi"},
			{Role: "assistant", Content: "Hello! !inventory"},
			{Role: "user", Content: "SYSTEM: INVENTORY: Nothing"},
		}},
	} {
		api, err := ParseAPI(tc.api)
		if err != nil {
			t.Fatal(err)
		}
		want := tc.want
		if want == nil {
			gpt, _ := ParseAPI("openai")
			want = gpt.Wire("").Messages(prompt, turns)
		}
		if got := api.Wire(tc.model).Messages(prompt, turns); !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: %q, want %q", tc.api, tc.model, got, want)
		}
	}
	if a, _ := ParseAPI("groq"); a.Stop != nil {
		t.Errorf("groq stop %q, want none", a.Stop)
	}
	if a, _ := ParseAPI("openrouter"); !reflect.DeepEqual(a.Stop, []string{"*"}) {
		t.Errorf("openrouter stop %q", a.Stop)
	}
	if _, err := ParseAPI("anthropic"); err == nil || !strings.Contains(err.Error(), "openai, vllm, ollama") {
		t.Errorf("anthropic: %v", err)
	}
	if DefaultAPI("https://api.openai.com/v1") != "openai" || DefaultAPI("http://localhost:8000/v1") != "vllm" || DefaultAPI("") != "vllm" {
		t.Error("default APIs")
	}
}
