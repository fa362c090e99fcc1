package quality

import (
	"slices"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// reactContext is a ReAct step's prompt as the DAG's executor sends it,
// cut to what the checks read.
var reactContext = []trajectory.Message{
	{Role: "system", Content: "Respond to the human as helpfully and accurately as possible. You have access to the following tools:\n\nnavigateTo: ..."},
	{Role: "user", Content: `Your name is Andy_0.
 
*** The relevant data of task(not environment data)***
[{"beetroot_soup": ["Step 1: Go to the farm and collect 6 beetroot.", "Step 2: Get a bowl.", "Step 3: Craft the beetroot soup."], "cooked_beef": ["Step 1: Kill a cow and pick up 1 beef that is dropped.", "Step 2: Get coal from your inventory or other agents."]}]
*** Other agents team with you ***
['I, Jill_0, used handoverBlock (give egg from Jill_0 to Andy_0).']
*** environment ***
Entity: Andy_0 is at [1521, -59, 1169] holding nothing and Jill_0 stands at [1523, -59, 1169] holding nothing.
Creatures: a rabbit at [1516, -59, 1169].
Interactive-Items: furnace at [1517, -60, 1168] and [1520, -60, 1171], one crafting_table at [1520, -60, 1165].
*** Task ***
Collect 6 beetroot and craft 1 beetroot_soup

This was your previous work (but I haven't seen any of it! I only see what you return as final answer):
Thought: First I look for beetroots.
Action:
` + "```" + `
{"action": "scanNearbyEntities", "action_input": {"player_name": "Andy_0", "item_name": "beetroots", "radius": 32, "item_num": 6}}
` + "```" + `
Observation: {'data': [{'x': -192, 'y': -60, 'z': -489}], 'message': 'I found beetroots at -192 -60 -489,', 'new_events': ['My inventory: bowl: 1 egg: 1'], 'status': True}
Thought:`},
}

func reply(tool, input string) string {
	return "Thought: next.\nAction:\n```\n{\"action\": \"" + tool + "\", \"action_input\": " + input + "}\n```"
}

func TestCheckTool(t *testing.T) {
	g := &Grounder{}
	for _, c := range []struct {
		response string
		want     []string // kind=value of each violation
	}{
		// Grounded: what the prompt shows, a block's top, public knowledge.
		{reply("navigateTo", `{"player_name": "Andy_0", "x": 1517, "y": -59, "z": 1168, "emotion": ["😊"], "murmur": "go"}`), nil},
		{reply("MineBlock", `{"player_name": "Andy_0", "x": -192, "y": -60, "z": -489}`), nil},
		{reply("craftBlock", `{"player_name": "Andy_0", "item_name": "beetroot_soup", "count": 1}`), nil},
		{reply("handoverBlock", `{"player_name": "Andy_0", "target_player_name": "Jill_0", "item_name": "beetroot", "item_count": 6}`), nil},
		{reply("attackTarget", `{"player_name": "Andy_0", "target_name": "cow"}`), nil},
		{reply("withdrawItem", `{"player_name": "Andy_0", "item_name": "cooked_beef", "from_name": "furnace", "item_count": 1}`), nil},
		{reply("fetchContainerContents", `{"player_name": "Andy_0", "item_name": "furnace", "position": [1520, -60, 1171]}`), nil},
		{reply("SmeltingCooking", `{"player_name": "Andy_0", "item_name": "beef", "item_count": "1", "fuel_item_name": "coal"}`), nil},
		// Final answers name nothing.
		{"Thought: done\nAction:\n```\n{\"action\": \"Final Answer\", \"action_input\": \"I made it.\"}\n```", nil},
		// Ungrounded.
		{reply("handoverBlock", `{"player_name": "Andy_0", "target_player_name": "Steve_9", "item_name": "beetroot", "item_count": 1}`), []string{"player=Steve_9"}},
		{reply("craftBlock", `{"player_name": "Andy_0", "item_name": "diamond_sword", "count": 17}`), []string{"item=diamond_sword", "count=17"}},
		{reply("navigateTo", `{"player_name": "Andy_0", "x": 1517, "y": -59, "z": 1100}`), []string{"position=[1517, -59, 1100]"}},
		{reply("attackTarget", `{"player_name": "Andy_0", "target_name": "zombie"}`), []string{"entity=zombie"}},
		{reply("fetchContainerContents", `{"player_name": "Andy_0", "item_name": "chest", "position": [0, -60, 0]}`), []string{"item=chest", "position=[0, -60, 0]"}},
		// VillagerAgent's SFT layout writes the call as a Python dict.
		{"Thought: dig\nAction: {'tool': 'MineBlock', 'tool_input': {'player_name': 'Andy_0', 'x': 5, 'y': -60, 'z': 5}}", []string{"position=[5, -60, 5]"}},
		{"Action: {'tool': 'stop', 'tool_input': {'final_answer': 'done'}}", nil},
	} {
		vs := g.CheckCall(trajectory.KindReact, &Call{TaskType: procgen.Cooking.TaskType, Context: reactContext, Response: c.response})
		var got []string
		for _, v := range vs {
			got = append(got, v.Kind+"="+v.Value)
			if v.Command == "" {
				t.Errorf("%s: a violation without its call", c.response)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", strings.ReplaceAll(c.response, "\n", " "), got, c.want)
		}
	}
	if tc, ok := ToolCallOf(reply("MineBlock", `{"player_name": "Andy_0", "x": 1, "y": 2, "z": 3}`)); !ok || tc.Tool != "MineBlock" ||
		tc.Text != `{"action": "MineBlock", "action_input": {"player_name": "Andy_0", "x": 1, "y": 2, "z": 3}}` {
		t.Errorf("ToolCallOf: %+v %v", tc, ok)
	}
	// Other kinds' calls are not commands.
	if vs := g.CheckCall(trajectory.KindDecompose, &Call{Context: reactContext, Response: reply("craftBlock", `{"item_name": "diamond_sword"}`)}); vs != nil {
		t.Errorf("a decompose call grounded: %v", vs)
	}
}

// TestCheckToolEscape: an escape room's ReAct step. An empty scan name is
// VillagerAgent's look around; a scan's block map writes positions as
// floats; the words of the thought get the hidden-block rule.
func TestCheckToolEscape(t *testing.T) {
	g := &Grounder{}
	ctx := []trajectory.Message{
		{Role: "system", Content: "Respond to the human as helpfully and accurately as possible."},
		{Role: "user", Content: "*** Task ***\nAndy_0: pull the lever at 121 -60 123.\n\nObservation: {'message': \"can not find anything match '', environment: {...}jungle_sign at (130.0, -58.0, 131.0)\\nthe sign nearby said: ...\"}\nObservation: {'message': ' move to 130 -55 131', 'new_events': ['My inventory: Player-Center 5x3x5 Map: [stone_button:130 -56 130]']}\nThought:"},
	}
	for _, c := range []struct {
		response string
		want     []string
	}{
		{reply("scanNearbyEntities", `{"player_name": "Andy_0", "item_name": "", "radius": 16, "item_num": 0}`), nil},
		{reply("navigateTo", `{"player_name": "Andy_0", "x": 130, "y": -59, "z": 131}`), nil},
		{"Thought: I use the lever at 121 -60 123.\nAction:\n```\n{\"action\": \"ToggleAction\", \"action_input\": {\"player_name\": \"Andy_0\", \"item_name\": \"lever\", \"x\": 121, \"y\": -60, \"z\": 123}}\n```", nil},
		{"Thought: the stone_button at 130 -56 130 is below me.\nAction:\n```\n{\"action\": \"ToggleAction\", \"action_input\": {\"player_name\": \"Andy_0\", \"item_name\": \"stone_button\", \"x\": 130, \"y\": -56, \"z\": 130}}\n```", nil},
		{"Thought: and the lever at 130 -60 123 in the other room.\nAction:\n```\n{\"action\": \"ToggleAction\", \"action_input\": {\"player_name\": \"Andy_0\", \"item_name\": \"lever\", \"x\": 121, \"y\": -60, \"z\": 123}}\n```",
			[]string{"hidden_block=lever at 130 -60 123"}},
	} {
		var got []string
		for _, v := range g.CheckCall(trajectory.KindReact, &Call{TaskType: procgen.TypeEscape, Context: ctx, Response: c.response}) {
			got = append(got, v.Kind+"="+v.Value)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", strings.ReplaceAll(c.response, "\n", " "), got, c.want)
		}
	}
}
