package generate_test

import (
	"fmt"

	"collabcraft/generate"
	"collabcraft/trajectory"
)

// MINDcraft's strict format: system turns become "SYSTEM: " user turns,
// consecutive user turns merge, and "_" separates assistant turns.
func ExampleStrictFormat() {
	turns := []trajectory.Message{
		{Role: "system", Content: "Respond with hello world and your name"},
		{Role: "user", Content: "Jill_0: (FROM OTHER BOT)Hi!"},
		{Role: "assistant", Content: "Hello! !inventory"},
		{Role: "assistant", Content: "I have planks."},
	}
	for _, m := range generate.StrictFormat(turns) {
		fmt.Printf("%s: %q\n", m.Role, m.Content)
	}
	// Output:
	// user: "SYSTEM: Respond with hello world and your name\nJill_0: (FROM OTHER BOT)Hi!"
	// assistant: "Hello! !inventory"
	// user: "_"
	// assistant: "I have planks."
}

func ExampleAgentNames() {
	fmt.Println(generate.AgentNames(5, 0))
	// Output: [Andy_0 Jill_0 Bob_0 Sally_0 Mike_0]
}
