package scripted

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

func TestGoals(t *testing.T) {
	g := craftingGoal(callOf(&generate.View{Goal: "Collaborate with other agents to craft an activator_railYou have to collaborate"}).c)
	if g.Target != "activator_rail" || g.Count != 1 {
		t.Errorf("craft goal: %q %d", g.Target, g.Count)
	}
	g = craftingGoal(callOf(&generate.View{Goal: "Collaborate with other agents to craft 3 stick"}).c)
	if g.Target != "stick" || g.Count != 3 {
		t.Errorf("craft goal with count: %q %d", g.Target, g.Count)
	}
	for goal, want := range map[string]string{
		"Collaborate with agents around you to make 1 cake, 2 bread.\n\nRecipe for cake:":  "cake:1 bread:2",
		"Collaborate with other agents around you to make beetroot_soup, rabbit_stew.\nIn": "beetroot_soup:1 rabbit_stew:1",
		"You need to make cooked_beef, but you don't have the recipe for it":               "cooked_beef:1",
	} {
		got := ""
		for _, d := range cookingGoal(callOf(&generate.View{Goal: goal}).c).Dishes {
			if got != "" {
				got += " "
			}
			got += d.Item + ":" + itoa(d.Count)
		}
		if got != want {
			t.Errorf("dishes of %q: %q, want %q", goal, got, want)
		}
	}
}

func TestParseFixes(t *testing.T) {
	text := "Level 1 requires the following fixes:\nPlace terracotta at coordinates X: 155, Y: -59, Z: -168\n" +
		"Remove the terracotta at coordinates X: 155, Y: -59, Z: -166\nReplace the dirt with a stone at coordinates X: 1, Y: 2, Z: 3 \n"
	want := []fix{{"terracotta", 155, -59, -168}, {"", 155, -59, -166}, {"stone", 1, 2, 3}}
	if got := parseFixes(text); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// helperView is Jill_0's view in a two-agent crafting task after Andy_0,
// who opened the conversation, took the crafter's role with opener.
func helperView(target, inventory, opener string) *generate.View {
	return &generate.View{
		Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal:        "Collaborate with other agents to craft a " + target,
		Inventory:   "\nINVENTORY\n" + inventory + "\nWEARING: Nothing\n",
		CommandDocs: "\n!getCraftingPlan: Provides ...\n",
		Turns:       []trajectory.Message{{Role: "user", Content: "Andy_0: (FROM OTHER BOT)" + opener}},
	}
}

// TestPlanRelay: a helper hears the crafter take the role and say it
// cannot see the plan and, having !getCraftingPlan, looks it up for it.
func TestPlanRelay(t *testing.T) {
	v := helperView("bookshelf", "- book: 3", "I hold the most (6 items), so I'll gather everything and craft the bookshelf. Please send me your items. I can't see the crafting plan, so if you can, please send me the steps.")
	if got := decide(v); !containsCmd(got, `!getCraftingPlan("bookshelf", 1)`) {
		t.Errorf("helper answered %q, want a plan lookup", got)
	}
	v.Turns = append(v.Turns,
		trajectory.Message{Role: "assistant", Content: `Let me get the plan for you. !getCraftingPlan("bookshelf", 1)`},
		trajectory.Message{Role: "system", Content: "You are missing the following items:\n- 6 oak_planks\n\nOnce you have these items, here's your crafting plan:\n\nCraft 6 oak_planks + 3 book -> 1 bookshelf"})
	// Andy_0 opened the conversation: the relay is a reply in it.
	if got := decide(v); containsCmd(got, "!startConversation") || !chat.Parse(got).Has(chat.PlanRelay) || !containsCmd(got, "Craft 6 oak_planks + 3 book -> 1 bookshelf") {
		t.Errorf("helper answered %q, want the plan relayed as a reply", got)
	}
	// Without the command (blocked), it just hands over its items.
	v.CommandDocs = ""
	if got := decide(v); !containsCmd(got, `!givePlayer("Andy_0", "book", 3)`) {
		t.Errorf("blocked helper answered %q", got)
	}
}

// A helper whose own items make a part of the target crafts it before
// handing over, says why from what it holds, and leaves alone a part
// whose ingredients another step needs.
func TestHelperCraftsItsPart(t *testing.T) {
	v := helperView("barrel", "- oak_log: 2", "I hold the most (2 items), so I'll gather everything and craft the barrel. Please send me your items.")
	if got := decide(v); !containsCmd(got, `!getCraftingPlan("barrel", 1)`) {
		t.Errorf("helper answered %q, want a look at the plan", got)
	}
	v.Turns = append(v.Turns,
		trajectory.Message{Role: "assistant", Content: `One look at the plan first. !getCraftingPlan("barrel", 1)`},
		trajectory.Message{Role: "system", Content: "You are missing the following items:\n- 1 oak_log\n\nOnce you have these items, here's your crafting plan:\n\nCraft 2 oak_log -> 8 oak_planks\nCraft 1 oak_log -> 4 oak_planks\nCraft 3 oak_planks -> 6 oak_slab\nCraft 6 oak_planks + 2 oak_slab -> 1 barrel"})
	got := decide(v)
	if !containsCmd(got, `!craftRecipe("oak_planks", 2)`) || !containsCmd(got, "2 oak_log") {
		t.Errorf("helper answered %q, want the planks crafted from its 2 oak_log, said so", got)
	}
	// Planks of its own go over, not into slabs: no part from its crafts.
	v.Inventory = "\nINVENTORY\n- oak_planks: 8\nWEARING: Nothing\n"
	v.Turns = append(v.Turns,
		trajectory.Message{Role: "assistant", Content: got},
		trajectory.Message{Role: "system", Content: "Action output:\nSuccessfully crafted oak_planks, you now have 8 oak_planks."})
	if got := decide(v); !containsCmd(got, `!givePlayer("Andy_0", "oak_planks", 8)`) {
		t.Errorf("helper answered %q, want its planks handed over", got)
	}
	// The sticks' planks also go into the pickaxe itself: they go over as
	// they are.
	v.Goal = "Collaborate with other agents to craft a wooden_pickaxe"
	v.Inventory = "\nINVENTORY\n- oak_planks: 4\nWEARING: Nothing\n"
	v.Turns = append(v.Turns[:1],
		trajectory.Message{Role: "assistant", Content: `One look at the plan first. !getCraftingPlan("wooden_pickaxe", 1)`},
		trajectory.Message{Role: "system", Content: "You are missing the following items:\n- 1 oak_planks\n\nOnce you have these items, here's your crafting plan:\n\nCraft 2 oak_planks -> 4 stick\nCraft 3 oak_planks + 2 stick -> 1 wooden_pickaxe"})
	if got := decide(v); !containsCmd(got, `!givePlayer("Andy_0", "oak_planks", 4)`) {
		t.Errorf("helper answered %q, want its planks handed over", got)
	}
}

// A crafter that holds everything gives a part away the other way: it
// asks the idle helper to craft it, saying the plan's step, hands over
// what it takes, and gets on with its own work (here the copper nobody
// had) instead of gathering the part's ingredients again; the helper
// waits for the items and crafts the part.
func TestCrafterSharesAPart(t *testing.T) {
	mem := "Coordinator: Jill_0 (4 items). I told everyone I collect. I am the crafter of 1 brush; teammates send me their items. I know the crafting plan for brush. Got everything from: Andy_0."
	v := &generate.View{
		Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal: "Collaborate with other agents to craft a brush", Memory: mem,
		Inventory:   "\nINVENTORY\n- coal: 1\n- feather: 1\n- furnace: 1\n- oak_planks: 4\n- stone_pickaxe: 1\nWEARING: Nothing\n",
		CommandDocs: "\n!getCraftingPlan: Provides ...\n",
	}
	ask := decide(v)
	if !containsCmd(ask, "Craft 2 oak_planks -> 4 stick") || containsCmd(ask, "!givePlayer") {
		t.Fatalf("crafter answered %q, want the stick asked of Andy_0 with its step", ask)
	}
	v.Turns = []trajectory.Message{{Role: "user", Content: "Andy_0: (FROM OTHER BOT)Hi"}, {Role: "assistant", Content: ask}}
	if got := decide(v); !containsCmd(got, `!givePlayer("Andy_0", "oak_planks", 2)`) {
		t.Fatalf("crafter answered %q, want the planks for the stick handed over", got)
	}
	v.Turns = append(v.Turns,
		trajectory.Message{Role: "assistant", Content: `Here you go. !givePlayer("Andy_0", "oak_planks", 2)`},
		trajectory.Message{Role: "system", Content: "Action output:\nYou have reached Andy_0.\nDiscarded 2 oak_planks.\nAndy_0 received oak_planks.\n"})
	v.Inventory = "\nINVENTORY\n- coal: 1\n- feather: 1\n- furnace: 1\n- oak_planks: 2\n- stone_pickaxe: 1\nWEARING: Nothing\n"
	if got := decide(v); !containsCmd(got, `!collectBlocks("copper_ore", 1)`) {
		t.Errorf("crafter answered %q, want the copper_ore it lacks while the stick is made", got)
	}

	h := &generate.View{
		Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal: "Collaborate with other agents to craft a brush", Memory: "Coordinator: Jill_0 (4 items). I told everyone who collects. Told Jill_0 I gave everything.",
		Inventory: "\nINVENTORY\nWEARING: Nothing\n",
		Turns:     []trajectory.Message{{Role: "user", Content: "Jill_0: (FROM OTHER BOT)" + ask}},
	}
	if got := decide(h); !containsCmd(got, "!stay(") {
		t.Errorf("helper answered %q, want a wait for the items", got)
	}
	h.Inventory = "\nINVENTORY\n- oak_planks: 2\nWEARING: Nothing\n"
	if got := decide(h); !containsCmd(got, `!craftRecipe("stick", 1)`) {
		t.Errorf("helper answered %q, want the stick crafted", got)
	}
}

func containsCmd(s, sub string) bool { return strings.Contains(s, sub) }

// TestMemory: every memory call of real trials returns a summary within
// MINDcraft's 500 characters, and the facts the agent relies on survive.
func TestMemory(t *testing.T) {
	var recs []*trajectory.Trial
	recs = append(recs, play(t, genTasks(t, procgen.KindCrafting, procgen.SplitTest, 3, 8), DefaultOptions(), 7)...)
	recs = append(recs, play(t, genTasks(t, procgen.KindCooking, procgen.SplitTest, 2, 8), DefaultOptions(), 7)...)
	mems, copies, steps := 0, 0, 0
	for _, r := range recs {
		for _, a := range r.Agents {
			old := "" // memory changes only by memory calls
			for _, tr := range a.Transitions {
				if tr.Kind != trajectory.KindMemory {
					continue
				}
				mems++
				if n := len([]rune(tr.Response)); n == 0 || n > maxMemory {
					t.Errorf("%s %s: memory of %d characters: %q", r.TrialID, a.Name, n, tr.Response)
				}
				// A memory with new notes is new words; one whose notes are
				// the old memory's is the old one word for word unless
				// the folded turns gave it more to say (crafting's gist:
				// a wait, what comes next), and then it differs.
				same := reflect.DeepEqual(know.ParseNotes(tr.Response), know.ParseNotes(old))
				if old != "" && (!same && tr.Response == old || same && tr.Response != old && r.TaskType != procgen.TypeCrafting) {
					t.Errorf("%s %s: memory %q after %q: same notes %v, same words %v", r.TrialID, a.Name, tr.Response, old, same, tr.Response == old)
				}
				if tr.Response == old {
					copies++
				}
				if len(know.ParseNotes(tr.Response).PlanSteps) > 0 {
					steps++
				}
				old = tr.Response
			}
		}
	}
	if copies == mems || steps == 0 {
		t.Errorf("%d memories, %d copies, %d keep plan steps", mems, copies, steps)
	}
	if mems == 0 {
		t.Fatal("no memory calls: the trials are too short to test folding")
	}
	// The crafter's facts read back: a memory that says the plan is known
	// and the helpers are done makes it act, not ask again.
	v := &generate.View{
		Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal:        "Collaborate with other agents to craft a stick",
		Memory:      "Coordinator: Andy_0 (2 items). I told everyone I collect. I am the crafter of 1 stick; teammates send me their items. I know the crafting plan for stick. Got everything from: Jill_0.",
		Inventory:   "\nINVENTORY\n- oak_planks: 2\nWEARING: Nothing\n",
		CommandDocs: "\n!getCraftingPlan: x\n",
	}
	if got := decide(v); !containsCmd(got, `!craftRecipe("stick", 1)`) {
		t.Errorf("crafter with memory answered %q", got)
	}
	// The plan's steps, in any phrasing, are the plan known: no lookup.
	v.Memory = "Items go to: Andy_0 (2 items). I am to craft 1 stick; the others hand me what they hold. Steps to follow: 2 oak_planks -> 4 stick. Everything handed over by: Jill_0."
	if got := decide(v); !containsCmd(got, `!craftRecipe("stick", 1)`) {
		t.Errorf("crafter with the plan's steps in memory answered %q", got)
	}
}

// TestDeterministicAndConcurrent: the same request always gets the same
// reply, from many goroutines at once, and whole trials repeat exactly.
func TestDeterministicAndConcurrent(t *testing.T) {
	tasks := genTasks(t, procgen.KindCooking, procgen.SplitTest, 3, 4)
	a, b := play(t, tasks, Options{Skill: 0.7, Noise: 0.3}, 9), play(t, tasks, Options{Skill: 0.7, Noise: 0.3}, 9)
	for i := range a {
		for j := range a[i].Agents {
			x, y := a[i].Agents[j].Transitions, b[i].Agents[j].Transitions
			if len(x) != len(y) {
				t.Fatalf("%s: %d vs %d transitions", a[i].TrialID, len(x), len(y))
			}
			for k := range x {
				if x[k].Response != y[k].Response {
					t.Fatalf("%s step %d: %q vs %q", a[i].TrialID, k, x[k].Response, y[k].Response)
				}
			}
		}
	}
	be := New(Options{Skill: 0.5, Noise: 0.5})
	var reqs []generate.Request
	for _, ag := range a[0].Agents {
		for _, tr := range ag.Transitions {
			reqs = append(reqs, generate.Request{Kind: tr.Kind, Seed: uint64(tr.Step), View: generate.View{
				Name: ag.Name, Team: []string{"Andy_0", "Jill_0", "Bob_0"}, TaskType: procgen.TypeCooking,
				Goal: "Collaborate with agents around you to make 1 bread", Turns: tr.Messages, Step: tr.Step,
			}})
		}
	}
	want := make([]string, len(reqs))
	for i, r := range reqs {
		rep, err := be.Complete(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = rep.Text
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, r := range reqs {
				if rep, _ := be.Complete(context.Background(), r); rep.Text != want[i] {
					t.Errorf("request %d: concurrent reply differs", i)
				}
			}
		})
	}
	wg.Wait()
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(DefaultOptions()).Complete(ctx, generate.Request{}); err == nil {
		t.Error("a cancelled call succeeded")
	}
}

func TestTeamsCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		if !k.PlayedBy("p2p") {
			continue // MindAgent's kinds are dispatched (dispatcher.go), never played by MINDcraft agents
		}
		e, ok := teams[k.TaskType]
		if !ok || e.roles == nil || len(e.queries) == 0 {
			t.Errorf("kind %s: no scripted team, or one without roles or queries", k.Name)
		}
		for _, q := range e.queries {
			if len(lookWords[q]) == 0 {
				t.Errorf("kind %s: lookup %s has no words to say why", k.Name, q)
			}
		}
	}
}

// TestOwningNamesTheMistake: an agent recovering from an injected mistake
// says what was wrong and what is right, from the failed command and its
// fix, not a stock apology.
func TestOwningNamesTheMistake(t *testing.T) {
	v := testVoice(1, 2)
	for _, c := range []struct {
		failed know.Act
		fix    string
		want   []string
	}{
		{know.Act{Name: "!craftRecipe", Args: []string{"oak_plank", "1"}}, `!craftRecipe("oak_planks", 1)`, []string{"oak_plank", "oak_planks"}},
		{know.Act{Name: "!craftRecipe", Args: []string{"stick", "3"}}, `!craftRecipe("stick", 2)`, []string{"3", "2", "stick"}},
		{know.Act{Name: "!givePlayer", Args: []string{"Jill_0", "ironingot", "2"}}, `!givePlayer("Jill_0", "iron_ingot", 2)`, []string{"ironingot", "iron_ingot"}},
	} {
		m, _ := command.Find(c.fix)
		for range 10 {
			got := owning(v, c.failed, m)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("owning %v then %s: %q does not say %q", c.failed.Args, c.fix, got, w)
				}
			}
		}
	}
}
