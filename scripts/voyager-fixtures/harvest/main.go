// Command harvest writes Voyager fixture cases from the first calls of runs
// of the tree organisation (generate --org tree): for each trial, its first
// action-agent call (kind skill_code), its first critic call and its first
// skill description. The inputs Voyager's Python needs (task, observation,
// chests, program) are read back from the recorded messages, and each case
// keeps what the trial sent (the user message; the system message's sha256),
// so `make voyager-fixtures` renders them with Voyager's own code and
// voyager.TestFirstCallsAsVoyagerRendersThem compares the two byte for byte.
//
// Usage: go run ./scripts/voyager-fixtures/harvest -n 50 -o scripts/voyager-fixtures/first-calls.json RUN...
package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

func main() {
	n := flag.Int("n", 50, "trials to take cases from, in trial-id order")
	out := flag.String("o", "scripts/voyager-fixtures/first-calls.json", "cases file to write")
	flag.Parse()
	if err := run(flag.Args(), *n, *out); err != nil {
		fmt.Fprintln(os.Stderr, "harvest:", err)
		os.Exit(1)
	}
}

func run(runs []string, n int, out string) error {
	if len(runs) == 0 {
		return fmt.Errorf("give one or more run directories of --org tree")
	}
	r, err := trajectory.Open(runs...)
	if err != nil {
		return err
	}
	var trials []*trajectory.Trial
	for t, err := range r.Trials() {
		if err != nil {
			return err
		}
		if t.Org == "tree" {
			trials = append(trials, t)
		}
	}
	// Task types take turns, so every family's first calls are in.
	slices.SortFunc(trials, func(a, b *trajectory.Trial) int { return strings.Compare(a.TrialID, b.TrialID) })
	turn := map[string]int{}
	rank := map[*trajectory.Trial]int{}
	for _, t := range trials {
		rank[t] = turn[t.TaskType]
		turn[t.TaskType]++
	}
	slices.SortStableFunc(trials, func(a, b *trajectory.Trial) int {
		return cmp.Or(rank[a]-rank[b], strings.Compare(a.TaskType, b.TaskType))
	})
	var cases []any
	for _, t := range trials[:min(n, len(trials))] {
		cs, err := trialCases(t)
		if err != nil {
			return fmt.Errorf("trial %s: %w", t.TrialID, err)
		}
		cases = append(cases, cs...)
	}
	return os.WriteFile(out, []byte(villager.JSON(cases)+"\n"), 0o644)
}

// trialCases are a trial's first call of each kind, in simulated time.
func trialCases(t *trajectory.Trial) ([]any, error) {
	first := map[string]*trajectory.Transition{}
	for _, a := range t.Agents {
		for i := range a.Transitions {
			tr := &a.Transitions[i]
			if f, ok := first[tr.Kind]; !ok || tr.SimTime < f.SimTime {
				first[tr.Kind] = tr
			}
		}
	}
	var cases []any
	if tr := first[trajectory.KindSkillCode]; tr != nil {
		c, err := actionCase(t.TrialID+"/skill_code", tr.Messages)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if tr := first[trajectory.KindCritic]; tr != nil {
		c, err := criticCase(t.TrialID+"/critic", tr.Messages)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if tr := first[trajectory.KindSkillDescription]; tr != nil {
		c, err := skillCase(t.TrialID+"/skill_description", tr)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func recorded(c villager.Dict, msgs []trajectory.Message) villager.Dict {
	sum := sha256.Sum256([]byte(msgs[0].Content))
	return c.Set("recorded_system_sha256", hex.EncodeToString(sum[:])).Set("recorded_user", msgs[1].Content)
}

// sections splits a user message into its "Name: value" sections.
func sections(text string) map[string]string {
	out := map[string]string{}
	for _, s := range strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n") {
		name, value, _ := strings.Cut(s, ":")
		out[name] = strings.TrimPrefix(value, " ")
	}
	return out
}

func actionCase(name string, msgs []trajectory.Message) (villager.Dict, error) {
	if len(msgs) != 2 {
		return nil, fmt.Errorf("%s: %d messages, want system and user", name, len(msgs))
	}
	s := sections(msgs[1].Content)
	if s["Code from the last round"] != "No code in the first round" || s["Execution error"] != "No error" || s["Chat log"] != "None" {
		return nil, fmt.Errorf("%s: not a first round", name)
	}
	obs, err := observe(s, true)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	updates, err := chestUpdates(s["Chests"])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	c := villager.Dict{{Key: "name", Value: name}, {Key: "kind", Value: "action"}, {Key: "model", Value: "gpt-4"},
		{Key: "task", Value: s["Task"]}, {Key: "context", Value: none(s["Context"])}, {Key: "chest_updates", Value: updates},
		{Key: "events", Value: []any{[]any{"observe", obs}}}}
	return recorded(c, msgs), nil
}

func criticCase(name string, msgs []trajectory.Message) (villager.Dict, error) {
	if len(msgs) != 2 {
		return nil, fmt.Errorf("%s: %d messages, want system and user", name, len(msgs))
	}
	s := sections(msgs[1].Content)
	obs, err := observe(s, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	chests := "Chests: None\n\n"
	if i := strings.Index(msgs[1].Content, "Chests:"); i >= 0 {
		j := strings.Index(msgs[1].Content[i:], "\n\nTask: ")
		chests = msgs[1].Content[i : i+j+2]
	}
	c := villager.Dict{{Key: "name", Value: name}, {Key: "kind", Value: "critic"}, {Key: "model", Value: "gpt-4"},
		{Key: "task", Value: s["Task"]}, {Key: "context", Value: none(s["Context"])}, {Key: "chest_observation", Value: chests},
		{Key: "events", Value: []any{[]any{"observe", obs}}}}
	return recorded(c, msgs), nil
}

func skillCase(name string, tr *trajectory.Transition) (villager.Dict, error) {
	msgs := tr.Messages
	if len(msgs) != 2 {
		return nil, fmt.Errorf("%s: %d messages, want system and user", name, len(msgs))
	}
	code, fn, ok := strings.Cut(msgs[1].Content, "\n\nThe main function is `")
	if !ok || !strings.HasSuffix(fn, "`.") {
		return nil, fmt.Errorf("%s: no main function named", name)
	}
	c := villager.Dict{{Key: "name", Value: name}, {Key: "kind", Value: "skill"}, {Key: "model", Value: "gpt-3.5-turbo"},
		{Key: "program_name", Value: strings.TrimSuffix(fn, "`.")}, {Key: "program_code", Value: code},
		{Key: "replies", Value: []any{tr.Response}}}
	return recorded(c, msgs), nil
}

// none is "" for a section that says None.
func none(s string) string {
	if s == "None" {
		return ""
	}
	return s
}

// observe reads Voyager's observe event back from a message's sections;
// entities (the action agent's) get distances in the order shown.
func observe(s map[string]string, entities bool) (villager.Dict, error) {
	num := func(section, text string) (any, error) {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %q", section, text)
		}
		return villager.Num(f), nil
	}
	health, err := num("Health", strings.TrimSuffix(s["Health"], "/20"))
	if err != nil {
		return nil, err
	}
	food, err := num("Hunger", strings.TrimSuffix(s["Hunger"], "/20"))
	if err != nil {
		return nil, err
	}
	pos := villager.Dict{}
	for _, part := range strings.Split(s["Position"], ", ") {
		k, v, _ := strings.Cut(part, "=")
		f, err := num("Position", v)
		if err != nil {
			return nil, err
		}
		pos = pos.Set(k, f)
	}
	equipment, err := villager.ParseLiteral(s["Equipment"])
	if err != nil {
		return nil, fmt.Errorf("equipment: %w", err)
	}
	var invKey, invText string
	for k, v := range s {
		if strings.HasPrefix(k, "Inventory (") {
			invKey, invText = k, v
		}
	}
	used, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(invKey, "Inventory ("), "/36)"))
	if err != nil {
		return nil, fmt.Errorf("inventory header %q", invKey)
	}
	inventory := any(villager.Dict{})
	if invText != "Empty" {
		if inventory, err = villager.ParseLiteral(invText); err != nil {
			return nil, fmt.Errorf("inventory: %w", err)
		}
	}
	ents := villager.Dict{}
	if entities {
		for i, e := range list(s["Nearby entities (nearest to farthest)"]) {
			ents = ents.Set(e.(string), villager.Num(float64(i+1)))
		}
	}
	status := villager.Dict{{Key: "biome", Value: s["Biome"]}, {Key: "timeOfDay", Value: s["Time"]}, {Key: "entities", Value: ents},
		{Key: "health", Value: health}, {Key: "food", Value: food}, {Key: "position", Value: pos},
		{Key: "equipment", Value: equipment}, {Key: "inventoryUsed", Value: int64(used)}}
	return villager.Dict{{Key: "status", Value: status}, {Key: "voxels", Value: list(s["Nearby blocks"])},
		{Key: "inventory", Value: inventory}, {Key: "nearbyChests", Value: villager.Dict{}}}, nil
}

// list reads "a, b" (or "None") as a list of names.
func list(s string) []any {
	out := []any{}
	if s == "None" || s == "" {
		return out
	}
	for _, v := range strings.Split(s, ", ") {
		out = append(out, v)
	}
	return out
}

// chestUpdates reads the "Chests:" section back as one nearbyChests update.
func chestUpdates(section string) ([]any, error) {
	if section == "None" || section == "" {
		return []any{}, nil
	}
	update := villager.Dict{}
	for _, line := range strings.Split(strings.TrimPrefix(section, "\n"), "\n") {
		pos, what, ok := strings.Cut(line, "): ")
		if !ok {
			return nil, fmt.Errorf("chest line %q", line)
		}
		pos += ")"
		switch what {
		case "Empty":
			update = update.Set(pos, villager.Dict{})
		case "Unknown items inside":
			update = update.Set(pos, "Unknown")
		default:
			items, err := villager.ParseLiteral(what)
			if err != nil {
				return nil, fmt.Errorf("chest %s: %w", pos, err)
			}
			update = update.Set(pos, items)
		}
	}
	return []any{update}, nil
}
