package cuisine_test

import (
	"fmt"

	"collabcraft/cuisine"
)

// One step of level_0 with two agents: the dispatcher's next user turn
// holds the error messages, the suggestions and the state text.
func Example() {
	l, _ := cuisine.LevelNamed("level_0")
	w, err := cuisine.New(l, cuisine.Config{Alpha: 1, Seed: 7})
	if err != nil {
		panic(err)
	}
	out, _ := w.Step([]string{"goto_agent0_storage0", "get_agent1_flour_storage0"})
	fmt.Print(cuisine.ErrorsText(out.Errors), cuisine.SuggestionsText(out.Suggestions), w.State().Prompt())
	// Output:
	// -execution error messages:
	//   --  ['agent1 is not located in storage0']
	// -execution suggestions:
	//   --  []
	// -game state:
	// current game level: level_0
	// current dishes:
	//     name: salmonMeatcake lifetime: 7
	// current game step: 1
	// maximum game steps: 60
	//
	// -agent state:
	// at(agent0, storage0)
	// hold(agent0, None)
	// at(agent1, servingtable0)
	// hold(agent1, None)
	//
	// -kitchen state:
	// inside(storage0, None)
	// inside(servingtable0, None)
	// inside(blender0, None)
	//
	// -accomplished task:
}
