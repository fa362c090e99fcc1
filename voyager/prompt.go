// Package voyager is Voyager's dialect (github:MineDojo/Voyager at 55e45a8):
// the messages its action agent, critic and skill manager send to the
// model, rendered as voyager/agents/{action,critic,skill}.py render them,
// from an observation in the shape of Voyager's mineflayer observation
// (status, voxels, inventory, nearby chests) and the events of a step.
package voyager

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/villager"
)

// Commit is the Voyager commit whose texts this package reproduces.
const Commit = "55e45a8"

// Message is one chat message of a model call.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Item is an inventory or chest entry, in the order Voyager's observation
// lists it (JavaScript object order: first seen first).
type Item struct {
	Name  string
	Count int
}

// Entity is a nearby mob and its distance, as status.js's getEntities.
type Entity struct {
	Name     string
	Distance float64
}

// Observation is what Voyager's observe event carries that its prompts read.
type Observation struct {
	Biome     string
	TimeOfDay string // sunrise, day, noon, sunset, night, midnight (status.js getTime)
	Voxels    []string
	Entities  []Entity // in the observation's order; the prompt sorts them by distance
	Health    float64
	Food      float64
	X, Y, Z   float64
	// Equipment is status.js's six slots (armour, main hand, off hand);
	// "" is an empty slot (None).
	Equipment     []string
	InventoryUsed int
	Inventory     []Item
}

// Event kinds of a step before its closing observation.
const (
	OnChat   = "onChat"
	OnError  = "onError"
	OnDamage = "onDamage"
)

// Event is one event of a step: its kind and text.
type Event struct {
	Kind string
	Text string
}

// ActionModel is the model Voyager's action agent runs with by default;
// with "gpt-3.5-turbo" it shows fewer primitives (render_system_message).
const ActionModel = "gpt-4"

// ActionSystem is the action agent's system message: the template with the
// primitives' context (useChest and mineflayer only for models other than
// gpt-3.5-turbo) followed by the retrieved skills' code.
func ActionSystem(model string, skills []string) Message {
	programs := append(Primitives(model), skills...)
	// LangChain's f-string template; the template has no other braces.
	text := strings.NewReplacer("{programs}", strings.Join(programs, "\n\n"),
		"{response_format}", actionResponseFormat).Replace(actionTemplate)
	return Message{Role: "system", Content: text}
}

// Primitives are the control primitives' context the action prompt shows
// a model (useChest and mineflayer only for models other than
// gpt-3.5-turbo), in Voyager's order: what Co-Voyager's skill manager
// shows as its programs.
func Primitives(model string) []string {
	names := []string{"exploreUntil", "mineBlock", "craftItem", "placeItem", "smeltItem", "killMob"}
	if model != "gpt-3.5-turbo" {
		names = append(names, "useChest", "mineflayer")
	}
	programs := make([]string, len(names))
	for i, n := range names {
		programs[i] = primitiveContexts[n]
	}
	return programs
}

// Section is a message's section: the text after head up to the next
// blank line, trimmed ("" when head is not there), as the experts read
// an observation's "Task: ", "Inventory ...: " or "Chests:".
func Section(text, head string) string {
	i := strings.Index(text, head)
	if i < 0 {
		return ""
	}
	rest := text[i+len(head):]
	if j := strings.Index(rest, "\n\n"); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest)
}

// ResponseFormat is the action agent's response format (action_response_format.txt).
func ResponseFormat() string { return actionResponseFormat }

// ActionTurn is what the action agent's user message reports.
type ActionTurn struct {
	Events   []Event // the step's events before its observation
	Obs      Observation
	Code     string // the last round's program; "" in the first round
	Task     string
	Context  string
	Critique string
	Chests   *ChestMemory // nil: none known
	// NoChatLog and NoExecutionError turn off the sections ActionAgent's
	// chat_log and execution_error flags (both on by default) control.
	NoChatLog, NoExecutionError bool
}

// ActionHuman is the action agent's user message (render_human_message).
func ActionHuman(t ActionTurn) Message {
	var chats, errs []string
	for _, e := range t.Events {
		switch e.Kind {
		case OnChat:
			chats = append(chats, e.Text)
		case OnError:
			errs = append(errs, e.Text)
		}
	}
	var b strings.Builder
	if t.Code != "" {
		b.WriteString("Code from the last round:\n" + t.Code + "\n\n")
	} else {
		b.WriteString("Code from the last round: No code in the first round\n\n")
	}
	if !t.NoExecutionError {
		if len(errs) > 0 {
			b.WriteString("Execution error:\n" + strings.Join(errs, "\n") + "\n\n")
		} else {
			b.WriteString("Execution error: No error\n\n")
		}
	}
	if !t.NoChatLog {
		b.WriteString("Chat log: " + orNone(strings.Join(chats, "\n")) + "\n\n")
	}
	b.WriteString("Biome: " + t.Obs.Biome + "\n\n")
	b.WriteString("Time: " + t.Obs.TimeOfDay + "\n\n")
	b.WriteString("Nearby blocks: " + orNone(strings.Join(t.Obs.Voxels, ", ")) + "\n\n")
	b.WriteString("Nearby entities (nearest to farthest): " + orNone(strings.Join(nearestFirst(t.Obs.Entities), ", ")) + "\n\n")
	writeStatus(&b, t.Obs)
	if t.Task != "Place and deposit useless items into a chest" &&
		!strings.HasPrefix(t.Task, "Deposit useless items into the chest at") {
		b.WriteString(t.Chests.Render())
	}
	writeTask(&b, t.Task, t.Context)
	b.WriteString("Critique: " + orNone(t.Critique) + "\n\n")
	return Message{Role: "user", Content: b.String()}
}

// CriticSystem is the critic's system message.
func CriticSystem() Message { return Message{Role: "system", Content: criticPrompt} }

// CriticHuman is the critic's user message; ok is false when the step had
// an execution error, for which Voyager's critic makes no call and judges
// the task failed.
func CriticHuman(events []Event, obs Observation, task, context, chestObservation string) (m Message, ok bool) {
	for _, e := range events {
		if e.Kind == OnError {
			return Message{}, false
		}
	}
	var b strings.Builder
	b.WriteString("Biome: " + obs.Biome + "\n\n")
	b.WriteString("Time: " + obs.TimeOfDay + "\n\n")
	b.WriteString("Nearby blocks: " + orNone(strings.Join(obs.Voxels, ", ")) + "\n\n")
	writeStatus(&b, obs)
	b.WriteString(chestObservation)
	writeTask(&b, task, context)
	return Message{Role: "user", Content: b.String()}, true
}

// SkillDescriptionMessages are the skill manager's call for a new skill's
// description (generate_skill_description).
func SkillDescriptionMessages(programName, programCode string) []Message {
	return []Message{
		{Role: "system", Content: skillPrompt},
		{Role: "user", Content: programCode + "\n\nThe main function is `" + programName + "`."},
	}
}

// SkillDescription is the description Voyager keeps for a skill: the
// model's one-line answer as a comment in an empty function of the skill's
// name.
func SkillDescription(programName, answer string) string {
	return "async function " + programName + "(bot) {\n    // " + answer + "\n}"
}

// writeStatus writes the sections from Health to Inventory, which the action
// agent and the critic word alike.
func writeStatus(b *strings.Builder, o Observation) {
	b.WriteString("Health: " + fixed1(o.Health) + "/20\n\n")
	b.WriteString("Hunger: " + fixed1(o.Food) + "/20\n\n")
	b.WriteString("Position: x=" + fixed1(o.X) + ", y=" + fixed1(o.Y) + ", z=" + fixed1(o.Z) + "\n\n")
	eq := make([]any, len(o.Equipment))
	for i, e := range o.Equipment {
		if e != "" {
			eq[i] = e
		}
	}
	b.WriteString("Equipment: " + villager.Repr(eq) + "\n\n")
	inv := "Empty"
	if len(o.Inventory) > 0 {
		inv = itemsRepr(o.Inventory)
	}
	b.WriteString("Inventory (" + strconv.Itoa(o.InventoryUsed) + "/36): " + inv + "\n\n")
}

func writeTask(b *strings.Builder, task, context string) {
	b.WriteString("Task: " + task + "\n\n")
	b.WriteString("Context: " + orNone(context) + "\n\n")
}

func orNone(s string) string {
	if s == "" {
		return "None"
	}
	return s
}

// fixed1 is Python's format(v, ".1f"): correctly rounded, as strconv's.
func fixed1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// nearestFirst is sorted(entities.items(), key=distance): stable, so mobs
// at the same distance keep the observation's order.
func nearestFirst(es []Entity) []string {
	sorted := slices.Clone(es)
	slices.SortStableFunc(sorted, func(a, b Entity) int {
		return cmp.Compare(a.Distance, b.Distance)
	})
	names := make([]string, len(sorted))
	for i, e := range sorted {
		names[i] = e.Name
	}
	return names
}

// itemsRepr is Python's repr of an {item: count} dict.
func itemsRepr(items []Item) string {
	d := make(villager.Dict, len(items))
	for i, it := range items {
		d[i] = villager.KV{Key: it.Name, Value: it.Count}
	}
	return villager.Repr(d)
}
