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
	segments map[uint64]*segmentItems // by the text's XXH3
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
	ctxText := contextText(c.Context)
	var items []string // lazily: the items the context names
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
			if !strings.Contains(ctxText, val) {
				bad(argPlayer, val)
			}
		case argItem:
			item = val
			if items == nil {
				items = g.contextItems(c.Context)
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
	n := 0
	for _, m := range msgs {
		n += len(m.Content) + 1
	}
	b.Grow(n)
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
	var out []string
	seen := map[string]bool{}
	sc := itemScan{names: itemNames(), found: func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}}
	sc.text(text)
	return out
}

// itemScan reads words one at a time and reports the item names among
// them and among the names the last two or three words spell.
type itemScan struct {
	names       *itemNameSet
	found       func(name string)
	prev, prev2 string
	words       int      // words read
	head        []string // the first two words read
	buf         []byte
}

// text reads a text's words. A capital after a small letter starts a new
// word: MINDcraft's crafting goal runs "craft a brick_wallYou have to ...".
func (s *itemScan) text(text string) {
	for i := 0; i < len(text); {
		c := lower(text[i])
		if !(c >= 'a' && c <= 'z') {
			i++
			continue
		}
		j, upper := i+1, isUpper(text[i])
		for j < len(text) && isWordByte(lower(text[j])) && !(isUpper(text[j]) && isSmall(text[j-1])) {
			upper = upper || isUpper(text[j])
			j++
		}
		w := text[i:j]
		if upper {
			w = strings.ToLower(w)
		}
		s.word(w)
		i = j
	}
}

func (s *itemScan) word(w string) {
	s.check(w)
	if s.names.isFirstWord(s.prev) {
		// prev2_prev_w, of which prev_w is the tail.
		s.buf = append(append(s.buf[:0], s.prev2...), '_')
		two := len(s.buf)
		s.buf = append(append(append(s.buf, s.prev...), '_'), w...)
		s.checkBytes(s.buf[two:])
		if s.names.isFirstWord(s.prev2) {
			s.checkBytes(s.buf)
		}
	}
	if s.words < 2 {
		s.head = append(s.head, w)
	}
	s.words++
	s.prev2, s.prev = s.prev, w
}

func (s *itemScan) check(name string) {
	if !s.names.item.may(name) {
		return
	}
	if canonical, ok := s.names.items[name]; ok {
		s.found(canonical)
	}
}

// checkBytes is check for a name being spelt (the lookup of a converted
// byte slice does not allocate).
func (s *itemScan) checkBytes(name []byte) {
	if !s.names.item.may(string(name)) {
		return
	}
	if canonical, ok := s.names.items[string(name)]; ok {
		s.found(canonical)
	}
}

// segmentItems is what a piece of context alone tells the item scan:
// the names in it, and its first and last two words, which can spell a
// name with the words around it.
type segmentItems struct {
	items       []string
	head        []string
	prev, prev2 string
	words       int
}

// maxCachedSegments bounds the grounder's cache of scanned segments; it
// starts afresh past it.
const maxCachedSegments = 1 << 16

// contextItems are ItemsIn(contextText(msgs)), in another order. The
// context is scanned in paragraphs, each once per grounder: a trial's
// calls resend the same command docs, examples and turns around the few
// lines that change (stats, inventory). No word spans a blank line or a
// message's end, so the names are those of the joined text: the ones
// spelt across two paragraphs are found from their first and last words.
func (g *Grounder) contextItems(msgs []trajectory.Message) []string {
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	join := itemScan{names: itemNames(), found: add}
	for _, m := range msgs {
		for rest := m.Content; rest != ""; {
			seg := rest
			if i := strings.Index(rest, "\n\n"); i >= 0 {
				seg = rest[:i+2]
			}
			rest = rest[len(seg):]
			si := g.segmentItems(seg)
			for _, it := range si.items {
				add(it)
			}
			// The joined text's scan reads this paragraph's first two
			// words after the last two words before it.
			for _, w := range si.head {
				join.word(w)
			}
			if si.words > 2 {
				join.prev2, join.prev = si.prev2, si.prev
			}
		}
	}
	return out
}

func (g *Grounder) segmentItems(text string) *segmentItems {
	key := xxh3.HashString(text)
	g.mu.Lock()
	si, ok := g.segments[key]
	g.mu.Unlock()
	if ok {
		return si
	}
	si = &segmentItems{}
	sc := itemScan{names: itemNames(), found: func(name string) {
		if !slices.Contains(si.items, name) {
			si.items = append(si.items, name)
		}
	}}
	sc.text(text)
	for _, w := range sc.head {
		si.head = append(si.head, strings.Clone(w)) // not the text
	}
	si.prev, si.prev2, si.words = strings.Clone(sc.prev), strings.Clone(sc.prev2), sc.words
	g.mu.Lock()
	if g.segments == nil || len(g.segments) >= maxCachedSegments {
		g.segments = map[uint64]*segmentItems{}
	}
	g.segments[key] = si
	g.mu.Unlock()
	return si
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
type itemNameSet struct {
	items      map[string]string // name -> the name (found names share one string)
	firstWords map[string]bool
	// item and first tell the words no name or first word can be, without
	// hashing them: most words of a context are not names.
	item, first shapes
}

// shapes are the first bytes and lengths of a set of words: bit n of
// [c] is set when a word starting with c is n bytes long (63: 63 or
// more); bit 0 of [0], when the empty word is one.
type shapes [256]uint64

func (s *shapes) add(w string) {
	if w == "" {
		s[0] |= 1
		return
	}
	s[w[0]] |= 1 << min(len(w), 63)
}

// may reports whether w can be one of the words.
func (s *shapes) may(w string) bool {
	if w == "" {
		return s[0]&1 != 0
	}
	return s[w[0]]&(1<<min(len(w), 63)) != 0
}

func (n *itemNameSet) isFirstWord(w string) bool { return n.first.may(w) && n.firstWords[w] }

var itemNames = sync.OnceValue(func() *itemNameSet {
	n := &itemNameSet{items: map[string]string{}, firstWords: map[string]bool{}}
	add := func(name string) {
		n.items[name] = name
		n.item.add(name)
		parts := strings.Split(name, "_")
		for k := 0; k+1 < len(parts); k++ {
			n.firstWords[parts[k]] = true
			n.first.add(parts[k])
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
	if item == "" || strings.ContainsFunc(item, func(r rune) bool { return !(isWordByte(byte(r)) && r < 0x80) }) {
		return 0 // heldRE's names are [a-z0-9_]+
	}
	key := "- " + item + ": "
	for end := len(ctx); end > 0; {
		i := strings.LastIndex(ctx[:end], key)
		if i < 0 {
			return 0
		}
		end = i
		if i > 0 && ctx[i-1] != '\n' {
			continue
		}
		line := ctx[i+len(key):]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if line != "" && strings.Trim(line, "0123456789") == "" {
			n, _ := strconv.Atoi(line)
			return n
		}
	}
	return 0
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
