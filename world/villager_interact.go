package world

import (
	"math"
	"strings"
	"time"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// interact is env_api.interact_nearest(name, get_item_name=get,
// count=count, fuel_item_name=fuel) (env_api.py:1757-2140) for the routes
// of the tools (/post_open, /post_get, /post_smelt, /post_craft): a nil get
// or fuel is Python's None. It returns the message, the status and the
// data; an empty message means the route raised.
func (c *vcall) interact(name string, get *string, count int, fuel *string) (string, bool, any) {
	a := c.r.a
	if a.held != "" && name == a.held {
		return c.interactItem(name)
	}
	pos, ok := c.nearest(name)
	if !ok {
		return "cannot find anything named " + name + ", try to get more infos or help", false, []any{}
	}
	if get != nil {
		g := similarOr(*get)
		get = &g
	}
	if fuel != nil {
		f := similarOr(*fuel)
		fuel = &f
	}
	raw := name
	if s := villagerNames().Similar(name); s != "" && !containsAny(raw, "crafting", "container", "chest", "furnace") {
		name = s
	}
	if msg := c.interactWalk(name, pos, 3); msg != "" {
		return msg, false, []any{}
	}
	switch {
	case strings.Contains(name, "crafting"):
		return c.craftAt(name, get, count)
	case strings.Contains(name, "container") || strings.Contains(name, "chest"):
		return c.chestAt(name, pos.Block(), get, count)
	case strings.Contains(name, "furnace"):
		if msg, ok, d, done := c.furnaceAt(name, get, count, fuel); done {
			return msg, ok, d
		}
	case strings.Contains(name, "enchanting_table"), strings.Contains(name, "anvil"),
		strings.Contains(name, "villager"), strings.Contains(name, "trader"):
		// Enchanting, anvils and trading are not modelled: our worlds hold
		// no such block or villager for a tool to find.
		return "", false, nil
	}
	c.r.spend(activateSeconds) // lookAt, activateEntityAt, useOn, activateBlock
	return " activate " + name, true, []any{}
}

// interactItem is interactItem(bot, name): bot.consume() of the held item.
func (c *vcall) interactItem(name string) (string, bool, any) {
	if err := c.r.eat(c.r.a.held); err != "" {
		return "unable to activate " + name, false, []any{}
	}
	return " consume " + name, true, []any{}
}

// chestAt is interact_nearest's chest part: open, list, withdraw (count <
// 0) or deposit, close. The data lists the chest as it was opened.
func (c *vcall) chestAt(name string, p Pos, get *string, count int) (string, bool, any) {
	w, a := c.r.w, c.r.a
	at := w.blocks.name(p)
	if at != "chest" && !strings.Contains(at, "container") {
		return "the block at " + itoa(p.X) + "  " + itoa(p.Y) + " " + itoa(p.Z) + " is not a chest or container, it is " + at, false, []any{}
	}
	ch := w.containers[p]
	if w.escapeLocked(a, p) != "" {
		c.r.spend(windowTimeout) // bot.openChest waits for a window that never opens
		return "unable to open " + name, false, []any{}
	}
	c.vb.event(evWindowOpen)
	c.r.spend(chestSeconds)
	defer c.vb.event(evWindowClose)
	list := "It contains:"
	chestData := []any{}
	for _, s := range ch.Inv.Stacks() {
		list += s.Item + " "
		chestData = append(chestData, villager.Dict{{Key: "name", Value: s.Item}, {Key: "count", Value: s.Count}})
	}
	if get == nil || *get == "" || *get == "all" || *get == "everything" {
		return " open " + name + ", (didn't get them out)" + list, true, chestData
	}
	g := *get
	withdraw := func(n int) bool { // chest.withdraw: needs an empty slot, raises short
		target := ""
		for _, s := range ch.Inv.Stacks() {
			if strings.Contains(s.Item, g) {
				target = s.Item
				break
			}
		}
		if target == "" {
			return false
		}
		if !hasEmptySlot(a.inv) {
			return false
		}
		return transfer(ch.Inv, a.inv, target, n) == n
	}
	if count < 0 {
		if firstLike2(ch.Inv, g) == "" {
			return "cannot find enough " + g + " in it, " + list, false, chestData
		}
		if !withdraw(-count) {
			return "unable to open " + name, false, chestData
		}
		return " open " + name + ", and withdraw " + g + " X " + itoa(-count) + " from it", true, chestData
	}
	// getInventoryItemByName keeps at most one stack: any count above one
	// turns a deposit into a withdrawal.
	have := 0
	if firstLike(a, g) != "" {
		have = 1
	}
	if have < count {
		if firstLike2(ch.Inv, g) == "" {
			return "No enough " + g + " in " + name + " or in my bag." + list, false, chestData
		}
		if !withdraw(count) {
			return "unable to open " + name, false, chestData
		}
		return "Warning I don't have " + itoa(count) + " X " + g + " in my bag. Execute -" + itoa(count) + " X " + g + " to get from " + name + ".", true, chestData
	}
	if !mcdata.IsItem(g) || transfer(a.inv, ch.Inv, g, count) != count {
		return "unable to open " + name, false, chestData
	}
	a.fixHeld()
	return " open " + name + ", and deposit " + g + " X " + itoa(count) + " to it", true, chestData
}

// chestSeconds is the time to open a container and move its items.
const chestSeconds = 0.5

func hasEmptySlot(inv *Inventory) bool {
	for _, s := range inv.slots {
		if s.Count == 0 {
			return true
		}
	}
	return false
}

// firstLike2 is the first stack of inv whose name holds name.
func firstLike2(inv *Inventory, name string) string {
	for _, s := range inv.Stacks() {
		if strings.Contains(s.Item, name) {
			return s.Item
		}
	}
	return ""
}

// craftAt is interact_nearest's crafting part: the first recipe the bot can
// make count of (recipesFor; none, or no such item, raises: "unable to open
// crafting table"), an example recipe drawn from all of the item's, then
// bot.craft(recipe, count): count crafts, however many items each makes.
func (c *vcall) craftAt(name string, get *string, count int) (string, bool, any) {
	w, a := c.r.w, c.r.a
	recipeData := []any{}
	table := w.nearestBlock(a.pos, []string{"crafting_table"}, 16) != nil
	if get == nil || *get == "" {
		return " open crafting table " + name + ", what do you want to craft?", true, recipeData
	}
	g := *get
	fail := "unable to open crafting table " + name
	if !mcdata.IsItem(g) {
		return fail, false, recipeData
	}
	var usable []*mcdata.Recipe
	var recipe *mcdata.Recipe
	all := recipesOf(g)
	for i := range all {
		rec := &all[i]
		if rec.NeedsTable && !table {
			continue
		}
		usable = append(usable, rec)
		crafts := int(math.Ceil(float64(count) / float64(rec.Count)))
		if recipe == nil && canCraft(a.inv, rec, crafts) {
			recipe = rec
		}
	}
	if recipe == nil { // recipesFor(...)[0]: IndexError
		return fail, false, recipeData
	}
	example := usable[w.rng.IntN(len(usable))]
	text := "One example recipe is:"
	for _, in := range example.GridOrder {
		if in == g {
			continue
		}
		text += " " + in + " X " + itoa(example.Need(in)) + ","
		recipeData = append(recipeData, villager.Dict{{Key: "name", Value: in}, {Key: "count", Value: example.Need(in)}})
	}
	text += "It is important to mention that the recipe is variable, and the above is just an example. For example, you can use different types of wood to make a chest, try the materials you can easily get first."
	past := countLike(a, g)
	c.vb.event(evWindowOpen)
	made, failed := 0, false
	for ; made < count; made++ { // a craft short of anything raises
		if a.craftOnce(recipe) != craftDone {
			failed = true
			break
		}
	}
	a.fixHeld()
	c.r.spend(0.5 + 0.1*float64(made))
	c.vb.event(evWindowClose)
	if !failed || countLike(a, g) == past+count {
		return "I made " + g + " X " + itoa(count) + ".", true, recipeData
	}
	return "I cannot make " + g + ", maybe you should get more or create middle material first. " + text, false, recipeData
}

// canCraft is mineflayer's requirementsMetForRecipe: the inventory holds
// the ingredients of crafts crafts.
func canCraft(inv *Inventory, rec *mcdata.Recipe, crafts int) bool {
	for _, in := range rec.Ingredients {
		if inv.Count(in.Item) < in.Count*crafts {
			return false
		}
	}
	return true
}

// A VillagerAgent furnace runs on after the call that filled it: its
// input smelts one item per SmeltSeconds while its fire burns, and the
// fire, once lit, burns its fuel out (vanilla's litTime). MINDcraft's
// !smeltItem finishes its batch at once; both burn fuel with burnFor.

// smeltJob is the item a station is smelting and when it is done.
type smeltJob struct {
	output string
	next   time.Duration
}

func smeltStep(c *Container) time.Duration {
	return time.Duration(mcdata.SmeltSeconds(c.Kind) * float64(time.Second))
}

// startSmelt lights the station for its input when it can smelt it.
func startSmelt(c *Container, t time.Duration) {
	if c.job != nil || c.Input.Count == 0 {
		return
	}
	sm, ok := mcdata.Smelt(c.Input.Item)
	if !ok || c.burnFor(1) == 0 {
		return
	}
	c.job = &smeltJob{output: sm.Output, next: t + smeltStep(c)}
}

// settleStation runs the station's job up to time t.
func settleStation(c *Container, t time.Duration) {
	step := smeltStep(c)
	for c.job != nil && c.job.next <= t {
		done, out := c.job.next, c.job.output
		if c.Output.Count > 0 && (c.Output.Item != out || c.Output.Count >= stackSize(out)) {
			c.job, c.litUntil = nil, done+time.Duration(c.burnLeft*float64(step))
			return
		}
		c.Input.Count--
		if c.Input.Count == 0 {
			c.Input = Slot{}
		}
		c.Output = Slot{out, c.Output.Count + 1}
		if c.Input.Count == 0 || c.burnFor(1) == 0 {
			c.job, c.litUntil = nil, done+time.Duration(c.burnLeft*float64(step))
			return
		}
		c.job.next = done + step
	}
}

// burning is mineflayer's furnace.fuelSeconds > 1 at time t. A fire that
// went out took its fuel's rest with it.
func burning(c *Container, t time.Duration) bool {
	if c.job == nil && c.litUntil > 0 && c.litUntil <= t {
		c.burnLeft, c.litUntil = 0, 0
	}
	return c.job != nil || c.litUntil > t+time.Second
}

// furnaceAt is interact_nearest's furnace part, at the nearest furnace
// within 16 blocks. done is false when the code falls through (a get with
// no fuel), to the generic activation.
func (c *vcall) furnaceAt(name string, get *string, count int, fuel *string) (msg string, ok bool, d any, done bool) {
	w, a := c.r.w, c.r.a
	now := func() time.Duration { return w.now + time.Duration(c.r.dur*float64(time.Second)) }
	info := []any{}
	wrap := func() villager.Dict { return villager.Dict{{Key: "furnace_info", Value: info}} }
	slot := func(s Slot) villager.Dict {
		return villager.Dict{{Key: "name", Value: s.Item}, {Key: "count", Value: s.Count}}
	}
	fp := w.nearestBlock(a.pos, []string{"furnace"}, 16)
	const broke = "you action is executed, but system check furnace failed for several reasons, "
	if fuel == nil && get == nil {
		if fp == nil {
			return "", false, nil, true // a two-value return the route cannot unpack
		}
		f := w.containers[*fp]
		settleStation(f, now())
		c.vb.event(evWindowOpen)
		defer c.vb.event(evWindowClose)
		c.r.spend(chestSeconds)
		if f.Input.Count > 0 && burning(f, now()) {
			info = append(info, slot(f.Input))
			text := "the furnace is still working for " + f.Input.Item + "(" + itoa(f.Input.Count) + ")"
			if f.Fuel.Count > 0 {
				info = append(info, slot(f.Fuel))
				text += " use " + f.Fuel.Item + "(" + itoa(f.Fuel.Count) + ")"
			}
			return text, true, wrap(), true
		}
		if f.Output.Count > 0 {
			// takeOutput, then the answer reads the emptied slot and
			// raises; three tries later it says the furnace is empty.
			info = append(info, slot(f.Output))
			moved := a.inv.Add(f.Output.Item, f.Output.Count)
			f.Output.Count -= moved
			if f.Output.Count == 0 {
				f.Output = Slot{}
			}
		}
		return "the furnace is empty", true, wrap(), true
	}
	if fp == nil {
		return "No furnace nearby", false, wrap(), true
	}
	f := w.containers[*fp]
	settleStation(f, now())
	c.vb.event(evWindowOpen)
	c.r.spend(chestSeconds)
	for _, s := range []Slot{f.Input, f.Fuel, f.Output} {
		if s.Count > 0 {
			info = append(info, slot(s))
		}
	}
	if get == nil || *get == "" {
		c.vb.event(evWindowClose)
		return " open furnace " + name, true, wrap(), true
	}
	g := *get
	if burning(f, now()) {
		c.vb.event(evWindowClose)
		if f.Input.Count == 0 { // inputItem()['name'] of None raises
			return broke + "mostly because material is not enough", false, wrap(), true
		}
		return "the furnace is still working for " + f.Input.Item, false, wrap(), true
	}
	if f.Input.Count == 0 {
		if !mcdata.IsItem(g) {
			return "No item named " + g, false, wrap(), true
		}
		c.r.spend(1) // updateHeldItem, then a second's sleep
		if countLike(a, g) < count {
			return "No enough " + g, false, wrap(), true
		}
		if count > 0 { // putInput moves the exact item, and raises when short
			moved := a.inv.Remove(g, count)
			a.fixHeld()
			if moved > 0 {
				f.Input = Slot{g, moved}
			}
			if moved < count {
				return broke + "mostly because material is not enough", false, wrap(), true
			}
		}
		c.r.spend(0.1)
	}
	if fuel == nil || *fuel == "" {
		return "", false, nil, false // off the end of the furnace part
	}
	fu := *fuel
	if !mcdata.IsItem(fu) {
		return "No item named " + fu, false, wrap(), true
	}
	if a.inv.Count(fu) == 0 {
		// fuelItem()['count'] of an empty slot raises; a full slot
		// makes putFuel raise for want of the item.
		return broke + "mostly because material is not enough", false, wrap(), true
	}
	if smeltCapacity(fu) == 0 || f.Fuel.Count > 0 && f.Fuel.Item != fu {
		c.vb.event(evWindowClose)
		return fu + " is not a valid fuel", false, wrap(), true
	}
	a.inv.Remove(fu, 1)
	a.fixHeld()
	f.Fuel = Slot{fu, f.Fuel.Count + 1}
	c.r.spend(0.1)
	startSmelt(f, now())
	// Up to 30 one-second waits for an output.
	for wait := 0; wait < 30 && f.Output.Count == 0; wait++ {
		c.r.spend(1)
		settleStation(f, now())
	}
	if f.Output.Count == 0 { // takeOutput raises
		return broke + "mostly because material is not enough", false, wrap(), true
	}
	moved := a.inv.Add(f.Output.Item, f.Output.Count)
	if moved < f.Output.Count {
		f.Output.Count -= moved
		return broke + "mostly because material is not enough", false, wrap(), true
	}
	f.Output = Slot{}
	c.r.spend(0.2)
	c.vb.event(evWindowClose)
	return "I put " + fu + " as fuel in furnace and get " + name, true, wrap(), true
}
