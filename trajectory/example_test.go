package trajectory_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"collabcraft/trajectory"
)

// A generate run records a trial; a later stage streams it back.
func Example() {
	dir, _ := os.MkdirTemp("", "run")
	defer os.RemoveAll(dir)
	run := filepath.Join(dir, "r1")

	docs := "*COMMAND DOCS\n!inventory: Get your bot's inventory.\n*\n" // registered once per run
	w, err := trajectory.OpenWriter(run, &trajectory.Manifest{
		Name: "r1", Config: json.RawMessage(`{"backend":"scripted"}`),
	}, trajectory.WriterOptions{Secrets: []string{os.Getenv("OPENAI_API_KEY")}})
	if err != nil {
		panic(err)
	}
	if err := w.AddBlobs(docs); err != nil {
		panic(err)
	}
	sent := []trajectory.Message{
		{Role: "system", Content: "You are Andy_0.\n" + docs + "Conversation Begin:"},
		{Role: "user", Content: "Jill_1: (FROM OTHER BOT)What do you have?"},
	}
	err = w.Write(&trajectory.Trial{
		TrialID: "crafting_stick#0", TaskID: "crafting_stick", TaskType: "techtree", Split: "train",
		Outcome: trajectory.Outcome{Score: 1, Success: true, EndReason: trajectory.EndSuccess},
		Agents: []trajectory.Agent{{Name: "Andy_0", Transitions: []trajectory.Transition{{
			Kind: trajectory.KindConversation, Messages: sent, Response: "Let me look. !inventory",
			Command: "!inventory", Output: "INVENTORY: Nothing",
		}}}},
	})
	if err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	ix, _ := trajectory.ReadIndex(run)
	fmt.Println("done:", ix.Done("crafting_stick#0"), "rerun:", !ix.Done("crafting_stick#1"))

	r, err := trajectory.Open(run)
	if err != nil {
		panic(err)
	}
	for t, err := range r.Trials() {
		if err != nil {
			panic(err)
		}
		tr := t.Agents[0].Transitions[0]
		fmt.Println(t.TrialID, t.Outcome.EndReason, len(tr.Messages), "messages, exact:", tr.Messages[0] == sent[0])
		fmt.Println(strings.ReplaceAll(tr.Response, "\n", " "))
	}
	// Output:
	// done: true rerun: true
	// crafting_stick#0 success 2 messages, exact: true
	// Let me look. !inventory
}
