package dispatch_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/generate/dispatch"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
)

// gpt4CoS is GPT-4's CoS per level in the paper's Tables 3-5 (2, 3 and 4
// agents), in PaperLevels order; for level_3 the higher of Table 3's and
// Table 6's (0.764 and 0.686 for 2 agents).
var gpt4CoS = map[int][]float64{
	2: {0.727, 0.706, 0.682, 0.687, 0.664, 0.504, 0.764, 0.725, 0.701, 0.661, 0.692, 0.559},
	3: {0.781, 0.778, 0.780, 0.528, 0.600, 0.455, 0.822, 0.771, 0.815, 0.689, 0.733, 0.570},
	4: {0.771, 0.761, 0.761, 0.505, 0.592, 0.626, 0.848, 0.744, 0.790, 0.692, 0.675, 0.534},
}

// setting is one level and team, its tallies per α.
type setting struct {
	level  string
	agents int
	tally  []cuisine.Tally
	steps  int
	errs   float64
}

// playSettings plays the paper's levels with the scripted dispatcher at
// each team size and α, 3 episodes each, as MindAgent's runs do.
func playSettings(t testing.TB, sizes []int, levels []string, opts scripted.Options, human bool) []*setting {
	backend := scripted.New(opts)
	var out []*setting
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, n := range sizes {
		for _, name := range levels {
			s := &setting{level: name, agents: n, tally: make([]cuisine.Tally, len(cuisine.Alphas))}
			out = append(out, s)
			for ai, alpha := range cuisine.Alphas {
				wg.Add(1)
				go func() {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					l, _ := cuisine.LevelNamed(name)
					task := &procgen.Task{ID: fmt.Sprintf("%s_%d_%v", name, n, alpha), Type: procgen.TypeCuisine, AgentCount: n, Level: &l, Alpha: alpha}
					if human {
						task.HumanCount = procgen.IntPtr(1)
					}
					team := []generate.Seat{}
					for i := range n {
						team = append(team, generate.Seat{Name: fmt.Sprintf("agent%d", i)})
					}
					team = append(team, generate.Seat{Name: dispatch.Seat, Backend: backend})
					res, err := dispatch.Org{Config: dispatch.Config{MindAgentOrders: true}}.Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: uint64(1000*n + 10*ai + len(name))})
					if err != nil || res.Error != "" {
						t.Errorf("%s: %v %s", task.ID, err, res.Error)
						return
					}
					m := res.Metrics
					mu.Lock()
					s.tally[ai] = cuisine.Tally{Served: int(m[dispatch.MetricServed]), Expired: int(m[dispatch.MetricExpired]),
						ExpirySteps: int(m[dispatch.MetricExpirySteps]), Open: int(m[dispatch.MetricOpen])}
					s.steps += len(res.Agents[n].Transitions)
					s.errs += m[dispatch.MetricErrorSteps]
					mu.Unlock()
				}()
			}
		}
	}
	wg.Wait()
	return out
}

// gpt4Served is how many orders GPT-4 completed per level over the five
// α (the numerators of Tables 3-5), in PaperLevels order.
var gpt4Served = map[int][]int{
	2: {90, 89, 56, 65, 57, 34, 54, 33, 36, 33, 35, 46},
	3: {105, 105, 69, 51, 48, 31, 61, 34, 47, 31, 39, 46},
	4: {105, 103, 72, 52, 49, 48, 71, 34, 45, 31, 35, 45},
}

// TestScriptedDispatcherBeatsGPT4 plays the paper's 12 levels at 2, 3 and
// 4 agents and every α, 3 episodes each, on the orders MindAgent's runs
// drew, and compares with GPT-4 in the paper's Tables 3-5 (level_3 also
// Table 6): the CoS as the paper defines it (completed over completed and
// failed) must be above GPT-4's on every level and team, and as the code
// counts it (open orders in the denominator, a step with an expiry
// counted once) on every level at 3 and 4 agents; and it must serve more
// orders than GPT-4 did. The table is logged.
func TestScriptedDispatcherBeatsGPT4(t *testing.T) {
	res := playSettings(t, []int{2, 3, 4}, cuisine.PaperLevels, scripted.DefaultOptions(), false)
	var b strings.Builder
	fmt.Fprintf(&b, "| agents | level | CoS paper | CoS code | GPT-4 | served | GPT-4 served | %s |\n", strings.Join(alphaHeads(), " | "))
	fmt.Fprintf(&b, "|---|---|---|---|---|---|---|%s\n", strings.Repeat("---|", len(cuisine.Alphas)))
	for _, s := range res {
		i := indexOf(cuisine.PaperLevels, s.level)
		code, paper := cuisine.CoSCode(s.tally), cuisine.CoSPaper(s.tally)
		served := 0
		var perAlpha []string
		for _, tl := range s.tally {
			served += tl.Served
			perAlpha = append(perAlpha, fmt.Sprintf("%d/%d", tl.Served, tl.Served+tl.ExpirySteps+tl.Open))
		}
		fmt.Fprintf(&b, "| %d | %s | %.3f | %.3f | %.3f | %d | %d | %s |\n", s.agents, s.level, paper, code, gpt4CoS[s.agents][i], served, gpt4Served[s.agents][i], strings.Join(perAlpha, " | "))
		if paper <= gpt4CoS[s.agents][i] {
			t.Errorf("%d agents, %s: CoS %.3f (paper) is not above GPT-4's %.3f", s.agents, s.level, paper, gpt4CoS[s.agents][i])
		}
		if s.agents >= 3 && code <= gpt4CoS[s.agents][i] {
			t.Errorf("%d agents, %s: CoS %.3f (code) is not above GPT-4's %.3f", s.agents, s.level, code, gpt4CoS[s.agents][i])
		}
		if served <= gpt4Served[s.agents][i] {
			t.Errorf("%d agents, %s: %d orders served, GPT-4 %d", s.agents, s.level, served, gpt4Served[s.agents][i])
		}
		if s.errs > 0 {
			t.Errorf("%d agents, %s: %v steps with errors", s.agents, s.level, s.errs)
		}
	}
	t.Log("\n" + b.String())
}

func alphaHeads() []string {
	var out []string
	for _, a := range cuisine.Alphas {
		out = append(out, fmt.Sprintf("α=%v", a))
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
