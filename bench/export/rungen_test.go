package main

import "testing"

func TestBenchTasksCoverKinds(t *testing.T) {
	for _, k := range benchKinds() {
		if benchTasks[k] == nil {
			t.Errorf("kind %s: no bench task maker", k.Name)
		}
	}
}
