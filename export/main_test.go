package export

import (
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
