package scripted

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/world/texts"
)

// farmCook is the farm agent that cooks: it learns the recipe and the
// farm, gives each farmhand its part, gets its own and cooks.
type farmCook struct {
	k *call
	f *farmFacts
}

// farmHand is a farm agent that brings the cook its part.
type farmHand struct {
	k *call
	f *farmFacts
}

// The farm roles' intents' facts.
type (
	farmLook struct{ What string } // "recipe", "chest", "blocks", "animals"
	givePart struct {              // the cook gives a farmhand its part
		To         string
		Part, Mine []chat.Want
	}
	farmWork struct{ Step farmStep } // a step along an item's chain
	farmFind struct{ Step int }      // to the mine (0), onto its ore (1), into its chest (2), for a pickaxe
	farmGive struct {
		To   string
		W    chat.Want
		Last []chat.Want // the whole part, when this is its last hand-over
	}
	farmReport struct {
		To   string
		Part []chat.Want
	}
	farmCooking struct {
		Dish  string
		Smelt bool
	}
	farmWait  struct{ For []string } // the cook waits for these farmhands
	farmAwait struct{ Cook string }  // a farmhand waits for its part
	farmBack  struct{}               // back to the chest of ingredients
	farmAck   struct {               // a farmhand takes its part
		Cook string
		Part []chat.Want
	}
	farmDone struct{ Dish string }
)

func (r *farmCook) inv(item string) int { return r.k.c.Count(item) }

func (r *farmCook) Decide() (Intent, bool) {
	c, f := r.k.c, r.f
	dish := f.dish
	if c.Count(dish) > 0 {
		return r.rest(farmDone{dish}), true
	}
	if i, ok := farmLookAround(c, f, true); ok {
		return i, true
	}
	me := c.Name()
	hands := slices.Sorted(slices.Values(c.Others()))
	split := f.split(me, hands)
	for _, h := range hands {
		if _, told := f.parts[h]; told || len(split[h]) == 0 {
			continue
		}
		return tell(givePart{To: h, Part: split[h], Mine: split[me]}, h), true
	}
	// The cook's own part is what it gave nobody.
	own := f.deliverables()
	for _, h := range hands {
		for _, w := range f.parts[h] {
			own = slices.DeleteFunc(own, func(o chat.Want) bool { return o.Item == w.Item })
		}
	}
	f.parts[me] = own
	if i, ok := backToChest(c); ok {
		return i, true
	}
	for _, w := range chestFirst(f, own) {
		if f.cooked(c, w) {
			continue
		}
		if st, ok := f.obtain(r.inv, w.Item, w.Count, 0); ok && st.How != "" && !stuck(c, st) {
			return farmDo(c, st), true
		}
	}
	// Cook: smelt what is smelted, then the dish.
	if smeltedFood(dish) && !slices.ContainsFunc(f.recipe, func(w chat.Want) bool { return w.Item == dish }) {
		if st, ok := f.obtain(r.inv, dish, 1, 0); ok && st.How == "smelt" {
			return do(farmCooking{dish, true}, st.Cmd, st.Args...), true
		}
	} else {
		for _, w := range f.recipe {
			if st, ok := f.obtain(r.inv, w.Item, w.Count, 0); ok && st.How == "smelt" {
				return do(farmWork{st}, st.Cmd, st.Args...), true
			}
		}
		if f.holds(c, f.recipe) {
			return do(farmCooking{Dish: dish}, "craftRecipe", dish, 1), true
		}
	}
	var waiting []string
	for _, h := range hands {
		if len(f.parts[h]) > 0 && !reportedPart(c, h) {
			waiting = append(waiting, h)
		}
	}
	if len(waiting) == 0 {
		// Every farmhand said its part is done and something is still
		// missing: get it.
		for _, w := range f.deliverables() {
			if st, ok := f.obtain(r.inv, w.Item, w.Count, 0); ok && st.How != "" {
				return farmDo(c, st), true
			}
		}
	}
	if a, ok := c.LastAct(); ok && a.Name == "!stay" && !newsSinceStay(c) {
		return chatOnly(silence{}), true
	}
	return do(farmWait{waiting}, "stay", 15), true
}

// rest is the cook or a farmhand with nothing left to do.
func (r *farmCook) rest(facts any) Intent {
	if stayedLast(r.k.c) {
		return chatOnly(silence{})
	}
	return do(facts, "stay", 30)
}

// farmLookAround is the next lookup the agent makes before it can plan: the
// recipe (the cook), the chest, the blocks, the animals.
func farmLookAround(c *know.Context, f *farmFacts, cook bool) (Intent, bool) {
	switch {
	case cook && f.recipe == nil && !plannedDish(c, f.dish):
		return do(farmLook{"recipe"}, "getCraftingPlan", f.dish, 1), true
	case !f.chestSeen && !triedChest(c):
		return do(farmLook{"chest"}, "viewChest"), true
	case !f.looked:
		return do(farmLook{"blocks"}, "nearbyBlocks"), true
	case !f.lookedMobs:
		return do(farmLook{"animals"}, "entities"), true
	}
	return Intent{}, false
}

// plannedDish reports whether the agent already looked the dish up in the
// window (a plan that names no step: nothing more to learn there).
func plannedDish(c *know.Context, dish string) bool {
	for _, a := range c.Acts() {
		if a.Name == "!getCraftingPlan" && a.Arg(0) == dish && a.Output != "" {
			return true
		}
	}
	return false
}

// triedChest reports whether a !viewChest found no chest.
func triedChest(c *know.Context) bool {
	for _, a := range c.Acts() {
		if a.Name == "!viewChest" && texts.IsNoChestNearby(a.Output) {
			return true
		}
	}
	return false
}

// reportedPart reports whether the farmhand said its part is done.
func reportedPart(c *know.Context, from string) bool {
	for _, m := range c.Messages() {
		if m.From == from && m.Has(chat.PartDone) {
			return true
		}
	}
	return slices.Contains(c.Notes().GotAllFrom, from)
}

// newsSinceStay reports whether a teammate's message came in after the
// agent's last turn.
func newsSinceStay(c *know.Context) bool {
	last := -1
	for i, t := range c.Turns() {
		if t.Role == "assistant" {
			last = i
		}
	}
	for _, m := range c.Messages() {
		if m.Turn > last {
			return true
		}
	}
	return false
}

// farmDo is the intent of a step: a command, or the walk to the mine and
// the look into its chest for a pickaxe.
func farmDo(c *know.Context, st farmStep) Intent {
	if st.How != "find" {
		return do(farmWork{st}, st.Cmd, st.Args...)
	}
	if a, ok := c.LastAct(); ok {
		// searchForBlock stops short of an ore behind the factory's
		// fence: walk onto the ore it found, then look into the nearest
		// chest, the factory's.
		if _, at, found := texts.ParseFound(a.Output); found && a.Name == "!searchForBlock" && a.Arg(0) == "coal_ore" {
			return do(farmFind{Step: 1}, "goToCoordinates", at[0], at[1], at[2], 1)
		}
		if a.Name == "!goToCoordinates" && !texts.IsFailure(a.Output) {
			return do(farmFind{Step: 2}, "viewChest")
		}
	}
	return do(farmFind{}, "searchForBlock", "coal_ore", 32)
}

func (r *farmCook) Notes(n *know.Notes) {
	r.f.notes(n)
	n.DoneSoFar = progressNote(r.k.c)
	if n.Parts == nil {
		n.Parts = map[string]string{}
	}
	for _, h := range r.k.c.Others() {
		if reportedPart(r.k.c, h) {
			n.GotAllFrom = append(n.GotAllFrom, h)
		}
	}
	slices.Sort(n.GotAllFrom)
}

func (r *farmCook) Phrasebook(v *voice) Phrasebook {
	return &farmWords{words{k: r.k, v: v}, r.f, true}
}

func (r *farmHand) inv(item string) int { return r.k.c.Count(item) }

func (r *farmHand) Decide() (Intent, bool) {
	c, f := r.k.c, r.f
	if f.partDone {
		if stayedLast(c) {
			return chatOnly(silence{}), true
		}
		return do(idle{30}, "stay", 30), true
	}
	part, ok := f.parts[c.Name()]
	if !ok {
		if i, ok := farmLookAround(c, f, false); ok {
			return i, true
		}
		if stayedLast(c) && !newsSinceStay(c) {
			return chatOnly(silence{}), true
		}
		return do(farmAwait{farmCookName(c)}, "stay", 10), true
	}
	if !f.chestSeen && !triedChest(c) {
		return do(farmLook{"chest"}, "viewChest"), true
	}
	cook := f.cook
	if cook == "" {
		cook = farmCookName(c)
	}
	if c.InConversationWith(cook) && c.Has("!endConversation") {
		// Say yes and leave the chat, so the cook's work and ours do not
		// flood each other's chat; the report opens a new one.
		return do(farmAck{cook, part}, "endConversation", cook), true
	}
	if f.gaveAll(part) {
		return tell(farmReport{cook, part}, cook), true
	}
	if i, ok := backToChest(c); ok {
		return i, true
	}
	var toGive []chat.Want
	for _, w := range chestFirst(f, part) {
		if f.gaveCounted[w.Item] != 0 {
			continue // handed over already
		}
		if c.Count(w.Item) >= w.Count {
			toGive = append(toGive, w)
			continue
		}
		if st, ok := f.obtain(r.inv, w.Item, w.Count, 0); ok && st.How != "" && !stuck(c, st) {
			return farmDo(c, st), true
		}
	}
	if len(toGive) > 0 {
		w := toGive[0]
		// The last hand-over's words say the part is done.
		var rest []chat.Want
		if last := len(toGive) == 1 && !slices.ContainsFunc(part, func(p chat.Want) bool {
			return p.Item != w.Item && f.gaveCounted[p.Item] == 0
		}); last {
			rest = part
		}
		return do(farmGive{cook, w, rest}, "givePlayer", cook, w.Item, w.Count), true
	}
	// Nothing to give and something it could not get: say so.
	if !f.partDone {
		return tell(farmReport{cook, part}, cook), true
	}
	return do(idle{30}, "stay", 30), true
}

// cooked reports whether the cook already smelted a raw item of its part
// into the recipe's item.
func (f *farmFacts) cooked(c *know.Context, w chat.Want) bool {
	for _, r := range f.recipe {
		if r.Item != w.Item && smeltedFood(r.Item) && farmRaw(r.Item) == w.Item && c.Count(r.Item) >= r.Count {
			return true
		}
	}
	return false
}

// backToChest: a take the nearest chest could not give (it is the
// factory's tool chest) sends the agent back to where it looked into the
// chest of ingredients.
func backToChest(c *know.Context) (Intent, bool) {
	if a, ok := c.LastAct(); ok && a.Name == "!takeFromChest" && texts.IsNotInChest(a.Output) {
		if at, ok := mainChestAt(c); ok {
			return do(farmBack{}, "goToCoordinates", at[0], at[1], at[2], 1), true
		}
	}
	return Intent{}, false
}

// chestFirst orders a part: what the chest holds first, so the agent
// takes it before it walks off to the fields.
func chestFirst(f *farmFacts, part []chat.Want) []chat.Want {
	out := slices.Clone(part)
	slices.SortStableFunc(out, func(a, b chat.Want) int {
		return f.cost(a) - f.cost(b)
	})
	return out
}

// mainChestAt is where the agent stood when it looked into the chest of
// ingredients (the first chest in the window that is not a tool chest).
func mainChestAt(c *know.Context) ([3]int, bool) {
	for _, a := range c.Acts() {
		if a.Name != "!viewChest" || !strings.Contains(a.Output, texts.ChestContains) && !strings.Contains(a.Output, texts.ChestEmpty) || toolChest(texts.ChestItems(a.Output)) {
			continue
		}
		x, y, z, ok := texts.ParseReached(a.Output)
		if !ok {
			continue
		}
		var p [3]int
		for k, s := range []string{x, y, z} {
			f, _ := strconv.ParseFloat(s, 64)
			p[k] = int(math.Floor(f))
		}
		return p, true
	}
	return [3]int{}, false
}

// stuck reports whether the same step failed twice in the window: the
// agent gives up on it and says so when it reports.
func stuck(c *know.Context, st farmStep) bool {
	n := 0
	for _, a := range c.Acts() {
		if a.Name == "!"+st.Cmd && len(a.Args) > 0 && len(st.Args) > 0 && a.Arg(0) == argText(st.Args[0]) && failed(a) {
			n++
		}
	}
	return n >= 2
}

// failed reports whether a command did nothing: a failure, or a harvest
// of nothing.
func failed(a know.Act) bool {
	if n, _, ok := texts.ParseCollected(a.Output); ok {
		return n == 0
	}
	return texts.IsFailure(a.Output)
}

func argText(a any) string {
	if s, ok := a.(string); ok {
		return s
	}
	return ""
}

func (r *farmHand) Notes(n *know.Notes) {
	r.f.notes(n)
	n.DoneSoFar = progressNote(r.k.c)
	n.PartDone = r.f.partDone || r.f.gaveAll(r.f.parts[r.k.c.Name()])
	for _, t := range append(slices.Clone(r.k.c.Folded()), r.k.c.Turns()...) {
		if _, item, ok := texts.ParseReceived(t.Content); ok && t.Role == "system" {
			r.f.gaveCounted[item] = -1
		}
	}
	for it := range r.f.gaveCounted {
		n.HandedOver = append(n.HandedOver, it)
	}
	slices.Sort(n.HandedOver)
	if r.f.cook != "" {
		n.CookIs = r.f.cook
	}
}

func (r *farmHand) Phrasebook(v *voice) Phrasebook {
	return &farmWords{words{k: r.k, v: v}, r.f, false}
}
