package queueexpert

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/covoyager"
	"collabcraft/mcdata"
	"collabcraft/voyager"
)

// subtaskRE reads a subtask's instruction as the pair manager words it
// (covoyager.Subtask.Text).
var subtaskRE = regexp.MustCompile(`^(Craft|Gather|Smelt|Kill|Shoot|Build) (\d+) (.+?)(?: and place it on the ground 1 block (left|right) the chest\.| using killMob and place the ([a-z ]+) in the chest\.| and place it/them in the chest\.)((?: Then place the [a-z ]+ back in the chest\.)*)$`)

var (
	backRE  = regexp.MustCompile(`Then place the ([a-z ]+) back in the chest\.`)
	chestRE = regexp.MustCompile(`\((-?\d+), (-?\d+), (-?\d+)\)`)
	invRE   = regexp.MustCompile(`Inventory \(\d+/36\): (.*)`)
	kvRE    = regexp.MustCompile(`'([a-z_]+)': (\d+)`)
)

// job is a subtask read back from its instruction and the turn.
type job struct {
	action   string
	count    int
	item     string // the Minecraft item (a mob for a kill)
	words    string
	side     string // left, right: a station placed by the chest
	drop     string // what goes in the chest
	tools    []string
	chest    string // "x, y, z"
	inv      map[string]int
	mats     []covoyager.Need // per single item
	critique string
	lastCode string
}

func readJob(msgs []covoyager.Message) (job, error) {
	if len(msgs) != 2 {
		return job{}, errors.New("queueexpert: a Voyager call has a system and a user message")
	}
	u := msgs[1].Content
	task := voyager.Section(u, "\nTask: ")
	m := subtaskRE.FindStringSubmatch(task)
	if m == nil {
		return job{}, fmt.Errorf("queueexpert: the task %q is not a Co-Voyager subtask", task)
	}
	j := job{action: strings.ToLower(m[1]), words: m[3], side: m[4], inv: map[string]int{}, critique: voyager.Section(u, "\nCritique: ")}
	j.count, _ = strconv.Atoi(m[2])
	j.item = covoyager.ItemOf(m[3])
	if j.item == "" {
		return job{}, fmt.Errorf("queueexpert: the subtask's item %q names no Minecraft item", m[3])
	}
	j.drop = covoyager.Drop(j.action, j.item)
	for _, b := range backRE.FindAllStringSubmatch(m[6], -1) {
		j.tools = append(j.tools, covoyager.ItemOf(b[1]))
	}
	if c := chestRE.FindStringSubmatch(voyager.Section(u, "\nChests:")); c != nil {
		j.chest = c[1] + ", " + c[2] + ", " + c[3]
	}
	if inv := invRE.FindStringSubmatch(u); inv != nil {
		for _, kv := range kvRE.FindAllStringSubmatch(inv[1], -1) {
			n, _ := strconv.Atoi(kv[2])
			j.inv[kv[1]] = n
		}
	}
	if mats, err := covoyager.ReadNeeds(voyager.Section(u, "\nMaterials required: ")); err == nil {
		j.mats = mats
	}
	if c, ok := strings.CutPrefix(u, "Code from the last round:\n"); ok {
		j.lastCode = c[:max(0, strings.Index(c, "\n\nExecution error"))]
	}
	return j, nil
}

// fromChest is what the subtask takes from the chest: the materials
// made by other subtasks (wood aside) for every item, and the tools kept
// there.
func (j job) fromChest() []covoyager.Need {
	var out []covoyager.Need
	for _, m := range j.mats {
		if !covoyager.IsBase(m.Item) {
			out = append(out, covoyager.Need{Item: m.Item, Count: m.Count * j.count})
		}
	}
	for _, t := range j.tools {
		out = append(out, covoyager.Need{Item: t, Count: 1})
	}
	return out
}

func jsObject(ns []covoyager.Need) string {
	var parts []string
	for _, n := range ns {
		parts = append(parts, fmt.Sprintf("%s: %d", n.Item, n.Count))
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// wood is how many planks and sticks the subtask's recipe or fuel takes.
func (j job) wood() (planks, sticks int) {
	for _, m := range j.mats {
		switch m.Item {
		case covoyager.Planks:
			planks += m.Count * j.count
		case "stick":
			sticks += m.Count * j.count
		}
	}
	return planks, sticks
}

func camel(s string) string {
	var b strings.Builder
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == ' ' }) {
		b.WriteString(strings.ToUpper(p[:1]) + p[1:])
	}
	return b.String()
}

// skillCode writes the subtask's program as a strong model answers the
// skill manager's prompt: helpers for wood and for the chest, a main
// function that takes what it needs from the chest, checks it has enough
// (throwing an error that says what is missing), does the action in a
// loop that explores when nothing is in sight, and hands the result and
// the tools over in the chest.
func (w words) skillCode(msgs []covoyager.Message) (string, error) {
	return w.skillCodeWith(msgs, "")
}

// Slips a human player makes in a subtask (HumanProgram).
const (
	SlipNone     = ""
	SlipShort    = "short"     // puts one fewer in the chest than asked
	SlipKeepTool = "keep_tool" // keeps the tool instead of putting it back
)

// HumanProgram is the program of a human player doing a subtask, from
// what it sees (the skill manager's turn for it): the program a coder
// would write, less what the slip leaves out.
func HumanProgram(msgs []covoyager.Message, slip string, rng *rand.Rand) (string, error) {
	answer, err := words{rng: rng}.skillCodeWith(msgs, slip)
	if err != nil {
		return "", err
	}
	p, perr := voyager.ReadProgram(answer)
	if perr != "" {
		return "", errors.New("queueexpert: " + perr)
	}
	return p.Code + "\n" + p.Exec, nil
}

func (w words) skillCodeWith(msgs []covoyager.Message, slip string) (string, error) {
	j, err := readJob(msgs)
	if err != nil {
		return "", err
	}
	if j.chest == "" {
		return "", errors.New("queueexpert: the turn shows no chest to hand over in")
	}
	retry := j.lastCode != ""
	var code strings.Builder
	planks, sticks := j.wood()
	if j.action == covoyager.Smelt {
		planks += j.count // fuel: a plank smelts one and a half items
	}
	needWood := planks > 0 || sticks > 0
	countFn := w.pick("countItem", "heldCount", "howMany")
	fmt.Fprintf(&code, "// How many of an item the bot holds.\nfunction %s(bot, name) {\n  return bot.inventory.items().filter((item) => item.name === name).reduce((sum, item) => sum + item.count, 0);\n}\n\n", countFn)
	woodFn := ""
	if needWood {
		woodFn = w.pick("prepareWood", "ensureWood", "getWoodReady")
		w.woodHelpers(&code, woodFn)
	}
	verb := map[string]string{covoyager.Craft: "craft", covoyager.Gather: "gather", covoyager.Smelt: "smelt", covoyager.Kill: "kill", covoyager.Shoot: "kill", covoyager.Build: "build"}[j.action]
	main := verb + camel(j.item) + w.pick("IntoChest", "ForTheTeam", "AndHandOver", "ToChest")
	if j.side != "" {
		main = verb + "AndPlace" + camel(j.item)
	}
	if retry {
		main += w.pick("Again", "Carefully", "Retry")
	}
	fmt.Fprintf(&code, "async function %s(bot) {\n  const chestPosition = new Vec3(%s);\n", main, j.chest)
	// Wood first: climbing to a log, the pathfinder may build with the
	// blocks held, so the chest's materials are taken afterwards.
	if needWood {
		fmt.Fprintf(&code, "  await %s(bot, %d, %d);\n", woodFn, planks, sticks)
	}
	take := j.fromChest()
	if len(take) > 0 {
		// What the program needs in hand: the chest is asked only for
		// what is missing (a round after a failed one may hold some).
		var need []string
		for _, n := range take {
			expr := strconv.Itoa(n.Count)
			if !slices.Contains(j.tools, n.Item) && (j.action == covoyager.Smelt || j.action == covoyager.Craft) {
				// Only for the items not made yet (a round after a
				// failed one may hold some).
				per := n.Count / j.count
				expr = fmt.Sprintf("%d * Math.max(0, %d - %s(bot, %q))", per, j.count, countFn, j.item)
				if per == 1 {
					expr = fmt.Sprintf("Math.max(0, %d - %s(bot, %q))", j.count, countFn, j.item)
				}
			}
			need = append(need, fmt.Sprintf("%s: %s", n.Item, expr))
		}
		fmt.Fprintf(&code, "  // %s\n  const needed = { %s };\n", w.gen("{What the other subtasks handed over|Materials and tools from the team's chest}"), strings.Join(need, ", "))
		fmt.Fprintf(&code, `  const missing = {};
  for (const name in needed) {
    if (%[1]s(bot, name) < needed[name]) missing[name] = needed[name] - %[1]s(bot, name);
  }
  if (Object.keys(missing).length > 0) {
    await getItemFromChest(bot, chestPosition, missing);
  }
  for (const name in needed) {
    if (%[1]s(bot, name) < needed[name]) {
      throw new Error("Not enough " + name + ": " + %[1]s(bot, name) + " of " + needed[name] + " in the inventory.");
    }
  }
`, countFn)
	}
	switch j.action {
	case covoyager.Craft:
		w.craftBody(&code, j, countFn)
	case covoyager.Gather:
		w.gatherBody(&code, j, countFn)
	case covoyager.Smelt:
		w.smeltBody(&code, j, countFn)
	case covoyager.Kill, covoyager.Shoot:
		w.killBody(&code, j, countFn)
	default:
		return "", fmt.Errorf("queueexpert: no skill for %s subtasks", j.action)
	}
	tools := toolNeeds(j.tools)
	if slip == SlipKeepTool {
		tools = nil
	}
	if j.side == "" {
		n := j.count
		if slip == SlipShort {
			n--
		}
		hand := append([]covoyager.Need{{Item: j.drop, Count: n}}, tools...)
		fmt.Fprintf(&code, "  await depositItemIntoChest(bot, chestPosition, %s);\n", jsObject(hand))
	} else if len(tools) > 0 {
		fmt.Fprintf(&code, "  await depositItemIntoChest(bot, chestPosition, %s);\n", jsObject(tools))
	}
	done := w.gen(fmt.Sprintf("{Done|Finished}: %d %s {in the chest|handed over}.", j.count, human(j.drop)))
	if j.side != "" {
		done = w.gen(fmt.Sprintf("{Done|Finished}: the %s {stands|is placed} %s of the chest.", human(j.item), j.side))
	}
	fmt.Fprintf(&code, "  bot.chat(%q);\n}\n", done)
	explain := w.explain(j, retry)
	return "Explain: " + explain + "\n\nPlan:\n" + w.plan(j, needWood) + "\n\nCode:\n```javascript\n" + code.String() + "```\n", nil
}

func toolNeeds(tools []string) []covoyager.Need {
	var out []covoyager.Need
	for _, t := range tools {
		out = append(out, covoyager.Need{Item: t, Count: 1})
	}
	return out
}

// woodHelpers are the helpers that get logs from the trees and make
// planks and sticks from them (rule 4 leaves wood to whoever needs it).
func (w words) woodHelpers(code *strings.Builder, fn string) {
	logsFn := w.pick("collectLogs", "chopLogs", "gatherLogs")
	fmt.Fprintf(code, `// Logs of any tree until the bot holds at least n.
async function %[1]s(bot, n) {
  const logNames = ["oak_log", "birch_log", "spruce_log", "jungle_log", "acacia_log", "dark_oak_log"];
  const ids = logNames.map((name) => mcData.blocksByName[name].id);
  const held = () => bot.inventory.items().filter((item) => item.name.endsWith("_log")).reduce((sum, item) => sum + item.count, 0);
  for (let attempt = 0; attempt < 12 && held() < n; attempt++) {
    if (!bot.findBlock({ matching: ids, maxDistance: 32 })) {
      const direction = new Vec3(Math.random() < 0.5 ? 1 : -1, 0, Math.random() < 0.5 ? 1 : -1);
      await exploreUntil(bot, direction, 30, () => bot.findBlock({ matching: ids, maxDistance: 32 }));
      continue;
    }
    // Each kind of tree in turn: a log left hanging where a trunk was cut
    // may be out of reach, and then another tree is nearer.
    for (const name of logNames) {
      if (held() >= n) break;
      if (bot.findBlock({ matching: mcData.blocksByName[name].id, maxDistance: 32 })) {
        await mineBlock(bot, name, Math.min(n - held(), 4));
      }
    }
    if (held() < n) {
      const direction = new Vec3(Math.random() < 0.5 ? 1 : -1, 0, Math.random() < 0.5 ? 1 : -1);
      await exploreUntil(bot, direction, 4, () => false);
    }
  }
}

// Planks and sticks for the job, from the logs held or chopped.
async function %[2]s(bot, planks, sticks) {
  const plankCount = () => bot.inventory.items().filter((item) => item.name.endsWith("_planks")).reduce((sum, item) => sum + item.count, 0);
  const stickCount = () => bot.inventory.items().filter((item) => item.name === "stick").reduce((sum, item) => sum + item.count, 0);
  const wantPlanks = planks + (stickCount() < sticks ? 2 * Math.ceil((sticks - stickCount()) / 4) : 0);
  if (plankCount() < wantPlanks) {
    const logs = Math.ceil((wantPlanks - plankCount()) / 4);
    await %[1]s(bot, logs);
    const log = bot.inventory.items().find((item) => item.name.endsWith("_log"));
    if (!log) {
      throw new Error("No logs to make planks from.");
    }
    await craftItem(bot, log.name.replace("_log", "_planks"), logs);
  }
  if (stickCount() < sticks) {
    await craftItem(bot, "stick", Math.ceil((sticks - stickCount()) / 4));
  }
}

`, logsFn, fn)
}

// craftBody crafts the item; a station is placed by the chest.
func (w words) craftBody(code *strings.Builder, j job, countFn string) {
	r := mcdata.Recipes(j.item)
	if len(r) > 0 && r[0].NeedsTable {
		fmt.Fprintf(code, "  if (!bot.findBlock({ matching: mcData.blocksByName.crafting_table.id, maxDistance: 32 })) {\n    throw new Error(\"No crafting table near the chest yet.\");\n  }\n")
	}
	if j.side != "" {
		// A station crafted in a round that could not place it is held.
		fmt.Fprintf(code, "  if (%s(bot, %q) < %d) {\n    await craftItem(bot, %q, %d);\n  }\n", countFn, j.item, j.count, j.item, j.count)
	} else {
		fmt.Fprintf(code, "  await craftItem(bot, %q, %d);\n", j.item, j.count)
	}
	fmt.Fprintf(code, "  if (%s(bot, %q) < %d) {\n    throw new Error(%q);\n  }\n", countFn, j.item, j.count, "The "+human(j.item)+" was not crafted.")
	if j.side != "" {
		dx := -1
		if j.side == "right" {
			dx = 1
		}
		fmt.Fprintf(code, `  // %[1]s
  const spots = [chestPosition.offset(%[3]d, 0, 0), chestPosition.offset(%[3]d, 0, -1), chestPosition.offset(%[3]d, 0, 1)];
  const placed = () => spots.some((spot) => bot.blockAt(spot).name === %[2]q);
  for (const spot of spots) {
    if (placed()) break;
    // The first spot is the plan's; someone standing there moves it
    // along the chest's side.
    await placeItem(bot, %[2]q, spot);
  }
  if (!placed()) {
    throw new Error("Could not place the %[4]s %[5]s of the chest.");
  }
`, w.gen(fmt.Sprintf("{The %[1]s goes 1 block %[2]s of the chest|Put the %[1]s on the ground %[2]s of the chest}, where everyone finds it.", human(j.item), j.side)), j.item, dx, human(j.item), j.side)
	}
}

// gatherBody mines the item's block until the bot holds enough,
// exploring when none is in sight.
func (w words) gatherBody(code *strings.Builder, j job, countFn string) {
	block := gatherFrom[j.item]
	if block == "" {
		block = j.item
	}
	fmt.Fprintf(code, `  const goal = %[1]s(bot, %[2]q) + %[3]d;
  const ids = [mcData.blocksByName[%[4]q].id];
  for (let attempt = 0; attempt < 10 && %[1]s(bot, %[2]q) < goal; attempt++) {
    const block = bot.findBlock({ matching: ids, maxDistance: 32 });
    if (!block) {
      const direction = new Vec3(Math.random() < 0.5 ? 1 : -1, 0, Math.random() < 0.5 ? 1 : -1);
      await exploreUntil(bot, direction, 30, () => bot.findBlock({ matching: ids, maxDistance: 32 }));
      continue;
    }
    await mineBlock(bot, %[4]q, Math.max(1, Math.min(goal - %[1]s(bot, %[2]q), 8)));
  }
  if (%[1]s(bot, %[2]q) < goal) {
    throw new Error("Only " + (%[1]s(bot, %[2]q) - goal + %[3]d) + " of %[3]d %[5]s gathered.");
  }
`, countFn, j.item, j.count, block, human(j.item))
}

// smeltBody smelts the input in the furnace by the chest, planks for fuel.
func (w words) smeltBody(code *strings.Builder, j job, countFn string) {
	in := ""
	for _, m := range j.mats {
		if !covoyager.IsBase(m.Item) {
			in = m.Item
		}
	}
	fmt.Fprintf(code, `  if (!bot.findBlock({ matching: mcData.blocksByName.furnace.id, maxDistance: 32 })) {
    throw new Error("No furnace near the chest yet.");
  }
  const goal = %[2]d;
  for (let attempt = 0; attempt < 6 && %[3]s(bot, %[4]q) < goal; attempt++) {
    const fuel = bot.inventory.items().find((item) => item.name.endsWith("_planks"));
    if (!fuel) {
      throw new Error("No planks left to burn.");
    }
    const left = goal - %[3]s(bot, %[4]q);
    await smeltItem(bot, %[1]q, fuel.name, Math.max(1, Math.min(left, Math.floor(fuel.count * 1.5))));
  }
  if (%[3]s(bot, %[4]q) < goal) {
    throw new Error("Only " + %[3]s(bot, %[4]q) + " of %[2]d %[5]s smelted.");
  }
`, in, j.count, countFn, j.item, human(j.item))
}

// killBody hunts the mob until the bot holds the meat.
func (w words) killBody(code *strings.Builder, j job, countFn string) {
	fmt.Fprintf(code, `  const goal = %[1]s(bot, %[2]q) + %[3]d;
  for (let attempt = 0; attempt < 8 && %[1]s(bot, %[2]q) < goal; attempt++) {
    const before = %[1]s(bot, %[2]q);
    await killMob(bot, %[4]q, 300);
    if (%[1]s(bot, %[2]q) === before) {
      // None in reach: look around and try again.
      const direction = new Vec3(Math.random() < 0.5 ? 1 : -1, 0, Math.random() < 0.5 ? 1 : -1);
      await exploreUntil(bot, direction, 10, () => false);
    }
  }
  if (%[1]s(bot, %[2]q) < goal) {
    throw new Error("No %[5]s yet: the %[4]s got away.");
  }
`, countFn, j.drop, j.count, j.item, human(j.drop))
}

func (w words) explain(j job, retry bool) string {
	var s string
	switch j.action {
	case covoyager.Craft:
		s = w.gen(fmt.Sprintf("{The subtask is to craft|I need to craft} %d %s{ for the team|}.", j.count, human(j.item)))
	case covoyager.Gather:
		s = w.gen(fmt.Sprintf("{The subtask is to gather|I need to gather} %d %s from the %s blocks{ in the arena|}.", j.count, human(j.item), human(gatherFrom[j.item])))
	case covoyager.Smelt:
		s = w.gen(fmt.Sprintf("{The subtask is to smelt|I need to smelt} %d %s in the furnace by the chest.", j.count, human(j.item)))
	default:
		s = w.gen(fmt.Sprintf("{The subtask is to kill|I need to kill} %d %s and bring the %s back.", j.count, j.item, human(j.drop)))
	}
	if len(j.fromChest()) > 0 {
		s += w.gen(" {The materials and tools were handed over in the chest, so I take them first|What the earlier subtasks made is in the chest: I take it out first} and {check that I have enough|make sure nothing is missing}.")
	}
	if retry {
		s += " " + w.gen("{The last round did not finish|Last time it fell short}")
		if j.critique != "" && j.critique != "None" {
			s += ": " + strings.TrimSuffix(j.critique, ".")
		}
		s += w.gen(". {This round tries again with the same steps|I try again, checking each step}.")
	}
	return s
}

func (w words) plan(j job, wood bool) string {
	var steps []string
	if wood {
		steps = append(steps, w.gen("{Chop|Collect} logs if needed and make the planks and sticks."))
	}
	if len(j.fromChest()) > 0 {
		steps = append(steps, w.gen("{Take|Get} the materials and tools from the chest and {check|count} them."))
	}
	switch j.action {
	case covoyager.Craft:
		steps = append(steps, w.gen(fmt.Sprintf("{Craft|Make} the %s{ at the crafting table|}.", human(j.item))))
		if j.side != "" {
			steps = append(steps, w.gen(fmt.Sprintf("{Place|Put} it 1 block %s of the chest.", j.side)))
		}
	case covoyager.Gather:
		steps = append(steps, w.gen(fmt.Sprintf("{Mine|Dig} %s blocks until I hold %d %s, exploring when none is near.", human(gatherFrom[j.item]), j.count, human(j.item))))
	case covoyager.Smelt:
		steps = append(steps, w.gen("{Smelt|Cook} them in the furnace with planks as fuel."))
	default:
		steps = append(steps, w.gen(fmt.Sprintf("{Hunt|Find and kill} the %s.", j.item)))
	}
	if j.side == "" || len(j.tools) > 0 {
		steps = append(steps, w.gen("{Put|Deposit} the result and the tools {in|back in} the chest."))
	}
	for i := range steps {
		steps[i] = strconv.Itoa(i+1) + ") " + steps[i]
	}
	return strings.Join(steps, "\n")
}

// subtaskCritic judges a subtask from what Voyager's critic is shown:
// the station next to the chest, or the chest's contents.
func (w words) subtaskCritic(msgs []covoyager.Message) (string, error) {
	u := msgs[1].Content
	task := voyager.Section(u, "\nTask: ")
	if strings.HasPrefix(u, "Task: ") {
		task = voyager.Section(u, "Task: ")
	}
	m := subtaskRE.FindStringSubmatch(task)
	if m == nil {
		return "", fmt.Errorf("queueexpert: the critic cannot judge %q", task)
	}
	n, _ := strconv.Atoi(m[2])
	item := covoyager.ItemOf(m[3])
	drop := covoyager.Drop(strings.ToLower(m[1]), item)
	var reasoning, critique string
	var ok bool
	chestAt := ""
	if c := chestRE.FindStringSubmatch(voyager.Section(u, "Chests:")); c != nil {
		chestAt = " at (" + c[1] + ", " + c[2] + ", " + c[3] + ")"
	}
	if covoyager.Placed(item) {
		blocks := strings.Split(voyager.Section(u, "Nearby blocks: "), ", ")
		ok = slices.Contains(blocks, item)
		side := "left"
		if item == "furnace" {
			side = "right"
		}
		pos := voyager.Section(u, "Position: ")
		if ok {
			reasoning = w.gen(fmt.Sprintf("{The nearby blocks include a %[1]s|A %[1]s shows among the nearby blocks|I can see a %[1]s in the nearby blocks}{, so it was placed| next to the chest%[2]s|, placed on the %[3]s side of the chest%[2]s}. {You are at %[4]s, beside it.|From %[4]s it is within reach.|The task was to craft and place one, and you stand at %[4]s.}", human(item), chestAt, side, pos))
		} else {
			reasoning = w.gen(fmt.Sprintf("{No %[1]s is among the nearby blocks|The nearby blocks show no %[1]s|I see no %[1]s near the chest%[2]s}{, so it was not placed| at %[3]s|; it is not on the ground yet}.", human(item), chestAt, pos))
			critique = w.gen(fmt.Sprintf("{Craft the %[1]s and place it on the ground 1 block %[2]s of the chest.|Place a %[1]s by the chest, on its %[2]s side.|Make sure the %[1]s ends up placed next to the chest, not in the inventory.}", human(item), side))
		}
	} else {
		have := 0
		var others []string
		for _, kv := range kvRE.FindAllStringSubmatch(voyager.Section(u, "Chests:"), -1) {
			if kv[1] == drop {
				have, _ = strconv.Atoi(kv[2])
			} else {
				others = append(others, kv[2]+" "+human(kv[1]))
			}
		}
		ok = have >= n
		verb := strings.ToLower(m[1])
		reasoning = w.gen(fmt.Sprintf("{The chest%[4]s holds|In the chest%[4]s there are|The chest%[4]s now contains|Looking at the chest%[4]s, I count} %[1]d %[2]s{, and the task asks for %[3]d|; the task wants %[3]d| against the %[3]d the task asks for| (%[3]d needed)}.", have, human(drop), n, chestAt))
		if len(others) > 0 {
			if len(others) > 3 {
				others = others[:3]
			}
			reasoning += w.gen(" {It also holds|Besides that it has|Other things in it:} " + strings.Join(others, ", ") + ".")
		}
		if ok {
			reasoning += w.gen(fmt.Sprintf("{| The %[1]s step is complete.| So the %[2]s were %[1]sed and handed over.| Everything the subtask asked for is there.}", strings.TrimSuffix(verb, "e"), human(drop)))
		} else {
			critique = w.gen(fmt.Sprintf("{Put %[1]d more %[2]s in the chest.|The chest needs %[1]d more %[2]s; get them and deposit them.|Only %[3]d of %[4]d %[2]s are in the chest: %[5]s the rest and put them in.|Deposit the %[2]s in the chest%[6]s once you have %[4]d.}", n-have, human(drop), have, n, verb, chestAt))
		}
	}
	return fmt.Sprintf("{\n    \"reasoning\": %q,\n    \"success\": %t,\n    \"critique\": %q\n}", reasoning, ok, critique), nil
}

var mainFnRE = regexp.MustCompile("The main function is `(\\w+)`\\.")

// describe writes the skill's description from its code: the action,
// the chest hand-over.
func (w words) describe(msgs []covoyager.Message) (string, error) {
	m := mainFnRE.FindStringSubmatch(msgs[1].Content)
	if m == nil {
		return "", errors.New("queueexpert: the skill-description call names no main function")
	}
	code := msgs[1].Content
	var parts []string
	act := regexp.MustCompile(`(craftItem|mineBlock|smeltItem|killMob)\(bot, "(\w+)"`).FindAllStringSubmatch(code, -1)
	if len(act) > 0 {
		last := act[len(act)-1]
		what := map[string]string{"craftItem": "crafts", "mineBlock": "mines", "smeltItem": "smelts", "killMob": "kills"}[last[1]]
		n := ""
		if c := regexp.MustCompile(`const goal = (?:\w+\(bot, "\w+"\) \+ )?(\d+);|craftItem\(bot, "\w+", (\d+)\)`).FindStringSubmatch(code[strings.Index(code, "async function "+m[1]):]); c != nil {
			n = c[1] + c[2] + " "
		}
		parts = append(parts, w.gen(fmt.Sprintf("{The function|%[3]s|This skill} %[1]s %[4]s%[2]s{ for the team| for a subtask of the plan| as its subtask asks|}", what, human(last[2]), m[1], n)))
	}
	if strings.Contains(code, "prepareWood") || strings.Contains(code, "ensureWood") || strings.Contains(code, "getWoodReady") {
		parts = append(parts, w.gen("{It chops logs when it has too few and makes the planks and sticks it needs|Planks and sticks come from logs it chops itself|Wood is gathered first: logs, then planks and sticks}"))
	}
	if strings.Contains(code, "getItemFromChest") {
		parts = append(parts, w.gen("{It takes the materials and tools it needs from the shared chest and throws an error when something is missing|It gets what it needs out of the chest and checks that it is enough|Only what it does not hold yet is taken from the chest, and it stops with an error if the chest is short}"))
	}
	if strings.Contains(code, "placeItem") {
		parts = append(parts, w.gen("{Then it places the block on the ground next to the chest|The block is placed beside the chest, moving along its side when the spot is taken|It puts the block down by the chest}"))
	}
	if strings.Contains(code, "exploreUntil") && !strings.Contains(code, "placeItem") {
		parts = append(parts, w.gen("{When nothing is in sight it explores in a random direction|It explores when it cannot find what it looks for}"))
	}
	if strings.Contains(code, "depositItemIntoChest") {
		at := ""
		if c := regexp.MustCompile(`new Vec3\((-?\d+, -?\d+, -?\d+)\)`).FindStringSubmatch(code); c != nil {
			at = " at (" + c[1] + ")"
		}
		parts = append(parts, w.gen("{Finally it puts the result and the tools back in the chest"+at+"|At the end everything goes back into the chest"+at+" for the others|It ends by depositing the result, and any tool it took, in the chest"+at+"}"))
	}
	if len(parts) == 0 {
		parts = append(parts, "The function "+m[1]+" does one subtask")
	}
	return strings.Join(parts, ". ") + ".", nil
}
