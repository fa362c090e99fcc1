package cuisine

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The dispatcher's prompt, byte for byte as MindAgent assembles it: the
// rules (utils/llm.py rules, recipes and generate_tool_descriptions), the
// info turn and the reading of the reply (agents/chat_agent.py; the human
// variant's in webpage/app.py). The one-shot demo turns are Demos.

// demoDish is the dish MindAgent's recipes() always adds to the level's
// (utils/llm.py:58): the 2-agent demo cooks it, whatever the team size.
const demoDish = "porkMeatcake"

// RulesText is the first user turn, rules(env, notes): the actions, the
// inference-knowledge notes (notes false is chat_agent.py's
// --without_notes, Table 7's "no inference knowledge"), the recipes of the
// level's dishes and porkMeatcake, the objects (in the order of a Python
// set under PYTHONHASHSEED=hashSeed, see PySetOrder), the capacities, each
// line twice as MindAgent writes it, and the tools.
func RulesText(l Level, notes bool, hashSeed uint32) string {
	var b strings.Builder
	b.WriteString("The available actions are :\n")
	b.WriteString("1) goto: goto a tool location \n")
	b.WriteString("2) get: get some object from a tool \n")
	b.WriteString("3) put: put some object into a tool \n")
	b.WriteString("4) activate: activate the tool to cook all ingredients inside the tool into a different tools \n")
	b.WriteString("5) noop: not performing any actions \n")
	b.WriteString("Sometimes the system will give you error messages. Please consider these error messages when executing actions.  \n")
	b.WriteString("You need to specify action for all of the agents, **except human**. They all have different agent numbers. Do not assign actions to the same agent more than once. \n")
	b.WriteString("\n")
	if notes {
		b.WriteString("When the tools reach its capacity, you need to take stuff out. Otherwise, you cannot put items inside.\n")
		b.WriteString("When you are holding objects, you cannot get any more objects. \n")
		b.WriteString("When you are holding objects, you cannot activate tools. \n")
		b.WriteString("Afer you cooked a required dish, you need to put it into the servingtable. \n")
		b.WriteString("You can only pick up objects from the tool location, if you are located at the tool location. \n")
		b.WriteString("When you activate any tools, make sure all the items inside the tool are respecting the recipes. Otherwise, you will cook waste. Avoid waste at all cost. \n")
		b.WriteString("*** You should mix salad in the mixer. To make salad you should chop veggies first. *** \n")
		b.WriteString("*** If the tool is occupied, indicated by the occupy() predicate, you cannot get objects from it or put objects into it. *** \n")
		b.WriteString("*** The food orders are keep coming. You should finish as many dishes as possible and finish every dish as soon as possible. Please deliver the order to the serveringtable when it is finished. *** \n")
		b.WriteString("*** The dish will expire after the lifetime reaches 0 and it's not at the serveringtable. Please avoid this. *** ")
	}
	b.WriteString("Here are the recipes: \n")
	b.WriteString(recipesText(l, hashSeed))
	b.WriteString(toolsText(l))
	b.WriteString("\n\n")
	return b.String()
}

// recipesText is utils/llm.py recipes(env).
func recipesText(l Level, hashSeed uint32) string {
	needed := map[string]bool{}
	for _, d := range append(slices.Clone(l.Dishes), demoDish) {
		for _, n := range dependencyOf(d).nodes {
			needed[n] = true
		}
	}
	var b strings.Builder
	b.WriteString("\n")
	var objects []string // task_related_objects, in the order added
	for _, r := range theBook().Recipes {
		if !needed[r.Dish] {
			continue
		}
		fmt.Fprintf(&b, "Cook %s at: \n", r.Dish)
		fmt.Fprintf(&b, " -- location: %s \n", r.Tool)
		b.WriteString(" -- with ingredients: ")
		objects = append(objects, r.Dish)
		for _, ing := range r.Ingredients {
			objects = append(objects, ing)
			fmt.Fprintf(&b, "    %s, ", ing)
		}
		b.WriteString("\n")
	}
	objects = PySetOrder(objects, hashSeed)
	b.WriteString("The following objects are available: \n")
	for i, it := range objects {
		fmt.Fprintf(&b, " --%d) %s \n", i+1, it)
	}
	b.WriteString("The objecsts are cooked using tools or are just base ingredients. \n")
	b.WriteString("Among them, the following are base ingredients: \n")
	n := 1
	for _, it := range objects {
		if IsIngredient(it) {
			fmt.Fprintf(&b, " --%d) %s \n", n, it)
			n++
		}
	}
	b.WriteString("You can only obtain base ingredients from the storage initially.  \n")
	b.WriteString("Additional rules: \n")
	for _, name := range kitchenNames(l) {
		num := "infinite"
		if c := theBook().tool[name[:len(name)-1]].Capacity; c != -1 {
			num = strconv.Itoa(c)
		}
		line := fmt.Sprintf("You can place up to %s item into the %s \n", num, name)
		b.WriteString(line)
		b.WriteString(line)
	}
	return b.String()
}

// toolsText is utils/llm.py generate_tool_descriptions(env).
func toolsText(l Level) string {
	var b strings.Builder
	b.WriteString("** Only ** the following tools are available: \n")
	for _, name := range kitchenNames(l) {
		b.WriteString(name + ", ")
	}
	b.WriteString("You cannot pick up these tools. You can only use those tools at the corresponding location.")
	b.WriteString("\n")
	return b.String()
}

// kitchenNames names the level's tools as the world does: kind and count,
// in kitchen order (storage0, pan0, pan1, ...).
func kitchenNames(l Level) []string {
	count := map[string]int{}
	names := make([]string, len(l.Kitchen))
	for i, kind := range l.Kitchen {
		names[i] = kind + strconv.Itoa(count[kind])
		count[kind]++
	}
	return names
}

// InfoText is the info turn after the demo (chat_agent.py:128).
func InfoText(agents int) string {
	return fmt.Sprintf("In this game, There are %d agents available and no human, so you should control all the %d agents, and plan %d actions at a time.\n", agents, agents, agents)
}

// HumanInfoText is the human variant's info turn (webpage/app.py:114),
// which ends without a newline.
func HumanInfoText(agents int) string {
	return fmt.Sprintf("In this game, there is one human, denote as agent0, you should read the human's action and control the other %d agents to collaborate with the human. Therefore, you should plan %d actions at a time.", agents-1, agents-1)
}

// ActionPrompt ends every user turn; in the human variant the human's
// actions follow it, one a line.
const ActionPrompt = "-action:\n"

// actionRE is chat_agent.py's extract_actions pattern; Python's \d is any
// Unicode decimal digit.
var actionRE = regexp.MustCompile(`(noop|goto|put|activate|get)_agent\p{Nd}+(_[a-zA-Z0-9_]+)?`)

// ExtractActions reads a reply as chat_agent.py does: every match of its
// action pattern, anywhere in the text, in order.
func ExtractActions(reply string) []string {
	return actionRE.FindAllString(reply, -1)
}

// HumanPlan reads a reply as the human variant does: its first agents-1
// lines, whatever they say (webpage/app.py:142).
func HumanPlan(reply string, agents int) []string {
	lines := strings.Split(reply, "\n")
	return lines[:min(len(lines), max(agents-1, 0))]
}

// PlanTurn is the assistant turn history keeps for a step's actions: the
// first agents of them (from first on; the human variant leaves agent 0's
// out), each followed by a newline.
func PlanTurn(actions []string, first, agents int) string {
	var b strings.Builder
	for i := first; i < agents && i < len(actions); i++ {
		b.WriteString(actions[i] + "\n")
	}
	return b.String()
}
