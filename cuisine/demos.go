package cuisine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
)

// demos is data/demos.json: MindAgent's one-shot demo turns by team size,
// cut from its files as its readers cut them (cuisine/generator).
type demos struct {
	Source   string              `json:"source"`
	Dispatch map[string][]string `json:"dispatch"`
	Human    map[string][]string `json:"human"`
}

var theDemos = sync.OnceValue(func() *demos {
	raw, err := dataFS.ReadFile("data/demos.json")
	if err != nil {
		panic(err)
	}
	var d demos
	if err := json.Unmarshal(raw, &d); err != nil {
		panic(fmt.Sprintf("cuisine: data/demos.json: %v", err)) // checked by TestDemos
	}
	return &d
})

// Demos returns the one-shot demo turns MindAgent sends a dispatcher of a
// team of agents, user and assistant turns alternating from a user turn,
// byte for byte as its files hold them: chat_agent.py's
// (assets/amt_examples/, 1 to 4 agents), or with human the web
// variant's (assets/amt_examples_human/, 2 to 4 agents, agent 0's action
// ending each user turn). The demos are of other levels than the one
// played, as in MindAgent. ok is false for a team size MindAgent has no
// demo for.
func Demos(agents int, human bool) (turns []string, ok bool) {
	set := theDemos().Dispatch
	if human {
		set = theDemos().Human
	}
	t, ok := set[strconv.Itoa(agents)]
	return slices.Clone(t), ok
}

// DemoTeams lists the team sizes MindAgent has demos for.
func DemoTeams(human bool) []int {
	set := theDemos().Dispatch
	if human {
		set = theDemos().Human
	}
	var out []int
	for k := range set {
		n, _ := strconv.Atoi(k)
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
