package world

import (
	"testing"

	"collabcraft/procgen"
)

func TestKindWorldsCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		if !k.InMinecraft() {
			continue // CuisineWorld is a world of its own (package cuisine)
		}
		kw, ok := kindWorlds[k]
		if !ok || kw.build == nil || kw.score == nil {
			t.Errorf("kind %s: no world builder or score", k.Name)
		}
	}
}
