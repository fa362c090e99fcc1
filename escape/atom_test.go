package escape

import "testing"

func TestEmbeddedAtoms(t *testing.T) {
	atoms := Atoms()
	if len(atoms) != 18 {
		t.Fatalf("%d atoms, want VillagerAgent's 18", len(atoms))
	}
}
