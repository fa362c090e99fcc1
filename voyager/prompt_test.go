package voyager

import (
	"os"
	"testing"

	"collabcraft/villager"
)

// The fixtures: Voyager's own Python rendering the cases of
// scripts/voyager-fixtures/cases.json (make voyager-fixtures).
const (
	fixturePath = "../testdata/voyager/calls.json"
	casesPath   = "../scripts/voyager-fixtures/cases.json"
)

func readJSON(t *testing.T, path string) any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := villager.ParseJSON(string(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

func field(d any, key string) any {
	v, _ := d.(villager.Dict).Get(key)
	return v
}

func str(d any, key string) string {
	s, _ := field(d, key).(string)
	return s
}

func num(v any) float64 {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	panic("not a number")
}

func items(d any) []Item {
	var out []Item
	for _, kv := range d.(villager.Dict) {
		out = append(out, Item{Name: kv.Key, Count: int(kv.Value.(int64))})
	}
	return out
}

// caseEvents reads a case's Voyager events: the step's events and its
// closing observation.
func caseEvents(t *testing.T, c any) ([]Event, Observation, any) {
	t.Helper()
	var events []Event
	var obs Observation
	var observe any
	for _, e := range field(c, "events").([]any) {
		pair := e.([]any)
		kind, ev := pair[0].(string), pair[1]
		if kind != "observe" {
			events = append(events, Event{Kind: kind, Text: str(ev, kind)})
			continue
		}
		observe = ev
		st := field(ev, "status")
		pos := field(st, "position")
		obs = Observation{
			Biome: str(st, "biome"), TimeOfDay: str(st, "timeOfDay"),
			Health: num(field(st, "health")), Food: num(field(st, "food")),
			X: num(field(pos, "x")), Y: num(field(pos, "y")), Z: num(field(pos, "z")),
			InventoryUsed: int(field(st, "inventoryUsed").(int64)),
			Inventory:     items(field(ev, "inventory")),
		}
		for _, v := range field(ev, "voxels").([]any) {
			obs.Voxels = append(obs.Voxels, v.(string))
		}
		for _, kv := range field(st, "entities").(villager.Dict) {
			obs.Entities = append(obs.Entities, Entity{Name: kv.Key, Distance: num(kv.Value)})
		}
		for _, v := range field(st, "equipment").([]any) {
			s, _ := v.(string)
			obs.Equipment = append(obs.Equipment, s)
		}
	}
	if observe == nil {
		t.Fatalf("case %s: no observe event", str(c, "name"))
	}
	return events, obs, observe
}

func chestUpdates(c any) *ChestMemory {
	m := &ChestMemory{}
	updates, _ := field(c, "chest_updates").([]any)
	for _, u := range updates {
		for _, kv := range u.(villager.Dict) {
			switch v := kv.Value.(type) {
			case string:
				m.Update(kv.Key, ChestSeen{Unknown: v == "Unknown", Invalid: v == "Invalid"})
			default:
				m.Update(kv.Key, ChestSeen{Items: items(v)})
			}
		}
	}
	return m
}

func wantMessages(t *testing.T, name string, want any, got []Message) {
	t.Helper()
	list := want.([]any)
	if len(list) != len(got) {
		t.Fatalf("%s: %d messages, Voyager has %d", name, len(got), len(list))
	}
	for i, w := range list {
		if role := str(w, "role"); role != got[i].Role {
			t.Errorf("%s message %d: role %q, Voyager's %q", name, i, got[i].Role, role)
		}
		if content := str(w, "content"); content != got[i].Content {
			t.Errorf("%s message %d (%s) differs from Voyager's:\n%s", name, i, got[i].Role, firstDiff(content, got[i].Content))
		}
	}
}

func firstDiff(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-80)
	return "want ..." + want[lo:min(len(want), i+80)] + "\ngot  ..." + got[lo:min(len(got), i+80)]
}

// TestCallsAsVoyagerRendersThem renders every fixture case with this
// package and wants each message byte for byte as Voyager's Python made it.
func TestCallsAsVoyagerRendersThem(t *testing.T) {
	fix := readJSON(t, fixturePath)
	if c := str(fix, "voyager_commit"); len(c) < len(Commit) || c[:len(Commit)] != Commit {
		t.Fatalf("%s: rendered from Voyager %s, this package reproduces %s", fixturePath, c, Commit)
	}
	cases := readJSON(t, casesPath).([]any)
	calls := field(fix, "calls").([]any)
	if len(calls) != len(cases) {
		t.Fatalf("%s has %d calls for %d cases: re-run make voyager-fixtures", fixturePath, len(calls), len(cases))
	}
	kinds := map[string]int{}
	for i, c := range cases {
		call := calls[i]
		name := str(c, "name")
		if str(call, "name") != name {
			t.Fatalf("call %d is %q, case %q: re-run make voyager-fixtures", i, str(call, "name"), name)
		}
		kinds[str(c, "kind")]++
		renderCase(t, c, field(call, "messages"), call)
	}
	for _, k := range []string{"action", "critic", "skill"} {
		if kinds[k] == 0 {
			t.Errorf("no %s case in %s", k, casesPath)
		}
	}
}

// renderCase renders a case with this package and wants each message as
// Voyager's (want: its messages; nil where it makes no call), and the
// chest observation and skill description its call records.
func renderCase(t *testing.T, c, want, call any) {
	t.Helper()
	name, kind := str(c, "name"), str(c, "kind")
	switch kind {
	case "action":
		events, obs, _ := caseEvents(t, c)
		chests := chestUpdates(c)
		turn := ActionTurn{
			Events: events, Obs: obs, Code: str(c, "code"), Task: str(c, "task"),
			Context: str(c, "context"), Critique: str(c, "critique"), Chests: chests,
			NoChatLog: field(c, "chat_log") == false, NoExecutionError: field(c, "execution_error") == false,
		}
		var skills []string
		if list, ok := field(c, "skills").([]any); ok {
			for _, s := range list {
				skills = append(skills, s.(string))
			}
		}
		wantMessages(t, name, want, []Message{ActionSystem(str(c, "model"), skills), ActionHuman(turn)})
		if got, want := chests.Render(), str(call, "chest_observation"); got != want {
			t.Errorf("%s: chest observation %q, Voyager's %q", name, got, want)
		}
	case "critic":
		events, obs, _ := caseEvents(t, c)
		human, ok := CriticHuman(events, obs, str(c, "task"), str(c, "context"), str(c, "chest_observation"))
		switch {
		case want == nil && ok:
			t.Errorf("%s: Voyager's critic makes no call, ours does", name)
		case want != nil && !ok:
			t.Errorf("%s: Voyager's critic makes a call, ours does not", name)
		case want != nil:
			wantMessages(t, name, want, []Message{CriticSystem(), human})
		}
	case "skill":
		pname := str(c, "program_name")
		wantMessages(t, name, want, SkillDescriptionMessages(pname, str(c, "program_code")))
		answer := field(c, "replies").([]any)[0].(string)
		if got, want := SkillDescription(pname, answer), str(call, "description"); got != want {
			t.Errorf("%s: description %q, Voyager's %q", name, got, want)
		}
	default:
		t.Fatalf("case %s: unknown kind %q", name, kind)
	}
}
