package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"time"

	"collabcraft/generate"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"

	"golang.org/x/sync/errgroup"
)

// genRun writes a run of exactly n transitions with the trajectory writer,
// shaped like a MINDcraft run: the paper's conversing prompt with the real
// command docs and few-shot examples (~9 KB, mostly static), a 15-turn
// sliding window folded into memory by saving_memory calls, two or three
// agents per trial. The same n and seed give the same trials.
func genRun(dir string, n int, seed uint64) error {
	p := generate.PaperPrompts()
	docs := command.NewTable(command.DefaultBlocked, mcdata.IsBlock, mcdata.IsItem).Docs()
	var types []string
	for _, k := range benchKinds() {
		types = append(types, k.TaskType)
	}
	cfg, _ := json.Marshal(map[string]any{"bench": "export", "transitions": n, "seed": seed})
	m := &trajectory.Manifest{Name: "bench-export", CollabcraftVersion: "bench", MCDataVersion: mcdata.DataVersion(),
		Config: cfg, Seed: seed, PromptTemplates: p.Templates()}
	w, err := trajectory.OpenWriter(dir, m, trajectory.WriterOptions{})
	if err != nil {
		return err
	}
	if err := w.AddBlobs(append(p.StaticTexts(types...), docs)...); err != nil {
		w.Close()
		return err
	}
	g, _ := errgroup.WithContext(context.Background())
	g.SetLimit(runtime.GOMAXPROCS(0) + 1)
	for i, left := 0, n; left > 0; i++ {
		t := benchTrial(p, docs, seed, i, left)
		for _, a := range t.Agents {
			left -= len(a.Transitions)
		}
		g.Go(func() error { return w.Write(t) })
	}
	if err := g.Wait(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

var benchItems = []string{"oak_log", "oak_planks", "stick", "cobblestone", "iron_ingot", "leather", "paper", "book",
	"bookshelf", "crafting_table", "wheat", "bread", "cake", "egg", "milk_bucket", "sugar", "stone", "glass",
	"golden_carrot", "rabbit_stew", "pumpkin_pie", "cookie", "white_wool", "oak_door", "glass_pane"}

var benchWords = strings.Fields(`I have need you can give me the please thanks let's craft collect go to inventory
	plan missing two three four some more enough done wait now first then after that sure okay great got it
	check ready level place block door window carpet furnace smelt cook chest open take put here there near far`)

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		if r.IntN(4) == 0 {
			w[i] = benchItems[r.IntN(len(benchItems))]
		} else {
			w[i] = benchWords[r.IntN(len(benchWords))]
		}
	}
	s := strings.Join(w, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func benchCommand(r *rand.Rand, partner string) string {
	item := benchItems[r.IntN(len(benchItems))]
	switch r.IntN(7) {
	case 0:
		return "!inventory"
	case 1:
		return fmt.Sprintf("!craftRecipe(%q, %d)", item, 1+r.IntN(4))
	case 2:
		return fmt.Sprintf("!givePlayer(%q, %q, %d)", partner, item, 1+r.IntN(8))
	case 3:
		return fmt.Sprintf("!collectBlocks(%q, %d)", item, 1+r.IntN(8))
	case 4:
		return fmt.Sprintf("!getCraftingPlan(%q, %d)", item, 1+r.IntN(3))
	case 5:
		return fmt.Sprintf("!goToPlayer(%q, 3)", partner)
	default:
		return fmt.Sprintf("!startConversation(%q, %q)", partner, sentence(r, 6+r.IntN(10)))
	}
}

// benchTasks makes the task id and difficulty of trial i, per kind, with
// MINDcraft's id spellings.
var benchTasks = map[*procgen.Kind]func(r *rand.Rand, i int) (taskID string, diff map[string]any){
	procgen.Crafting: func(r *rand.Rand, i int) (string, map[string]any) {
		plan := []string{"full_plan", "partial_plan", "no_plan"}[r.IntN(3)]
		d, miss := 1+r.IntN(2), r.IntN(2)
		return fmt.Sprintf("multiagent_crafting_%s_%s_missing_%d_depth_%d_%06d", benchItems[r.IntN(10)], plan, miss, d, i),
			map[string]any{"depth": float64(d), "plan": plan, "missing": float64(miss)}
	},
	procgen.Cooking: func(r *rand.Rand, i int) (string, map[string]any) {
		v := []string{"standard", "hells_kitchen"}[r.IntN(2)]
		return fmt.Sprintf("multiagent_cooking_%s_%s_%06d", benchItems[18+r.IntN(4)], v, i), map[string]any{"variant": v}
	},
	procgen.Construction: func(r *rand.Rand, i int) (string, map[string]any) {
		return fmt.Sprintf("materials_%d_rooms_%d_window_%d_carpet_%d_variant_%d_%06d", r.IntN(3), r.IntN(3), r.IntN(2), r.IntN(2), r.IntN(4), i),
			map[string]any{"materials": float64(r.IntN(3)), "rooms": float64(r.IntN(3)), "windows": float64(r.IntN(2)),
				"carpets": float64(r.IntN(2)), "variant": float64(r.IntN(4))}
	},
}

// benchKinds are the kinds the benchmark's trials take turns in: MINDcraft's,
// whose runs it is shaped like.
func benchKinds() []*procgen.Kind {
	var out []*procgen.Kind
	for _, k := range procgen.AllKinds() {
		if k.Family == procgen.FamilyMineCollab {
			out = append(out, k)
		}
	}
	return out
}

// benchTrial is trial i of the run, with at most max transitions; the
// kinds take turns.
func benchTrial(p generate.Prompts, docs string, seed uint64, i, max int) *trajectory.Trial {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	kinds := benchKinds()
	kind := kinds[i%len(kinds)]
	typ := kind.TaskType
	taskID, diff := benchTasks[kind](r, i)
	split := "train"
	if i%10 == 9 {
		split = "test"
	}
	ok := r.IntN(10) < 7
	score := 0.0
	if ok {
		score = 1
	}
	if kind.Scored {
		score = float64(r.IntN(101)) / 100
		ok = score == 1
	}
	names := []string{"Andy_0", "Jill_0", "Bob_0"}[:2+r.IntN(2)]
	t := &trajectory.Trial{
		TrialID: taskID + "#0", TaskID: taskID, Seed: r.Uint64(), TaskType: typ, Split: split, Difficulty: diff,
		Outcome:    trajectory.Outcome{Score: score, Success: ok, EndReason: trajectory.EndSuccess},
		SimSeconds: 100 + r.Float64()*300, WallSeconds: 30 + r.Float64()*300,
		StartedAt: time.Date(2026, 11, 1, 0, 0, i, 0, time.UTC),
	}
	if !ok {
		t.Outcome.EndReason = trajectory.EndTimeout
	}
	examples := p.ExamplesText(typ)
	for ai, name := range names {
		if max <= 0 {
			break
		}
		partner := names[(ai+1)%len(names)]
		t.Team = append(t.Team, trajectory.Member{Name: name, Backend: "openai", Model: "meta-llama/Llama-3.3-70B-Instruct"})
		a := benchAgent(r, p, docs, examples, name, partner, taskID, min(max, 8+r.IntN(30)))
		max -= len(a.Transitions)
		t.Agents = append(t.Agents, a)
	}
	return t
}

// benchAgent plays one agent's calls: steps transitions in all.
func benchAgent(r *rand.Rand, p generate.Prompts, docs, examples, name, partner, taskID string, steps int) trajectory.Agent {
	a := trajectory.Agent{Name: name}
	inv := map[string]int{}
	for range 1 + r.IntN(4) {
		inv[benchItems[r.IntN(len(benchItems))]] = 1 + r.IntN(8)
	}
	var stacks []procgen.Stack // name order, as a task procgen writes
	for _, item := range slices.Sorted(maps.Keys(inv)) {
		stacks = append(stacks, procgen.Stack{Item: item, Count: inv[item]})
	}
	taskInv := p.TaskInventoryText(stacks)
	goal := fmt.Sprintf("Collaborate with other agents to complete the task %s.", taskID)
	turns := []trajectory.Message{{Role: "system", Content: p.InitMessage}}
	memory, sim := "", 0.0
	for len(a.Transitions) < steps {
		sim += 2 + r.Float64()*5
		call := trajectory.Transition{Step: len(a.Transitions), SimTime: sim, FinishReason: "stop", Attempts: 1,
			Latency: time.Duration(200+r.IntN(2000)) * time.Millisecond}
		if len(turns) > 15 { // MINDcraft folds the oldest turns into memory
			prompt := strings.NewReplacer("$NAME", name, "$MEMORY", memory, "$TO_SUMMARIZE", generate.StringifyTurns(turns[:5])).Replace(p.SavingMemory)
			memory = sentence(r, 25+r.IntN(40))
			call.Kind, call.Messages, call.Response = trajectory.KindMemory, []trajectory.Message{{Role: "system", Content: prompt}}, memory
			call.Usage = trajectory.Usage{PromptTokens: len(prompt) / 4, CompletionTokens: len(memory) / 4}
			a.Transitions = append(a.Transitions, call)
			turns = turns[5:]
			continue
		}
		var stats strings.Builder
		fmt.Fprintf(&stats, "\nSTATS\n- Position: x: %.2f, y: %.2f, z: %.2f\n- Gamemode: survival\n- Health: %d / 20\n- Hunger: %d / 20\n- Biome: plains\n- Weather: Clear\n- Time: %s\n- Other Players: %s\n- Agent Modes:\n  - self_preservation(ON)\n  - unstuck(ON)\n  - cowardice(OFF)\n  - self_defense(ON)\n  - hunting(ON)\n  - item_collecting(ON)\n  - torch_placing(ON)\n  - elbow_room(ON)\n  - idle_staring(ON)\n  - cheat(OFF)\n",
			r.Float64()*200-100, -60+r.Float64()*4, r.Float64()*200-100, 14+r.IntN(7), 10+r.IntN(11),
			[]string{"Morning", "Afternoon", "Night"}[r.IntN(3)], partner)
		var invText strings.Builder
		invText.WriteString("\nINVENTORY")
		for range 1 + r.IntN(8) {
			fmt.Fprintf(&invText, "\n- %s: %d", benchItems[r.IntN(len(benchItems))], 1+r.IntN(64))
		}
		invText.WriteString("\nWEARING: Nothing\n")
		prompt := strings.NewReplacer("$NAME", name, "$TASK_GOAL", goal, "$TASK_INVENTORY", taskInv, "$MEMORY", memory,
			"$STATS", stats.String(), "$INVENTORY", invText.String(), "$COMMAND_DOCS", docs, "$EXAMPLES", examples).Replace(p.Conversing)
		resp := sentence(r, 4+r.IntN(16)) + " " + benchCommand(r, partner)
		out := fmt.Sprintf("Code output:\n%s\n", sentence(r, 5+r.IntN(12)))
		call.Kind = trajectory.KindConversation
		call.Messages = append([]trajectory.Message{{Role: "system", Content: prompt}}, turns...)
		call.Response, call.Output = resp, out
		call.Command = resp[strings.LastIndex(resp, "!"):]
		call.Usage = trajectory.Usage{PromptTokens: len(prompt)/4 + 30*len(turns), CompletionTokens: len(resp) / 4}
		a.Transitions = append(a.Transitions, call)
		turns = append(turns, trajectory.Message{Role: "assistant", Content: resp}, trajectory.Message{Role: "system", Content: out})
		if r.IntN(2) == 0 {
			turns = append(turns, trajectory.Message{Role: "user", Content: partner + ": (FROM OTHER BOT)" + sentence(r, 6+r.IntN(20))})
		}
	}
	a.History, a.Memory = turns, memory
	return a
}
