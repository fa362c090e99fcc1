package generate

import (
	"strings"
	"testing"

	"collabcraft/procgen"
)

func TestDefaultPromptsAreMINDcrafts(t *testing.T) {
	p := PaperPrompts()
	if !strings.HasPrefix(p.Conversing, "You are a task-focused Minecraft bot named $NAME. Your current task is: $TASK_GOAL\n\n$TASK_INVENTORY\n\n") ||
		!strings.HasSuffix(p.Conversing, "\n\nSummarized memory: '$MEMORY'\n$STATS\n$INVENTORY\n$COMMAND_DOCS\n$EXAMPLES\nConversation Begin:") {
		t.Errorf("conversing prompt is not the paper's:\n%s", p.Conversing)
	}
	if !strings.HasSuffix(p.SavingMemory, "\nOld Memory: '$MEMORY'\nRecent conversation: \n$TO_SUMMARIZE\nSummarize your old memory and recent conversation into a new memory, and respond only with the unwrapped memory text: ") {
		t.Errorf("saving_memory is not MINDcraft's: %q", p.SavingMemory)
	}
	for _, k := range procgen.AllKinds() {
		if k.Family != procgen.FamilyMineCollab {
			continue // the paper's examples are MineCollab's
		}
		if len(p.Examples[k.TaskType]) < 2 {
			t.Errorf("%s: %d examples, want 2", k.TaskType, len(p.Examples[k.TaskType]))
		}
	}
}

func TestKindGoalsCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		if !k.PlayedBy("p2p") {
			continue // no MINDcraft goal
		}
		if _, ok := kindGoals[k]; !ok {
			t.Errorf("kind %s: no entry in kindGoals", k.Name)
		}
	}
}

func TestExamplesText(t *testing.T) {
	got := PaperPrompts().ExamplesText(procgen.TypeCooking)
	// The rendering quoted in MINDCRAFT-INTERFACE.md section 7.
	want := "Example 2:\nSystem output: trade something with zorro_34\nYour output:\n!startConversation(\"zorro_34\", \"Hey let's trade. What do you have?\")\nUser input: zorro_34: (FROM OTHER BOT)Let's see... !inventory\nI have a wooden pickaxe, cobblestone, and cooked chicken\nYour output:\nOkay, could I trade you a cobblestone for a cooked chicken?\n\n"
	if !strings.HasPrefix(got, "Examples of how to respond:\nExample 1:\nSystem output: work together with the other bot to build a house\nYour output:\n") || !strings.HasSuffix(got, want) {
		t.Errorf("cooking examples:\n%s", got)
	}
	if c := PaperPrompts().ExamplesText(procgen.TypeConstruction); !strings.Contains(c, "!checkBlueprintLevel(0)\nSystem output: Level 0 requires the following fixes:\n Place oak_door") {
		t.Errorf("construction examples:\n%s", c)
	}
}

func TestRenderConversingFillsOnce(t *testing.T) {
	p := PaperPrompts()
	s := p.renderConversing(promptVars{
		Name: "Andy_0", Goal: "make $INVENTORY", TaskInventory: p.TaskInventoryText([]procgen.Stack{{Item: "string", Count: 1}, {Item: "dirt"}, {Item: "oak_planks", Count: 2}}),
		Memory: "", Stats: "\nSTATS\n- x\n", Inventory: "\nINVENTORY: Nothing\nWEARING: Nothing\n", CommandDocs: "\n*COMMAND DOCS\n*\n", Examples: "Examples of how to respond:\n",
	})
	for _, want := range []string{
		"bot named Andy_0. Your current task is: make $INVENTORY\n\nYou start the task with these items: 1 string, 2 oak_planks.\n\n",
		"Summarized memory: ''\n\nSTATS\n- x\n\n\nINVENTORY: Nothing\nWEARING: Nothing\n\n\n*COMMAND DOCS\n*\n\nExamples of how to respond:\n\nConversation Begin:",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("rendered prompt lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "$") && !strings.Contains(s, "make $INVENTORY") {
		t.Errorf("placeholder left: %s", s)
	}
	if got := p.TaskInventoryText(nil); got != "You start the task with an empty inventory." {
		t.Errorf("empty task inventory: %q", got)
	}
}

func TestAgentNames(t *testing.T) {
	got := AgentNames(12, 0)
	if got[0] != "Andy_0" || got[1] != "Jill_0" || got[4] != "Mike_0" || got[9] != "Kate_0" || got[10] != "Andy2_0" {
		t.Errorf("names: %v", got)
	}
	if AgentNames(1, 3)[0] != "Andy_3" {
		t.Error("session suffix")
	}
}

func TestAgentGoal(t *testing.T) {
	names := AgentNames(2, 0)
	cook := &procgen.Task{ID: "multiagent_cooking_1_bread", Type: procgen.TypeCooking, AgentCount: 2, HumanCount: procgen.IntPtr(0),
		Goal: procgen.Goal{PerAgent: map[string]string{"0": "Make bread.", "1": "Make bread. Recipe for bread:\nStep 1"}}}
	g0, _ := AgentGoal(cook, 0, names, false)
	g1, _ := AgentGoal(cook, 1, names, false)
	if g0 != "Make bread.\nIn the end, all the food items should be given to one single bot.You have to collaborate with other agents/bots, namely Jill_0 to complete the task as soon as possible by dividing the work among yourselves." {
		t.Errorf("cooking goal 0: %q", g0)
	}
	if !strings.HasPrefix(g1, "Make bread. Recipe for bread:\nStep 1\nIn the end") || !strings.Contains(g1, "namely Andy_0 to") {
		t.Errorf("cooking goal 1: %q", g1)
	}
	hk := &procgen.Task{ID: "x_hells_kitchen", Type: procgen.TypeCooking, AgentCount: 2, HumanCount: procgen.IntPtr(0), Goal: procgen.Goal{Text: "G."}}
	if g, _ := AgentGoal(hk, 0, names, false); !strings.HasPrefix(g, "G.You have to collaborate") {
		t.Errorf("hell's kitchen goal: %q", g)
	}
	three := AgentNames(3, 0)
	craft := &procgen.Task{ID: "c", Type: procgen.TypeCrafting, AgentCount: 3, HumanCount: procgen.IntPtr(0), Goal: procgen.Goal{Text: "Craft a bookshelf."}}
	if g, _ := AgentGoal(craft, 1, three, false); !strings.HasPrefix(g, "Craft a bookshelf.\nMake sure to share resources among all agents") || !strings.Contains(g, "namely Andy_0, Bob_0 to") {
		t.Errorf("3-agent crafting goal: %q", g)
	}
	// Without human_count (most of MINDcraft's own files) MINDcraft's sum
	// agent_count + human_count is NaN: no collaboration sentence.
	craft.HumanCount = nil
	if g, _ := AgentGoal(craft, 1, three, false); strings.Contains(g, "You have to collaborate") {
		t.Errorf("3-agent crafting goal without human_count: %q", g)
	}
	build := &procgen.Task{ID: "b", Type: procgen.TypeConstruction, AgentCount: 2, HumanCount: procgen.IntPtr(0), Goal: procgen.Goal{Text: "Build the house."},
		Conversation: "Let's build.",
		Blueprint:    []byte(`{"materials":{"stone":2},"levels":[{"level":0,"coordinates":[148,-60,-170],"placement":[["stone","stone"]]},{"level":1,"coordinates":[148,-59,-170],"placement":[["air","air"]]}]}`)}
	// The paper's prompts add the level origins; MINDcraft at 0012750
	// sends data.goal and data.conversation as they are.
	if g, _ := AgentGoal(build, 0, names, false); !strings.HasPrefix(g, "Build the house.You have to collaborate") {
		t.Errorf("construction goal (minecollab): %q", g)
	}
	if c, _ := Conversation(build, false); c != "Let's build." {
		t.Errorf("construction conversation (minecollab): %q", c)
	}
	g, err := AgentGoal(build, 0, names, true)
	if err != nil || !strings.HasPrefix(g, "Build the house. \nLevel 0: Start at coordinates X: 148, Y: -60, Z: -170Level 1: Start at coordinates X: 148, Y: -59, Z: -170 \nmake sure to place the lower levels of the blueprint firstYou have to") {
		t.Errorf("construction goal: %q, %v", g, err)
	}
	if c, _ := Conversation(build, true); c != "Let's build. \nLevel 0: Start at coordinates X: 148, Y: -60, Z: -170Level 1: Start at coordinates X: 148, Y: -59, Z: -170" {
		t.Errorf("construction conversation: %q", c)
	}
	build.Blueprint = nil
	if _, err := AgentGoal(build, 0, names, true); err == nil || !strings.Contains(err.Error(), "task b: blueprint") {
		t.Errorf("missing blueprint: %v", err)
	}
}
