package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// Errors cobra finds in the command line read as cobra prints them.
func TestReportUsageErrors(t *testing.T) {
	for args, want := range map[string]string{
		"nosuch":           "collabcraft: error: unknown command \"nosuch\" for \"collabcraft\"\nRun 'collabcraft --help' for usage.\n",
		"generate --bogus": "collabcraft: error: unknown flag: --bogus\n",
		"validate":         "collabcraft: error: requires at least 1 arg(s), only received 0\n",
	} {
		root := newRootCommand()
		root.SetArgs(strings.Fields(args))
		cmd, err := root.ExecuteC()
		var buf bytes.Buffer
		report(&buf, cmd, err)
		if buf.String() != want || exitCode(err, nil) != 1 {
			t.Errorf("collabcraft %s: exit %d, printed %q, want %q", args, exitCode(err, nil), buf.String(), want)
		}
	}
}
