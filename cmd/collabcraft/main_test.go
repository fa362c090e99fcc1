package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/build"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Exit status and message of each way a command ends; a signal's cause
// may come back inside the error (export reports context.Cause).
func TestExitCodeAndReport(t *testing.T) {
	sigint, sigterm := signalReceived{syscall.SIGINT}, signalReceived{syscall.SIGTERM}
	interrupted := &interruptedError{"interrupted: 3 trials recorded in runs/r1; rerun the same command to resume"}
	for _, tc := range []struct {
		err, cause error
		code       int
		msg        string
	}{
		{nil, nil, 0, ""},
		{errors.New("stats: no runs"), nil, 1, "collabcraft: error: stats: no runs\n"},
		{usagef("--n -1: want 0 or more"), nil, 2, "collabcraft: error: --n -1: want 0 or more\n"},
		{interrupted, sigint, 130, "collabcraft: " + interrupted.msg + "\n"},
		{fmt.Errorf("pipeline: %w", interrupted), sigterm, 143, "collabcraft: " + interrupted.msg + "\n"},
		{fmt.Errorf("export: %w", sigterm), sigterm, 143, "collabcraft: interrupted\n"},
		{fmt.Errorf("filter: %w", context.Canceled), sigint, 130, "collabcraft: interrupted\n"},
		{fmt.Errorf("filter: %w", context.Canceled), context.Canceled, 130, "collabcraft: interrupted\n"},
	} {
		var buf bytes.Buffer
		report(&buf, nil, tc.err)
		if code := exitCode(tc.err, tc.cause); code != tc.code || buf.String() != tc.msg {
			t.Errorf("%v (cause %v): exit %d, printed %q; want %d, %q", tc.err, tc.cause, code, buf.String(), tc.code, tc.msg)
		}
	}
}

// Every error in how a command is called exits 2 and says what fixes it:
// unknown commands and flags get the closest name, bad values what the
// flag wants, missing operands the usage line.
func TestUsageErrors(t *testing.T) {
	for args, want := range map[string]string{
		"nosuch": "unknown command \"nosuch\" for \"collabcraft\"\n" +
			"Usage: collabcraft COMMAND\nRun 'collabcraft --help' for more.\n",
		"genrate": "unknown command \"genrate\" for \"collabcraft\" (did you mean generate?)\n" +
			"Usage: collabcraft COMMAND\nRun 'collabcraft --help' for more.\n",
		"procgen pln": "unknown command \"pln\" for \"collabcraft procgen\" (did you mean plan?)\n" +
			"Usage: collabcraft procgen COMMAND\nRun 'collabcraft procgen --help' for more.\n",
		"generate --wrokers 3": "unknown flag --wrokers (did you mean --workers?)\n" +
			"Usage: collabcraft generate --tasks FILE [FILE...] --out RUN [--backend scripted|openai] [--team SPEC] [flags]\nRun 'collabcraft generate --help' for more.\n",
		"procgen tasks --n x": "--n \"x\": want an integer\n" +
			"Usage: collabcraft procgen tasks --type crafting|cooking|construction|cuisine|mckitchen|farm|vbconstruction|escape|collection|shelter|covoyager -o FILE [flags]\nRun 'collabcraft procgen tasks --help' for more.\n",
		"show": "show takes RUN|VIEW TRIAL (2 operands), got none\n" +
			"Usage: collabcraft show RUN|VIEW TRIAL [flags]\nRun 'collabcraft show --help' for more.\n",
		"validate": "validate takes FILE... (at least 1 operand), got none\n" +
			"Usage: collabcraft validate FILE... [flags]\nRun 'collabcraft validate --help' for more.\n",
		"docs extra": "docs takes no operands, got \"extra\"\n" +
			"Usage: collabcraft docs --out DIR [flags]\nRun 'collabcraft docs --help' for more.\n",
		"stats": "give at least one run or view directory, e.g. collabcraft stats runs/r1\n" +
			"Usage: collabcraft stats RUN|VIEW [RUN|VIEW ...] [flags]\nRun 'collabcraft stats --help' for more.\n",
		// A bad value found by the command itself: no usage line.
		"export --in x --out y --compress-jsonl lz4": "--compress-jsonl: compression \"lz4\": expected none, gzip or zstd\n",
		"procgen tasks --type bogus -o x.json":       "--type \"bogus\": want one of crafting, cooking, construction, cuisine, mckitchen, farm, vbconstruction, escape, collection, shelter, covoyager\n",
	} {
		cmd, err := execute(context.Background(), newRootCommand(), strings.Fields(args))
		var buf bytes.Buffer
		report(&buf, cmd, err)
		if code := exitCode(err, nil); code != 2 || buf.String() != "collabcraft: error: "+want {
			t.Errorf("collabcraft %s: exit %d, printed\n%s\nwant exit 2 and\ncollabcraft: error: %s", args, code, buf.String(), want)
		}
	}
	// A group without a command prints its help, as does help.
	for _, args := range []string{"procgen", "help generate"} {
		root := newRootCommand()
		root.SetOut(io.Discard)
		cmd, err := execute(context.Background(), root, strings.Fields(args))
		if err != nil || exitCode(err, nil) != 0 {
			t.Errorf("collabcraft %s: %v (command %s)", args, err, cmd.CommandPath())
		}
	}
}

// An error names the operation the user ran, not the package deep down
// that failed: generate reading a task file says generate.
func TestErrorsCarryTheOperation(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	for args, want := range map[string]string{
		"generate --tasks " + missing + ".json --out " + filepath.Join(dir, "r"): "generate: open " + missing + ".json: no such file or directory",
		"world --tasks " + missing + ".json":                                     "world: open " + missing + ".json: no such file or directory",
		"stats " + missing:                                                       "stats: " + missing + ": no run.json: not a run directory",
		"filter --in " + missing + " --out " + filepath.Join(dir, "v"):           "filter: " + missing + ": no run.json: not a run directory",
		"export --in " + missing + " --out " + filepath.Join(dir, "d"):           "export: " + missing + ": no run.json: not a run directory",
		"show " + missing + " t1":                                                "show: " + missing + ": no run.json: not a run directory",
		"merge " + missing + " -o " + filepath.Join(dir, "m"):                    "merge: " + missing + ": no run.json: not a run directory",
	} {
		cmd, err := execute(context.Background(), newRootCommand(), append([]string{"-q"}, strings.Fields(args)...))
		var buf bytes.Buffer
		report(&buf, cmd, err)
		if code := exitCode(err, nil); code != 1 || buf.String() != "collabcraft: error: "+want+"\n" {
			t.Errorf("collabcraft %s: exit %d, printed %q, want exit 1 and %q", args, code, buf.String(), want)
		}
	}
	// In a pipeline the stage that failed stays named.
	if got := opMessage("pipeline", "pipeline: generate: trajectory: runs/x: locked"); got != "pipeline: generate: runs/x: locked" {
		t.Errorf("pipeline message %q", got)
	}
}

// Every package's name is known to opMessage, as a stage (also a command)
// or a library package whose prefix gives way to the command's.
func TestPackagePrefixesKnown(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil || pkg.Name == "main" || path == root {
			return nil
		}
		if !stagePackages[pkg.Name] && !libraryPackages[pkg.Name] {
			t.Errorf("package %s (%s) is in neither stagePackages nor libraryPackages (usage.go)", pkg.Name, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
