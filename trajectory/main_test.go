package trajectory

import (
	"fmt"
	"os"
	"testing"
)

// childProcesses are the processes tests start from this test binary:
// each, when its variable is set in the environment, runs and exits
// instead of the tests (it is started with -test.run=^$, so a child that
// is not dispatched runs nothing).
var childProcesses []func()

func TestMain(m *testing.M) {
	for _, child := range childProcesses {
		child()
	}
	os.Exit(m.Run())
}

// childTB is the testing.TB of a child process's helpers: a failure
// prints "error" and exits 1, as the parent reads it.
type childTB struct{ testing.TB }

func (childTB) Helper()                   {}
func (childTB) Fatal(args ...any)         { fmt.Println(append([]any{"error"}, args...)...); os.Exit(1) }
func (childTB) Fatalf(f string, a ...any) { fmt.Println("error", fmt.Sprintf(f, a...)); os.Exit(1) }
