package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"collabcraft/generate/llm"
	"collabcraft/trajectory"
)

// A trial through the openai backend against an OpenAI-compatible test
// server: what the record holds is exactly what the server received, and
// the key is sent but never recorded.
func TestOpenAIBackendRecordsWhatWasSent(t *testing.T) {
	var mu sync.Mutex
	var got [][]trajectory.Message
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Messages []trajectory.Message `json:"messages"`
		}
		if err := json.Unmarshal(body, &req); err != nil || r.Header.Get("Authorization") != "Bearer sk-test-secret" {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		mu.Lock()
		got = append(got, req.Messages)
		calls++
		n := calls
		mu.Unlock()
		answer := "  Let me check. !inventory\nand more  "
		if n%3 == 0 {
			answer = "Thanks!"
		}
		fmt.Fprintf(w, `{"id":"x","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":%q},"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":3,"total_tokens":0}}`, answer, 100+n)
	}))
	defer srv.Close()
	t.Setenv("COLLABCRAFT_TEST_KEY", "sk-test-secret")
	client, err := llm.New(llm.Config{BaseURL: srv.URL + "/v1", Model: "m", APIKeyEnv: "COLLABCRAFT_TEST_KEY"})
	if err != nil {
		t.Fatal(err)
	}
	names := AgentNames(2, 0)
	w := newFakeWorld(names, []map[string]int{{"oak_planks": 1}}, "")
	task := craftTask(2)
	task.Timeout = 30
	back := OpenAIBackend(client)
	res, err := Run(context.Background(), TrialSpec{Task: task, World: w, Team: []Seat{{names[0], back}, {names[1], back}}})
	if err != nil {
		t.Fatal(err)
	}
	var sent [][]trajectory.Message
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			sent = append(sent, tr.Messages)
			if tr.Attempts != 1 || tr.Usage.PromptTokens <= 100 || tr.FinishReason != "stop" {
				t.Errorf("transition metadata: %+v", tr)
			}
			if tr.Kind == trajectory.KindConversation && strings.Contains(tr.Response, "!inventory") && tr.Response != "  Let me check. !inventory\nand more  " {
				t.Errorf("response not kept exactly: %q", tr.Response)
			}
		}
		if !hasTurn(a.History, "assistant", "  Let me check. !inventory") {
			t.Errorf("%s: the truncated response is not in history: %q", a.Name, a.History)
		}
	}
	if len(sent) != len(got) || len(sent) < 6 {
		t.Fatalf("%d transitions recorded, server got %d requests", len(sent), len(got))
	}
	// Same multiset of requests (calls due together may reach the server in any order).
	for _, s := range sent {
		found := false
		for _, g := range got {
			if reflect.DeepEqual(s, g) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("recorded messages never reached the server: %q", s)
		}
	}
	blob, _ := json.Marshal(res)
	if strings.Contains(string(blob), "sk-test-secret") {
		t.Error("the API key is in the trial result")
	}
}
