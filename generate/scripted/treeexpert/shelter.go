package treeexpert

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/plural"
	"collabcraft/procgen"
	"collabcraft/sagents"
)

// S-Agents' shelter (Fig. 5): the leader stages the work (the
// inventories it has not heard of reported first, then the stone
// foundation, the wooden walls, the stone ceiling) and splits each stage
// by who holds the material, in contiguous rows or wall columns; a worker
// builds its part with a program that loops over them.

// plot is the shelter the user's goal asks for.
type plot struct {
	x, y, z, size, height int
}

var shelterGoalRE = regexp.MustCompile(`a (\d+)x\d+ stone foundation from \((-?\d+), (-?\d+), (-?\d+)\).*?walls (\d+) blocks high`)

func readPlot(s string) (plot, bool) {
	m := shelterGoalRE.FindStringSubmatch(s)
	if m == nil {
		return plot{}, false
	}
	n := atoiAll(m[1:])
	return plot{size: n[0], x: n[1], y: n[2], z: n[3], height: n[4]}, true
}

func atoiAll(ss []string) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i], _ = strconv.Atoi(s)
	}
	return out
}

// shelterGoalOf is the user's shelter goal in the conversation, else the
// objective the planner wrote (the goal itself).
func shelterGoalOf(c sagents.PlannerCall) (plot, bool) {
	for _, l := range c.Lines {
		if l.Speaker == "user" {
			if p, ok := readPlot(l.Text); ok {
				return p, true
			}
		}
	}
	return readPlot(c.Objective)
}

// part is one worker's share of a stage, as the plan line and the order
// say it: "build the foundation rows 1 to 5 of the 5x5 plot at (x, y,
// z) with cobblestone".
type part struct {
	what     string // foundation, wall, ceiling
	from, to int    // rows (north to south) or ring columns (clockwise from the north-west corner), 1-based
	p        plot
	item     string
}

func (b part) String() string {
	unit := "rows"
	if b.what == "wall" {
		unit = "columns"
	}
	high := ""
	switch b.what {
	case "wall":
		high = fmt.Sprintf(", %d high,", b.p.height)
	case "ceiling":
		high = fmt.Sprintf(", on walls %d high,", b.p.height)
	}
	return fmt.Sprintf("the %s %s %d to %d of the %dx%d plot at (%d, %d, %d)%s with %s", b.what, unit, b.from, b.to, b.p.size, b.p.size, b.p.x, b.p.y, b.p.z, high, b.item)
}

// partRE reads a part as String says it and as partWords words it: "lay
// rows 1-3 of the foundation on the 5x5 plot at (x, y, z) using
// cobblestone".
var partRE = regexp.MustCompile(`(?i)\b(?:build|lay|place|put down|put up|put on|raise) (?:the (foundation|wall|ceiling) )?(?:rows|columns) (\d+)(?: to | through |-)(\d+) of the (?:(foundation|wall|ceiling) on the )?(\d+)x\d+ plot at \((-?\d+), (-?\d+), (-?\d+)\),? (?:(?:on walls )?(\d+) (?:blocks )?high,? )?(?:with|using|out of) ([a-z_]+)`)

func readPart(s string) (part, bool) {
	m := partRE.FindStringSubmatch(s)
	if m == nil || (m[1] == "") == (m[4] == "") {
		return part{}, false
	}
	n := atoiAll([]string{m[2], m[3], m[5], m[6], m[7], m[8]})
	h, _ := strconv.Atoi(m[9])
	return part{what: strings.ToLower(m[1] + m[4]), from: n[0], to: n[1], item: m[10],
		p: plot{size: n[2], x: n[3], y: n[4], z: n[5], height: h}}, true
}

// samePart reports whether two orders are the same part, however worded.
func samePart(a, b string) bool {
	x, ok := readPart(a)
	y, ok2 := readPart(b)
	return ok && ok2 && x == y
}

// partWords words a part as a todo, the ways players say it: the verb,
// where the part's name goes, the span and the material's preposition
// drawn; readPart reads every wording back as the part (the stage lines
// keep String's words, which the monitor and the stages look for).
func (w words) partWords(b part) string {
	verb := map[string]string{"foundation": "{build|lay|place|put down}", "wall": "{build|raise|put up|place}", "ceiling": "{build|lay|place|put on}"}[b.what]
	unit := "rows"
	if b.what == "wall" {
		unit = "columns"
	}
	span := w.gen(fmt.Sprintf("{%[1]d to %[2]d|%[1]d to %[2]d|%[1]d-%[2]d|%[1]d through %[2]d}", b.from, b.to))
	where := fmt.Sprintf("%dx%d plot at (%d, %d, %d)", b.p.size, b.p.size, b.p.x, b.p.y, b.p.z)
	high := ""
	switch b.what {
	case "wall":
		high = w.gen(fmt.Sprintf("{, %[1]d high,| %[1]d blocks high}", b.p.height))
	case "ceiling":
		high = w.gen(fmt.Sprintf("{, on walls %[1]d high,| on walls %[1]d high}", b.p.height))
	}
	with := w.gen("{with|with|using|out of}")
	if w.rng.IntN(2) == 0 {
		return w.gen(verb) + " the " + b.what + " " + unit + " " + span + " of the " + where + high + " " + with + " " + b.item
	}
	return w.gen(verb) + " " + unit + " " + span + " of the " + b.what + " on the " + where + high + " " + with + " " + b.item
}

// reportRE is the order to report an inventory.
var reportRE = regexp.MustCompile(`(?i)^report the inventory\.?$`)

// shelterStages are the stages in building order; the leader moves to the
// next when the last succeeded and plans the same again when it failed.
var shelterStages = []string{"report", "foundation", "wall", "ceiling"}

// stageOf is the stage a task at hand is of ("" for none).
func stageOf(task string) string {
	if strings.Contains(task, " reports the inventory") {
		return "report"
	}
	for _, s := range shelterStages[1:] {
		if strings.Contains(task, "builds the "+s+" ") {
			return s
		}
	}
	return ""
}

// rootShelterPlan is the leader's plan for the shelter.
func (w words) rootShelterPlan(c sagents.PlannerCall, p plot) string {
	staff := c.Employment
	inv := inventories(staff, c.Inventory, c.Lines)
	objective := goalLine(c)
	informer := "user"
	var unheard []string
	for _, n := range staff {
		if inv[n] == nil && n != c.Name {
			unheard = append(unheard, n)
		}
	}
	prev := stageOf(c.Task)
	next := ""
	switch {
	case prev == "" && len(unheard) > 0:
		next = "report"
	case prev == "":
		next = "foundation"
	case c.Status == sagents.Fail:
		next = prev
	default:
		for i, s := range shelterStages {
			if s == prev && i+1 < len(shelterStages) {
				next = shelterStages[i+1]
			}
		}
	}
	long := w.gen("Stage 1: {Lay|Build} the stone foundation\nStage 2: {Raise|Build} the wooden walls on its edge, {leaving|with} the door gap {in the south wall|in the middle of the south wall}\nStage 3: {Put|Lay} the stone ceiling on the walls")
	if next == "" {
		a := w.gen("{The ceiling stage succeeded|The last stage, the ceiling, is done}, so {the shelter is built|every part of the shelter is in place}{.| and nothing is left to do.}")
		return w.planText(invText(staff, inv), objective, a, long, "None", informer)
	}
	if next == "report" {
		var lines []string
		for _, n := range unheard {
			lines = append(lines, n+" reports the inventory.")
		}
		a := w.gen(fmt.Sprintf("{The foundation and the ceiling need stone and the walls need planks|Stone goes into the foundation and the ceiling, planks into the walls}, but {I do not know what %s {hold|carry}|%s {have|has} not told me {what they hold|their inventory} yet}. {I ask first, then split the work by material.|The work is split by who holds what, so I ask first.}", strings.Join(unheard, " and "), strings.Join(unheard, " and ")))
		at := "Stage 0: " + w.gen("{Learn|Find out} who holds {what|which material}") + "\n" + strings.Join(lines, "\n")
		return w.planText(invText(staff, inv), objective, a, "Stage 0: "+w.gen("{Learn|Find out} who holds what")+"\n"+long, at, informer)
	}
	stone := next != "wall"
	units, per := p.size, p.size // rows of size blocks
	if !stone {
		units, per = 4*(p.size-1), p.height // ring columns, height blocks each
	}
	hs := holders(staff, inv, stone)
	name := map[string]string{"foundation": "Stage 1: {Lay|Build} the stone foundation", "wall": "Stage 2: {Raise|Build} the wooden walls", "ceiling": "Stage 3: {Put|Lay} the stone ceiling on the walls"}[next]
	if len(hs) == 0 {
		mat := map[bool]string{true: "stone", false: "planks"}[stone]
		if link := nextLink(c); link != "" && stone {
			// A chain: nobody I hear of holds it, so the stage goes on to
			// the next link, who may get it done through its own people.
			a := w.gen(fmt.Sprintf("{Nobody I have heard from|Neither I nor %s} {holds|has reported} any stone, so {the whole %s goes on to %s|%s takes the whole %s on}{, who can pass it further down the chain|}.", link, next, link, link, next))
			line := link + " builds " + part{what: next, from: 1, to: units, p: p, item: "stone"}.String() + "."
			return w.planText(invText(staff, inv), objective, a, long, w.gen(name)+"\n"+line, informer)
		}
		a := w.gen(fmt.Sprintf("{Nobody on the team|No one} has reported any %s, so {the %s stage cannot be built|I cannot build the %s}.", mat, next, next))
		return w.planText(invText(staff, inv), objective, a, long, "None", informer)
	}
	lines := runs(next, 1, units, per, p, hs)
	name = map[string]string{"foundation": "Stage 1: {Lay|Build} the stone foundation", "wall": "Stage 2: {Raise|Build} the wooden walls", "ceiling": "Stage 3: {Put|Lay} the stone ceiling on the walls"}[next]
	var a string
	switch {
	case c.Status == sagents.Fail:
		a = w.gen(fmt.Sprintf("The %s stage failed, so {it is handed out again|the same work goes out again}; {the programs skip the blocks already placed|blocks already in place are skipped}.", next))
	case stone:
		a = w.gen(fmt.Sprintf("The %s {is|needs} stone, {which|and that} %s {hold|holds}, so {the rows are split among them by how much each has|they take the rows, as many as their stone covers}.", next, holderNames(hs)))
	default:
		a = w.gen(fmt.Sprintf("The walls {need|are} planks, {which|and} %s {hold|holds}; {the edge ring's columns are split among them by how many planks each has|each takes a run of the ring's columns that its planks cover}.", holderNames(hs)))
	}
	at := w.gen(name) + "\n" + strings.Join(lines, "\n")
	return w.planText(invText(staff, inv), objective, a, long, at, informer)
}

// holders are the workers whose reported inventory holds the stage's
// material (stone, else planks).
func holders(staff []string, inv map[string]map[string]int, stone bool) []holder {
	var hs []holder
	for _, n := range staff {
		for _, k := range slices.Sorted(maps.Keys(inv[n])) {
			if stone && procgen.ShelterStone(k) || !stone && procgen.ShelterWood(k) && strings.HasSuffix(k, "_planks") {
				hs = append(hs, holder{n, k, inv[n][k]})
			}
		}
	}
	return hs
}

// runs splits the units from to to of a stage (rows, or ring columns of
// per blocks each) among the holders in contiguous runs: each holder
// takes units while its material lasts, the last holder the rest.
func runs(what string, from, to, per int, p plot, hs []holder) []string {
	var lines []string
	u := from
	for i, h := range hs {
		k := h.n / per
		if i == len(hs)-1 || u+k-1 > to {
			k = to - u + 1
		}
		if k <= 0 {
			continue
		}
		lines = append(lines, h.name+" builds "+part{what: what, from: u, to: u + k - 1, p: p, item: h.item}.String()+".")
		u += k
		if u > to {
			break
		}
	}
	return lines
}

// nextLink is, for a leader whose employees are itself and one other (a
// link of a chain of agents), that other; "" otherwise.
func nextLink(c sagents.PlannerCall) string {
	if len(c.Employment) != 2 || !slices.Contains(c.Employment, c.Name) {
		return ""
	}
	for _, n := range c.Employment {
		if n != c.Name {
			return n
		}
	}
	return ""
}

// linkShelterPlan is a chain link's plan for a shelter order from the
// link before it: it reports its inventory itself; a part of a stage it
// builds with the material it and the next link reported (asking the next
// link's inventory first), or hands on whole when neither holds it.
func (w words) linkShelterPlan(c sagents.PlannerCall, order, informer string) string {
	b, isPart := readPart(order)
	if !isPart {
		return w.leafShelterPlan(c, order, informer)
	}
	staff := c.Employment
	inv := inventories(staff, c.Inventory, c.Lines)
	objective := strings.ToUpper(order[:1]) + strings.TrimSuffix(order[1:], ".") + "."
	stone := b.what != "wall"
	per := b.p.size
	if !stone {
		per = b.p.height
	}
	var lines []string
	var a string
	link := nextLink(c)
	switch {
	case c.Status == sagents.Success && strings.Contains(c.Task, "builds the "+b.what+" "):
		return w.planText(invText(staff, inv), objective, w.gen("{The stage|My part of the chain's work} succeeded{, so the order is done|; nothing is left of it}."), c.Plan, "None", informer)
	case link != "" && inv[link] == nil:
		lines = []string{link + " reports the inventory."}
		a = w.gen(fmt.Sprintf("{I do not know what %s holds|%s has not told me what it holds}, so I ask before {the part is split|I split the part}.", link, link))
	default:
		hs := holders(staff, inv, stone)
		switch {
		case len(hs) > 0:
			lines = runs(b.what, b.from, b.to, per, b.p, hs)
			a = w.gen(fmt.Sprintf("{The part|This part of the %s} {needs|is} %s, which %s {hold|holds}, so {the units are split among them|it is split by how much each has}.", b.what, map[bool]string{true: "stone", false: "planks"}[stone], holderNames(hs)))
		case link != "":
			lines = []string{link + " builds " + b.String() + "."}
			a = w.gen(fmt.Sprintf("Neither I nor %s {hold|holds} the material, so the part goes on {down the chain|to %s}.", link, link))
		default:
			return w.planText(invText(staff, inv), objective, w.gen("{Nobody I hear of holds|No one has reported} the material, so {the part cannot be built|I cannot build it}."), c.Plan, "None", informer)
		}
		if c.Status == sagents.Fail {
			a += w.gen(" {The last attempt failed|The previous try fell short}, so {it goes out again|the same work goes out again}.")
		}
	}
	at := "Stage 1: " + w.gen("{Build|Place} {my part|the part}") + "\n" + strings.Join(lines, "\n")
	return w.planText(invText(staff, inv), objective, a, at, at, informer)
}

// holder is a worker holding a material, as reported.
type holder struct {
	name, item string
	n          int
}

func holderNames(hs []holder) string {
	var names []string
	for _, h := range hs {
		if len(names) == 0 || names[len(names)-1] != h.name {
			names = append(names, h.name)
		}
	}
	return strings.Join(names, " and ")
}

// goalLine is the user's goal line, verbatim.
func goalLine(c sagents.PlannerCall) string {
	for _, l := range c.Lines {
		if l.Speaker == "user" {
			if _, ok := readPlot(l.Text); ok {
				return l.Text
			}
		}
	}
	if _, ok := readPlot(c.Objective); ok {
		return c.Objective
	}
	return ""
}

// leafShelterPlan stages a worker's shelter order: one stage, the order.
func (w words) leafShelterPlan(c sagents.PlannerCall, order, informer string) string {
	me := c.Name
	inv := inventories([]string{me}, c.Inventory, nil)[me]
	invs := invText([]string{me}, map[string]map[string]int{me: inv})
	verb, rest, _ := strings.Cut(strings.TrimSuffix(order, "."), " ")
	line := me + " " + strings.ToLower(verb) + "s " + rest + "."
	b, isPart := readPart(order)
	if isPart {
		// The stage line in String's words, however the order put it.
		line = me + " builds " + b.String() + "."
	}
	objective := strings.ToUpper(order[:1]) + strings.TrimSuffix(order[1:], ".") + "."
	if c.Status == sagents.Success && strings.Contains(c.Task, line) {
		return w.planText(invs, objective, w.gen("{The stage|My part|What I was given} {succeeded|is done|went through}{, so my order is done|; nothing is left of it|, which ends my order}.")+w.holding(inv, 1), c.Plan, "None", informer)
	}
	var a string
	if isPart {
		a = w.gen(fmt.Sprintf("{I place|My part is} %d %s blocks {in order|one after another}, {each next to one already placed|so each has a block to go against}.", b.cells(), b.item))
	} else {
		a = w.gen("{The leader wants to know what I hold|I am asked what I carry|My inventory is asked for}, so I {report|list|tell} {my inventory|what I have}.") + w.holding(inv, 0)
	}
	if c.Status == sagents.Fail {
		a += w.gen(" {The last attempt failed|The previous try fell short}, so I {try again|do it again}{, skipping what is already built|}.")
	}
	stage := "Stage 1: " + w.gen(map[bool]string{true: "{Build|Place} my part", false: "{Report|List} my inventory"}[isPart]) + "\n" + line
	return w.planText(invs, objective, a, stage, stage, informer)
}

// cells is how many blocks the part places (the door gap aside).
func (b part) cells() int {
	if b.what == "wall" {
		return (b.to - b.from + 1) * b.p.height
	}
	return (b.to - b.from + 1) * b.p.size
}

// shelterOrder is a worker's latest shelter order in the conversation.
func shelterOrder(c sagents.PlannerCall) (order, informer string, ok bool) {
	for _, l := range c.Lines {
		o, isOrder := strings.CutPrefix(l.Text, c.Name+", please ")
		if l.Speaker == c.Name || !isOrder {
			continue
		}
		if _, b := readPart(o); b || reportRE.MatchString(o) {
			order, informer, ok = o, l.Speaker, true
		}
	}
	if !ok {
		// The objective restates the order, in its words ("Lay rows 1-5
		// of the foundation ...").
		if _, b := readPart(c.Objective); b || reportRE.MatchString(c.Objective) {
			return c.Objective, bossOf(c), true
		}
	}
	return order, informer, ok
}

// buildSkill writes the program of a part: the positions it covers in
// loops, each placed when not already there, a count at the end.
func (w words) buildSkill(b part) (explain, plan, code string) {
	fn := w.gen("{build|place|lay}") + camel(b.what) + w.gen(map[bool]string{true: "{Columns|Part|Section}", false: "{Rows|Part|Section}"}[b.what == "wall"])
	placeFn := w.gen("{placeMissing|placeIfEmpty|fillCell}")
	var cells string
	switch b.what {
	case "wall":
		cells = fmt.Sprintf(`  // The edge ring's columns, clockwise from the north-west corner.
  const ring = [];
  for (let i = 0; i < size - 1; i++) ring.push(site.offset(i, 0, 0));
  for (let i = 0; i < size - 1; i++) ring.push(site.offset(size - 1, 0, i));
  for (let i = 0; i < size - 1; i++) ring.push(site.offset(size - 1 - i, 0, size - 1));
  for (let i = 0; i < size - 1; i++) ring.push(site.offset(0, 0, size - 1 - i));
  // The door gap: the middle of the south wall, two blocks high.
  const door = site.offset(Math.floor(size / 2), 0, size - 1);
  for (let column = %d; column < %d; column++) {
    for (let level = 1; level <= %d; level++) {
      const base = ring[column];
      if (base.equals(door) && level <= 2) continue;
      cells.push(base.offset(0, level, 0));
    }
  }
`, b.from-1, b.to, b.p.height)
	default:
		dy := 0
		if b.what == "ceiling" {
			dy = b.p.height + 1
		}
		cells = fmt.Sprintf(`  // Rows north to south, each west to east, so that every block has one
  // beside it (or below it) to be placed against.
  for (let row = %d; row < %d; row++) {
    for (let column = 0; column < size; column++) {
      cells.push(site.offset(column, %d, row));
    }
  }
`, b.from-1, b.to, dy)
	}
	// The ceiling is out of reach from the ground: the pathfinder pillars
	// up with dirt (or cobblestone, which the ceiling needs), so the
	// program digs some dirt first.
	stand := ""
	if b.what == "ceiling" {
		stand = w.gen(`  // {The ceiling is higher than I reach from the ground|From the ground I cannot reach the ceiling}: the pathfinder
  // pillars up with dirt or cobblestone, so I {dig|take} some dirt to stand on first.
  const dirt = bot.inventory.items().filter((i) => i.name === "dirt").reduce((n, i) => n + i.count, 0);
  if (dirt < 16) await mineBlock(bot, "dirt", 16 - dirt);
`)
	}
	code = fmt.Sprintf(`// Places item at pos unless it is already there; true when it is.
async function %[1]s(bot, item, pos) {
  if (bot.blockAt(pos).name !== item) {
    await placeItem(bot, item, pos);
  }
  return bot.blockAt(pos).name === item;
}

async function %[2]s(bot) {
  const site = new Vec3(%[3]d, %[4]d, %[5]d);
  const size = %[6]d;
  const item = %[7]q;
  const cells = [];
%[8]s%[12]s  let done = 0;
  for (const pos of cells) {
    if (await %[1]s(bot, item, pos)) done++;
  }
  // %[11]s
  const at = bot.entity.position;
  if (at.x >= site.x - 1 && at.x < site.x + size + 1 && at.z >= site.z - 1 && at.z < site.z + size + 1) {
    try {
      await bot.pathfinder.goto(new GoalNear(site.x + size + 2, site.y, site.z + size + 2, 3));
    } catch (err) {
      bot.chat("I could not step off the plot: " + err.message);
    }
  }
  if (done < cells.length) {
    // Someone standing in a cell, say: the next round places the rest.
    throw new Error("Placed " + done + " of " + cells.length + " blocks of the %[10]s; the rest are still missing.");
  }
  bot.chat(%[9]q);
}
`, placeFn, fn, b.p.x, b.p.y, b.p.z, b.p.size, b.item, cells, w.gen("{Done with|Finished} my part of the "+b.what+"."), b.what,
		w.gen("{Step off the plot|Off the plot}{, so that nobody stands where a teammate still has to place| again: a teammate cannot place a block where I stand}."), stand)
	unit := map[bool]string{true: "columns", false: "rows"}[b.what == "wall"]
	explain = w.gen(fmt.Sprintf("{My part is|I build} the %s %s %d to %d with %s. {The program lists the positions in loops and places each one that is not there yet|Each position is computed from the plot's corner and placed unless the block is already there}.", b.what, unit, b.from, b.to, b.item))
	if b.what == "wall" {
		explain += w.gen(" {The door gap in the south wall is left open|The two cells of the door stay empty}.")
	}
	plan = w.gen(fmt.Sprintf("1) {Compute|List} the positions of my %s from the plot's north-west corner.\n2) {Place|Put} %s at each {empty|missing} one, {in order|one by one}.\n3) {Report|Say} {how many were placed|whether my part is done} in the chat.", unit, b.item))
	return explain, plan, code
}

// reportSkill writes a program that says what the bot holds.
func (w words) reportSkill() (explain, plan, code string) {
	fn := w.gen("{report|tell|list}") + w.gen("{Inventory|Items|WhatIHold}")
	code = fmt.Sprintf(`async function %s(bot) {
  const items = bot.inventory.items().map((item) => item.count + " " + item.name);
  bot.chat(items.length > 0 ? "I hold " + items.join(", ") + "." : "My inventory is empty.");
}
`, fn)
	explain = w.gen("{The leader asked what I hold|I am to report my inventory}; {the program lists it in the chat|a short program says it in the chat}.")
	plan = w.gen("1) {List|Collect} the items {in my inventory|I hold} with their counts.\n2) {Say|Report} them in the chat.")
	return explain, plan, code
}

// shelterCritique judges a shelter todo from the observation: a report is
// done once the observation shows the inventory; a part once blocks of
// its material are among the nearby blocks (lenient as Voyager's critic
// is: the leader's next stage and the world judge the rest). Besides, it
// says some of what the observation shows of the work: the material left
// and in hand, where the builder stands against the plot, how much of the
// stage the part is.
func (w words) shelterCritique(t turn, b part, isPart bool) (reasoning string, success bool, critique string) {
	if !isPart {
		return w.reportCritique(t), true, ""
	}
	unit := map[bool]string{true: "columns", false: "rows"}[b.what == "wall"]
	which := fmt.Sprintf("the %s %s %d to %d", b.what, unit, b.from, b.to)
	seen := slices.Contains(t.blocks, b.item)
	// What is left of the material says how much went into the part.
	var facts []string
	if n := t.inv[b.item]; n > 0 {
		facts = append(facts, w.gen(fmt.Sprintf("{%[1]d %[2]s {are left|remain} in the inventory|The inventory still holds %[1]d %[2]s|%[1]d %[2]s are still in the inventory}.", n, b.item)))
	} else {
		facts = append(facts, w.gen(fmt.Sprintf("{No %[1]s is left in the inventory|All the %[1]s {went into it|was used}}.", b.item)))
	}
	if t.hand == b.item {
		facts = append(facts, w.gen(fmt.Sprintf("{You still hold %[1]s in your main hand|The %[1]s is still equipped}.", b.item)))
	}
	if p := w.plotPlace(t, b.p); p != "" {
		facts = append(facts, p)
	}
	facts = append(facts, w.partExtent(b))
	if seen {
		r := w.gen(fmt.Sprintf("{The nearby blocks include|Among the nearby blocks is|Nearby there is|The observation shows|The nearby blocks list} %s, {so %s {are|were} placed|the material of %s|which is what %s are made of}{, and the program ended without an error|; no error came back|}.", b.item, which, which, which))
		s := append([]string{r}, w.some(facts, 2)...)
		if c := w.gen("{|The part is done.|Your share of the " + b.what + " is in place.|Nothing more is needed for this part.|The part counts as built.}"); c != "" {
			s = append(s, c)
		}
		return strings.Join(s, " "), true, ""
	}
	r := w.gen(fmt.Sprintf("{No %s is among the nearby blocks|The nearby blocks show no %s|%s is missing from the nearby blocks}, so {the %s is not built|nothing of the %s was placed|the %s is not there yet}.", b.item, b.item, b.item, b.what, b.what, b.what))
	return strings.Join(append([]string{r}, w.some(facts[:1], 1)...), " "), false,
		w.gen(fmt.Sprintf("{Walk to the plot and place the %s of %s again|Go back to the plot at (%d, %d, %d) and place %s|Return to the plot and build %s with %s}.", b.item, which, b.p.x, b.p.y, b.p.z, which, which, b.item))
}

// reportCritique judges an inventory report: it needs nothing gathered,
// so the critic checks the observation shows an inventory and says what
// it holds, and maybe how it is stacked and what it is good for.
func (w words) reportCritique(t turn) string {
	raw := w.rng.IntN(2) == 0
	var held []string
	for _, k := range slices.Sorted(maps.Keys(t.inv)) {
		if raw {
			held = append(held, fmt.Sprintf("%d %s", t.inv[k], k))
		} else {
			held = append(held, itemWords(t.inv[k], k))
		}
	}
	what := "nothing"
	if len(held) > 0 {
		what = strings.Join(held, ", ")
		if !raw {
			what = listAnd(held)
		}
	}
	var s []string
	if w.rng.IntN(3) == 0 {
		s = append(s, w.gen("{The task only asks for a report of the inventory|A report needs nothing gathered or built|For a report, the inventory section is all that matters|Reporting takes no items}."))
	}
	kinds := ""
	switch n := len(held); {
	case n > 1 && w.rng.IntN(2) == 0:
		kinds = w.gen(fmt.Sprintf("{, %d kinds of items|, %d different items| (%d stacks)}", n, n, n))
	case n == 1 && w.rng.IntN(2) == 0:
		kinds = w.gen("{, a single stack|, one kind of item only| and nothing else}")
	}
	s = append(s, w.gen("{The inventory is in the observation|Your inventory shows|The observation lists your inventory|The inventory section reads|You carry|Your inventory holds|The inventory has}: "+what)+kinds+
		w.gen("{, which is what there was to report|; that is the report||; the task only asks to report it|. Reporting it needs no items, so the task is done|; nothing had to be gathered for this|, and that is all the task wants}."))
	var facts []string
	for _, k := range slices.Sorted(maps.Keys(t.inv)) {
		if n := t.inv[k]; n > 64 {
			facts = append(facts, w.gen(fmt.Sprintf("{The %[1]d %[2]s fill %[3]d stacks|%[1]d %[2]s take %[3]d stacks of 64}.", n, k, (n+63)/64)))
			break
		}
	}
	if t.slots > 0 {
		facts = append(facts, w.gen(fmt.Sprintf("{It takes %[1]d of the 36 slots|%[1]d of 36 slots %[2]s in use|%[3]s %[4]s still free}.",
			t.slots, be(t.slots), plural.Count(36-t.slots, "slot"), be(36-t.slots))))
	}
	if m := material(t.inv); m != "" {
		facts = append(facts, w.gen(m))
	}
	if c := strings.Join(w.some(facts, 2), " "); c != "" {
		s = append(s, c)
	}
	return strings.Join(s, " ")
}

// material says what kind of building material an inventory holds (the
// shelter's stone and wood), "" when it holds other things too.
func material(inv map[string]int) string {
	stone, wood := false, false
	for k := range inv {
		switch {
		case procgen.ShelterStone(k):
			stone = true
		case procgen.ShelterWood(k):
			wood = true
		default:
			return ""
		}
	}
	switch {
	case stone && wood:
		return "{Both stone and wood are there to build with|That is stone and wood, both building material}."
	case stone:
		return "{That is stone to build with|It is all building stone|All of it is stone for building}."
	case wood:
		return "{That is wood to build with|It is all wood for building|All of it is building wood}."
	}
	return ""
}

// plotPlace says where the builder stands against the plot: off it, on
// which side and how far, or on it.
func (w words) plotPlace(t turn, p plot) string {
	if !t.hasPos {
		return ""
	}
	at := fmt.Sprintf("x=%.1f, z=%.1f", t.x, t.z)
	ns, dz := beyond(int(math.Floor(t.z)), p.z, p.z+p.size-1, "north", "south")
	ew, dx := beyond(int(math.Floor(t.x)), p.x, p.x+p.size-1, "west", "east")
	var side []string
	for _, s := range []string{ns, ew} {
		if s != "" {
			side = append(side, s)
		}
	}
	if len(side) == 0 {
		return w.gen("{You are still standing on the plot, at " + at + "|Your position, " + at + ", is on the plot}.")
	}
	return w.gen(fmt.Sprintf("{You stand at %[1]s|Your position is %[1]s|You ended at %[1]s}, {%[2]s {of the plot|from the plot's edge}|off the plot to the %[3]s}{, so you block no cell of it|, clear of its cells|}.", at, plural.Count(max(dx, dz), "block")+" "+strings.Join(side, "-"), strings.Join(side, "-")))
}

// beyond is the side (below or above) of the range lo..hi a block
// coordinate v lies on and how far from it, "" and 0 within it.
func beyond(v, lo, hi int, below, above string) (string, int) {
	switch {
	case v < lo:
		return below, lo - v
	case v > hi:
		return above, v - hi
	}
	return "", 0
}

// partExtent says how much of its stage the part is, from the task.
func (w words) partExtent(b part) string {
	units, unit := b.p.size, "rows"
	if b.what == "wall" {
		units, unit = 4*(b.p.size-1), "columns"
	}
	k := b.to - b.from + 1
	var size string
	if b.what == "wall" {
		size = w.gen(fmt.Sprintf("{, %d high|, each %d blocks high}", b.p.height, b.p.height))
	} else {
		size = w.gen(fmt.Sprintf("{, %d blocks| of %d blocks each|, %d blocks in all}", k*b.p.size, b.p.size, k*b.p.size))
	}
	if b.from == 1 && b.to == units {
		return w.gen(fmt.Sprintf("{That is the whole %[1]s|The part is the entire %[1]s|These are all %[2]d %[3]s of the %[1]s}", b.what, units, unit)) + size + "."
	}
	return w.gen(fmt.Sprintf("{Your share is %[1]d of the %[2]s's %[3]d %[4]s|That is %[1]d of %[3]d %[4]s|The part covers %[1]d of the %[3]d %[4]s}", k, b.what, units, unit)) + size + "."
}

// be is the verb for a count of n: "1 slot is", "3 slots are".
func be(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
