package generate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/world"
)

// minecollab gives each task type its MineCollab task profile, merged as
// MINDcraft's Prompter merges it: crafting and cooking bring their own
// memory prompt, construction inherits _default's; cooking inherits
// _default's 29 conversation examples; the profiles' modes load over
// modes.js's defaults.
func TestMineCollabProfiles(t *testing.T) {
	set, err := LoadProfiles(ProfileMineCollab)
	if err != nil {
		t.Fatal(err)
	}
	craft, cook, build := set.For(procgen.Crafting.TaskType), set.For(procgen.Cooking.TaskType), set.For(procgen.Construction.TaskType)
	if !strings.HasPrefix(craft.Conversing, "You are a playful Minecraft bot named $NAME") || !strings.HasPrefix(cook.Conversing, "You are a task-focused Minecraft bot named $NAME") {
		t.Errorf("conversing prompts: %.60q / %.60q", craft.Conversing, cook.Conversing)
	}
	if !strings.Contains(craft.SavingMemory, "$SELF_PROMPT Make sure to include") || strings.Contains(build.SavingMemory, "$SELF_PROMPT") {
		t.Errorf("memory prompts: crafting %.80q, construction %.80q", craft.SavingMemory, build.SavingMemory)
	}
	if len(craft.ExamplePool) != 6 || len(cook.ExamplePool) != 29 || len(build.ExamplePool) != 4 || len(build.CodingExamples) != 6 {
		t.Errorf("example pools: crafting %d, cooking %d, construction %d (coding %d)", len(craft.ExamplePool), len(cook.ExamplePool), len(build.ExamplePool), len(build.CodingExamples))
	}
	if !strings.Contains(build.BotResponder, "Decide by outputting ONLY 'respond' or 'ignore'") {
		t.Errorf("bot_responder: %.80q", build.BotResponder)
	}
	if craft.InitMessage != "Respond with hello world and your name" || craft.Dialect != world.DialectCurrent || craft.ExplainBlueprint {
		t.Errorf("crafting: init %q, dialect %q, blueprint in goal %t", craft.InitMessage, craft.Dialect, craft.ExplainBlueprint)
	}
	if craft.Modes["hunting"] || craft.Modes["elbow_room"] || len(craft.Modes) != 2 || len(build.Modes) != 1 {
		t.Errorf("modes: crafting %v, construction %v", craft.Modes, build.Modes)
	}
	if set.For("unknown").Conversing != craft.Conversing {
		t.Error("an unknown type does not get crafting's profile")
	}
}

// $STATS lists modes.js's defaults with the profile's loaded over them:
// under the crafting profile cowardice stays on and hunting is off; the
// paper's prompts keep the survival profile's.
func TestProfileModesInStats(t *testing.T) {
	task := &procgen.Task{ID: "t", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Craft a stick."},
		Target: procgen.Target{Item: "stick"}, NumberOfTarget: 1, InitialInventory: map[string]map[string]int{"0": {"oak_planks": 2}}}
	for _, tc := range []struct {
		prompts Prompts
		want    string
	}{
		{minecollabSet().For(task.Type), "- cowardice(ON)\n- self_defense(ON)\n- hunting(OFF)\n- item_collecting(ON)\n- torch_placing(ON)\n- elbow_room(OFF)"},
		{PaperPrompts(), "- cowardice(OFF)\n- self_defense(ON)\n- hunting(ON)\n- item_collecting(ON)\n- torch_placing(ON)\n- elbow_room(ON)"},
	} {
		w, err := world.Build(*task, 1, world.Options{Modes: tc.prompts.Modes, Dialect: tc.prompts.Dialect})
		if err != nil {
			t.Fatal(err)
		}
		if stats, _ := w.Stats("Andy_0"); !strings.Contains(stats, tc.want) {
			t.Errorf("stats lack %q:\n%s", tc.want, stats)
		}
	}
}

// A profile file in MINDcraft's format is merged over the survival and
// default profiles; bad files are refused with the file and field named.
func TestProfileFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("mine.json", `{"name": "andy", "model": "gpt-4o-mini", "conversing": "You are $NAME. $SELF_PROMPT$STATS$EXAMPLES", "modes": {"cheat": true}}`)
	set, err := LoadProfiles(good)
	if err != nil {
		t.Fatal(err)
	}
	p := set.For(procgen.Cooking.TaskType)
	if p.Conversing != "You are $NAME. $SELF_PROMPT$STATS$EXAMPLES" || !strings.HasPrefix(p.SavingMemory, "You are a minecraft bot named $NAME") ||
		len(p.ExamplePool) != 29 || !p.Modes["cheat"] || len(p.Modes) != 1 {
		t.Errorf("merged profile: %+v", p)
	}
	if !strings.HasPrefix(set.orDefault().id, "mine.json sha256:") {
		t.Errorf("profile id %q", set.id)
	}
	for body, want := range map[string]string{
		`{"conversing": 3}`:           `bad.json: field "conversing"`,
		`{"conversing": ""}`:          `field "conversing" is empty`,
		`[1]`:                         `expected a JSON object in MINDcraft's profile format`,
		`{"modes": {"flying": true}}`: `modes: unknown mode "flying"`,
		`{"conversation_examples": [[{"role": "bot", "content": "x"}]]}`: `conversation_examples[0][0]: role "bot"`,
	} {
		if _, err := LoadProfiles(write("bad.json", body)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", body, err, want)
		}
	}
	if _, err := LoadProfiles(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "expected minecollab, paper or a MINDcraft profile file") {
		t.Errorf("missing file: %v", err)
	}
}

// Under minecollab the goal line follows the self-prompter: shown while it
// is active or paused, gone once it stopped after three self-prompted
// responses without a command.
func TestSelfPromptLine(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Look around."}, Timeout: 60}
	f := newFixture(task, nil, "", []string{"Hello world, I am Andy_0.", "Hmm.", "Let me think.", "Nothing to do.", "Still nothing."})
	res := f.run(t, Config{})
	calls := res.Agents[0].Transitions
	if len(calls) < 4 {
		t.Fatalf("%d calls", len(calls))
	}
	goal := "YOUR CURRENT ASSIGNED GOAL: \"Look around.\"\n"
	for i, c := range calls {
		has := strings.Contains(c.Messages[0].Content, goal)
		// Call 0 answers the init message; 1-3 are self-prompted and use
		// no command, so the self-prompter stops after call 3.
		if want := i <= 3; has != want {
			t.Errorf("call %d: goal line shown %t, want %t", i, has, want)
		}
	}
	if len(calls) != 4 {
		t.Errorf("%d calls after the self-prompter stopped, want none", len(calls)-4)
	}
}
