// Command collabcraft generates supervised fine-tuning data for LLM agents
// that collaborate in Minecraft: procedurally generated tasks, rollouts of
// agent teams in an embedded world, filtering and dataset export.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := notifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	cmd, err := execute(ctx, newRootCommand(), os.Args[1:])
	stop()
	report(os.Stderr, cmd, err)
	os.Exit(exitCode(err, context.Cause(ctx)))
}

// execute runs the command args name. An unknown command is refused
// before cobra runs (see checkCommand), except for the shell completion
// requests cobra answers itself.
func execute(ctx context.Context, root *cobra.Command, args []string) (*cobra.Command, error) {
	if len(args) == 0 || !strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		root.InitDefaultHelpCmd()
		root.InitDefaultCompletionCmd(args...)
		if cmd, err := checkCommand(root, args); err != nil {
			return cmd, err
		}
	}
	root.SetArgs(args)
	return root.ExecuteContextC(ctx)
}

// signalReceived is the cause of the context notifyContext cancels. It
// is a context.Canceled, for the commands that report context.Cause.
type signalReceived struct{ sig os.Signal }

func (s signalReceived) Error() string        { return s.sig.String() + " signal received" }
func (s signalReceived) Is(target error) bool { return target == context.Canceled }

// stopGrace is how long a command has to stop after a signal before the
// process exits regardless: a worker wedged in a builtin that ignores its
// interrupt must not keep SIGTERM from stopping a run. Everything a
// command acknowledged is on stable storage by then (trials are fsynced
// one by one, files replaced atomically); what was in flight is replayed
// on resume.
const stopGrace = 3 * time.Second

// notifyContext is signal.NotifyContext with a cause that says which
// signal arrived, from which the exit status follows. A command still
// running stopGrace after the signal is ended with os.Exit and that
// status.
func notifyContext(parent context.Context, sigs ...os.Signal) (context.Context, context.CancelFunc) {
	return notifyContextExit(parent, stopGrace, func(code int) {
		fmt.Fprintf(os.Stderr, "collabcraft: still stopping %s after the signal; exiting (what was recorded is on disk; rerun to resume)\n", stopGrace)
		os.Exit(code)
	}, sigs...)
}

func notifyContextExit(parent context.Context, grace time.Duration, exit func(code int), sigs ...os.Signal) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case s := <-ch:
			cancel(signalReceived{s})
			time.AfterFunc(grace, func() { exit(exitCode(context.Canceled, signalReceived{s})) })
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(context.Canceled)
	}
}

// exitCode decides the process exit status in one place: 0 on success, 2
// for usage errors (an unknown command or flag, a bad flag value, missing
// or extra operands, a bad config), 128 + the signal's number when a signal stopped it
// (130 for Ctrl-C, 143 for SIGTERM), 1 for everything else. cause is
// why the command's context was cancelled.
func exitCode(err, cause error) int {
	var usage *usageError
	var sig signalReceived
	switch {
	case err == nil:
		return 0
	case errors.As(err, &usage):
		return 2
	case errors.Is(err, context.Canceled) && errors.As(cause, &sig):
		if s, ok := sig.sig.(syscall.Signal); ok {
			return 128 + int(s)
		}
		return 130
	case errors.Is(err, context.Canceled):
		return 130
	default:
		return 1
	}
}

// report prints the error cmd ended with, in cobra's words but for an
// interruption: that is told as what it left behind (the command's
// *interruptedError) or just "interrupted", rather than as an error
// ending in "context canceled".
func report(w io.Writer, cmd *cobra.Command, err error) {
	var in *interruptedError
	switch {
	case err == nil:
	case errors.As(err, &in):
		fmt.Fprintln(w, "collabcraft:", in.msg)
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "collabcraft: interrupted")
	default:
		fmt.Fprintln(w, "collabcraft: error:", err)
		var usage *usageError
		if cmd != nil && errors.As(err, &usage) && usage.line {
			fmt.Fprintf(w, "Usage: %s\nRun '%s --help' for more.\n", useLine(cmd), cmd.CommandPath())
		}
	}
}

// interruptedError is a command stopped by a signal that says what it
// left and how to go on, e.g. "interrupted: 12 trials recorded in runs/r1;
// rerun the same command to resume".
type interruptedError struct{ msg string }

func (e *interruptedError) Error() string { return e.msg }
func (e *interruptedError) Unwrap() error { return context.Canceled }
