package trajectory

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
)

// The paper's task-focused conversing prompt (seed 002, section 7.1).
const paperPrompt = "You are a task-focused Minecraft bot named $NAME. Your current task is: $TASK_GOAL\n\n$TASK_INVENTORY\n\nYou can see, move, mine, build, and interact with the world by using commands. Act focused on completing your assigned task while being human-like. Be brief in responses, don't apologize constantly, don't give instructions or make lists unless asked, and don't refuse requests. Don't pretend to act, use commands immediately when requested. Do NOT say this: 'Sure, I've stopped.', instead say this: 'Sure, I'll stop. !stop'. Do NOT say this: 'On my way! Give me a moment .', instead say this: 'On my way! !goToPlayer('playername', 3)'. Focus on completing the assigned task efficiently.\n\nSummarized memory: '$MEMORY'\n$STATS\n$INVENTORY\n$COMMAND_DOCS\n$EXAMPLES\nConversation Begin:"

const memoryPrompt = "You are a minecraft bot named $NAME that has been talking and playing minecraft by using commands. Update your memory by summarizing the following conversation and your old memory in your next response. Prioritize preserving important facts, things you've learned, useful tips, and long term reminders. Do Not record stats, inventory, or docs! Only save transient information from your chat history. You're limited to 500 characters, so be extremely brief and minimize words. Compress useful information. \nOld Memory: '$MEMORY'\nRecent conversation: \n$TO_SUMMARIZE\nSummarize your old memory and recent conversation into a new memory, and respond only with the unwrapped memory text: "

var fewShot = []string{
	"Example 1:\nSystem output: work together with the other bot to build a house\nYour output:\n!startConversation(\"terrance\", \"Hey gpt! Let's work together to build a house. Let's build it at x:942, y:54, z:1355\")\nUser input: terrance: (FROM OTHER BOT) I can build the base, you can build the walls. !newAction(\"Build a 10x10 wall of a house at x:942, y:54, z:1355\")\n\n",
	"Example 2:\nUser input: philips: (FROM OTHER BOT) Hey! let's collaborate to build a stone pickaxe!\nYour output:\nCool, let me check what is in my inventory !inventory\nI have 10 oak logs. What do you have?\nUser input: philips: (FROM OTHER BOT) Let me check !inventory\nI have 10 stones.\nYour output:\nLet me give you the stones and you can craft the pickaxe. !givePlayer(\"playername\", \"stone\", 10)\nUser input: philips: (FROM OTHER BOT) Thanks for the stones! Now I can craft the pickaxe. !craftItem(\"stone_pickaxe\", 1)\n\n",
}

var words = strings.Fields(`oak_log oak_planks stick crafting_table bookshelf book leather paper sugar_cane
	I have need you can give me the please thanks let's craft collect go to inventory plan missing
	two three four some more enough done wait now first then after that sure okay great got it
	Jill Andy check ready level place block stone cobblestone door window carpet furnace smelt
	cook bread cake wheat milk egg potato carrot chest open take put here there near far`)

var commands = []string{`!inventory`, `!craftItem("%s", %d)`, `!givePlayer("%s", "%s", %d)`,
	`!collectBlocks("%s", %d)`, `!getCraftingPlan("%s", %d)`, `!goToPlayer("%s", 3)`, `!endConversation("%s")`}

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = words[r.IntN(len(words))]
	}
	s := strings.Join(w, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func command(r *rand.Rand, partner string) string {
	item := words[r.IntN(12)]
	switch c := commands[r.IntN(len(commands))]; strings.Count(c, "%") {
	case 0:
		return c
	case 1:
		return fmt.Sprintf(c, partner)
	case 2:
		return fmt.Sprintf(c, item, 1+r.IntN(8))
	default:
		return fmt.Sprintf(c, partner, item, 1+r.IntN(8))
	}
}

func commandDocs(tb testing.TB) string {
	b, err := os.ReadFile("testdata/command_docs.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return "\n*COMMAND DOCS\n You can use the following commands to perform actions and get information about the world. \n    Use the commands with the syntax: !commandName or !commandName(\"arg1\", 1.2, ...) if the command takes arguments.\n\n    Do not use codeblocks. Use double quotes for strings. Only use one command in each response, trailing commands and comments will be ignored.\n" + string(b)
}

// realisticBlobs are what a generate run registers: command docs, the
// few-shot examples and the templates' literal parts.
func realisticBlobs(tb testing.TB) []string {
	out := []string{commandDocs(tb), "Examples of how to respond:\n" + fewShot[0] + fewShot[1]}
	out = append(out, fewShot...)
	out = append(out, TemplateParts(paperPrompt)...)
	return append(out, TemplateParts(memoryPrompt)...)
}

// realisticTrial plays out a MINDcraft-sized two-agent trial: a ~9 KB
// system prompt (mostly static), a 15-turn sliding window, memory calls.
func realisticTrial(tb testing.TB, seed uint64, perAgent int) *Trial {
	r := rand.New(rand.NewPCG(seed, 7))
	docs := commandDocs(tb)
	examples := "Examples of how to respond:\n" + fewShot[0] + fewShot[1]
	names := []string{"Andy_0", "Jill_1"}
	t := &Trial{
		TrialID: fmt.Sprintf("multiagent_crafting_bookshelf_depth_1#%03d", seed), TaskID: "multiagent_crafting_bookshelf_depth_1",
		Attempt: int(seed % 3), Seed: seed, TaskType: "techtree", Split: "train",
		Difficulty: map[string]any{"depth": 1.0, "missing": "leather"},
		Outcome:    Outcome{Score: 1, Success: true, EndReason: EndSuccess},
		SimSeconds: 412.5, WallSeconds: 0.031, StartedAt: time.Date(2026, 11, 22, 3, 0, 0, int(seed), time.UTC),
		Metrics: map[string]float64{"messages": 12, "commands": 30},
	}
	for ai, name := range names {
		partner := names[1-ai]
		t.Team = append(t.Team, Member{Name: name, Backend: "openai", Model: "llama-3.3-70b"})
		a := Agent{Name: name}
		var turns []Message
		memory := ""
		sim := 0.0
		for step := range perAgent {
			sim += 2 + r.Float64()*5
			if len(turns) >= 15 {
				var sb strings.Builder
				for _, m := range turns[:5] {
					sb.WriteString("\nUser input: " + m.Content)
				}
				prompt := strings.NewReplacer("$NAME", name, "$MEMORY", memory, "$TO_SUMMARIZE", strings.TrimSpace(sb.String())).Replace(memoryPrompt)
				memory = sentence(r, 25+r.IntN(30))
				a.Transitions = append(a.Transitions, Transition{Step: len(a.Transitions), Kind: KindMemory,
					Messages: []Message{{Role: "system", Content: prompt}}, Response: memory,
					Usage:   Usage{PromptTokens: len(prompt) / 4, CompletionTokens: len(memory) / 4},
					Latency: time.Duration(300+r.IntN(900)) * time.Millisecond, SimTime: sim, FinishReason: "stop", Attempts: 1})
				turns = turns[5:]
			}
			stats := fmt.Sprintf("\nSTATS\n- Position: x: %.2f, y: -60.00, z: %.2f\n- Gamemode: survival\n- Health: 20 / 20\n- Hunger: %d / 20\n- Biome: plains\n- Weather: Clear\n- Time: %s\n- Other Players: %s\n- Agent Modes:\n  - self_preservation(ON)\n  - unstuck(ON)\n  - cowardice(OFF)\n  - self_defense(ON)\n  - hunting(ON)\n  - item_collecting(ON)\n  - torch_placing(ON)\n  - elbow_room(ON)\n  - idle_staring(ON)\n  - cheat(OFF)\n",
				r.Float64()*100, r.Float64()*100, 14+r.IntN(7), []string{"Morning", "Afternoon", "Night"}[step%3], partner)
			inv := fmt.Sprintf("\nINVENTORY\n- oak_log: %d\n- oak_planks: %d\n- stick: %d\nWEARING: Nothing\n", r.IntN(9), r.IntN(17), r.IntN(5))
			prompt := strings.NewReplacer("$NAME", name, "$TASK_GOAL", "Collaborate with other agents to build a bookshelf",
				"$TASK_INVENTORY", "You have been provided with: {'oak_log': 2, 'paper': 3}", "$MEMORY", memory,
				"$STATS", stats, "$INVENTORY", inv, "$COMMAND_DOCS", docs, "$EXAMPLES", examples).Replace(paperPrompt)
			msgs := append([]Message{{Role: "system", Content: prompt}}, turns...)
			resp := sentence(r, 6+r.IntN(14)) + " " + command(r, partner)
			output := fmt.Sprintf("Code output:\n%s\n", sentence(r, 5+r.IntN(10)))
			a.Transitions = append(a.Transitions, Transition{Step: len(a.Transitions), Kind: KindConversation,
				Messages: msgs, Response: resp, Command: command(r, partner), Output: output,
				Usage:   Usage{PromptTokens: 2300 + r.IntN(400), CompletionTokens: 20 + r.IntN(40)},
				Latency: time.Duration(r.IntN(2000)) * time.Millisecond, SimTime: sim, FinishReason: "stop", Attempts: 1})
			turns = append(turns, Message{Role: "assistant", Content: resp}, Message{Role: "system", Content: output})
			if r.IntN(2) == 0 {
				turns = append(turns, Message{Role: "user", Content: partner + ": (FROM OTHER BOT)" + sentence(r, 8+r.IntN(16))})
			}
		}
		a.History = turns
		a.Memory = memory
		t.Agents = append(t.Agents, a)
	}
	return t
}
