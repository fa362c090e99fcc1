package treeexpert

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/plural"
	"collabcraft/sagents"
)

// Voyager's critic answers in JSON: reasoning, success, critique. The
// reasoning here is what a careful reader of the observation says: the
// count against the task (always), then some of what else the
// observation shows that bears on it (the tool in hand, the source still
// in sight, what the leftovers are good for, whether the crafted table is
// placed), each said one of several ways, in an order drawn from the
// trial's stream, so that the recurring situations (3 logs for a tool, 1
// crafting table) are not said the same way every time.

// critic judges the task from what the observation shows.
func (w words) critic(msgs []sagents.Message) (string, error) {
	t, err := readTurn(msgs)
	if err != nil {
		return "", err
	}
	if b, isPart := readPart(t.task); isPart || reportRE.MatchString(t.task) {
		reasoning, success, critique := w.shelterCritique(t, b, isPart)
		return criticJSON(reasoning, success, critique), nil
	}
	j, ok := readJob(t.task)
	if !ok {
		return "", fmt.Errorf("treeexpert: the critic cannot judge the task %q", t.task)
	}
	var have int
	var what string
	counted := func(item string) bool {
		return item == j.item || j.verb == "mine" && held(map[string]int{item: 1}, j.class) > 0
	}
	if j.verb == "mine" {
		have, what = held(t.inv, j.class), j.class
	} else {
		have, what = t.inv[j.item], strings.ReplaceAll(j.item, "_", " ")
	}
	success := have >= j.count
	var near string
	if j.verb == "mine" {
		near = nearbySource(t.blocks, j.class)
	}

	var s []string
	// Voyager's own critic may open with the task ("You need to mine 3
	// wood logs.") or with the rule its prompt gives for the kind of task.
	switch w.rng.IntN(5) {
	case 0, 1:
		s = append(s, w.gen("{You need to|The task is to|Your task is to|You were asked to} ")+lowerFirst(strings.TrimSuffix(t.task, "."))+".")
	case 2:
		if j.verb == "mine" {
			s = append(s, w.gen("For {a mining task|mining tasks}{, you only need to check the inventory| only the inventory needs checking|, the inventory is what counts}."))
		} else {
			s = append(s, w.gen("{A crafting task is judged by|For a crafting task, look at} the inventory{ and the equipment|}."))
		}
	}
	count := w.countClause(t.inv, counted, have, what, j.count)
	if r := w.recipeRule(j); r != "" && w.rng.IntN(3) == 0 {
		if w.rng.IntN(2) == 0 {
			s = append(s, r, count)
		} else {
			s = append(s, count, r)
		}
	} else {
		s = append(s, count)
	}
	s = append(s, w.some(w.collectionFacts(t, j, have, success, near, counted), 3)...)
	switch {
	case success && have > j.count && w.rng.IntN(3) == 0:
		s = append(s, w.gen("{That is more than the task asks, which still counts as a success|Exceeding the count is also a success|More than needed is still a success}."))
	case success:
		if c := w.gen("{|The task is done.|Nothing is missing.|The count is met.|So the task is complete.|That covers it.|That is enough.|The task succeeded.|This meets the requirement.}"); c != "" {
			s = append(s, c)
		}
	case near != "":
		s = append(s, w.gen(fmt.Sprintf("{%[1]s is still among the nearby blocks|There is still %[1]s nearby|More %[1]s is in sight}, {so the rest can come from here|but the program stopped short|yet the count is short}.", near)))
	case j.verb == "mine":
		s = append(s, w.gen(fmt.Sprintf("{No %[1]s is in sight any more|The nearby blocks show no %[1]s}, {so this spot is used up|so the rest must be found elsewhere}.", blockOf[j.class].noun)))
	}
	critique := ""
	if !success {
		short := j.count - have
		switch {
		case near != "":
			critique = w.gen(fmt.Sprintf("{Mine the %[1]s nearby|Keep mining the %[1]s around you|Dig the %[1]s in sight} {for|to get} %[2]d more %[3]s.", near, short, what))
		case j.verb == "mine":
			critique = w.gen(fmt.Sprintf("{Explore further to find more %[1]s, then mine %[2]d more %[3]s|Move on and look for %[1]s: %[2]d more %[3]s are needed|Search a new area for %[1]s; the task needs %[2]d more %[3]s}.", blockOf[j.class].noun, short, what))
		default:
			critique = w.craftCritique(t, j)
		}
	}
	return criticJSON(strings.Join(s, " "), success, critique), nil
}

// craftCritique tells how to get the item from what the inventory holds,
// as Voyager's critic example does ("Craft a wooden pickaxe with a
// crafting table using 3 spruce planks and 2 sticks.").
func (w words) craftCritique(t turn, j job) string {
	item := strings.ReplaceAll(j.item, "_", " ")
	plank := "planks"
	for _, k := range slices.Sorted(maps.Keys(t.inv)) {
		if strings.HasSuffix(k, "_planks") && t.inv[k] >= 3 {
			plank = strings.ReplaceAll(k, "_", " ")
			break
		}
	}
	var first []string
	needPlanks := map[string]int{"crafting_table": 4, "wooden_pickaxe": 3, "stone_pickaxe": 0}[j.item]
	if t.inv["stick"] < 2 && j.item != "crafting_table" {
		needPlanks += 2
		first = append(first, w.gen("{make sticks from 2 planks|craft sticks from planks}"))
	}
	if countPlanks(t.inv) < needPlanks {
		if held(t.inv, "logs") > 0 {
			first = append([]string{w.gen("{turn a log into planks|craft planks from your logs}")}, first...)
		} else {
			first = append([]string{"get a log for planks"}, first...)
		}
	}
	if j.item == "stone_pickaxe" && t.inv["cobblestone"] < 3 {
		first = append([]string{fmt.Sprintf("mine %d more cobblestone", 3-t.inv["cobblestone"])}, first...)
	}
	var how string
	switch j.item {
	case "crafting_table":
		how = w.gen("{Craft|Make} a crafting table from 4 " + plank)
	case "wooden_pickaxe":
		how = w.gen("{Craft|Make} a wooden pickaxe {with|at} a crafting table using 3 " + plank + " and 2 sticks")
	case "stone_pickaxe":
		how = w.gen("{Craft|Make} a stone pickaxe {with|at} a crafting table using 3 cobblestone and 2 sticks")
	default:
		return w.gen(fmt.Sprintf("{Get|Collect|Gather the materials for} %d more %s{ before you stop|}.", j.count-t.inv[j.item], item))
	}
	if len(first) > 0 {
		steps := listAnd(first)
		return strings.ToUpper(steps[:1]) + steps[1:] + ", then " + lowerFirst(how) + "."
	}
	return how + "."
}

// criticJSON is the answer in the layout of Voyager's critic examples.
func criticJSON(reasoning string, success bool, critique string) string {
	return fmt.Sprintf("{\n    \"reasoning\": %q,\n    \"success\": %t,\n    \"critique\": %q\n}", reasoning, success, critique)
}

// recipeRule is what Minecraft says about the task's item, as Voyager's
// critic examples do ("Mining iron_ore in Minecraft will get raw_iron.").
func (w words) recipeRule(j job) string {
	if j.verb == "mine" {
		return w.gen(map[string]string{
			"logs":   "{Logs of any wood count|Any kind of log counts} {toward the task|for it}{, and they need no tool|, and trees give them by hand|}.",
			"stones": "{Mining stone with a pickaxe {gives|drops} cobblestone|Stone drops cobblestone when mined with a pickaxe}{, and cobblestone is what counts here|}.",
			"iron":   "{Mining iron ore {gives|drops} raw iron|Iron ore drops raw_iron when mined}{, and it takes a stone pickaxe or better|}.",
		}[j.class])
	}
	if needs, ok := craftNeeds[j.item]; ok {
		return w.gen("{A " + strings.ReplaceAll(j.item, "_", " ") + " takes|Crafting a " + strings.ReplaceAll(j.item, "_", " ") + " uses} " + needs + ".")
	}
	return ""
}

// collectionFacts are the sentences on what else the observation shows
// that bears on a collection or crafting task, each true of it.
func (w words) collectionFacts(t turn, j job, have int, success bool, near string, counted func(string) bool) []string {
	var f []string
	if j.verb == "mine" {
		if tool := bestTool(t.inv, j.class); tool != "" {
			if t.hand == tool {
				f = append(f, w.gen(fmt.Sprintf("{You hold the %[1]s in your hand|The %[1]s is in your hand}{ for more| for the next batch|}.", tool)))
			} else {
				f = append(f, w.gen(fmt.Sprintf("{The %[1]s is in the inventory|You still hold the %[1]s|Your %[1]s is there} for {more|the next batch|further mining}.", tool)))
			}
		}
		if success && near != "" {
			f = append(f, w.gen(fmt.Sprintf("{More %[1]s is in sight|%[1]s is still nearby|There is %[1]s left around you} for {later|another order|the next task}.", near)))
		}
		switch {
		case success && j.class == "logs" && have <= 8:
			// A log gives 4 planks; a table (4) and a wooden pickaxe (3
			// planks, 2 sticks from 2 planks) take 9.
			enough := ""
			if 4*have >= 9 {
				enough = w.gen("{, enough for a crafting table and a wooden pickaxe|, which covers a crafting table and a wooden pickaxe with its sticks|}")
			}
			f = append(f, w.gen(fmt.Sprintf("{These|The} %d logs {make|give|would make} %d planks", have, 4*have))+enough+".")
		case success && j.class == "stones" && have <= 8 && t.inv["stone_pickaxe"] == 0:
			f = append(f, w.gen("{That is enough cobblestone for a stone pickaxe|A stone pickaxe takes 3 of them|3 cobblestone are what a stone pickaxe needs}."))
		}
	} else {
		f = append(f, w.craftFacts(t, j)...)
	}
	// The stacks left over: listed, or what the wood among them makes.
	left := w.leftOver(t.inv, counted, have > 0)
	if s := w.spare(t.inv, j.item); s != "" && success && j.verb == "craft" && (left == "" || w.rng.IntN(2) == 0) {
		left = s
	}
	if left != "" {
		f = append(f, left)
	}
	if t.health != "" && t.health != "20.0" {
		f = append(f, w.gen("{Health is down to "+t.health+"/20|You are at "+t.health+"/20 health}{, but that does not bear on the task|; it does not change the count|}."))
	}
	return f
}

// craftFacts are what the observation shows around a crafted item: the
// table among the nearby blocks or not, the item equipped or not, and what
// in sight the new tool can mine.
func (w words) craftFacts(t turn, j job) []string {
	var f []string
	tableNear := slices.Contains(t.blocks, "crafting_table")
	item := strings.ReplaceAll(j.item, "_", " ")
	switch {
	case j.item == "crafting_table" && tableNear && t.inv["crafting_table"] > 0:
		f = append(f, w.gen("{Another crafting table|A crafting_table} is {already|also} among the nearby blocks{, placed before|}."))
	case j.item == "crafting_table" && t.inv["crafting_table"] > 0:
		f = append(f, w.gen("{It has not been placed yet|It is still in the inventory, not placed}{: no crafting_table is among the nearby blocks|; the nearby blocks show no crafting table|}."))
	case tableNear && j.item != "crafting_table":
		f = append(f, w.gen("{A crafting table is among the nearby blocks|The crafting_table stands nearby|The nearby blocks include a crafting_table}{, which the recipe needs|, as the recipe requires|}."))
		if t.inv["crafting_table"] > 0 {
			f = append(f, w.gen("{You carry a crafting_table in the inventory|A crafting table is in your inventory{ as well|}}."))
		}
	}
	if strings.HasSuffix(j.item, "_pickaxe") && t.inv[j.item] > 0 {
		switch t.hand {
		case "":
			f = append(f, w.gen("{It is not equipped yet|Your hands are empty: the "+item+" is not equipped}{, which the task does not ask for|}."))
		case j.item:
			f = append(f, w.gen("{You already hold it in your hand|It is equipped in your main hand}."))
		default:
			f = append(f, w.gen(fmt.Sprintf("{You still hold the %[1]s in your hand|The %[1]s is in your hand}{; the new one is in the inventory|, not the new %[2]s|}.", t.hand, item)))
		}
		target := map[string]string{"wooden_pickaxe": "stone", "stone_pickaxe": "iron_ore"}[j.item]
		if target != "" && slices.Contains(t.blocks, target) {
			f = append(f, w.gen(fmt.Sprintf("{There is %[1]s among the nearby blocks for it to mine|%[1]s is in sight for the new pickaxe}.", target)))
		}
	}
	return f
}

// spare is what the wood left over makes, by the recipes (a log gives 4
// planks; a wooden pickaxe takes 3 planks and 2 sticks, 2 planks give 4
// sticks), or "".
func (w words) spare(inv map[string]int, made string) string {
	logs, planks := held(inv, "logs"), countPlanks(inv)
	sticks := inv["stick"]
	var logName, plankName string
	for _, k := range slices.Sorted(maps.Keys(inv)) {
		if strings.HasSuffix(k, "_log") && logName == "" {
			logName = k
		}
		if strings.HasSuffix(k, "_planks") && plankName == "" {
			plankName = k
		}
	}
	switch {
	case logs > 0 && planks == 0:
		what := plural.Count(logs, "log")
		if logName != "" && inv[logName] == logs {
			what = itemWords(logs, logName)
		}
		enough := ""
		if need := 3 + map[bool]int{true: 0, false: 2}[sticks >= 2]; 4*logs >= need && made != "wooden_pickaxe" {
			enough = w.gen("{, enough for a wooden pickaxe and its sticks|, which is enough for a wooden pickaxe|}")
		}
		return w.gen("{The "+what+" left {make|would give|turn into}|What is left, "+what+", {makes|gives}} ") + plural.Count(4*logs, "plank") + enough + "."
	case planks >= 3 && sticks >= 2 && plankName != "":
		return w.gen(fmt.Sprintf("{The %[1]s and %[2]s left {are enough for|would make} another wooden pickaxe|What is left, %[1]s and %[2]s, {would make|covers} one more wooden pickaxe}.", itemWords(planks, plankName), plural.Count(sticks, "stick")))
	}
	return ""
}

// countClause says how many of the task's items the inventory holds
// against how many it needs: the stacks that count as the inventory names
// them (3 birch_log) or in words (3 birch logs), summed when there are
// several, as Voyager's critic example does.
func (w words) countClause(inv map[string]int, counted func(string) bool, have int, what string, need int) string {
	raw := w.rng.IntN(2) == 0
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(inv)) {
		if !counted(k) {
			continue
		}
		if raw {
			parts = append(parts, fmt.Sprintf("%d %s", inv[k], k))
		} else {
			parts = append(parts, itemWords(inv[k], k))
		}
	}
	if len(parts) > 1 {
		if w.rng.IntN(2) == 0 {
			return w.gen(fmt.Sprintf("{You have|Your inventory holds|The inventory lists} %s, which add up to %d %s{; the task {needs|asks for}|, against the} %d.", listAnd(parts), have, what, need))
		}
		return w.gen(fmt.Sprintf("{Your inventory has|You hold|The inventory shows|In the inventory there are} %s: %d %s {in all|together|altogether}, {against the|for a task of|and the task wants|where the task asks for} %d.", strings.Join(parts, ", "), have, what, need))
	}
	if have == 0 {
		return w.gen(fmt.Sprintf("{There is no %[1]s in your inventory|Your inventory holds no %[1]s|The inventory shows no %[1]s}, and the task {needs|asks for|wants} %[2]d.", what, need))
	}
	// One stack: named as the inventory names it, in words, or as the task
	// does (3 logs).
	held := fmt.Sprintf("%d %s", have, what)
	if len(parts) == 1 && parts[0] != held && w.rng.IntN(3) > 0 {
		held = parts[0]
	}
	there := "{There are|The inventory holds}"
	if have == 1 {
		there = "{There is|The inventory holds}"
	}
	return w.gen(fmt.Sprintf("{You have %[1]s{ in your inventory|}|Your inventory holds %[1]s|"+there+" %[1]s|The inventory lists %[1]s|I count %[1]s in your inventory|The inventory shows %[1]s}, and the task {needs|asks for|wants|calls for|requires} %[2]d.", held, need))
}

// leftOver is a sentence naming up to two stacks of the inventory the
// task does not count, the largest first, or "".
func (w words) leftOver(inv map[string]int, counted func(item string) bool, besides bool) string {
	var items []string
	for k := range inv {
		if !counted(k) {
			items = append(items, k)
		}
	}
	if len(items) == 0 {
		return ""
	}
	slices.SortFunc(items, func(a, b string) int { return cmp.Or(inv[b]-inv[a], strings.Compare(a, b)) })
	items = items[:min(len(items), 1+w.rng.IntN(2))]
	raw := w.rng.IntN(2) == 0
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = itemWords(inv[it], it)
		if raw {
			parts[i] = fmt.Sprintf("%d %s", inv[it], it)
		}
	}
	if !besides {
		return w.gen("{The inventory has|You hold|You carry} ") + strings.Join(parts, " and ") + "."
	}
	return w.gen("{Besides it you hold|Left over in the inventory are|The inventory also has|Next to it are|Apart from that you carry} ") + strings.Join(parts, " and ") + "."
}

// some keeps each sentence with even odds, at most max of them, in an
// order drawn from the stream: what a critic mentions besides the count
// and in which order is free.
func (w words) some(ss []string, max int) []string {
	var out []string
	for _, s := range ss {
		if w.rng.IntN(2) == 0 {
			out = append(out, s)
		}
	}
	w.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out[:min(len(out), max)]
}

// bestTool is the best pickaxe (stones, iron) or axe (logs) an inventory
// holds, "" for none.
func bestTool(inv map[string]int, class string) string {
	kind := "_pickaxe"
	if class == "logs" {
		kind = "_axe"
	}
	for _, tier := range []string{"diamond", "iron", "stone", "wooden"} {
		if inv[tier+kind] > 0 {
			return tier + kind
		}
	}
	return ""
}

// nearbySource is the first nearby block that yields the class, "" for
// none.
func nearbySource(blocks []string, class string) string {
	for _, b := range blocks {
		switch {
		case class == "logs" && strings.HasSuffix(b, "_log"),
			class == "stones" && b == "stone",
			class == "iron" && (b == "iron_ore" || b == "deepslate_iron_ore"):
			return b
		}
	}
	return ""
}

// massNouns are items counted without a plural: "36 cobblestone".
var massNouns = map[string]bool{"cobblestone": true, "stone": true, "dirt": true, "raw_iron": true, "iron_ore": true,
	"deepslate_iron_ore": true, "coal": true, "gravel": true, "sand": true}

// itemWords is a stack in words: "3 birch logs", "1 crafting table", "1
// oak plank", "36 cobblestone".
func itemWords(n int, item string) string {
	name := strings.ReplaceAll(item, "_", " ")
	switch {
	case massNouns[item]:
	case strings.HasSuffix(name, "s"):
		if n == 1 {
			name = strings.TrimSuffix(name, "s")
		}
	default:
		name = plural.Word(n, name)
	}
	return fmt.Sprintf("%d %s", n, name)
}

// listAnd joins "a", "b" and "c" as "a, b and c".
func listAnd(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
