package pipeline

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"
)

// StageCost is what a stage of a pipeline run took: wall time, the
// process's CPU time (user and system, all cores) and its peak resident
// memory during the stage (on Linux; elsewhere the peak so far).
type StageCost struct {
	Stage   string        `json:"stage"`
	Wall    time.Duration `json:"wall"`
	CPU     time.Duration `json:"cpu"`
	PeakRSS int64         `json:"peak_rss"` // bytes; 0 if unknown
}

// timed runs a stage and adds its cost to the plan's; a stage run more
// than once (generate, once per run) adds up, keeping the highest peak.
//
// Each stage starts by handing the memory the stages before it freed
// back to the system (debug.FreeOSMemory: a collection, then every free
// page returned). Otherwise a stage starts with the pages the last one
// left resident: on the seed-5 preset export began at 275 MiB RSS with 67
// MiB of the heap live (generate's caches), and its own peak came on top,
// 502 MiB, against about 370 MiB alone.
func (p *Plan) timed(stage string, run func() error) error {
	debug.FreeOSMemory()
	resetPeakRSS()
	start, cpu0 := time.Now(), processCPU()
	err := run()
	c := StageCost{Stage: stage, Wall: time.Since(start), CPU: processCPU() - cpu0, PeakRSS: peakRSS()}
	for i := range p.costs {
		if p.costs[i].Stage == stage {
			p.costs[i].Wall += c.Wall
			p.costs[i].CPU += c.CPU
			p.costs[i].PeakRSS = max(p.costs[i].PeakRSS, c.PeakRSS)
			return err
		}
	}
	p.costs = append(p.costs, c)
	return err
}

// CostLine is the stages' costs on one line: "procgen 0.1s, generate
// 11.2s (19.8 CPU-s, 180 MiB), ...".
func CostLine(costs []StageCost) string {
	var parts []string
	for _, c := range costs {
		s := fmt.Sprintf("%s %s (%.1f CPU-s", c.Stage, c.Wall.Round(100*time.Millisecond), c.CPU.Seconds())
		if c.PeakRSS > 0 {
			s += fmt.Sprintf(", %d MiB", c.PeakRSS>>20)
		}
		parts = append(parts, s+")")
	}
	return strings.Join(parts, ", ")
}
