package world

import (
	"testing"

	"collabcraft/procgen"
)

func TestKindWorldsCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		kw, ok := kindWorlds[k]
		if !ok || kw.build == nil || kw.score == nil {
			t.Errorf("kind %s: no world builder or score", k.Name)
		}
	}
}
