package cuisine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Level is one kitchen and the dishes ordered in it. It is also the level
// file format (JSON, these field names, nothing else):
//
//	{"name": "level_3", "dishes": ["salmonSushi", "tunaSushi"],
//	 "kitchen": ["storage", "servingtable", "pot", "pot", "chopboard",
//	             "chopboard", "mixer", "mixer"], "agents": 3}
//
// Each order is one of Dishes, served by putting the dish on the serving
// table. The kitchen lists tools in order; the world names them by kind and
// count in that order (storage0, pot0, pot1, ...), and every agent starts
// at servingtable0. Agents is the team size the level was made for.
type Level struct {
	Name    string   `json:"name"`
	Dishes  []string `json:"dishes"`
	Kitchen []string `json:"kitchen"`
	Agents  int      `json:"agents"`
}

// MaxAgents bounds a level's team: MindAgent's one-shot demos go up to 4
// agents, and its agent state lists one line pair per agent.
const MaxAgents = 8

// maxPerTool: MindAgent reads a tool's kind by dropping the last character
// of its name (pan0 -> pan) in its reward and in the rules prompt, so a
// kitchen holds at most 10 tools of a kind.
const maxPerTool = 10

// Validate checks the level against the recipe book. The error names the
// field and what was expected.
func (l Level) Validate() error {
	b := theBook()
	if strings.TrimSpace(l.Name) == "" {
		return errors.New(`field "name": empty; expected the level's name`)
	}
	if len(l.Dishes) == 0 {
		return errors.New(`field "dishes": empty; expected at least one dish`)
	}
	for i, d := range l.Dishes {
		if _, ok := b.recipe[d]; !ok {
			if b.base[d] {
				return fmt.Errorf(`field "dishes"[%d]: %q is a base ingredient; expected a dish a recipe makes`, i, d)
			}
			return fmt.Errorf(`field "dishes"[%d]: unknown dish %q; expected one of the recipe book's dishes`, i, d)
		}
		if slices.Index(l.Dishes, d) < i {
			return fmt.Errorf(`field "dishes"[%d]: %q listed twice`, i, d)
		}
	}
	if len(l.Kitchen) == 0 {
		return errors.New(`field "kitchen": empty; expected storage, a serving table and tools`)
	}
	count := map[string]int{}
	for i, t := range l.Kitchen {
		if _, ok := b.tool[t]; !ok {
			names := make([]string, len(b.Tools))
			for j, bt := range b.Tools {
				names[j] = bt.Name
			}
			return fmt.Errorf(`field "kitchen"[%d]: unknown tool %q; expected one of %s`, i, t, strings.Join(names, ", "))
		}
		count[t]++
		if count[t] > maxPerTool {
			return fmt.Errorf(`field "kitchen"[%d]: an 11th %s; at most %d of a kind (MindAgent names tools with one digit)`, i, t, maxPerTool)
		}
	}
	for _, need := range []string{Storage, ServingTable} {
		if count[need] == 0 {
			return fmt.Errorf(`field "kitchen": no %s; expected one`, need)
		}
	}
	if l.Agents < 1 || l.Agents > MaxAgents {
		return fmt.Errorf(`field "agents": %d; expected 1 to %d`, l.Agents, MaxAgents)
	}
	return nil
}

// Unservable lists the level's dishes its kitchen lacks a tool for. Such a
// level is valid, as in MindAgent, whose own level_12 orders frenchFries
// with no fryer in the kitchen; those orders can only expire.
func (l Level) Unservable() []string {
	var out []string
	for _, d := range l.Dishes {
		for _, r := range dependencyOf(d).steps {
			if !slices.Contains(l.Kitchen, r.Tool) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// ParseLevel reads a level file's bytes; file names it in errors. Unknown
// fields, trailing data and a level that fails Validate are refused.
func ParseLevel(data []byte, file string) (Level, error) {
	var l Level
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return Level{}, fmt.Errorf("cuisine: level file %s: %w", file, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Level{}, fmt.Errorf("cuisine: level file %s: data after the level object", file)
	}
	if err := l.Validate(); err != nil {
		return Level{}, fmt.Errorf("cuisine: level file %s: %w", file, err)
	}
	return l, nil
}

// ReadLevel reads and validates a level file.
func ReadLevel(path string) (Level, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Level{}, fmt.Errorf("cuisine: %w", err)
	}
	return ParseLevel(data, path)
}

var embeddedLevels = sync.OnceValue(func() []Level {
	entries, err := dataFS.ReadDir("data/levels")
	if err != nil {
		panic(err)
	}
	var out []Level
	for _, e := range entries {
		data, err := dataFS.ReadFile("data/levels/" + e.Name())
		if err != nil {
			panic(err)
		}
		l, err := ParseLevel(data, "data/levels/"+e.Name())
		if err != nil {
			panic(err) // checked by TestLevels
		}
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b Level) int { return levelNumber(a.Name) - levelNumber(b.Name) })
	return out
})

func levelNumber(name string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(name, "level_"))
	return n
}

// Levels returns MindAgent's 13 levels, level_0 to level_12.
func Levels() []Level {
	ls := embeddedLevels()
	out := make([]Level, len(ls))
	for i, l := range ls {
		out[i] = Level{Name: l.Name, Dishes: slices.Clone(l.Dishes), Kitchen: slices.Clone(l.Kitchen), Agents: l.Agents}
	}
	return out
}

// LevelNamed returns one of MindAgent's levels.
func LevelNamed(name string) (Level, bool) {
	for _, l := range Levels() {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// PaperLevels are the 12 levels of the paper in the column order of its
// Tables 3-5, by class (§3): entry 0, 1, 7; simple 2, 4, 8; intermediate 3,
// 9, 10; advanced 5, 11, 12. level_6 (pizzas) is in the code only.
var PaperLevels = []string{
	"level_0", "level_1", "level_7",
	"level_2", "level_4", "level_8",
	"level_3", "level_9", "level_10",
	"level_5", "level_11", "level_12",
}

// Class is the paper's difficulty class of one of its levels, "" for others.
func Class(level string) string {
	i := slices.Index(PaperLevels, level)
	if i < 0 {
		return ""
	}
	return [...]string{"entry", "simple", "intermediate", "advanced"}[i/3]
}

// Alphas are the five interval factors of a setting (agents/chat_agent.py),
// from the most orders (1) to the fewest (3). CoS averages over them.
var Alphas = []float64{1, 1.5, 2, 2.5, 3}

// DefaultBeta is the lifetime factor MindAgent runs with.
const DefaultBeta = 2.5

// Timing is a level's order stream at one α (levels/utils.py
// compute_lifetime_task_intervals, as TaskManager uses it with
// use_task_lifetime_interval_oracle): a dish of work W gets an interval of
// ⌈α·W·0.3⌉ and a lifetime of ⌈β·(α·W·0.3)⌉; the level adds an order every
// Interval steps, the largest interval of its dishes.
type Timing struct {
	Interval  int
	Lifetimes map[string]int
}

// Timing computes the level's intervals and lifetimes, in float64 and in
// MindAgent's order of operations, so the ceilings agree with Python's.
func (l Level) Timing(alpha, beta float64) Timing {
	t := Timing{Lifetimes: map[string]int{}}
	for _, d := range l.Dishes {
		interval := alpha * float64(dependencyOf(d).work) * 0.3
		t.Lifetimes[d] = int(math.Ceil(beta * interval))
		t.Interval = max(t.Interval, int(math.Ceil(interval)))
	}
	return t
}

// DecodeLevel reads a level object strictly (unknown fields and trailing
// data are errors) without validating it: a task file holds levels, and
// its validation names the task's fields.
func DecodeLevel(data []byte) (Level, error) {
	var l Level
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return Level{}, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return Level{}, errors.New("data after the level object")
	}
	return l, nil
}

// Equal reports whether two levels are the same level.
func (l Level) Equal(o Level) bool {
	return l.Name == o.Name && l.Agents == o.Agents && slices.Equal(l.Dishes, o.Dishes) && slices.Equal(l.Kitchen, o.Kitchen)
}

// DishSet is the level's dishes as a set (sorted, joined by "+"): what
// splits keep apart, so that no test set of dishes is seen in training.
func (l Level) DishSet() string {
	d := slices.Clone(l.Dishes)
	slices.Sort(d)
	return strings.Join(d, "+")
}

// Orderable lists the dishes a generated level may order: every dish
// MindAgent's levels order and every product no recipe takes further,
// less the slices (an ingredient, not a dish) and the dishes its
// one-shot demos cook (beef, chicken and pork meatcakes), so that the
// demo stays of another level, as in MindAgent.
func Orderable() []string {
	b := theBook()
	used := map[string]bool{}
	for _, r := range b.Recipes {
		for _, ing := range r.Ingredients {
			used[ing] = true
		}
	}
	ordered := map[string]bool{}
	for _, l := range embeddedLevels() {
		for _, d := range l.Dishes {
			ordered[d] = true
		}
	}
	var out []string
	for _, r := range b.Recipes {
		d := r.Dish
		switch {
		case slices.Contains(demoDishes, d), strings.HasSuffix(d, "Slice"):
		case ordered[d] || !used[d]:
			out = append(out, d)
		}
	}
	return out
}

// demoDishes are what the one-shot demos cook (assets/amt_examples).
var demoDishes = []string{"porkMeatcake", "chickenMeatcake", "beefMeatcake"}

// ToolsFor returns the tool kinds a dish's recipes need, in the order its
// recipe tree meets them.
func ToolsFor(dish string) []string {
	var out []string
	for _, r := range dependencyOf(dish).steps {
		if !slices.Contains(out, r.Tool) {
			out = append(out, r.Tool)
		}
	}
	return out
}
