package cuisine

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// MindAgent's protocol (agents/chat_agent.py): each setting (level, team
// size, α) runs EpisodesPerSetting episodes of EpisodeSteps steps.
const (
	EpisodeSteps       = 60
	EpisodesPerSetting = 3
)

// Config sets up one episode.
type Config struct {
	// Agents is the team size; 0 means the level's.
	Agents int
	// Alpha scales the order interval and lifetime (one of Alphas in
	// MindAgent's runs); it must be positive.
	Alpha float64
	// Beta scales the lifetime; 0 means DefaultBeta (2.5).
	Beta float64
	// MaxSteps is the episode length; 0 means 60. The world keeps running
	// past it, as MindAgent's does, and reports GameOver from then on.
	MaxSteps int
	// MaxOrders caps the active orders; 0 means 6.
	MaxOrders int
	// Seed seeds the order stream when Picker is nil: each World is one
	// episode with its own PCG stream, so give each episode its own seed.
	Seed uint64
	// Picker draws each new order's dish; nil means a PCG stream from Seed.
	// The differential test replays MindAgent's draws through it.
	Picker Picker
}

// A Picker draws the dish of each new order: IntN(n) returns an index in
// [0, n) into the level's Dishes. *rand.Rand is one.
type Picker interface {
	IntN(n int) int
}

// Order is an active dish order and the steps it has left.
type Order struct {
	Dish     string
	Lifetime int
}

type agent struct {
	at   int    // index into World.tools
	hold string // "" holds nothing
	busy int
}

type place struct {
	name     string
	kind     Tool
	content  []string // items in the order they went in; nil is empty
	busy     int
	pickable bool // MindAgent's Location.pickable
}

// World is one CuisineWorld episode. It is not safe for concurrent use.
type World struct {
	level     Level
	cfg       Config
	timing    Timing
	pick      Picker
	cookbook  map[string]string   // sorted ingredients + tool -> dish, this level's recipes only
	toolBook  map[string][]Recipe // tool kind -> this level's recipes there
	levelDish map[string]bool
	deps      map[string]dependency // per level dish

	agents []agent
	tools  []place
	index  map[string]int // tool name -> index

	orders       []Order
	timer        int
	step         int
	accomplished []string
	errors       []string
	suggestions  []string
	last         stepInfo
	tally        Tally
	reward       shaping
}

// stepInfo is what MindAgent's done() reported for the last step.
type stepInfo struct {
	served   []string
	servedAt []string
	gameOver bool
	failed   bool
}

// New validates the level and starts an episode: the kitchen is empty,
// every agent stands at servingtable0 and the first order is drawn.
func New(level Level, cfg Config) (*World, error) {
	if err := level.Validate(); err != nil {
		return nil, fmt.Errorf("cuisine: level %s: %w", level.Name, err)
	}
	if cfg.Agents == 0 {
		cfg.Agents = level.Agents
	}
	if cfg.Agents < 1 || cfg.Agents > MaxAgents {
		return nil, fmt.Errorf("cuisine: %d agents; expected 1 to %d", cfg.Agents, MaxAgents)
	}
	if !(cfg.Alpha > 0) {
		return nil, fmt.Errorf("cuisine: alpha %v; expected a positive factor (one of %v)", cfg.Alpha, Alphas)
	}
	if cfg.Beta == 0 {
		cfg.Beta = DefaultBeta
	}
	if !(cfg.Beta > 0) {
		return nil, fmt.Errorf("cuisine: beta %v; expected a positive factor", cfg.Beta)
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = EpisodeSteps
	}
	if cfg.MaxOrders == 0 {
		cfg.MaxOrders = 6
	}
	if cfg.MaxSteps < 0 || cfg.MaxOrders < 0 {
		return nil, fmt.Errorf("cuisine: max steps %d, max orders %d; expected positive numbers", cfg.MaxSteps, cfg.MaxOrders)
	}
	w := &World{level: level, cfg: cfg, pick: cfg.Picker}
	if w.pick == nil {
		w.pick = rand.New(rand.NewPCG(cfg.Seed, 0x6375697369_6e65)) // "cuisine"
	}
	w.timing = level.Timing(cfg.Alpha, cfg.Beta)
	w.deps = map[string]dependency{}
	for _, d := range level.Dishes {
		w.deps[d] = dependencyOf(d)
	}
	w.buildBooks()
	w.index = map[string]int{}
	count := map[string]int{}
	for _, kind := range level.Kitchen {
		t := theBook().tool[kind]
		name := kind + strconv.Itoa(count[kind])
		count[kind]++
		w.index[name] = len(w.tools)
		w.tools = append(w.tools, place{name: name, kind: t, pickable: kind == Storage || kind == chopboard})
	}
	w.agents = make([]agent, cfg.Agents)
	for i := range w.agents {
		w.agents[i].at = w.index[ServingTable+"0"]
	}
	w.reward = newShaping(cfg.Agents, len(w.tools))
	w.addOrder()
	return w, nil
}

// buildBooks keeps the recipes reachable from the level's dishes, as
// MindAgent's filter_recipe does: cooking and the waste check know only
// those.
func (w *World) buildBooks() {
	b := theBook()
	w.cookbook = map[string]string{}
	w.toolBook = map[string][]Recipe{}
	w.levelDish = map[string]bool{}
	seen := map[string]bool{}
	queue := slices.Clone(w.level.Dishes)
	for _, d := range w.level.Dishes {
		w.levelDish[d] = true
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		r := b.recipe[d]
		if !seen[d] {
			seen[d] = true
			w.cookbook[cookKey(r.Ingredients, r.Tool)] = d
			w.toolBook[r.Tool] = append(w.toolBook[r.Tool], r)
		}
		for _, ing := range r.Ingredients {
			if _, made := b.recipe[ing]; made {
				queue = append(queue, ing)
			}
		}
	}
}

// cookKey is RECIPE's lookup key: the sorted ingredients and the tool,
// joined by '_'.
func cookKey(items []string, tool string) string {
	s := slices.Clone(items)
	slices.Sort(s)
	key := ""
	for _, it := range s {
		key += it + "_"
	}
	return key + tool
}

// addOrder draws a dish and appends its order (TaskManager's reset and tick).
func (w *World) addOrder() {
	n := len(w.level.Dishes)
	i := w.pick.IntN(n)
	if i < 0 || i >= n {
		panic(fmt.Sprintf("cuisine: picker drew %d of %d dishes", i, n))
	}
	d := w.level.Dishes[i]
	w.orders = append(w.orders, Order{Dish: d, Lifetime: w.timing.Lifetimes[d]})
	w.reward.addOrder(w.deps[d])
}

// ErrNoActions: MindAgent's game fails on an empty action list, and its
// dispatcher does not step when it read no action from the reply.
var ErrNoActions = errors.New("cuisine: a step needs at least one action")

// Outcome is what one step reports besides the new state.
type Outcome struct {
	// OK holds each action's success, in the order written; all false
	// when the list was refused as a whole.
	OK []bool
	// Served: an order was completed this step (MindAgent's success).
	Served bool
	// Reward is MindAgent's shaped reward for the step.
	Reward float64
	// Errors are the execution error messages, in MindAgent's words and
	// order; Suggestions its execution suggestions. Both are for the next
	// prompt (ErrorsText, SuggestionsText).
	Errors      []string
	Suggestions []string
}

// Step runs one action per agent, in the order written, then advances the
// clock: timers count down, served and expired orders leave, and a new order
// may arrive. Actions have MindAgent's form (goto_agent0_blender0,
// get_agent0_flour_storage0, put_agent0_blender0, activate_agent1_blender0,
// noop_agent1); a malformed list is refused as a whole with MindAgent's
// error text and the clock still advances.
func (w *World) Step(actions []string) (Outcome, error) {
	if len(actions) == 0 {
		return Outcome{}, ErrNoActions
	}
	w.errors = nil
	w.suggestions = nil
	parsed, valid := w.parse(actions)
	if valid {
		noops := 0
		for _, a := range parsed {
			if a.verb == "noop" {
				noops++
			}
		}
		if noops == len(parsed) {
			w.errors = append(w.errors, "None of the agents performed any actions which is not normal.")
		}
	}
	ok := make([]bool, len(actions))
	if valid {
		for i, a := range parsed {
			ok[i] = w.run(a)
		}
	}
	for i := range w.agents {
		if w.agents[i].busy > 0 {
			w.agents[i].busy--
		}
	}
	for i := range w.tools {
		if w.tools[i].busy > 0 {
			w.tools[i].busy--
		}
	}
	remaining := w.done()
	w.step++
	w.tick()
	w.suggest()

	out := Outcome{OK: ok, Served: len(w.last.served) > 0, Errors: w.errors, Suggestions: w.suggestions}
	reward := -0.05
	if out.Served {
		for _, r := range remaining {
			reward += float64(50 + r)
		}
		w.tally.Served += len(w.last.served)
	}
	if w.last.failed {
		w.tally.ExpirySteps++
	}
	if !slices.Contains(ok, false) {
		reward += 0.02
	}
	reward += w.reward.compute(w)
	out.Reward = reward
	return out, nil
}

// done is MindAgent's done(): expire orders whose lifetime reached 0, serve
// orders whose dish is on the serving table (most urgent first), take the
// served dishes off the table. It returns the served orders' lifetimes.
func (w *World) done() []int {
	n := len(w.orders)
	removed := make([]bool, n)
	failed := make([]bool, n)
	info := stepInfo{}
	for i, o := range w.orders {
		if o.Lifetime == 0 {
			removed[i], failed[i] = true, true
			info.failed = true
			w.tally.Expired++
		}
	}
	// What each table holds, counted, before this step's serving.
	held := make([]map[string]int, len(w.tools))
	for i, t := range w.tools {
		if t.content != nil {
			held[i] = map[string]int{}
			for _, it := range t.content {
				held[i][it]++
			}
		}
	}
	for i, o := range w.orders {
		if failed[i] {
			continue
		}
		for j, t := range w.tools {
			if t.kind.Name != ServingTable || held[j] == nil || held[j][o.Dish] < 1 {
				continue
			}
			held[j][o.Dish]--
			info.served = append(info.served, o.Dish)
			info.servedAt = append(info.servedAt, t.name)
			removed[i] = true
			break
		}
	}
	var remaining []int
	kept := w.orders[:0:0]
	for i, o := range w.orders {
		switch {
		case !removed[i]:
			kept = append(kept, o)
		case !failed[i]:
			w.accomplished = append(w.accomplished, o.Dish)
			remaining = append(remaining, o.Lifetime)
		}
	}
	w.orders = kept
	sortOrders(w.orders)
	for k, dish := range info.served {
		t := &w.tools[w.index[info.servedAt[k]]]
		i := slices.Index(t.content, dish)
		t.content = slices.Delete(t.content, i, i+1)
		if len(t.content) == 0 {
			t.content = nil
		}
	}
	if w.step == w.cfg.MaxSteps {
		info.gameOver = true
	}
	w.last = info
	return remaining
}

// tick is TaskManager.tick: lifetimes count down, and every Interval steps
// a new order arrives while fewer than MaxOrders are active.
func (w *World) tick() {
	w.timer++
	for i := range w.orders {
		if w.orders[i].Lifetime != -1 {
			w.orders[i].Lifetime--
		}
	}
	if w.timer == w.timing.Interval {
		if len(w.orders) < w.cfg.MaxOrders {
			w.addOrder()
		}
		w.timer = 0
	}
	sortOrders(w.orders)
}

// sortOrders sorts as Python sorts (lifetime, dish) pairs.
func sortOrders(os []Order) {
	slices.SortFunc(os, func(a, b Order) int {
		return cmp.Or(cmp.Compare(a.Lifetime, b.Lifetime), strings.Compare(a.Dish, b.Dish))
	})
}

// suggest is the suggestion half of MindAgent's all_state: waste held or
// inside a tool should go back to storage.
func (w *World) suggest() {
	const putBack = "put the waste into the storage"
	for _, a := range w.agents {
		if a.hold == waste {
			w.suggestions = append(w.suggestions, putBack)
		}
	}
	for _, t := range w.tools {
		// MindAgent tests the '&'-joined content for the substring.
		if slices.ContainsFunc(t.content, func(it string) bool { return strings.Contains(it, waste) }) {
			w.suggestions = append(w.suggestions, putBack)
		}
	}
}

// waste is what a mix matching no recipe would cook into. The world refuses
// every action that would make it, so it never appears; the suggestion is
// kept as MindAgent has it.
const waste = "waste"

// Tally returns the episode's order counts so far, open orders included.
func (w *World) Tally() Tally {
	t := w.tally
	t.Open = len(w.orders)
	return t
}

// Timing returns the episode's order interval and lifetimes.
func (w *World) Timing() Timing { return w.timing }

// Level returns the episode's level.
func (w *World) Level() Level { return w.level }

// Agents returns the team size.
func (w *World) Agents() int { return len(w.agents) }

// ToolNames lists the kitchen's tools by name, in kitchen order.
func (w *World) ToolNames() []string {
	out := make([]string, len(w.tools))
	for i, t := range w.tools {
		out[i] = t.name
	}
	return out
}
