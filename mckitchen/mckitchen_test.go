package mckitchen

import (
	"reflect"
	"slices"
	"testing"
	"time"
)

type cycle struct{ i int }

func (c *cycle) IntN(n int) int { c.i++; return (c.i - 1) % n }

func TestTiming(t *testing.T) {
	// W = 45 s: ⌈α·13.5⌉ s between orders, ⌈2.5·α·13.5⌉ s to serve one.
	for _, c := range []struct {
		alpha              float64
		interval, lifetime int
	}{{1, 14, 34}, {1.5, 21, 51}, {2, 27, 68}, {3, 41, 102}} {
		got := TimingFor(c.alpha)
		if got.Interval != time.Duration(c.interval)*time.Second || got.Lifetime != time.Duration(c.lifetime)*time.Second {
			t.Errorf("α %v: %+v", c.alpha, got)
		}
	}
}

// TestOrders: one order at the start, one each interval while fewer than
// 6 are open; an order due expires (a step counted once however many
// expire in it); the chest serves the most urgent order of its dish.
func TestOrders(t *testing.T) {
	l := Level{Name: "x", Dishes: []string{"cooked_beef", "cooked_mutton"}}
	o := NewOrders(l, 1, &cycle{})
	if got := o.Open(); len(got) != 1 || got[0] != (Order{"cooked_beef", 34 * time.Second}) {
		t.Fatalf("start: %v", got)
	}
	chest := map[string]int{}
	take := func(d string) bool {
		if chest[d] > 0 {
			chest[d]--
			return true
		}
		return false
	}
	o.Settle(14*time.Second, take)
	if got := o.Open(); len(got) != 2 || got[1].Dish != "cooked_mutton" {
		t.Fatalf("after one interval: %v", got)
	}
	chest["cooked_mutton"] = 1
	if served := o.Settle(15*time.Second, take); !slices.Equal(served, []string{"cooked_mutton"}) {
		t.Errorf("served %v", served)
	}
	o.Settle(200*time.Second, take) // everything open expires; the arrivals since are capped at 6
	tl := o.Tally()
	if tl.Served != 1 || tl.Expired != 1 || tl.ExpirySteps != 1 || tl.Open != MaxOrders {
		t.Errorf("tally %+v", tl)
	}
	if !slices.Equal(o.Accomplished(), []string{"cooked_mutton"}) {
		t.Errorf("accomplished %v", o.Accomplished())
	}
}

// TestTurnReadsBack: a user turn's text reads back into what it shows.
func TestTurnReadsBack(t *testing.T) {
	s := State{Time: 37 * time.Second, Step: 12, MaxSteps: EpisodeSteps,
		Orders: []OrderView{{"cooked_beef", 9}, {"cooked_porkchop", 30}},
		Agents: []AgentView{
			{At: "cow", Inventory: map[string]int{"beef": 2, "leather": 1}, Entities: []string{"cow"}, Blocks: nil},
			{At: Furnace, Blocks: []string{Furnace, Chest}},
		},
		Furnace: FurnaceView{Input: Stack{"porkchop", 1}, Fuel: Stack{"coal", 2}, Burning: true},
		Chest:   map[string]int{"cooked_mutton": 1}, Done: []string{"cooked_mutton", "cooked_beef"}}
	turn := ErrorsText([]string{"agent1 is not at the chest"}) + s.Text() + ActionPrompt
	errs, got, err := ReadTurn(turn)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(errs, []string{"agent1 is not at the chest"}) || !reflect.DeepEqual(got, s) {
		t.Errorf("read back\n%+v %q\nwant\n%+v", got, errs, s)
	}
}

func TestExtractActions(t *testing.T) {
	acts := ExtractActions("Sure.\ngoto(agent0, cow)\nkillMob( agent1 ,pig )\ntakeOutFurnace(agent2)\nput(agent3, x)")
	var got []string
	for _, a := range acts {
		got = append(got, a.Verb+"/"+a.Arg+"/"+a.Text)
	}
	want := []string{"goto/cow/goto(agent0, cow)", "killMob/pig/killMob( agent1 ,pig )", "takeOutFurnace//takeOutFurnace(agent2)"}
	if !slices.Equal(got, want) || acts[1].Agent != 1 {
		t.Errorf("%q", got)
	}
	if PlanTurn(acts, 2) != "goto(agent0, cow)\nkillMob( agent1 ,pig )\n" {
		t.Errorf("plan turn %q", PlanTurn(acts, 2))
	}
}

func TestLevelValidate(t *testing.T) {
	if err := (Level{Dishes: []string{"cooked_beef", "cake"}}).Validate(); err == nil {
		t.Error("cake taken")
	}
	if err := (Level{Dishes: []string{"cooked_beef", "cooked_beef"}}).Validate(); err == nil {
		t.Error("a dish twice taken")
	}
}
