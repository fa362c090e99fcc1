// Package quality holds the per-call checks of training data that both the
// audit and the filter apply: grounding (does anything the agent may know
// support what its command names) and repetition.
package quality

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

// Violation is a command argument nothing the agent may know supports.
type Violation struct {
	TrialID string `json:"trial_id"`
	Agent   string `json:"agent"`
	Step    int    `json:"step"`
	Command string `json:"command"`
	Kind    string `json:"kind"` // item | chest_item | player | count | coordinate
	Value   string `json:"value"`
}

// Grounder checks commands against what an agent may know: its call's
// context (goal,
// inventory, stats, plans, messages, earlier outputs: every message sent),
// and public game knowledge applied to the
// items there: what they are crafted from, recursively, what they craft
// or smelt into, what blocks drop them. Hidden until they appear in its
// context: a cooking dish's recipe (no expansion of a target dish into its
// ingredients unless "Recipe for <dish>" is in the context) and a chest's
// contents (!takeFromChest needs the item in a chest listing).
type Grounder struct {
	closure sync.Map // item -> map[string]bool: public knowledge from it
}

// Call is one model call as the checks see it.
type Call struct {
	TrialID, Agent, TaskType string
	Kind                     string // the transition kind: a dispatch call is checked in its own dialect
	Step                     int
	Context                  []trajectory.Message // everything sent
	Response                 string
}

var (
	coordLabelRE = regexp.MustCompile(`(?i)\b[xyz]: ?(-?[0-9]+)`)
	heldRE       = regexp.MustCompile(`(?m)^- ([a-z0-9_]+): ([0-9]+)$`)
)

// Violation kinds.
const (
	KindItem       = argItem
	KindChestItem  = argChest
	KindPlayer     = argPlayer
	KindCount      = argCount
	KindCoordinate = argCoord
)

// Argument roles of the commands whose arguments name things, by position.
const (
	argItem   = "item"
	argPlayer = "player"
	argCount  = "count"
	argCoord  = "coordinate"
	argChest  = "chest_item"
)

var commandArgs = map[string][]string{
	"!givePlayer":        {argPlayer, argItem, argCount},
	"!takeFromChest":     {argChest, argCount},
	"!putInChest":        {argItem, argCount},
	"!craftRecipe":       {argItem, argCount},
	"!smeltItem":         {argItem, argCount},
	"!collectBlocks":     {argItem, argCount},
	"!searchForBlock":    {argItem, ""},
	"!consume":           {argItem},
	"!equip":             {argItem},
	"!discard":           {argItem, argCount},
	"!placeHere":         {argItem},
	"!getCraftingPlan":   {argItem, ""},
	"!goToPlayer":        {argPlayer, ""},
	"!followPlayer":      {argPlayer, ""},
	"!startConversation": {argPlayer, ""},
	"!endConversation":   {argPlayer},
	"!goToCoordinates":   {argCoord, argCoord, argCoord, ""},
}

// Check returns the violations of the call's command ("" = none).
func (g *Grounder) Check(c *Call) []Violation {
	var cmdText string
	if m, ok := command.Find(c.Response); ok {
		cmdText = c.Response[m.Start:m.End]
	}
	m, ok := command.Find(cmdText)
	roles := commandArgs[m.Name]
	if !ok || roles == nil {
		return nil
	}
	ctxText := contextText(c.Context)
	var items []string // lazily: the items the context names
	var out []Violation
	bad := func(kind, value string) {
		out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: cmdText, Kind: kind, Value: value})
	}
	var item string
	for i, raw := range m.Args {
		if i >= len(roles) {
			break
		}
		val := strings.Trim(raw, `"`)
		switch roles[i] {
		case argPlayer:
			if !strings.Contains(ctxText, val) {
				bad(argPlayer, val)
			}
		case argItem:
			item = val
			if items == nil {
				items = ItemsIn(ctxText)
			}
			if !g.supports(c.TaskType, ctxText, items, val) {
				bad(argItem, val)
			}
		case argChest:
			item = val
			if !chestShows(ctxText, val) {
				bad(argChest, val)
			}
		case argCount:
			n, err := strconv.Atoi(val)
			if err != nil || n <= 1 {
				continue
			}
			if !numberIn(ctxText, n) && held(ctxText, item) < n && !planned(ctxText, item, n) {
				bad(argCount, val)
			}
		case argCoord:
			n, err := strconv.ParseFloat(val, 64)
			if err == nil && !coordinateIn(ctxText, int(n)) {
				bad(argCoord, val)
			}
		}
	}
	return out
}

// contextText joins the messages sent.
func contextText(msgs []trajectory.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteByte('\n')
	}
	return b.String()
}

// supports reports whether the agent may know val: a station, an item
// the context names, or public knowledge applied to one (a cooking
// target's recipe only once it is in the context: sent as "Recipe for
// <dish>", or looked up with !getCraftingPlan).
func (g *Grounder) supports(taskType, ctx string, items []string, val string) bool {
	if stations[val] || slices.Contains(items, val) {
		return true
	}
	cooking := taskType == procgen.Cooking.TaskType
	for _, it := range items {
		if _, dish := procgen.RecipeSteps(it); cooking && dish && !strings.Contains(ctx, "Recipe for "+it) && !strings.Contains(ctx, `!getCraftingPlan("`+it+`"`) {
			continue // the dish's recipe is hidden until it is in the context, sent or looked up
		}
		if g.closureOf(it)[val] {
			return true
		}
	}
	return false
}

// ItemsIn are the item and block names in a text, once each: words
// of letters, digits and underscores, and names written as two or three
// words ("sugar cane", "brown mushroom").
func ItemsIn(text string) []string {
	names := itemNames()
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if names.items[w] && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	var prev, prev2 string
	for i := 0; i < len(text); {
		c := lower(text[i])
		if !(c >= 'a' && c <= 'z') {
			i++
			continue
		}
		j := i + 1
		// A capital after a small letter starts a new word: MINDcraft's
		// crafting goal runs "craft a brick_wallYou have to ...".
		for j < len(text) && isWordByte(lower(text[j])) && !(isUpper(text[j]) && isSmall(text[j-1])) {
			j++
		}
		w := strings.ToLower(text[i:j])
		add(w)
		if names.firstWords[prev] {
			add(prev + "_" + w)
			if names.firstWords[prev2] {
				add(prev2 + "_" + prev + "_" + w)
			}
		}
		prev2, prev = prev, w
		i = j
	}
	return out
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isSmall(c byte) bool { return c >= 'a' && c <= 'z' }

func isWordByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' }

// itemNames are every item and block name, and the first words of the
// names of several words.
var itemNames = sync.OnceValue(func() struct{ items, firstWords map[string]bool } {
	n := struct{ items, firstWords map[string]bool }{map[string]bool{}, map[string]bool{}}
	add := func(name string) {
		n.items[name] = true
		parts := strings.Split(name, "_")
		for k := 0; k+1 < len(parts); k++ {
			n.firstWords[parts[k]] = true
		}
	}
	for _, it := range mcdata.Items() {
		add(it.Name)
	}
	for _, b := range mcdata.Blocks() {
		add(b)
	}
	return n
})

// closureOf is the public knowledge from an item: its ingredients,
// recursively (4 levels), what it crafts or smelts into, what it is
// smelted from, and the blocks that drop it and what it drops.
func (g *Grounder) closureOf(item string) map[string]bool {
	if c, ok := g.closure.Load(item); ok {
		return c.(map[string]bool)
	}
	c := map[string]bool{}
	var down func(it string, depth int)
	down = func(it string, depth int) {
		if depth == 0 {
			return
		}
		for _, r := range mcdata.Recipes(it) {
			for _, in := range r.Ingredients {
				if !c[in.Item] {
					c[in.Item] = true
					for _, b := range droppedBy()[in.Item] {
						c[b] = true // string: cobweb
					}
					down(in.Item, depth-1)
				}
			}
		}
		for _, in := range mcdata.SmeltInputs(it) {
			c[in] = true
		}
	}
	down(item, 4)
	for _, p := range productsOf()[item] {
		c[p] = true
	}
	if s, ok := mcdata.Smelt(item); ok {
		c[s.Output] = true
	}
	for _, d := range dropsOf(item) {
		c[d.Item] = true
	}
	for _, b := range droppedBy()[item] {
		c[b] = true
	}
	g.closure.Store(item, c)
	return c
}

// stations are the workstations every task's world has and every prompt
// mentions in words ("a crafting table, fully fueled furnace and smoker").
var stations = map[string]bool{"crafting_table": true, "furnace": true, "smoker": true}

// productsOf maps an item to what its recipes make; droppedBy an item to
// the blocks that drop it.
var productsOf = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, it := range mcdata.Items() {
		for _, r := range mcdata.Recipes(it.Name) {
			for _, in := range r.Ingredients {
				m[in.Item] = append(m[in.Item], it.Name)
			}
		}
	}
	return m
})

var droppedBy = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, b := range mcdata.Blocks() {
		for _, d := range dropsOf(b) {
			m[d.Item] = append(m[d.Item], b)
		}
	}
	// A mature crop drops its harvest (beetroots: beetroot), which the
	// block loot, read for a fresh crop, leaves out.
	for _, it := range mcdata.Items() {
		if src, ok := mcdata.SourceOf(it.Name); ok && src.Crop != "" && !slices.Contains(m[it.Name], src.Crop) {
			m[it.Name] = append(m[it.Name], src.Crop)
		}
	}
	return m
})

// dropsOf is what a block drops when mined with a tool that harvests it
// (stone and cobweb drop nothing by hand).
func dropsOf(block string) []mcdata.Ingredient {
	tool := ""
	if info, err := mcdata.LookupBlock(block); err == nil && info.RequiresTool && len(info.HarvestTools) > 0 {
		tool = info.HarvestTools[0]
	}
	return mcdata.Drops(block, tool)
}

// chestShows reports whether the context lists item in a chest: in a
// "The chest contains:" listing or a line about a chest.
func chestShows(ctx, item string) bool {
	for _, part := range strings.Split(ctx, "The chest contains:")[1:] {
		listing, _, _ := strings.Cut(part, "\n\n")
		if strings.Contains(listing, " "+item) {
			return true
		}
	}
	for _, line := range strings.Split(ctx, "\n") {
		if strings.Contains(line, "chest") && strings.Contains(line, item) {
			return true
		}
	}
	return false
}

// numberIn reports whether n is written in the context, as a number of
// its own (not part of a longer one).
func numberIn(ctx string, n int) bool {
	s := strconv.Itoa(n)
	for from := 0; ; {
		i := strings.Index(ctx[from:], s)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(s)
		before := i == 0 || !isDigit(ctx[i-1]) && (n < 0 || ctx[i-1] != '-')
		after := end == len(ctx) || !isDigit(ctx[end])
		if before && after {
			return true
		}
		from = i + 1
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// goalTargetRE finds a crafting goal's target ("craft a bookshelf",
// "craft 2 stick"; MINDcraft may run the next sentence on: "craft a
// brick_wallYou have to").
var goalTargetRE = regexp.MustCompile(`craft (?:an? |(\d+) )?([a-z0-9_]+?)(?:[A-Z]|\b)`)

// planned reports whether n of item is what recipe arithmetic, which is
// public knowledge, gives for the goal: a crafting plan for the goal's
// target from the inventory the context last listed needs n more item (or
// n of what it is smelted from), or crafts it n times.
func planned(ctx, item string, n int) bool {
	i := strings.LastIndex(ctx, "YOUR CURRENT ASSIGNED GOAL:")
	if i < 0 {
		return false
	}
	m := goalTargetRE.FindStringSubmatch(ctx[i:])
	if m == nil {
		return false
	}
	qty := 1
	if m[1] != "" {
		qty, _ = strconv.Atoi(m[1])
	}
	p, err := mcdata.NewPlan(lastInventory(ctx), m[2], qty)
	if err != nil {
		return false
	}
	for _, in := range p.Missing {
		// The item itself, or what it is smelted from ("8 cobblestone" for
		// 8 stone).
		if in.Count == n && (in.Item == item || slices.Contains(mcdata.SmeltInputs(in.Item), item)) {
			return true
		}
	}
	for _, st := range p.Steps {
		if st.Recipe.Result == item && st.Times == n {
			return true
		}
	}
	return false
}

// lastInventory is the context's last INVENTORY listing.
func lastInventory(ctx string) map[string]int {
	inv := map[string]int{}
	i := strings.LastIndex(ctx, "INVENTORY")
	if i < 0 {
		return inv
	}
	rest := ctx[i+len("INVENTORY"):]
	if j := strings.Index(rest, "WEARING"); j >= 0 {
		rest = rest[:j]
	}
	for _, m := range heldRE.FindAllStringSubmatch(rest, -1) {
		inv[m[1]], _ = strconv.Atoi(m[2])
	}
	return inv
}

// held is the count of item the context's last inventory listing shows.
func held(ctx, item string) int {
	n := 0
	for _, m := range heldRE.FindAllStringSubmatch(ctx, -1) {
		if m[1] == item {
			n, _ = strconv.Atoi(m[2])
		}
	}
	return n
}

// coordinateIn reports whether a coordinate is written in the context or
// lies within 32 blocks of a labelled one ("X: 148"): a blueprint's cells
// are its origin plus their offsets.
func coordinateIn(ctx string, n int) bool {
	if numberIn(ctx, n) {
		return true
	}
	for _, m := range coordLabelRE.FindAllStringSubmatch(ctx, -1) {
		if v, err := strconv.Atoi(m[1]); err == nil && n >= v-32 && n <= v+32 {
			return true
		}
	}
	return false
}
