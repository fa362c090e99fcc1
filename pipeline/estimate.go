package pipeline

import (
	"fmt"
	"io"
	"strings"
	"time"

	"collabcraft/plural"
	"collabcraft/procgen"
)

// scriptedCPUPerTrial is the CPU time one trial of a scripted 2-agent team
// takes, recorded in full, per task type: the cpu-ms/trial that `make
// bench` reports for BenchmarkCraftingTrials/p2p, BenchmarkCookingTrials/p2p
// and BenchmarkConstructionTrials (generate/scripted; the train suites,
// construction with coding on), measured on a 2-core AMD EPYC for issue
// #25, and BenchmarkDispatcherTrials (a CuisineWorld setting of 3
// episodes, 180 dispatch calls, with the scripted dispatcher; #30; the
// Minecraft kitchen's setting measured the same way by TestKitchenTable9). Rerun them and update these when the experts or the world change
// much: the dry run's estimate rests on them.
var scriptedCPUPerTrial = map[string]time.Duration{
	"crafting":     9 * time.Millisecond,
	"cooking":      21 * time.Millisecond,
	"construction": 471 * time.Millisecond,
	"cuisine":      15 * time.Millisecond,
	"mckitchen":    30 * time.Millisecond,
}

// estimate writes how long generate would take: for scripted teams, the
// trials of each type times the benchmarks' CPU per trial, over the
// workers that play at once; for a model, that it depends on the endpoint.
func estimate(out io.Writer, trialsByType map[string]int, t Trials) error {
	if t.Backend != "" && t.Backend != "scripted" {
		_, err := fmt.Fprintf(out, "time: depends on the %s endpoint's speed and rate limits (no estimate)\n", t.Backend)
		return err
	}
	var cpu time.Duration
	var per []string
	for _, kind := range procgen.Kinds() {
		if n := trialsByType[kind]; n > 0 {
			cpu += time.Duration(n) * scriptedCPUPerTrial[kind]
			per = append(per, fmt.Sprintf("%s %s", kind, scriptedCPUPerTrial[kind]))
		}
	}
	if cpu == 0 {
		return nil
	}
	workers := max(1, min(t.Workers, t.CPUs))
	_, err := fmt.Fprintf(out, "time: about %s of CPU with scripted teams, %s on %s\n"+
		"  (CPU per 2-agent trial in make bench: %s;\n"+
		"  bigger teams and a busy disk take longer)\n",
		roughly(cpu), roughly(cpu/time.Duration(workers)), plural.Count(workers, "core"), strings.Join(per, ", "))
	return err
}

// roughly writes a duration to two significant figures, in the unit that
// suits it.
func roughly(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%.2g s", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%.2g min", d.Minutes())
	}
	return fmt.Sprintf("%.2g h", d.Hours())
}
