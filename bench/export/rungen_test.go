package main

import (
	"testing"

	"collabcraft/procgen"
)

func TestBenchTasksCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		if benchTasks[k] == nil {
			t.Errorf("kind %s: no bench task maker", k.Name)
		}
	}
}
