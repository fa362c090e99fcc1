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

	"github.com/zeebo/xxh3"
)

// Violation is a command argument nothing the agent may know supports.
type Violation struct {
	TrialID string `json:"trial_id"`
	Agent   string `json:"agent"`
	Step    int    `json:"step"`
	Command string `json:"command"`
	Kind    string `json:"kind"` // item | chest_item | player | count | coordinate | hidden_block
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

	mu       sync.Mutex
	segments map[uint64]*textItems       // paragraphs, by their XXH3
	messages map[xxh3.Uint128]*textItems // messages, by their 128-bit XXH3
}

// Call is one model call as the checks see it.
type Call struct {
	TrialID, Agent, TaskType string
	Kind                     string // the transition kind: a dispatch call is checked in its own dialect
	Step                     int
	Context                  []trajectory.Message // everything sent
	Response                 string               // not to change once a check has read it

	// cmd is the response's first command, found once (Command): the
	// checks and the audit each want it.
	cmd            command.Match
	cmdOK, cmdRead bool
}

// Command is the response's first command (command.Find), found the first
// time it is asked for.
func (c *Call) Command() (command.Match, bool) {
	if !c.cmdRead {
		c.cmd, c.cmdOK = command.Find(c.Response)
		c.cmdRead = true
	}
	return c.cmd, c.cmdOK
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
	m, ok := c.Command()
	if ok {
		// Find on the command's own text finds the same name and arguments.
		cmdText = c.Response[m.Start:m.End]
	}
	hidden := hiddenBlocks(c) // in the words too, not only a command's
	roles := commandArgs[m.Name]
	if !ok || roles == nil {
		return hidden
	}
	ctx := &callContext{msgs: c.Context}
	var items itemSet // lazily: the items the context names
	out := hidden
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
			if !ctx.contains(val) {
				bad(argPlayer, val)
			}
		case argItem:
			item = val
			if stations[val] || ctx.writesName(val) {
				continue // the context names it: no need to read all it names
			}
			if items == nil {
				items = g.contextItems(c.Context)
			}
			if !g.supports(c.TaskType, ctx, items, val) {
				bad(argItem, val)
			}
		case argChest:
			item = val
			if !chestShows(ctx.text(), val) {
				bad(argChest, val)
			}
		case argCount:
			n, err := strconv.Atoi(val)
			if err != nil || n <= 1 {
				continue
			}
			if !ctx.numberIn(n) && held(ctx.text(), item) < n && !planned(ctx.text(), item, n) {
				bad(argCount, val)
			}
		case argCoord:
			n, err := strconv.ParseFloat(val, 64)
			if err == nil && !ctx.coordinateIn(int(n)) {
				bad(argCoord, val)
			}
		}
	}
	return out
}

// callContext is a call's context as the checks read it: its messages,
// and their joined text (contextText), made only for a check that reads
// across messages. A string without a newline is in the joined text
// exactly when it is in one of the messages: the text joins them with
// newlines.
type callContext struct {
	msgs   []trajectory.Message
	joined string
	isJoin bool // joined is made
}

// joinedContext is a context whose joined text is made already.
func joinedContext(msgs []trajectory.Message, joined string) *callContext {
	return &callContext{msgs: msgs, joined: joined, isJoin: true}
}

// text is the joined text, made the first time it is asked for.
func (c *callContext) text() string {
	if !c.isJoin {
		c.joined, c.isJoin = contextText(c.msgs), true
	}
	return c.joined
}

// contains is strings.Contains(c.text(), s).
func (c *callContext) contains(s string) bool {
	if c.isJoin || s == "" || strings.IndexByte(s, '\n') >= 0 {
		return strings.Contains(c.text(), s)
	}
	for _, m := range c.msgs {
		if strings.Contains(m.Content, s) {
			return true
		}
	}
	return false
}

// numberIn is numberIn(c.text(), n): a number is written on its own at a
// message's start or end exactly when it is in the joined text, where a
// newline is on either side.
func (c *callContext) numberIn(n int) bool {
	if c.isJoin {
		return numberIn(c.joined, n)
	}
	for _, m := range c.msgs {
		if numberIn(m.Content, n) {
			return true
		}
	}
	return false
}

// writesName reports whether a message writes the item or block name
// name as a word of its own, as the item scan reads words (contextItems
// then has it): lower-cased, after a byte no word has and before one or
// a capital that starts the next word.
func (c *callContext) writesName(name string) bool {
	if _, ok := itemNames().ids[name]; !ok || !isSmall(name[0]) {
		return false
	}
	for i := range len(name) {
		if wordBytes[name[i]] != name[i] {
			return false // a capital, or a byte no word has
		}
	}
	// The last messages first: the turns just before a command name its
	// items more often than the long prompt does (any message will do).
	for k := len(c.msgs) - 1; k >= 0; k-- {
		text := c.msgs[k].Content
		for from := 0; ; {
			i := strings.Index(text[from:], name)
			if i < 0 {
				break
			}
			i += from
			end := i + len(name)
			if (i == 0 || wordBytes[text[i-1]] == 0) && (end == len(text) || wordBytes[text[end]] == 0 || isUpper(text[end]) && isSmall(text[end-1])) {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// coordinateIn is coordinateIn(c.text(), n): a labelled coordinate
// ("X: 148") spans no newline, and a word boundary before its label at a
// message's start is one after the joined text's newline too.
func (c *callContext) coordinateIn(n int) bool {
	if c.isJoin {
		return coordinateIn(c.joined, n)
	}
	if c.numberIn(n) {
		return true
	}
	for _, m := range c.msgs {
		if labelledNear(m.Content, n) {
			return true
		}
	}
	return false
}

// contextText joins the messages sent.
func contextText(msgs []trajectory.Message) string { return joinContents(msgs, '\n') }

// joinContents is the messages' contents, each followed by end, written
// into a string sized first.
func joinContents(msgs []trajectory.Message, end byte) string {
	var b strings.Builder
	n := 0
	for _, m := range msgs {
		n += len(m.Content) + 1
	}
	b.Grow(n)
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteByte(end)
	}
	return b.String()
}

// supports reports whether the agent may know val: a station, an item
// the context names, or public knowledge applied to one (a cooking
// target's recipe only once it is in the context: sent as "Recipe for
// <dish>", or looked up with !getCraftingPlan).
func (g *Grounder) supports(taskType string, ctx *callContext, items itemSet, val string) bool {
	if stations[val] || items.has(val) {
		return true
	}
	cooking := taskType == procgen.Cooking.TaskType
	found := false
	items.each(func(it string) bool {
		if _, dish := procgen.RecipeSteps(it); cooking && dish && !ctx.contains("Recipe for "+it) && !ctx.contains(`!getCraftingPlan("`+it+`"`) {
			return true // the dish's recipe is hidden until it is in the context, sent or looked up
		}
		found = g.closureOf(it)[val]
		return !found
	})
	return found
}

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
	i := lastIndex(ctx, "YOUR CURRENT ASSIGNED GOAL:")
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
	i := lastIndex(ctx, "INVENTORY")
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
	if item == "" || strings.ContainsFunc(item, func(r rune) bool { return !(isWordByte(byte(r)) && r < 0x80) }) {
		return 0 // heldRE's names are [a-z0-9_]+
	}
	// The last listing line of the item: found forwards (strings.Index
	// is the fast search); the key cannot overlap itself.
	key := "- " + item + ": "
	n := 0
	for from := 0; ; {
		i := strings.Index(ctx[from:], key)
		if i < 0 {
			return n
		}
		i += from
		from = i + len(key)
		if i > 0 && ctx[i-1] != '\n' {
			continue
		}
		line := ctx[i+len(key):]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if line != "" && strings.Trim(line, "0123456789") == "" {
			n, _ = strconv.Atoi(line)
		}
	}
}

// lastIndex is strings.LastIndex(s, sub), found forwards with the faster
// strings.Index: for a sub that is rare in s.
func lastIndex(s, sub string) int {
	if sub == "" {
		return len(s)
	}
	last := -1
	for from := 0; ; {
		i := strings.Index(s[from:], sub)
		if i < 0 {
			return last
		}
		last = from + i
		from = last + 1
	}
}

// coordinateIn reports whether a coordinate is written in the context or
// lies within 32 blocks of a labelled one ("X: 148"): a blueprint's cells
// are its origin plus their offsets.
func coordinateIn(ctx string, n int) bool {
	return numberIn(ctx, n) || labelledNear(ctx, n)
}

// labelledNear reports whether a labelled coordinate in text lies within
// 32 blocks of n.
func labelledNear(text string, n int) bool {
	for _, m := range coordLabelRE.FindAllStringSubmatch(text, -1) {
		if v, err := strconv.Atoi(m[1]); err == nil && n >= v-32 && n <= v+32 {
			return true
		}
	}
	return false
}
