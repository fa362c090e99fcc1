package generate

import (
	"fmt"
	"strconv"
	"strings"

	"collabcraft/procgen"
)

// humanNames are the names MINDcraft's evaluation script gives agents, in
// order (tasks/evaluation_script.py): agent i is humanNames[i%10] plus
// "_{session}".
var humanNames = []string{"Andy", "Jill", "Bob", "Sally", "Mike", "Laura", "John", "Emma", "Tom", "Kate"}

// AgentNames returns the names of an n-agent team in MINDcraft's style,
// "Andy_0", "Jill_0", ... for session 0. MINDcraft repeats names after ten
// agents, which would make two agents indistinguishable; here the 11th
// agent is "Andy2_0", the 21st "Andy3_0", and so on.
func AgentNames(n, session int) []string {
	names := make([]string, n)
	for i := range names {
		base := humanNames[i%len(humanNames)]
		if round := i / len(humanNames); round > 0 {
			base += strconv.Itoa(round + 1)
		}
		names[i] = base + "_" + strconv.Itoa(session)
	}
	return names
}

// AgentGoal is the goal agent i of a team is told ($TASK_GOAL and the
// self-prompt): the task goal for that agent, MINDcraft's per-type
// add-string (tasks.js getAgentGoal), the blueprint's level origins for
// construction, and the collaboration sentence naming the other agents
// (setAgentGoal: only when the task says human_count). Hidden recipes stay hidden because task files carry them
// in each agent's own goal (blocked_access_to_recipe is applied when the
// task is generated); hidden crafting plans stay hidden because
// !getCraftingPlan is a blocked command for those agents.
func AgentGoal(t *procgen.Task, i int, names []string, withBlueprint bool) (string, error) {
	goal := t.Goal.ForAgent(i)
	kg := goalOf(t)
	if kg.explainBlueprint && withBlueprint {
		explain, err := explainBlueprint(t)
		if err != nil {
			return "", fmt.Errorf("generate: task %s: blueprint: %w", t.ID, err)
		}
		goal += " \n" + explain + " \n" + "make sure to place the lower levels of the blueprint first"
	}
	if kg.addString != nil {
		goal += kg.addString(t, names[i])
	}
	// setAgentGoal adds the sentence when agent_count + human_count > 1;
	// with human_count absent the sum is NaN in MINDcraft, and no
	// sentence is added.
	if t.HumanCount != nil && t.AgentCount+*t.HumanCount > 1 {
		var others []string
		for j, n := range names {
			if j != i {
				others = append(others, n)
			}
		}
		// Real names, not MINDcraft's "[object Object]" snapshot bug.
		goal += "You have to collaborate with other agents/bots, namely " + strings.Join(others, ", ") +
			" to complete the task as soon as possible by dividing the work among yourselves."
	}
	return goal, nil
}

// kindGoal is how goals and the opening conversation differ by task kind.
type kindGoal struct {
	// addString is getAgentGoal's per-type addition for agent name (nil: none).
	addString func(t *procgen.Task, name string) string
	// explainBlueprint adds the blueprint's level origins to the goal and
	// the conversation, as MINDcraft does for construction.
	explainBlueprint bool
}

// kindGoals holds the goal texts' per-kind behaviour.
var kindGoals = map[*procgen.Kind]kindGoal{
	procgen.Crafting:       {addString: craftingAddString},
	procgen.Cooking:        {addString: cookingAddString},
	procgen.Construction:   {explainBlueprint: true},
	procgen.Farm:           {}, // VillagerAgent's goal text is whole (procgen.FarmGoal)
	procgen.VBConstruction: {}, // the decomposer's text and the blueprint's lines (procgen.VBConstructionTask)
	procgen.Escape:         {}, // VillagerBench's escape goal text is whole (escape.VillagerGoal)
}

// goalOf is the goal behaviour of t's kind (none for a type no kind has).
func goalOf(t *procgen.Task) kindGoal {
	k, _ := procgen.KindOfType(t.Type)
	return kindGoals[k]
}

const talkToAll = " Make sure to talk to all the agents using startConversation command to coordinate the task instead of talking to just one agent. You can even end current conversation with any agent using endConversation command and then talk to a new agent using startConversation command."

func cookingAddString(t *procgen.Task, name string) string {
	if t.AgentCount > 2 {
		if strings.HasPrefix(strings.ToLower(name), "andy") {
			return "\nIn the end, " + givenToYou + "." + talkToAll
		}
		return "\nIn the end, all the food items should be " + givenToAndy + " or Andy." + talkToAll
	}
	if strings.HasSuffix(t.ID, "hells_kitchen") {
		return ""
	}
	return "\nIn the end, all the food items should be given to one single bot."
}

// The words of cookingAddString that name who receives the food.
const (
	givenToYou  = "all the food items should be given to you by other bots"
	givenToAndy = "given to one single bot whose name starts with andy"
)

// GoalNamesCollector reports whether a cooking goal names the bot the food
// goes to (cookingAddString, more than two agents): this one, or the one
// whose name starts with andy (in any case, as agents read it).
func GoalNamesCollector(goal string) bool {
	if strings.Contains(goal, givenToYou) {
		return true
	}
	return containsFoldASCII(goal, givenToAndy)
}

// containsFoldASCII reports whether s has a run of len(word) bytes that
// strings.EqualFold finds equal to word, a lower-case ASCII word: that
// run is word with some letters upper-case. (A non-ASCII rune folds to an
// ASCII letter only from more than one byte, the Kelvin sign to k, long s
// to s, so a run of len(word) bytes that holds one has fewer runes than
// word.) A scripted cook asks it of its goal at every call: this is
// the EqualFold of every run without decoding a rune.
func containsFoldASCII(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for ; j < len(word); j++ {
			c, w := s[i+j], word[j]
			if c != w && !(w >= 'a' && w <= 'z' && c == w-'a'+'A') {
				break
			}
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

func craftingAddString(t *procgen.Task, _ string) string {
	if t.AgentCount > 2 {
		return "\nMake sure to share resources among all agents and to talk to all the agents using startConversation command to coordinate the task instead of talking to just one agent. You can even end current conversation with any agent using endConversation command and then talk to a new agent using startConversation command."
	}
	return ""
}

// Conversation is the message agent 0 opens the trial with ("" for none);
// with withBlueprint, construction tasks add the blueprint's level origins
// as the paper's prompts do (tasks.js at 0012750 sends data.conversation).
func Conversation(t *procgen.Task, withBlueprint bool) (string, error) {
	if t.Conversation == "" {
		return "", nil
	}
	if !goalOf(t).explainBlueprint || !withBlueprint {
		return t.Conversation, nil
	}
	explain, err := explainBlueprint(t)
	if err != nil {
		return "", fmt.Errorf("generate: task %s: blueprint: %w", t.ID, err)
	}
	return t.Conversation + " \n" + explain, nil
}

// explainBlueprint is MINDcraft's Blueprint.explain(): "Level {n}: Start at
// coordinates X: {x}, Y: {y}, Z: {z}" per level, with no separator.
func explainBlueprint(t *procgen.Task) (string, error) {
	bp, err := t.ParsedBlueprint()
	if err != nil {
		return "", err
	}
	if bp == nil || len(bp.Levels) == 0 {
		return "", fmt.Errorf("missing (a construction task needs one with at least one level)")
	}
	return bp.Explain(), nil
}
