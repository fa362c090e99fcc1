package main

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"collabcraft/procgen"

	"github.com/spf13/pflag"
)

// TaskLimitFlags are the flags that raise procgen's limits on task files,
// shared by validate and generate.
type TaskLimitFlags struct {
	MaxTaskFile       string
	MaxGoal           string
	MaxBlueprintCells int
}

// AddFlags registers the task limit flags.
func (l *TaskLimitFlags) AddFlags(f *pflag.FlagSet) {
	d := procgen.DefaultLimits
	f.StringVar(&l.MaxTaskFile, "max-task-file", sizeText(d.FileBytes), "largest task file read")
	f.StringVar(&l.MaxGoal, "max-goal", sizeText(int64(d.GoalBytes)), "longest goal a task may have (per agent)")
	f.IntVar(&l.MaxBlueprintCells, "max-blueprint-cells", d.BlueprintCells, "most cells (levels x rows x columns) a construction blueprint may have")
}

// Limits reads the flags; unset ones (Go callers) take procgen's defaults.
func (l *TaskLimitFlags) Limits() (procgen.Limits, error) {
	var file, goal int64
	var err error
	if l.MaxTaskFile != "" {
		if file, err = parseSize("--max-task-file", l.MaxTaskFile); err != nil {
			return procgen.Limits{}, err
		}
	}
	if l.MaxGoal != "" {
		if goal, err = parseSize("--max-goal", l.MaxGoal); err != nil {
			return procgen.Limits{}, err
		}
	}
	if l.MaxBlueprintCells < 0 {
		return procgen.Limits{}, usagef("--max-blueprint-cells %d: want 1 or more", l.MaxBlueprintCells)
	}
	return procgen.Limits{FileBytes: file, GoalBytes: int(goal), BlueprintCells: l.MaxBlueprintCells}, nil
}

// parseSize reads a size in bytes: a number, optionally with KiB, MiB or
// GiB (KB, MB, GB are read as the same powers of two).
func parseSize(flag, s string) (int64, error) {
	text := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if rest, ok := strings.CutSuffix(text, u.suffix); ok {
			text, mult = strings.TrimSpace(rest), u.size
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, usagef("%s %q: want a size such as 64KiB, 16MiB or 1GiB", flag, s)
	}
	return n * mult, nil
}

// sizeText writes a size as parseSize reads it.
func sizeText(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.unit)
		}
	}
	return strconv.FormatInt(n, 10)
}

// setMemoryLimit makes size (a flag's value; "" leaves Go's, GOMEMLIMIT)
// the process's memory limit: the collector works harder as the heap
// nears it, and model-written code is stopped past it (world/js).
func setMemoryLimit(flag, size string) error {
	if size == "" {
		return nil
	}
	n, err := parseSize(flag, size)
	if err != nil {
		return err
	}
	debug.SetMemoryLimit(n)
	return nil
}
