package escape

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestEmbeddedAtoms(t *testing.T) {
	atoms := Atoms()
	if len(atoms) != 18 {
		t.Fatalf("%d atoms, want VillagerAgent's 18", len(atoms))
	}
	if !strings.HasPrefix(AtomSource(), "github.com/cnsdqd-dyb/VillagerAgent@dd1ecc190dc19c71f1eb2108000fde891b503376") {
		t.Errorf("source %q", AtomSource())
	}
	count := map[Placement]int{}
	for _, a := range atoms {
		count[a.Placement]++
	}
	// Atoms 3 (merge), 4 (split), 5 (cross); the rest same-room.
	if count[Merge] != 1 || count[Split] != 1 || count[Cross] != 1 || count[SameRoom] != 15 {
		t.Errorf("placements %v", count)
	}
	// The file round-trips through our format unchanged.
	raw, err := os.ReadFile("data/atoms.json")
	if err != nil {
		t.Fatal(err)
	}
	again, err := json.Marshal(atomFile{Source: AtomSource(), Atoms: atoms})
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(again, &b) != nil || !jsonEqual(a, b) {
		t.Error("data/atoms.json does not round-trip")
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// editedFile is the embedded atom file with edit applied to its JSON.
func editedFile(t *testing.T, edit func(atoms []map[string]any)) []byte {
	t.Helper()
	raw, err := os.ReadFile("data/atoms.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Source string           `json:"source"`
		Atoms  []map[string]any `json:"atoms"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	edit(f.Atoms)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func field(m map[string]any, path ...any) map[string]any {
	var v any = m
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v.(map[string]any)
}

// Bad atom files are refused with the file, the atom and the field named.
func TestBadAtomFiles(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(a []map[string]any)
		want string
	}{
		{"unknown mechanism", func(a []map[string]any) { field(a[9], "blocks", 2, "block")["name"] = "stone_buton" },
			`atom 9: blocks[2].block.name: unknown mechanism "stone_buton": not a Minecraft block`},
		{"unknown condition block", func(a []map[string]any) { field(a[11], "conditions", 0, "match")["name"] = "spruce_plate" },
			`atom 11: conditions[0].match.name: unknown mechanism "spruce_plate"`},
		{"unknown field", func(a []map[string]any) { a[4]["colour"] = "red" },
			`json: unknown field "colour"`},
		{"unknown placement", func(a []map[string]any) { a[5]["placement"] = "swap" },
			`atom 5: placement: unknown placement "swap"`},
		{"nothing powers bedrock", func(a []map[string]any) {
			c := field(a[8], "conditions", 0)
			c["at"], field(c, "match")["name"] = []any{0, 1, 4}, "bedrock"
		}, `atom 8: conditions[0].match.powered: unsatisfiable: nothing powers bedrock`},
		{"a lever where a plate is", func(a []map[string]any) { field(a[10], "conditions", 0, "match")["name"] = "lever" },
			`atom 10: conditions[0].match.name: unsatisfiable: wants lever in a state, but the room places oak_pressure_plate at [0, 0, 0]`},
		{"no gold block to place", func(a []map[string]any) { a[2]["needs"] = map[string]any{}; a[0]["yields"] = map[string]any{} },
			`atom 2: conditions[0].match.name: unsatisfiable: no agent can have gold_block`},
		{"an iron door to open by hand", func(a []map[string]any) {
			field(a[6], "conditions", 0, "match")["name"] = "iron_door"
			field(a[6], "conditions", 0)["at"] = []any{-1, 0, 4}
			delete(field(a[6], "conditions", 0, "match"), "powered")
			field(a[6], "conditions", 0, "match")["open"] = true
			a[6]["effects"] = []any{map[string]any{"at": []any{0, 0, 4}, "set": map[string]any{"name": "air"}}}
		}, `atom 6: conditions[0].match.open: unsatisfiable: iron_door does not open by hand and no effect opens it`},
		{"a cycle of rooms", func(a []map[string]any) {
			a[2]["yields"] = map[string]any{"emerald": 1}
			a[0]["needs"] = map[string]any{"emerald": 1}
		}, `atom 0: yields: the rooms need each other's items in a cycle (atoms 0 -> 2 -> 0): none can be placed first`},
		{"a room that needs what it yields", func(a []map[string]any) { a[0]["needs"] = map[string]any{"gold_block": 1} },
			`atom 0: yields: the rooms need each other's items in a cycle (atoms 0 -> 0)`},
		{"yields what nobody needs", func(a []map[string]any) {
			a[2]["needs"] = map[string]any{}
			a[2]["conditions"] = []any{map[string]any{"at": []any{0, 0, 4}, "match": map[string]any{"name": "spruce_fence_gate", "open": true}, "mode": "level"}}
		},
			`atom 0: yields.gold_block: no atom needs gold_block, so the generator never places this atom`},
		{"sub-event on some conditions only", func(a []map[string]any) { delete(field(a[7], "conditions", 1), "event") },
			`atom 7: conditions[1].event: missing while other conditions have sub-events`},
		{"only a final event", func(a []map[string]any) {
			field(a[7], "conditions", 0)["event"] = "final"
			field(a[7], "effects", 0)["event"] = "final"
		}, `atom 7: conditions[0].event: every condition is in the final event`},
		{"an effect of no event", func(a []map[string]any) { field(a[15], "effects", 0)["event"] = "step_of" },
			`atom 15: effects[0].event: "step_of" is not an event of the conditions (step_on, press_button)`},
		{"two events change one block", func(a []map[string]any) { field(a[7], "effects", 1)["at"] = []any{-1, 0, 4} },
			`atom 7: effects[1].at: [-1, 0, 4] is also changed by event "0"`},
		{"two conditions on one block", func(a []map[string]any) { field(a[11], "conditions", 1)["at"] = []any{-2, 0, 0} },
			`atom 11: conditions[1].at: [-2, 0, 0] has another condition of the same event`},
		{"no window", func(a []map[string]any) { a[13]["wait_interval_s"] = 0 },
			`atom 13: wait_interval_s: is 0; must be above 0`},
		{"no activation", func(a []map[string]any) { a[13]["activate_duration_s"] = -1 },
			`atom 13: activate_duration_s: is -1; must be above 0`},
		{"a merge teleport in a room of its own", func(a []map[string]any) { a[3]["placement"] = "same_room" },
			`atom 3: effects[0].teleport.to: merge, but the atom's placement is same_room`},
		{"a split atom that teleports nobody", func(a []map[string]any) {
			field(a[4], "effects", 0)["teleport"] = map[string]any{"who": "all", "radius": 2, "to": "here"}
		}, `atom 4: effects: a split atom with no effect teleporting to the split position`},
		{"set and give at once", func(a []map[string]any) {
			field(a[0], "effects", 1)["give"] = map[string]any{"item": "stick", "name": "x", "count": 1, "radius": 2}
		}, `atom 0: effects[1]: has 2 of set, give and teleport; exactly one`},
		{"copies by a positive offset", func(a []map[string]any) { field(a[16], "blocks", 0)["copies"] = "agents+1" },
			`atom 16: blocks[0].copies: agents+1: only agents or agents-N`},
		{"copies not a count", func(a []map[string]any) { field(a[16], "blocks", 0)["copies"] = "many" },
			`copies is "agents", "agents-N" or a positive count, got "many"`},
		{"no blocks", func(a []map[string]any) { a[12]["blocks"] = []any{} },
			`atom 12: blocks: no block: the room's conditions and effects would never be laid out`},
		{"ids out of order", func(a []map[string]any) { a[3]["id"] = 4 },
			`atom 3: id: is 4; atoms are numbered by their place in the file`},
		{"an unknown entity", func(a []map[string]any) { field(a[0], "blocks", 1)["entity"] = "dragon" },
			`atom 0: blocks[1].entity: unknown entity "dragon"`},
		{"items in a lever", func(a []map[string]any) { field(a[0], "blocks", 2)["items"] = map[string]any{"stick": 1} },
			`atom 0: blocks[2]: a lock or items on lever, which is not a container`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseAtoms(editedFile(t, c.edit), "bad.json")
			if err == nil {
				t.Fatalf("accepted; want %q", c.want)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "escape: atom file bad.json: ") || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q\n want escape: atom file bad.json: ...%s", msg, c.want)
			}
		})
	}
	if _, err := ParseAtoms([]byte(`{"source":"x","atoms":[]}{}`), "two.json"); err == nil || !strings.Contains(err.Error(), "two.json: data after the object") {
		t.Errorf("trailing data: %v", err)
	}
}
