package generate

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"collabcraft/generate/llm"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// BenchmarkCraftingTrial plays a solved two-agent crafting task in the
// embedded world, prompts rendered and transitions kept: trials/s.
func BenchmarkCraftingTrial(b *testing.B) {
	task := fixtureTask(b, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_chest_full_plan_requires_ctable__depth_1")
	names := AgentNames(2, 0)
	andy := []string{`Let me make planks. !craftRecipe("oak_planks", 1)`, `Sending them over. !givePlayer("Jill_0", "oak_planks", 4)`}
	jill := []string{"I have 4 planks and a table. Send me yours!", `Got them, crafting. !craftRecipe("chest", 1)`}
	calls := 0
	for b.Loop() {
		w, err := world.Build(*task, 1, world.Options{AgentNames: names})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Run(context.Background(), TrialSpec{Task: task, World: SimWorld(w, 1), Seed: 1,
			Team: []Seat{{names[0], &scriptBackend{replies: andy}}, {names[1], &scriptBackend{replies: jill}}}})
		if err != nil || !res.Outcome.Success {
			b.Fatal(err, res.Outcome)
		}
		calls += len(res.Agents[0].Transitions) + len(res.Agents[1].Transitions)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
	b.ReportMetric(float64(calls)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkEngineCalls measures the engine alone on long trials in the
// embedded world (prompt, wire format, history, memory): calls/s.
func BenchmarkEngineCalls(b *testing.B) {
	task := fixtureTask(b, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_chest_full_plan_requires_ctable__depth_1")
	task.Timeout = 600
	names := AgentNames(2, 0)
	back := funcBackend(func(req Request) (Reply, error) {
		if req.Kind == trajectory.KindMemory {
			return Reply{Text: "Andy has planks. Jill has a table."}, nil
		}
		return Reply{Text: "Checking. !inventory"}, nil
	})
	calls := 0
	for b.Loop() {
		w, _ := world.Build(*task, 1, world.Options{AgentNames: names})
		res, err := Run(context.Background(), TrialSpec{Task: task, World: SimWorld(w, 0), Team: []Seat{{names[0], back}, {names[1], back}}})
		if err != nil {
			b.Fatal(err)
		}
		calls += len(res.Agents[0].Transitions) + len(res.Agents[1].Transitions)
	}
	b.ReportMetric(float64(calls)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkOpenAICalls runs trials through the openai backend against a
// zero-latency local OpenAI-compatible endpoint, 8 trials at once: calls/s.
func BenchmarkOpenAICalls(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"id":"x","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Checking. !inventory"},"finish_reason":"stop"}],"usage":{"prompt_tokens":900,"completion_tokens":4}}`)
	}))
	defer srv.Close()
	b.Setenv("COLLABCRAFT_BENCH_KEY", "sk-bench")
	client, err := llm.New(llm.Config{BaseURL: srv.URL + "/v1", Model: "m", APIKeyEnv: "COLLABCRAFT_BENCH_KEY"})
	if err != nil {
		b.Fatal(err)
	}
	task := fixtureTask(b, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_chest_full_plan_requires_ctable__depth_1")
	task.Timeout = 120
	pl := &Player{Team: func(names []string) ([]Seat, []trajectory.Member, error) {
		back := OpenAIBackend(client)
		return []Seat{{names[0], back}, {names[1], back}}, nil, nil
	}}
	var calls int
	p := &Pool{Workers: 8, Play: pl.Play, Write: func(t *trajectory.Trial) error { return nil },
		Progress: func(s Summary) { calls = s.Transitions }}
	for b.Loop() {
		if _, err := p.Run(context.Background(), Jobs([]procgen.Task{*task}, 16, uint64(b.N))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(calls*b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkRecordedTrials plays crafting trials through the pool into a
// real run directory (zstd records, fsync per trial): trials/s and bytes
// on disk per transition.
func BenchmarkRecordedTrials(b *testing.B) {
	tasks, err := procgen.ReadTaskFile("../procgen/testdata/mindcraft_crafting.json")
	if err != nil {
		b.Fatal(err)
	}
	p := PaperPrompts()
	dir := b.TempDir()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "bench", Config: []byte(`{}`),
		Blobs: blobMap(p.StaticTexts(procgen.TypeCrafting))}, trajectory.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	pl := &Player{Team: chattyTeam}
	pool := &Pool{Play: pl.Play, Write: w.Write}
	var trials, transitions int
	for i := 0; b.Loop(); i++ {
		s, err := pool.Run(context.Background(), Jobs(tasks, 1, uint64(i)))
		if err != nil {
			b.Fatal(err)
		}
		trials += s.Trials
		transitions += s.Transitions
	}
	w.Close()
	size := dirSize(b, filepath.Join(dir, trajectory.TrialsDir))
	b.ReportMetric(float64(trials)/b.Elapsed().Seconds(), "trials/s")
	b.ReportMetric(float64(size)/float64(transitions), "bytes/transition")
}

func blobMap(texts []string) map[string]string {
	m := map[string]string{}
	for _, t := range texts {
		m[trajectory.BlobID(t)] = t
	}
	return m
}

func dirSize(b *testing.B, dir string) int64 {
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	var n int64
	for _, e := range entries {
		info, _ := e.Info()
		n += info.Size()
	}
	return n
}
