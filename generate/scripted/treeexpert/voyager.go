package treeexpert

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"collabcraft/sagents"
	"collabcraft/voyager"
)

// turn is what a Voyager user message shows that the experts read.
type turn struct {
	task, critique, lastCode string
	skills                   []string // the retrieved skills' main functions
	inv                      map[string]int
	slots                    int // inventory slots in use, of 36
	blocks                   []string
	hand                     string // the item in the main hand, "" for none
	x, y, z                  float64
	hasPos                   bool
	health, hunger           string // "20.0" of "20.0/20"
}

var (
	invHeadRE   = regexp.MustCompile(`Inventory \((\d+)/36\): (.*)`)
	skillMainRE = regexp.MustCompile(`(?m)^async function (\w+)\(bot\) \{`)
	posRE       = regexp.MustCompile(`(?m)^Position: x=(-?[\d.]+), y=(-?[\d.]+), z=(-?[\d.]+)$`)
	slotRE      = regexp.MustCompile(`None|'([a-z0-9_]+)'`)
)

func readTurn(msgs []sagents.Message) (turn, error) {
	if len(msgs) != 2 {
		return turn{}, errors.New("treeexpert: a Voyager call has a system and a user message")
	}
	u := msgs[1].Content
	t := turn{task: voyager.Section(u, "\nTask: "), critique: voyager.Section(u, "\nCritique: "), inv: map[string]int{}}
	for _, m := range skillMainRE.FindAllStringSubmatch(msgs[0].Content, -1) {
		if m[1] != "yourMainFunctionName" {
			t.skills = append(t.skills, m[1])
		}
	}
	if strings.HasPrefix(u, "Task: ") {
		t.task = voyager.Section(u, "Task: ")
	}
	if m := invHeadRE.FindStringSubmatch(u); m != nil {
		t.slots, _ = strconv.Atoi(m[1])
		t.inv = readDict(m[2])
	}
	// status.js's equipment: four armour slots, the main hand, the off hand.
	if slots := slotRE.FindAllStringSubmatch(voyager.Section(u, "Equipment: "), -1); len(slots) > 4 {
		t.hand = slots[4][1]
	}
	if m := posRE.FindStringSubmatch(u); m != nil {
		t.x, _ = strconv.ParseFloat(m[1], 64)
		t.y, _ = strconv.ParseFloat(m[2], 64)
		t.z, _ = strconv.ParseFloat(m[3], 64)
		t.hasPos = true
	}
	t.health, _, _ = strings.Cut(voyager.Section(u, "Health: "), "/")
	t.hunger, _, _ = strings.Cut(voyager.Section(u, "Hunger: "), "/")
	if b := voyager.Section(u, "Nearby blocks: "); b != "" && b != "None" {
		t.blocks = strings.Split(b, ", ")
	}
	if c, ok := strings.CutPrefix(u, "Code from the last round:\n"); ok {
		t.lastCode = c[:strings.Index(c, "\n\nExecution error")]
	}
	if t.task == "" {
		return turn{}, errors.New("treeexpert: the Voyager call shows no task")
	}
	return t, nil
}

// job is a todo read back: mine count of a class, or craft an item.
type job struct {
	verb  string // mine, craft
	count int
	class string // logs, stones, iron (mine)
	item  string // craft
}

var craftRE = regexp.MustCompile(`(?i)^(?:craft|make) (\d+|an?|one) (.+?)\.?$`)

func readJob(task string) (job, bool) {
	if g, ok := readGoal(task); ok {
		return job{verb: "mine", count: g.n, class: g.class}, true
	}
	if m := craftRE.FindStringSubmatch(strings.TrimSpace(task)); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = 1
		}
		return job{verb: "craft", count: n, item: strings.ReplaceAll(strings.ToLower(m[2]), " ", "_")}, true
	}
	return job{}, false
}

// skillCode writes the program of a todo as a strong model writes for
// Voyager's prompt: a main function of bot, small helpers, loops that
// explore when nothing is in sight, checks of the result.
func (w words) skillCode(msgs []sagents.Message) (string, error) {
	t, err := readTurn(msgs)
	if err != nil {
		return "", err
	}
	retry := t.lastCode != ""
	var explain, plan, code string
	if b, ok := readPart(t.task); ok {
		explain, plan, code = w.buildSkill(b)
		if retry {
			explain += w.gen(" {The last round did not finish the part|Last time not every block went in}; {the blocks already placed are skipped|this round places only what is missing}.")
		}
		return "Explain: " + explain + "\n\nPlan:\n" + plan + "\n\nCode:\n```javascript\n" + code + "```\n", nil
	}
	if reportRE.MatchString(t.task) {
		explain, plan, code = w.reportSkill()
		return "Explain: " + explain + "\n\nPlan:\n" + plan + "\n\nCode:\n```javascript\n" + code + "```\n", nil
	}
	j, ok := readJob(t.task)
	if !ok {
		return "", fmt.Errorf("treeexpert: no skill for the task %q", t.task)
	}
	switch j.verb {
	case "mine":
		explain, plan, code = w.mineSkill(j, t, retry)
	default:
		if known := craftedBy(t.skills, j.item); known != "" && !retry {
			explain, plan, code = w.reuseSkill(j, known)
		} else {
			explain, plan, code = w.craftSkill(j, t)
		}
	}
	return "Explain: " + explain + "\n\nPlan:\n" + plan + "\n\nCode:\n```javascript\n" + code + "```\n", nil
}

var blockOf = map[string]struct{ names, drops, fn, noun string }{
	"logs":   {`["oak_log", "birch_log", "spruce_log", "jungle_log", "acacia_log", "dark_oak_log", "mangrove_log", "cherry_log"]`, "", "Logs", "log"},
	"stones": {`["stone"]`, `["cobblestone"]`, "Stone", "stone"},
	"iron":   {`["iron_ore", "deepslate_iron_ore"]`, `["raw_iron"]`, "Iron", "iron ore"},
}

func (w words) mineSkill(j job, t turn, retry bool) (explain, plan, code string) {
	b := blockOf[j.class]
	drops := b.drops
	if drops == "" {
		drops = "targets" // a log mined is a log held
	}
	name := w.gen("{mine|collect|gather}") + b.fn
	if retry {
		name += w.gen("{Again|WithExploring|Patiently}")
	}
	explore, legs := 6, 12
	if retry {
		explore, legs = 8, 16
	}
	dirs := w.gen("{[new Vec3(1, 0, 0), new Vec3(0, 0, 1), new Vec3(-1, 0, 0), new Vec3(0, 0, -1)]|[new Vec3(0, 0, 1), new Vec3(-1, 0, 0), new Vec3(0, 0, -1), new Vec3(1, 0, 0)]|[new Vec3(0, 0, -1), new Vec3(1, 0, 0), new Vec3(0, 0, 1), new Vec3(-1, 0, 0)]}")
	countFn := w.gen("{countItems|countOf|heldCount}")
	findFn := w.gen("{findTarget|nearestTarget|lookForTarget}")
	searchFn := w.gen("{searchSpiral|spiralSearch|exploreForTarget}")
	code = fmt.Sprintf(`// How many of the given items the bot holds.
function %[1]s(bot, names) {
  return bot.inventory.items()
    .filter((item) => names.includes(item.name))
    .reduce((sum, item) => sum + item.count, 0);
}

// The nearest block of the given ids, or null.
function %[2]s(bot, ids) {
  return bot.findBlock({ matching: ids, maxDistance: 32 });
}

// Heads for the nearest block worth mining seen farther off (up to 64
// blocks), else walks a square spiral out from here, each leg longer,
// until one is in sight.
async function %[11]s(bot, ids, legs) {
  const far = bot.findBlocks({ matching: ids, maxDistance: 64, count: 1 });
  if (far.length > 0) {
    const dx = far[0].x - bot.entity.position.x;
    const dz = far[0].z - bot.entity.position.z;
    const toward = new Vec3(Math.sign(Math.round(dx)), 0, Math.sign(Math.round(dz)));
    if ((toward.x !== 0 || toward.z !== 0) && (await exploreUntil(bot, toward, 20, () => %[2]s(bot, ids)))) return true;
  }
  const directions = %[7]s;
  const start = Math.floor(Math.random() * 4);
  let stuck = 0;
  for (let leg = 0; leg < legs; leg++) {
    if (%[2]s(bot, ids)) return true;
    const seconds = %[8]d * (1 + Math.floor(leg / 2));
    const x = bot.entity.position.x;
    const z = bot.entity.position.z;
    if (await exploreUntil(bot, directions[(start + leg) %% 4], seconds, () => %[2]s(bot, ids))) return true;
    // Two legs that went nowhere: the way is blocked, stop searching.
    if (Math.abs(bot.entity.position.x - x) + Math.abs(bot.entity.position.z - z) < 1 && ++stuck >= 2) return false;
  }
  return false;
}

async function %[4]s(bot) {
  const targets = %[3]s;
  const ids = targets.map((name) => mcData.blocksByName[name].id);
  const drops = %[5]s;
  const goal = %[1]s(bot, drops) + %[6]d;
  const directions = %[7]s;
  let stuck = 0;
  for (let attempt = 0; attempt < 30 && %[1]s(bot, drops) < goal; attempt++) {
    const block = %[2]s(bot, ids);
    if (!block) {
      if (!(await %[11]s(bot, ids, %[12]d))) break;
      continue;
    }
    const before = %[1]s(bot, drops);
    await mineBlock(bot, block.name, Math.min(goal - before, 8));
    if (%[1]s(bot, drops) === before) {
      // Nothing came of it (out of reach, say): walk off a while so
      // that another block is the nearest.
      stuck++;
      await exploreUntil(bot, directions[stuck %% 4], 4, () => false);
    }
  }
  const got = %[1]s(bot, drops) - (goal - %[6]d);
  if (got >= %[6]d) {
    bot.chat(%[9]s);
  } else {
    bot.chat("Only " + got + " of %[6]d %[10]s so far.");
  }
}
`, countFn, findFn, b.names, name, drops, j.count, dirs, explore,
		strconv.Quote(w.gen(fmt.Sprintf("{Mined|Collected|Got} %d %s.", j.count, j.class))), j.class, searchFn, legs)
	explain = w.gen(fmt.Sprintf("{I need to|The task is to} {mine|collect} %d %s. ", j.count, j.class))
	if retry {
		explain += w.gen("{The last program did not get enough|Last round fell short}: {there were too few blocks in reach|the blocks nearby ran out}, so this one explores {longer|further} {before giving up|between tries}.")
	} else if j.class == "logs" {
		explain += w.gen("{Logs of any wood count|Any kind of log will do}, so the program {mines the nearest one|takes whichever tree is closest} and explores {when none is in sight|when no tree is near}.")
	} else {
		explain += w.gen(fmt.Sprintf("{I hold a pickaxe|The pickaxe is in my inventory}, so the %s {can be mined|drops}; the program explores {when none is in reach|when nothing is close}.", b.noun))
	}
	plan = w.gen(fmt.Sprintf("1) Count the %s {I hold|in my inventory} and {set the goal|work out the target}.\n2) {Find|Look for} the nearest %s{ within 32 blocks|}; {explore|walk} in a new direction when there is none.\n3) Mine {in batches|a few at a time} until {the goal is reached|I have enough}.\n4) Report {how many I got|the result} in the chat.", j.class, b.noun))
	return explain, plan, code
}

var craftNeeds = map[string]string{
	"crafting_table": "4 planks",
	"wooden_pickaxe": "3 planks and 2 sticks at a crafting table",
	"stone_pickaxe":  "3 cobblestone and 2 sticks at a crafting table",
}

func (w words) craftSkill(j job, t turn) (explain, plan, code string) {
	planks := ""
	for k := range t.inv {
		if strings.HasSuffix(k, "_planks") && (planks == "" || k < planks) {
			planks = k
		}
	}
	log := ""
	for k := range t.inv {
		if strings.HasSuffix(k, "_log") && (log == "" || k < log) {
			log = k
		}
	}
	// Planks come from the logs held (a recipe takes one kind of planks:
	// two birch planks and oak logs make no pickaxe unless the logs become
	// planks), else are the kind already held.
	wood := "oak"
	if log != "" {
		wood = strings.TrimSuffix(log, "_log")
	} else if planks != "" {
		wood = strings.TrimSuffix(planks, "_planks")
	}
	fn := w.gen("{craft|make}") + camel(j.item)
	ensure := w.gen("{ensurePlanks|makePlanks|plankUp}")
	var body strings.Builder
	fmt.Fprintf(&body, `// Planks from the logs held, when fewer than need are left.
async function %[1]s(bot, need) {
  const planks = bot.inventory.items().filter((item) => item.name.endsWith("_planks")).reduce((sum, item) => sum + item.count, 0);
  if (planks < need) {
    await craftItem(bot, "%[2]s_planks", Math.ceil((need - planks) / 4));
  }
}

`, ensure, wood)
	needPlanks := map[string]int{"crafting_table": 4, "wooden_pickaxe": 5, "stone_pickaxe": 2}[j.item]
	fmt.Fprintf(&body, "async function %s(bot) {\n  await %s(bot, %d);\n", fn, ensure, needPlanks)
	if j.item != "crafting_table" {
		fmt.Fprintf(&body, `  if (!bot.inventory.items().some((item) => item.name === "stick")) {
    await craftItem(bot, "stick", 1);
  }
  if (!bot.findBlock({ matching: mcData.blocksByName.crafting_table.id, maxDistance: 32 })) {
    const table = bot.inventory.items().find((item) => item.name === "crafting_table");
    if (!table) {
      await %[1]s(bot, 4);
      await craftItem(bot, "crafting_table", 1);
    }
    await placeItem(bot, "crafting_table", bot.entity.position.offset(1, 0, 0));
  }
`, ensure)
	}
	fmt.Fprintf(&body, "  await craftItem(bot, %q, %d);\n}\n", j.item, j.count)
	code = body.String()
	explain = w.gen(fmt.Sprintf("{A %[1]s takes|To craft a %[1]s I need} %[2]s.", strings.ReplaceAll(j.item, "_", " "), craftNeeds[j.item]))
	if j.item != "crafting_table" {
		explain += w.gen(" {The program places a crafting table first when none is near.|When no table is nearby, one is placed next to me.}")
	}
	plan = w.gen(fmt.Sprintf("1) {Make|Craft} {enough planks|the planks} from the %s logs.\n", wood))
	if j.item != "crafting_table" {
		plan += w.gen("2) {Craft sticks if I have none|Make sticks when none are held}.\n3) {Place a crafting table nearby|Put down a crafting table} if none is in reach.\n4) ")
	} else {
		plan += "2) "
	}
	plan += w.gen(fmt.Sprintf("{Craft|Make} the %s.", strings.ReplaceAll(j.item, "_", " ")))
	return explain, plan, code
}

func camel(s string) string {
	var b strings.Builder
	for _, p := range strings.Split(s, "_") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

var (
	mainFnRE    = regexp.MustCompile("The main function is `(\\w+)`\\.")
	reuseRE     = regexp.MustCompile(`// (\w+) from the library already crafts a ([a-z ]+);`)
	craftCallRE = regexp.MustCompile(`craftItem\(bot, "(\w+)", (\d+)\);\n}`)
)

// describe writes the skill's description, as Voyager's skill prompt asks:
// what the main function does, in a single line of at most six sentences,
// without its name, bot.chat or helper functions. The sentences come from
// what the code holds (its material, counts, bounds, the part of the
// shelter), each said one of several ways, a few of the optional ones left
// out, as a describer picks what matters.
func (w words) describe(msgs []sagents.Message) (string, error) {
	if len(msgs) != 2 {
		return "", errors.New("treeexpert: a skill-description call has a system and a user message")
	}
	if mainFnRE.FindStringSubmatch(msgs[1].Content) == nil {
		return "", errors.New("treeexpert: the skill-description call names no main function")
	}
	code := msgs[1].Content
	var lead string
	var rest []string // optional sentences, in order; some are dropped
	switch {
	case strings.Contains(code, "const site = new Vec3("):
		lead, rest = w.describeShelterPart(code)
	case strings.Contains(code, "bot.inventory.items().map("):
		return w.describeReport(), nil
	case strings.Contains(code, "mineBlock"):
		lead, rest = w.describeMining(code)
	case reuseRE.MatchString(code):
		return w.describeReuse(reuseRE.FindStringSubmatch(code)[2]), nil
	default:
		return w.describeCraft(code), nil
	}
	parts := []string{lead}
	for i, r := range rest {
		// The first detail is always said; later ones three times in four.
		if i == 0 || w.rng.IntN(4) > 0 {
			parts = append(parts, r)
		}
	}
	return sentences(parts), nil
}

// sentences joins a description's sentences into its one line.
func sentences(parts []string) string {
	return strings.Join(parts[:min(len(parts), 6)], ". ") + "."
}

// countOf says a count of one item as describers do: "1", "one", "a",
// "a single"; other counts as numbers.
func (w words) countOf(n int, item string) string {
	if n != 1 {
		return strconv.Itoa(n) + " " + item
	}
	a := "a"
	if strings.ContainsRune("aeiou", rune(item[0])) {
		a = "an"
	}
	return w.gen("{1|one|"+a+"|"+a+"|a single}") + " " + item
}

// steps says a skill's steps in their order, as Voyager's own example
// does ("First check ... Next, explore ..."): with words of sequence or
// without, one way for the whole description.
func (w words) steps(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	seq := w.rng.IntN(2) == 0
	between := []string{"Then", "Next", "After that"}
	w.rng.Shuffle(len(between), func(i, j int) { between[i], between[j] = between[j], between[i] })
	out := make([]string, len(ss))
	for i, s := range ss {
		if seq {
			word := between[(i-1+len(between))%len(between)]
			switch {
			case i == 0:
				word = "First"
			case i == len(ss)-1 && len(ss) > 2:
				word = w.gen("{Finally|Last|In the end}")
			}
			// "Then it crafts", but "Then, if ..." before a clause.
			comma := ","
			if strings.HasPrefix(s, "It ") && word != "Last" {
				comma = w.gen("{,|}")
			}
			s = word + comma + " " + strings.ToLower(s[:1]) + s[1:]
		}
		out[i] = s
	}
	return out
}

var (
	plankWoodRE = regexp.MustCompile(`craftItem\(bot, "(\w+)_planks", Math\.ceil`)
	needPlankRE = regexp.MustCompile(`async function \w+\(bot\) \{\n  await \w+\(bot, (\d+)\);`)
)

// describeCraft describes a crafting skill from its code: planks from the
// logs held when short, sticks and a placed table for a tool, the craft.
func (w words) describeCraft(code string) string {
	item, count := "item", "an item"
	if c := craftCallRE.FindStringSubmatch(code); c != nil {
		item = strings.ReplaceAll(c[1], "_", " ")
		n, _ := strconv.Atoi(c[2])
		count = w.countOf(n, item)
	}
	lead := w.gen("The function {is about crafting|crafts|makes|produces} ") + count
	wood, need := "", ""
	if m := plankWoodRE.FindStringSubmatch(code); m != nil {
		wood = strings.ReplaceAll(m[1], "_", " ") + " "
	}
	if m := needPlankRE.FindStringSubmatch(code); m != nil {
		need = m[1]
	}
	var ss []string
	if need != "" {
		ss = append(ss, w.gen("{It makes sure at least "+need+" planks are held, crafting "+wood+"planks from logs when there are fewer|When fewer than "+need+" planks are held, it {crafts|makes} "+wood+"planks from the logs it carries|It tops its planks up to "+need+" from its "+wood+"logs if it is short|It turns "+wood+"logs into planks until it has "+need+"}"))
	} else {
		ss = append(ss, w.gen("{It makes planks from logs when too few are held|Planks come first, from the logs it carries}"))
	}
	if strings.Contains(code, `craftItem(bot, "stick"`) {
		ss = append(ss, w.gen("{It crafts sticks when it has none|Sticks are crafted if missing|If the bot holds no sticks, it makes some from planks|Without a stick in the inventory, it crafts sticks}"))
	}
	if strings.Contains(code, "placeItem") {
		ss = append(ss, w.gen("{When no crafting table is near, it crafts one and places it beside the bot|It places a crafting table next to the bot when none is nearby|If no crafting table is within 32 blocks, it puts one down {beside the bot|one block east of the bot}, crafting it when none is held}"))
	}
	if w.rng.IntN(2) == 0 {
		at := ""
		if strings.Contains(code, "placeItem") {
			at = "{ at the table|}"
		}
		ss = append(ss, w.gen("{It|The function} {crafts|makes} the "+item+at))
	}
	parts := append([]string{lead}, w.steps(ss)...)
	if need, ok := craftNeeds[strings.ReplaceAll(item, " ", "_")]; ok && w.rng.IntN(2) == 0 {
		recipe := w.gen("{A "+item+" takes|A "+item+" needs|The recipe is} ") + need
		if w.rng.IntN(2) == 0 {
			parts = append(parts[:1], append([]string{recipe}, parts[1:]...)...)
		} else {
			parts = append(parts, recipe)
		}
	}
	return sentences(parts)
}

// describeReuse describes a skill that runs a library skill for an item
// and checks for it.
func (w words) describeReuse(item string) string {
	lead := w.gen("The function {crafts|makes|gets|obtains} ") + w.countOf(1, item) + w.gen(" {with a skill the library already has|by running an existing skill|by reusing a known skill|through a skill it already knows|with an earlier skill}")
	check := w.gen("{It then checks that the " + item + " is in the inventory|Afterwards it looks in the inventory for the " + item + "|It then makes sure the " + item + " was made|Then it checks whether any " + item + " is held|It confirms the " + item + " is in the inventory}")
	parts := []string{lead, check}
	if w.rng.IntN(2) == 0 {
		parts = append(parts, w.gen("{It writes no new crafting steps of its own|It adds no steps besides the check}"))
	}
	return sentences(parts)
}

// describeReport describes the program that reports the inventory: the
// facts in any order, a few left out.
func (w words) describeReport() string {
	lead := w.gen("The function {reports|lists|tells|gives|sums up} {the bot's inventory|what the bot holds|every item the bot carries|the items in the bot's inventory}")
	facts := []string{
		w.gen("{Each item is given with its count|It says each item and how many|Items come with their counts|Every stack is given as its count and then its name|Each entry is a count followed by an item name}"),
		w.gen("{The items go in one line, separated by commas|It puts them in a single comma-separated list|All stacks are joined into one sentence}"),
		w.gen("{An empty inventory is reported as empty|When the bot holds nothing, it says the inventory is empty|If there is nothing, it says so}"),
		w.gen("{Nothing is crafted, mined or placed|It changes nothing in the world|It only reads the inventory|It neither moves nor changes any block}"),
	}
	w.rng.Shuffle(len(facts), func(i, j int) { facts[i], facts[j] = facts[j], facts[i] })
	return sentences(append([]string{lead}, facts[:1+w.rng.IntN(len(facts))]...))
}

var (
	goalAddRE = regexp.MustCompile(`\) \+ (\d+);`)
	legsRE    = regexp.MustCompile(`\(bot, ids, (\d+)\)\)\)`)
	secondsRE = regexp.MustCompile(`const seconds = (\d+) \*`)
)

// describeMining describes a mining skill from its code.
func (w words) describeMining(code string) (lead string, rest []string) {
	count, class := "a number of", "blocks"
	for _, c := range []string{"logs", "stones", "iron"} {
		if strings.Contains(code, blockOf[c].names) {
			class = c
		}
	}
	if n := goalAddRE.FindStringSubmatch(code); n != nil {
		count = n[1]
	}
	source := map[string]string{"logs": "{any kind of log|a log of any wood|the nearest tree's logs}", "stones": "{stone, which drops cobblestone|stone blocks, counting the cobblestone they drop}",
		"iron": "{iron ore or deepslate iron ore, counting the raw iron they drop|iron ore of either kind, which drops raw iron}", "blocks": "the target blocks"}[class]
	lead = w.gen(fmt.Sprintf("The function {is about mining|mines|collects|gathers} %s %s", count, class))
	rest = append(rest, w.gen(fmt.Sprintf("{Within 32 blocks it|It first} {looks for|searches for|finds} %s", source)))
	if strings.Contains(code, "maxDistance: 64") {
		rest = append(rest, w.gen("{When none is in reach it first heads for one seen up to 64 blocks away|If nothing is close, it walks toward a block it can see farther off, up to 64 blocks}"))
	}
	if l, s := legsRE.FindStringSubmatch(code), secondsRE.FindStringSubmatch(code); l != nil && s != nil {
		rest = append(rest, w.gen(fmt.Sprintf("{Otherwise it explores in a square spiral of up to %[1]s legs, starting with %[2]s-second walks that grow longer|Failing that, it walks a widening spiral, at most %[1]s legs of %[2]s seconds and more|It then spirals outward for up to %[1]s legs, the first ones %[2]s seconds long}", l[1], s[1])))
	}
	if strings.Contains(code, "Math.min(goal - before, 8)") {
		rest = append(rest, w.gen("{It mines at most 8 at a time until it holds "+count+" more than at the start|Mining goes in batches of up to 8 until the count is reached|It mines up to 8 blocks per round until it has "+count+" more}"))
	}
	if strings.Contains(code, "attempt < 30") {
		rest = append(rest, w.gen("{After 30 rounds, or when exploring gets stuck twice, it stops|It gives up after 30 rounds or when two walks go nowhere|It stops when the search is blocked or after 30 tries}"))
	}
	rest = append(rest, w.gen("{When a block yields nothing, it steps aside so that another one is nearest|A block it cannot get is skipped by walking off a little}"))
	return lead, rest
}

var (
	siteRE  = regexp.MustCompile(`const site = new Vec3\((-?\d+), (-?\d+), (-?\d+)\);`)
	itemRE  = regexp.MustCompile(`const item = "(\w+)";`)
	rangeRE = regexp.MustCompile(`for \(let (column|row) = (\d+); \w+ < (\d+); \w+\+\+\) \{\n\s+for \(let (?:level|column)`)
)

// describeShelterPart describes a program placing part of the shelter.
func (w words) describeShelterPart(code string) (lead string, rest []string) {
	part, unit := "ceiling", "rows"
	switch {
	case strings.Contains(code, "const ring = "):
		part, unit = "walls", "columns"
	case strings.Contains(code, "site.offset(column, 0, row)"):
		part = "foundation"
	}
	item := "blocks"
	if m := itemRE.FindStringSubmatch(code); m != nil {
		item = strings.ReplaceAll(m[1], "_", " ")
	}
	which := "a part"
	if m := rangeRE.FindStringSubmatch(code); m != nil {
		from, _ := strconv.Atoi(m[2])
		to, _ := strconv.Atoi(m[3])
		which = fmt.Sprintf("%s %d to %d", unit, from+1, to)
	}
	lead = w.gen(fmt.Sprintf("The function {builds|places|lays} %s of the shelter's %s {with|out of|in} %s", which, part, item))
	if m := siteRE.FindStringSubmatch(code); m != nil {
		rest = append(rest, w.gen(fmt.Sprintf("{Every position is worked out from the plot's north-west corner at (%[1]s, %[2]s, %[3]s)|The positions are offsets from the corner at (%[1]s, %[2]s, %[3]s)|It counts each cell from the plot's corner, (%[1]s, %[2]s, %[3]s)}", m[1], m[2], m[3])))
	}
	switch part {
	case "walls":
		rest = append(rest, w.gen("{It goes clockwise round the edge from the north-west corner, bottom up|The columns follow the edge clockwise, each filled from the bottom}"),
			w.gen("{The middle of the south wall is left open two blocks high for the door|It leaves the door gap in the south wall}"))
	case "foundation":
		rest = append(rest, w.gen("{Rows go north to south, each west to east, so every block has a neighbour to go against|It fills the rows in order from north to south}"))
	default:
		rest = append(rest, w.gen("{The ceiling sits on top of the walls, row by row|Rows are laid west to east on the walls' tops}"))
	}
	rest = append(rest, w.gen("{A cell that already holds the block is skipped|Blocks already in place are left alone|It only places blocks that are missing}"),
		w.gen("{If any cell stays empty, it stops with an error saying how many are missing|It ends with an error naming how many blocks are still missing when some could not be placed}"))
	return lead, rest
}

// craftedBy is a retrieved skill that crafts item ("makeWoodenPickaxe"
// for wooden_pickaxe), or "".
func craftedBy(skills []string, item string) string {
	want := strings.ToLower(camel(item))
	for _, sk := range skills {
		l := strings.ToLower(sk)
		if strings.HasSuffix(l, want) && (strings.HasPrefix(l, "craft") || strings.HasPrefix(l, "make")) {
			return sk
		}
	}
	return ""
}

// reuseSkill calls a library skill that does the job and checks its
// result, as Voyager's prompt asks ("reuse the above useful programs").
func (w words) reuseSkill(j job, known string) (explain, plan, code string) {
	item := strings.ReplaceAll(j.item, "_", " ")
	fn := w.gen("{craft|make|get}") + camel(j.item) + w.gen("{FromLibrary|Again|Now}")
	code = fmt.Sprintf(`// %[1]s from the library already crafts a %[2]s; run it and check.
async function %[3]s(bot) {
  await %[1]s(bot);
  const made = bot.inventory.items().some((item) => item.name === %[4]q);
  bot.chat(made ? %[5]q : %[6]q);
}
`, known, item, fn, j.item, w.gen("{Crafted|Made|Got} a "+item+"."), "No "+item+" yet.")
	explain = w.gen(fmt.Sprintf("{The skill|The library's} %s {already does this|crafts exactly this}, so {I reuse it|the program calls it} and {check the result|make sure the %s is there}.", known, item))
	plan = w.gen(fmt.Sprintf("1) {Call|Run} %s.\n2) {Check|Look} that a %s is in the inventory and {say so|report it}.", known, item))
	return explain, plan, code
}
