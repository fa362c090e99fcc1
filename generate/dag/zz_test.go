package dag_test

import (
	"os"
	"strings"
	"testing"
)

func TestZZBig(t *testing.T) {
	for _, kind := range strings.Fields(os.Getenv("ZZ_KINDS")) {
		for _, split := range strings.Fields(os.Getenv("ZZ_SPLITS")) {
			for _, agents := range []int{2, 3} {
				r := playSuite(t, kind, split, agents, 150)
				t.Logf("%s %s %d: %.3f", kind, split, agents, r)
			}
		}
	}
}
