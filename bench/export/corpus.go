package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"collabcraft/export"
)

// line is one corpus example as JSON: the messages and the metadata columns,
// flat, so DuckDB's read_json turns it into the same table our export writes.
type line struct {
	ID           string           `json:"id"`
	Messages     []export.Message `json:"messages"`
	TrialID      string           `json:"trial_id"`
	TaskID       string           `json:"task_id"`
	TaskType     string           `json:"task_type"`
	Split        string           `json:"split"`
	Agent        string           `json:"agent"`
	Step         int              `json:"step"`
	Kind         string           `json:"kind"`
	Score        *float64         `json:"score"`
	Success      *bool            `json:"success"`
	Model        string           `json:"model"`
	NumAgents    int              `json:"num_agents"`
	Depth        *int             `json:"depth"`
	Plan         *string          `json:"plan"`
	MissingItems *int             `json:"missing_items"`
	HellsKitchen *bool            `json:"hells_kitchen"`
	Materials    *int             `json:"materials"`
	Rooms        *int             `json:"rooms"`
	Windows      *int             `json:"windows"`
	Carpets      *int             `json:"carpets"`
	Variant      *int             `json:"variant"`
}

func (l *line) example() export.Example {
	plan := ""
	if l.Plan != nil {
		plan = *l.Plan
	}
	return export.Example{ID: l.ID, Messages: l.Messages, Meta: export.Meta{
		TrialID: l.TrialID, TaskID: l.TaskID, TaskType: l.TaskType, Split: l.Split, Agent: l.Agent,
		Step: l.Step, Kind: l.Kind, Model: l.Model, NumAgents: l.NumAgents, Score: l.Score, Success: l.Success,
		Knobs: export.Knobs{Depth: l.Depth, Plan: plan, MissingItems: l.MissingItems, HellsKitchen: l.HellsKitchen,
			Materials: l.Materials, Rooms: l.Rooms, Windows: l.Windows, Carpets: l.Carpets, Variant: l.Variant},
	}}
}

// The static part of MINDcraft's conversing prompt: the command docs are
// most of its ~6 KB, as in the real system prompt.
var commandDocs = func() string {
	cmds := []string{"stats", "inventory", "nearbyBlocks", "craftable", "entities", "modes", "savedPlaces",
		"getCraftingPlan", "help", "newAction", "stop", "stfu", "restart", "clearChat", "goToPlayer", "followPlayer",
		"goToCoordinates", "searchForBlock", "searchForEntity", "moveAway", "rememberHere", "goToRememberedPlace",
		"givePlayer", "consume", "equip", "putInChest", "takeFromChest", "viewChest", "discard", "collectBlocks",
		"craftRecipe", "smeltItem", "clearFurnace", "placeHere", "attack", "attackPlayer", "goToBed", "activate",
		"stay", "setMode", "goal", "endGoal", "startConversation", "endConversation", "lookAtPlayer", "lookAtPosition", "digDown"}
	var b strings.Builder
	b.WriteString("\n*COMMAND DOCS\n You can use the following commands to perform actions and get information about the world. Use the commands with the syntax: !commandName or !commandName(\"arg1\", 1.2, ...) if the command takes arguments.\n Do not use codeblocks. Use double quotes for strings. Only use one command in each response, trailing commands and comments will be ignored.\n")
	for i, c := range cmds {
		fmt.Fprintf(&b, "!%s: %s\nParams:\n", c, []string{
			"Get your bot's location, health, hunger, and time of day.",
			"Collect the nearest blocks of a given type.",
			"Craft the given recipe a given number of times.",
			"Go to the given player.",
			"Put the given item in the nearest chest.",
		}[i%5])
		for k := range 1 + i%3 {
			fmt.Fprintf(&b, "arg%d: (string) The name of the item or player to use.\n", k)
		}
	}
	b.WriteString("*\n")
	return b.String()
}()

var items = []string{"oak_log", "oak_planks", "stick", "cobblestone", "iron_ingot", "leather", "paper", "book",
	"bookshelf", "crafting_table", "wheat", "bread", "cake", "egg", "milk_bucket", "sugar", "stone", "glass"}

func genExample(r *rand.Rand, i int) line {
	task := i / 24 // 24 examples per task: 2 agents x 12 steps
	agents := []string{"andy", "jill"}
	agent := agents[i%2]
	other := agents[1-i%2]
	l := line{Agent: agent, Step: (i % 24) / 2, Kind: "conversation", Model: "meta-llama/Llama-3.3-70B-Instruct", NumAgents: 2}
	l.Split = "train"
	if task%10 == 9 {
		l.Split = "test"
	}
	depth, missing := task%3, task%2
	switch task % 3 {
	case 0:
		plan := []string{"full_plan", "partial_plan", "no_plan"}[task%3]
		l.TaskType, l.TaskID = "techtree", fmt.Sprintf("multiagent_crafting_%s_%s_missing_%d_depth_%d_%d", items[task%len(items)], plan, missing, depth, task)
		l.Depth, l.Plan, l.MissingItems = &depth, &plan, &missing
		ok := true
		l.Success = &ok
	case 1:
		hk := task%2 == 0
		l.TaskType, l.TaskID = "cooking", fmt.Sprintf("multiagent_cooking_%s_%d", items[10+task%8], task)
		l.HellsKitchen = &hk
		ok := true
		l.Success = &ok
	default:
		m, rm, w, c, v := task%3, 1+task%2, task%3, task%2, task%7
		l.TaskType, l.TaskID = "construction", fmt.Sprintf("materials_%d_rooms_%d_window_%d_carpet_%d_variant_%d_%d", m, rm, w, c, v, task)
		l.Materials, l.Rooms, l.Windows, l.Carpets, l.Variant = &m, &rm, &w, &c, &v
		s := float64(r.IntN(101)) / 100
		l.Score = &s
	}
	l.TrialID = l.TaskID + "#0"
	l.ID = fmt.Sprintf("%s/%s/%d", l.TrialID, agent, l.Step)

	var sys strings.Builder
	fmt.Fprintf(&sys, "You are a playful Minecraft bot named %s that can converse with players, see, move, mine, build, and interact with the world by using commands.\nYOUR CURRENT ASSIGNED GOAL: \"Collaborate with %s to make %s.\"\n Act human-like as if you were a typical Minecraft player, rather than an AI. Be very brief in your responses.\nSummarized memory:'%s'\n",
		agent, other, l.TaskID, strings.Repeat("Need planks from jill. ", r.IntN(6)))
	fmt.Fprintf(&sys, "\nSTATS\n- Position: x: %.2f, y: %.2f, z: %.2f\n- Gamemode: survival\n- Health: %d / 20\n- Hunger: %d / 20\n- Biome: plains\n- Time: Morning\n",
		r.Float64()*200-100, 64+r.Float64()*8, r.Float64()*200-100, 10+r.IntN(11), 10+r.IntN(11))
	sys.WriteString("\nINVENTORY\n")
	for range 1 + r.IntN(8) {
		fmt.Fprintf(&sys, "- %s: %d\n", items[r.IntN(len(items))], 1+r.IntN(64))
	}
	sys.WriteString(commandDocs)
	sys.WriteString("\nConversation Begin:")
	l.Messages = append(l.Messages, export.Message{Role: "system", Content: sys.String()})

	turns := 2 + r.IntN(14)
	for k := range turns {
		switch r.IntN(3) {
		case 0:
			l.Messages = append(l.Messages, export.Message{Role: "user", Content: fmt.Sprintf("%s: (FROM OTHER BOT)I have %d %s, do you need some? I can give them to you if you tell me how many.", other, 1+r.IntN(9), items[r.IntN(len(items))])})
		case 1:
			l.Messages = append(l.Messages, export.Message{Role: "system", Content: fmt.Sprintf("Collected %d %s.\nYou have %d %s now.", 1+r.IntN(9), items[r.IntN(len(items))], r.IntN(30), items[r.IntN(len(items))])})
		default:
			if k > 0 {
				l.Messages = append(l.Messages, export.Message{Role: "assistant", Content: fmt.Sprintf("Let me get some %s first. !collectBlocks(\"%s\", %d)", items[r.IntN(len(items))], items[r.IntN(len(items))], 1+r.IntN(9))})
			}
		}
	}
	l.Messages = append(l.Messages, export.Message{Role: "assistant", Content: fmt.Sprintf("Got it, crafting now. !craftRecipe(\"%s\", %d)", items[r.IntN(len(items))], 1+r.IntN(4))})
	return l
}

// generate writes n examples as JSONL; the same n and seed give the same file.
func generate(path string, n int, seed uint64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range n {
		r := rand.New(rand.NewPCG(seed, uint64(i))) // one stream per example: any prefix is stable
		l := genExample(r, i)
		if err := enc.Encode(&l); err != nil {
			f.Close()
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
