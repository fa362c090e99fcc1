package treeexpert

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"collabcraft/sagents"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

func reply(t *testing.T, kind string, msgs []sagents.Message, seed uint64) string {
	t.Helper()
	text, err := Reply(kind, msgs, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func line(sec int, speaker, to, text string) sagents.Line {
	return sagents.Line{At: time.Duration(sec) * time.Second, Speaker: speaker, To: to, Text: text}
}

// The root's monitor waits for every worker of the stage, and judges the
// stage failed once all reported and one failed.
func TestMonitorJudgesFromReports(t *testing.T) {
	task := "Stage 1: Mine logs\nJill mines 25 logs.\nBob mines 25 logs."
	started := []sagents.Line{line(1, "Andy", "Jill", "Jill, please mine 25 logs"), line(2, "Jill", "Andy", "Got it!"),
		line(3, "Jill", "Andy", "I'll start the task Mine 25 logs now")}
	jill := line(90, "Jill", "Andy", "I have succeeded the task mine 25 logs.")
	bobOK := line(95, "Bob", "Andy", "I have succeeded the task mine 25 logs.")
	bobFail := line(95, "Bob", "Andy", "I have failed the task mine 25 logs.")
	for _, c := range []struct {
		lines []sagents.Line
		want  string
	}{{started, sagents.Unknown}, {append(started, jill), sagents.Unknown}, {append(started, jill, bobOK), sagents.Success}, {append(started, jill, bobFail), sagents.Fail}} {
		r := sagents.ParseMonitorReply(reply(t, trajectory.KindMonitor, sagents.MonitorMessages(sagents.MonitorCall{Root: true, Task: task, Lines: c.lines}), 1))
		if r.Status != c.want {
			t.Errorf("%d lines: %s, want %s (%s)", len(c.lines), r.Status, c.want, r.Judgment)
		}
	}
}

// The leader splits the goal (rule 5), and after a failed stage plans the
// rest from the inventories the workers reported; a leaf stages its tools.
func TestPlannersPlan(t *testing.T) {
	first := sagents.PlannerCall{Name: "Andy", Employment: []string{"Jill", "Bob", "Ann"}, Root: true,
		Lines: []sagents.Line{line(0, "user", "Andy", "Mine 50 stones")}, Inventory: "Jill has an empty inventory, Bob has an empty inventory, Ann has an empty inventory."}
	p := sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(first), 1))
	for _, w := range []string{"Jill", "Bob", "Ann"} {
		if !strings.Contains(p.AtHand, w+" mine") {
			t.Errorf("%s has nothing to do in %q", w, p.AtHand)
		}
	}
	if !strings.Contains(p.AtHand, " 17 stones.") || !strings.Contains(p.AtHand, " 16 stones.") || p.Informer != "user" {
		t.Errorf("50 stones among three: %+v", p)
	}
	again := first
	again.Lines = []sagents.Line{line(80, "Jill", "Andy", "my inventory is {'cobblestone': 17, 'stick': 2}, and my equipment is [None, None, None, None, None, None] "),
		line(81, "Bob", "Andy", "I have failed the task mine 17 stones.")}
	again.Objective, again.Plan, again.Task, again.Status = "Mine 50 stones.", p.LongTerm, p.AtHand, sagents.Fail
	p2 := sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(again), 1))
	if strings.Count(p2.AtHand, " 11 stones.") != 3 {
		t.Errorf("33 stones left among three: %q", p2.AtHand)
	}
	todos, err := sagents.ParseTodos(reply(t, trajectory.KindActionPlan, sagents.ActionMessages(sagents.ActionCall{Name: "Andy", Profile: "the leader", Employment: first.Employment, Root: true, Task: p2.AtHand}), 1))
	if err != nil || len(todos) != 3 {
		t.Fatalf("leader's todos %q %v", todos, err)
	}
	for _, name := range first.Employment {
		i := slices.IndexFunc(todos, func(t string) bool { return strings.HasPrefix(t, "inform "+name+" ") })
		if i < 0 {
			t.Fatalf("leader's todos %q inform no %s", todos, name)
		}
		if _, order, _ := sagents.Inform(todos[i]); !sameGoal(order, goal{11, "stones"}) {
			t.Errorf("%s's order %q is not 11 stones", name, order)
		}
	}
	leaf := sagents.PlannerCall{Name: "Jill", Employment: []string{"Jill"}, Lines: []sagents.Line{line(5, "Andy", "Jill", "Jill, please mine 6 iron")}, Inventory: "Jill has an empty inventory."}
	lp := sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(leaf), 1))
	if !strings.Contains(lp.LongTerm, "wooden pickaxe") || !strings.Contains(lp.LongTerm, "stone pickaxe") || !strings.Contains(lp.LongTerm, "Jill mine 6 iron.") || lp.Informer != "Andy" {
		t.Errorf("a leaf's plan for iron: %+v", lp)
	}
	todos, _ = sagents.ParseTodos(reply(t, trajectory.KindActionPlan, sagents.ActionMessages(sagents.ActionCall{Name: "Jill", Profile: "a worker", Employment: []string{"Jill"}, Task: lp.AtHand}), 1))
	want := []job{{verb: "mine", count: 3, class: "logs"}, {verb: "craft", count: 1, item: "crafting_table"}, {verb: "craft", count: 1, item: "wooden_pickaxe"}}
	if len(todos) != len(want) {
		t.Fatalf("a leaf's first todos %q", todos)
	}
	for i, todo := range todos {
		if j, ok := readJob(todo); !ok || j != want[i] {
			t.Errorf("a leaf's todo %d %q reads as %+v, want %+v", i, todo, j, want[i])
		}
	}
}

// Voyager's calls: the program has a main function of bot, the critic's
// JSON judges from the inventory, and the words vary with the seed while
// the decision does not.
func TestVoyagerCalls(t *testing.T) {
	obs := voyager.Observation{Biome: "plains", TimeOfDay: "day", Health: 20, Food: 20, Equipment: make([]string, 6),
		Inventory: []voyager.Item{{Name: "oak_log", Count: 2}}, InventoryUsed: 1}
	msgs := []sagents.Message{{Role: "system", Content: voyager.ActionSystem(voyager.ActionModel, nil).Content},
		{Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: "Mine 5 logs"}).Content}}
	codes := map[string]bool{}
	for seed := range uint64(20) {
		text := reply(t, trajectory.KindSkillCode, msgs, seed)
		if !strings.Contains(text, "async function ") || !strings.Contains(text, "(bot) {") || !strings.Contains(text, "mineBlock(bot, block.name") {
			t.Fatalf("program %s", text)
		}
		codes[text] = true
	}
	if len(codes) < 15 {
		t.Errorf("%d distinct programs of 20", len(codes))
	}
	// A retrieved skill that does the job is reused, not written again.
	lib := "async function makeWoodenPickaxe(bot) {\n  await craftItem(bot, \"wooden_pickaxe\", 1);\n}"
	craft := []sagents.Message{{Role: "system", Content: voyager.ActionSystem(voyager.ActionModel, []string{lib}).Content},
		{Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: "Craft 1 wooden pickaxe"}).Content}}
	if text := reply(t, trajectory.KindSkillCode, craft, 1); !strings.Contains(text, "  await makeWoodenPickaxe(bot);") {
		t.Errorf("the library's skill is not reused:\n%s", text)
	} else if d := reply(t, trajectory.KindSkillDescription, []sagents.Message{{Role: "system", Content: "s"}, {Role: "user", Content: text + "\n\nThe main function is `x`."}}, 1); !strings.Contains(d, "wooden pickaxe") ||
		strings.Contains(d, "makeWoodenPickaxe") || strings.Contains(d, "chat") {
		// Voyager's skill prompt: no function names, nothing of bot.chat
		// or helper functions.
		t.Errorf("a reusing skill's description %q", d)
	}
	hm, _ := voyager.CriticHuman(nil, obs, "Mine 5 logs", "", "Chests: None\n\n")
	crit := reply(t, trajectory.KindCritic, []sagents.Message{{Role: "system", Content: voyager.CriticSystem().Content}, {Role: "user", Content: hm.Content}}, 3)
	if !strings.Contains(crit, `"success": false`) || !strings.Contains(crit, "3 more logs") {
		t.Errorf("critic %s", crit)
	}
	d := reply(t, trajectory.KindSkillDescription, []sagents.Message{{Role: "system", Content: "s"}, {Role: "user", Content: "async function craftStick(bot) {\n  await craftItem(bot, \"stick\", 1);\n}\n\nThe main function is `craftStick`."}}, 1)
	if !strings.Contains(d, "stick") {
		t.Errorf("description %q", d)
	}
}

// innermostGroup finds what the pattern \{[^{}]*\} finds, on nested, stray
// and unbalanced braces alike, so gen draws the same alternatives in the
// same order as it did with the regexp.
func TestInnermostGroupIsTheRegexpMatch(t *testing.T) {
	re := regexp.MustCompile(`\{[^{}]*\}`)
	rng := rand.New(rand.NewPCG(7, 1))
	alphabet := "{}|ab "
	cases := []string{"", "plain", "{a|b}", "x {a|{b|c}} y", "}{a}", "{a{b}", "{a}}{b}", "{", "}", "{}", "a{b|c}d{e}"}
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		open, end, ok := innermostGroup(s)
		loc := re.FindStringIndex(s)
		if ok != (loc != nil) || ok && (open != loc[0] || end+1 != loc[1]) {
			t.Fatalf("innermostGroup(%q) = %d, %d, %v; the regexp finds %v", s, open, end, ok, loc)
		}
	}
	// The same draws as before: nested groups resolve innermost first.
	w := words{rng: rand.New(rand.NewPCG(3, 1))}
	old := func(t string, rng *rand.Rand) string {
		re := regexp.MustCompile(`\{([^{}]*)\}`)
		for loc := re.FindStringSubmatchIndex(t); loc != nil; loc = re.FindStringSubmatchIndex(t) {
			alts := strings.Split(t[loc[2]:loc[3]], "|")
			t = t[:loc[0]] + alts[rng.IntN(len(alts))] + t[loc[1]:]
		}
		return t
	}
	oldRNG := rand.New(rand.NewPCG(3, 1))
	for _, s := range append(cases, "The function {crafts|{makes|builds} {a|the}} {x|y|{z|w}}") {
		if got, want := w.gen(s), old(s, oldRNG); got != want {
			t.Fatalf("gen(%q) = %q, the regexp version says %q", s, got, want)
		}
	}
}

// TestSkillDescriptionsVaryAndStayTrue: the descriptions of one crafting
// skill, one reusing skill and the inventory report vary with the seed
// (fewer than half as many wordings before), and say only what the code
// does: the item and count, the planks it tops up to and their wood, the
// table's place; never a function's name or the chat (Voyager's skill
// prompt), at most six sentences on one line.
func TestSkillDescriptionsVaryAndStayTrue(t *testing.T) {
	obs := voyager.Observation{Biome: "plains", TimeOfDay: "day", Health: 20, Food: 20, Equipment: make([]string, 6),
		Inventory: []voyager.Item{{Name: "birch_log", Count: 3}}, InventoryUsed: 1}
	describe := func(code string, seed uint64) string {
		return reply(t, trajectory.KindSkillDescription, []sagents.Message{{Role: "system", Content: "s"}, {Role: "user", Content: code + "\n\nThe main function is `x`."}}, seed)
	}
	codeOf := func(text string) string {
		_, c, _ := strings.Cut(text, "```javascript\n")
		c, _, _ = strings.Cut(c, "```")
		return c
	}
	lib := "async function makeWoodenPickaxe(bot) {\n  await craftItem(bot, \"wooden_pickaxe\", 1);\n}"
	for _, c := range []struct {
		name, task string
		library    []string
		must       []string
		min        int
	}{
		{"craft", "Craft 1 wooden pickaxe", nil, []string{"wooden pickaxe", "planks"}, 150},
		{"reuse", "Craft 1 wooden pickaxe", []string{lib}, []string{"wooden pickaxe"}, 40},
	} {
		msgs := []sagents.Message{{Role: "system", Content: voyager.ActionSystem(voyager.ActionModel, c.library).Content},
			{Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: c.task}).Content}}
		code := codeOf(reply(t, trajectory.KindSkillCode, msgs, 1))
		fn := mainFnName(t, code)
		seen := map[string]bool{}
		for seed := range uint64(200) {
			d := describe(code, seed)
			seen[d] = true
			for _, m := range c.must {
				if !strings.Contains(d, m) {
					t.Errorf("%s: %q does not say %q", c.name, d, m)
				}
			}
			checkDescription(t, d, fn)
			for _, m := range topUpRE.FindAllStringSubmatch(d, -1) {
				if m[1] != "5" || strings.Contains(d, "oak") {
					t.Errorf("%s: %q: the code tops up to 5 birch planks", c.name, d)
				}
			}
			if strings.Contains(d, "east") && !strings.Contains(code, "offset(1, 0, 0)") {
				t.Errorf("%s: %q: the table goes elsewhere", c.name, d)
			}
		}
		if len(seen) < c.min {
			t.Errorf("%s: %d distinct descriptions of 200, want at least %d", c.name, len(seen), c.min)
		}
	}
	report := codeOf(reply(t, trajectory.KindSkillCode, []sagents.Message{{Role: "system", Content: voyager.ActionSystem(voyager.ActionModel, nil).Content},
		{Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: "Report the inventory"}).Content}}, 1))
	seen := map[string]bool{}
	for seed := range uint64(200) {
		d := describe(report, seed)
		seen[d] = true
		checkDescription(t, d, mainFnName(t, report))
	}
	if len(seen) < 100 {
		t.Errorf("report: %d distinct descriptions of 200, want at least 100", len(seen))
	}
}

// topUpRE finds the planks a description says the code tops up to.
var topUpRE = regexp.MustCompile(`(?:up to|at least|until it has|fewer than) (\d+)`)

func mainFnName(t *testing.T, code string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^async function (\w+)\(bot\) \{`).FindAllStringSubmatch(code, -1)
	if len(m) == 0 {
		t.Fatalf("no main function in %q", code)
	}
	return m[len(m)-1][1]
}

func checkDescription(t *testing.T, d, fn string) {
	t.Helper()
	if strings.Contains(d, fn) || strings.Contains(d, "chat") || strings.Contains(d, "\n") || strings.Count(d, ". ") > 5 || strings.Contains(d, "  ") || strings.Contains(d, "..") {
		t.Errorf("description %q (main function %s)", d, fn)
	}
}
