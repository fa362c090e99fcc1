package llm

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// BenchmarkChat measures calls per second the client sustains against a
// zero-latency local endpoint (server on the same machine) with 32
// concurrent workers, for short requests and for MINDcraft-sized ones
// (a 9 KB system prompt and 15 turns).
func BenchmarkChat(b *testing.B) {
	big := []trajectory.Message{{Role: "system", Content: strings.Repeat("You are a task-focused Minecraft bot. !craftItem(\"stick\", 1)\n", 150)}}
	for i := range 15 {
		big = append(big, trajectory.Message{Role: []string{"user", "assistant"}[i%2], Content: strings.Repeat("Jill_1: (FROM OTHER BOT)give me 2 oak_planks please ", 3)})
	}
	b.Run("short", func(b *testing.B) { benchChat(b, testMessages) })
	b.Run("mindcraft-sized", func(b *testing.B) { benchChat(b, big) })
}

func benchChat(b *testing.B, msgs []trajectory.Message) {
	const answer = `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"m",` +
		`"choices":[{"index":0,"message":{"role":"assistant","content":"Let me check. !inventory"},"finish_reason":"stop"}],` +
		`"usage":{"prompt_tokens":2400,"completion_tokens":9,"total_tokens":2409}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, answer)
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL + "/v1", Model: "m", APIKeyEnv: "COLLABCRAFT_BENCH_NO_KEY",
		Temperature: new(float64), Limiter: NewLimiter(0, 0)})
	if err != nil {
		b.Fatal(err)
	}
	b.SetParallelism(16) // 16 x GOMAXPROCS goroutines
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := c.Chat(context.Background(), msgs); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}
