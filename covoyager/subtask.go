package covoyager

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"collabcraft/mcdata"
)

// Actions a subtask may take (the task manager's "Possible Tasks").
const (
	Craft  = "craft"
	Gather = "gather"
	Kill   = "kill"
	Shoot  = "shoot"
	Smelt  = "smelt"
	Build  = "build"
)

// Subtask is one entry of the task manager's JSON list: the action, its
// item, the tools and the materials for a single item (as words, "3 iron
// ingots, 2 sticks"; "None" for none) and the quantity, -1 for an amount
// the pair manager works out.
type Subtask struct {
	Action    string `json:"action"`
	Item      string `json:"item"`
	Tools     string `json:"tools"`
	Materials string `json:"materials"`
	Quantity  int    `json:"quantity"`
}

// Unspecified is the quantity of a gather or smelt whose amount the plan
// leaves to the pair manager.
const Unspecified = -1

// ParseSubtasks reads the task manager's answer: the JSON list in it
// (from its first "[" to its last "]"), each entry with the five fields.
func ParseSubtasks(answer string) ([]Subtask, error) {
	i, j := strings.Index(answer, "["), strings.LastIndex(answer, "]")
	if i < 0 || j < i {
		return nil, errors.New("covoyager: the task manager's answer holds no JSON list")
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(answer[i:j+1]), &raw); err != nil {
		return nil, fmt.Errorf("covoyager: the task manager's list is not JSON: %v", err)
	}
	if len(raw) == 0 {
		return nil, errors.New("covoyager: the task manager's list is empty")
	}
	out := make([]Subtask, len(raw))
	for k, m := range raw {
		s := &out[k]
		str := func(field string) (string, error) {
			v, ok := m[field].(string)
			if !ok {
				return "", fmt.Errorf("covoyager: subtask %d: field %q: expected a string, got %v", k+1, field, m[field])
			}
			return strings.TrimSpace(v), nil
		}
		var err error
		if s.Action, err = str("action"); err != nil {
			return nil, err
		}
		s.Action = strings.ToLower(s.Action)
		if s.Item, err = str("item"); err != nil {
			return nil, err
		}
		if s.Tools, err = str("tools"); err != nil {
			return nil, err
		}
		if s.Materials, err = str("materials"); err != nil {
			return nil, err
		}
		q, ok := m["quantity"].(float64)
		if !ok || q != float64(int(q)) || (q < 1 && q != Unspecified) {
			return nil, fmt.Errorf("covoyager: subtask %d: field \"quantity\": expected a count or -1, got %v", k+1, m["quantity"])
		}
		s.Quantity = int(q)
		switch s.Action {
		case Craft, Gather, Kill, Shoot, Smelt, Build:
		default:
			return nil, fmt.Errorf("covoyager: subtask %d: action %q, expected craft, gather, kill, shoot, smelt or build", k+1, s.Action)
		}
	}
	return out, nil
}

// JSON is the list as the task manager's example lays it out (4-space
// indent), for the critic's "Previous subdivision".
func JSON(subtasks []Subtask) string {
	b, _ := json.MarshalIndent(subtasks, "", "    ")
	return string(b)
}

// A Need is a count of an item (a material per single item).
type Need struct {
	Item  string // a Minecraft item, or Logs, Planks for any wood
	Count int
}

// Any-wood classes: logs and planks of any tree count alike.
const (
	Logs   = "logs"
	Planks = "planks"
)

var (
	needRE  = regexp.MustCompile(`^(\d+)\s+(.+)$`)
	aliases = map[string]string{
		"wood plank": Planks, "wooden plank": Planks, "plank": Planks, "planks": Planks, "wood planks": Planks,
		"wood log": Logs, "log": Logs, "wood": Logs, "logs": Logs, "wooden log": Logs,
		"iron raw": "raw_iron", "gold raw": "raw_gold", "copper raw": "raw_copper",
		"redstone dust": "redstone", "redstone raw": "redstone", "redstone": "redstone",
		"cobblestone pickaxe": "stone_pickaxe", "cobblestone sword": "stone_sword", "cobblestone axe": "stone_axe", "cobblestone shovel": "stone_shovel",
		"raw porkchop": "porkchop", "raw pork chop": "porkchop", "raw pork": "porkchop", "raw beef": "beef", "raw mutton": "mutton", "raw chicken": "chicken",
		"cooked pork chop": "cooked_porkchop", "cooked pork": "cooked_porkchop",
		"diamonds": "diamond", "iron ore": "raw_iron", "gold ore": "raw_gold", "diamond ore": "diamond", "redstone ore": "redstone",
	}
)

// ItemOf is the Minecraft item the task manager's words name ("iron raw"
// raw_iron, "cobblestone pickaxe" stone_pickaxe, "wood planks" Planks),
// singular or plural; "" when they name none.
func ItemOf(words string) string {
	w := strings.ToLower(strings.TrimSpace(words))
	w = strings.Join(strings.Fields(w), " ")
	for _, cand := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "es")} {
		if a, ok := aliases[cand]; ok {
			return a
		}
		if _, ok := MobDrops[cand]; ok {
			return cand // a mob, the item of a kill
		}
		name := strings.ReplaceAll(cand, " ", "_")
		if _, err := mcdata.LookupItem(name); err == nil && cand != "" {
			return name
		}
	}
	return ""
}

// IsBase reports whether an item is one the task manager leaves out of
// the plan (rule 4: wood logs, sticks and wood planks): whoever needs it
// gets it.
func IsBase(item string) bool { return item == Logs || item == Planks || item == "stick" }

// ReadNeeds reads a materials or tools text: "3 iron ingots, 2 sticks",
// "crafting table", "None". A tool without a count counts 1.
func ReadNeeds(text string) ([]Need, error) {
	t := strings.TrimSpace(text)
	if t == "" || strings.EqualFold(t, "none") || strings.EqualFold(t, "n/a") {
		return nil, nil
	}
	var out []Need
	for _, part := range strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ';' }) {
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "and "))
		if part == "" {
			continue
		}
		n := 1
		if m := needRE.FindStringSubmatch(part); m != nil {
			n, _ = strconv.Atoi(m[1])
			part = m[2]
		}
		for _, art := range []string{"a ", "an ", "one "} {
			part = strings.TrimPrefix(part, art)
		}
		item := ItemOf(part)
		if item == "" {
			return nil, fmt.Errorf("covoyager: %q names no Minecraft item", part)
		}
		out = append(out, Need{Item: item, Count: n})
	}
	return out, nil
}

// Drop is what a subtask's item yields to the chest: the item itself,
// but for a kill, the mob's meat (a pig gives a porkchop).
func Drop(action, item string) string {
	if action == Kill || action == Shoot {
		return MobDrops[item]
	}
	return item
}

// MobDrops are the meats the arena's mobs give.
var MobDrops = map[string]string{"pig": "porkchop", "cow": "beef", "sheep": "mutton", "chicken": "chicken"}

// Placed reports whether the subtask's item is placed next to the chest
// rather than put in it: a crafting table (1 block left of the chest) or
// a furnace (1 block right), as in the report's plans (Att. C).
func Placed(item string) bool { return item == "crafting_table" || item == "furnace" }

// Text is the subtask as the pair manager hands it to a coder, in the
// words of the report's plans (Att. C): "Gather 11 cobblestone and place
// it/them in the chest. Then place the wooden pickaxe back in the chest."
func (s Subtask) Text(quantity int) string {
	item := ItemOf(s.Item)
	words := strings.ToLower(s.Item)
	verb := strings.ToUpper(s.Action[:1]) + s.Action[1:]
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d %s", verb, quantity, words)
	switch {
	case item == "crafting_table":
		b.WriteString(" and place it on the ground 1 block left the chest.")
	case item == "furnace":
		b.WriteString(" and place it on the ground 1 block right the chest.")
	case s.Action == Kill || s.Action == Shoot:
		fmt.Fprintf(&b, " using killMob and place the %s in the chest.", strings.ReplaceAll(MobDrops[item], "_", " "))
	default:
		b.WriteString(" and place it/them in the chest.")
	}
	tools, _ := ReadNeeds(s.Tools)
	for _, t := range tools {
		if !Placed(t.Item) {
			fmt.Fprintf(&b, " Then place the %s back in the chest.", strings.ReplaceAll(t.Item, "_", " "))
		}
	}
	return b.String()
}
