// Command collabcraft generates supervised fine-tuning data for LLM agents
// that collaborate in Minecraft: procedurally generated tasks, rollouts of
// agent teams in an embedded world, filtering and dataset export.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	err := newRootCommand().ExecuteContext(ctx)
	os.Exit(exitCode(err))
}

// exitCode decides the process exit status in one place: 0 on success, 2
// for usage errors, 130 when interrupted, 1 for everything else. Cobra has
// already printed the error.
func exitCode(err error) int {
	var usage *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &usage):
		return 2
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(os.Stderr, "collabcraft: interrupted")
		return 130
	default:
		return 1
	}
}

// usageError marks an error in how the command was called (bad flag values),
// as opposed to a failure while doing the work.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}
