// Package mckitchen is MindAgent's Minecraft kitchen (seed paper 003, §7
// and Appendix C): agents kill animals, mine coal, smelt the meat in a
// furnace and put the cooked meat in a chest, against a stream of orders
// with deadlines on the simulated clock, commanded by one dispatcher in
// lock-step with the paper's seven actions (goto, killMob, mineBlock,
// putFuelFurnace, putItemFurnace, takeOutFurnace, putInChest). Killed
// animals and mined blocks come back.
//
// MindAgent published no code for this variant, only the action list, the
// state it shows (nearby blocks and entities, inventories, the furnace and
// the chest) and Table 9's CoS per α. So this package follows CuisineWorld
// where the paper is silent: the order stream (one order at the start, one
// every interval while fewer than 6 are open, each with a lifetime,
// intervals and lifetimes from α as MindAgent's code computes them, here
// in seconds), the feedback and the shape of the prompt. The world side
// (the scene, the actions over the Minecraft world's operations,
// respawning) is in package world; the dispatch loop in generate/dispatch.
package mckitchen

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"collabcraft/cuisine"
)

// Meat is a dish of the kitchen: the cooked meat ordered, the raw meat it
// is smelted from and the animal that drops it.
type Meat struct {
	Dish, Raw, Mob string
}

// Meats are the dishes, in the order the rules list them.
var Meats = []Meat{
	{"cooked_beef", "beef", "cow"},
	{"cooked_porkchop", "porkchop", "pig"},
	{"cooked_mutton", "mutton", "sheep"},
	{"cooked_chicken", "chicken", "chicken"},
}

// MeatFor returns the meat whose dish is dish.
func MeatFor(dish string) (Meat, bool) {
	for _, m := range Meats {
		if m.Dish == dish {
			return m, true
		}
	}
	return Meat{}, false
}

// The fuel and where it comes from, and the kitchen's fixed places.
const (
	Fuel      = "coal"
	FuelBlock = "coal_ore"
	Furnace   = "furnace"
	Chest     = "chest"
)

// Places are what goto takes: the furnace, the chest, the coal deposit and
// the animals.
func Places() []string {
	out := []string{Furnace, Chest, FuelBlock}
	for _, m := range Meats {
		out = append(out, m.Mob)
	}
	return out
}

// The protocol, as CuisineWorld's: episodes of EpisodeSteps lock-step
// steps, at most MaxOrders open orders.
const (
	EpisodeSteps = 60
	MaxOrders    = 6
	// Work is the seconds one agent takes to make a dish alone (walk to
	// the animal, kill it, mine a coal, walk to the furnace, fuel and fill
	// it, 10 s of smelting, take the meat out, walk to the chest, put it
	// in): the W of MindAgent's interval formula, which counts steps.
	Work = 45
	// RespawnSeconds is how long a killed animal or a mined block takes to
	// come back, near where it was.
	RespawnSeconds = 8
)

// Timing is the order stream of a level at one α: an order every
// Interval, each Lifetime long (MindAgent's ⌈α·W·0.3⌉ and ⌈β·α·W·0.3⌉,
// β = 2.5, in seconds).
type Timing struct {
	Interval, Lifetime time.Duration
}

// TimingFor is the timing at α.
func TimingFor(alpha float64) Timing {
	interval := alpha * Work * 0.3
	return Timing{
		Interval: time.Duration(math.Ceil(interval)) * time.Second,
		Lifetime: time.Duration(math.Ceil(cuisine.DefaultBeta*interval)) * time.Second,
	}
}

// Level is the dishes a kitchen orders.
type Level struct {
	Name   string
	Dishes []string
}

// Validate checks the dishes.
func (l Level) Validate() error {
	if len(l.Dishes) == 0 {
		return fmt.Errorf("no dishes; expected some of %s", strings.Join(dishNames(), ", "))
	}
	for i, d := range l.Dishes {
		if _, ok := MeatFor(d); !ok {
			return fmt.Errorf("dish %d: %q is not one of %s", i, d, strings.Join(dishNames(), ", "))
		}
		if slices.Index(l.Dishes, d) < i {
			return fmt.Errorf("dish %d: %q listed twice", i, d)
		}
	}
	return nil
}

func dishNames() []string {
	var out []string
	for _, m := range Meats {
		out = append(out, m.Dish)
	}
	return out
}

// Order is an open order and when it expires.
type Order struct {
	Dish string
	Due  time.Duration
}

// Orders is one episode's order stream on the simulated clock.
type Orders struct {
	level  Level
	timing Timing
	pick   cuisine.Picker
	open   []Order
	next   time.Duration // when the next order may arrive
	now    time.Duration
	tally  cuisine.Tally
	done   []string
}

// NewOrders starts an episode at time 0 with its first order.
func NewOrders(l Level, alpha float64, pick cuisine.Picker) *Orders {
	o := &Orders{level: l, timing: TimingFor(alpha), pick: pick}
	o.add(0)
	o.next = o.timing.Interval
	return o
}

func (o *Orders) add(at time.Duration) {
	d := o.level.Dishes[o.pick.IntN(len(o.level.Dishes))]
	o.open = append(o.open, Order{Dish: d, Due: at + o.timing.Lifetime})
}

// Settle moves the stream to t, the end of a step: orders due by then
// expire (a step with an expiry counts once, as MindAgent's failed_count
// does), then the chest's stock serves the open orders, most urgent
// first, and new orders arrive at each interval passed while fewer than
// MaxOrders are open. take removes a served dish from the chest; it
// reports false when the chest has none.
func (o *Orders) Settle(t time.Duration, take func(dish string) bool) (served []string) {
	if t < o.now {
		t = o.now
	}
	o.now = t
	kept := o.open[:0]
	expired := false
	for _, ord := range o.open {
		if ord.Due <= t {
			o.tally.Expired++
			expired = true
			continue
		}
		kept = append(kept, ord)
	}
	o.open = kept
	if expired {
		o.tally.ExpirySteps++
	}
	o.sort()
	kept = o.open[:0]
	for _, ord := range o.open {
		if take(ord.Dish) {
			served = append(served, ord.Dish)
			o.done = append(o.done, ord.Dish)
			o.tally.Served++
			continue
		}
		kept = append(kept, ord)
	}
	o.open = kept
	for o.next <= t {
		if len(o.open) < MaxOrders {
			o.add(o.next)
		}
		o.next += o.timing.Interval
	}
	o.sort()
	return served
}

func (o *Orders) sort() {
	slices.SortStableFunc(o.open, func(a, b Order) int {
		if a.Due != b.Due {
			return int(a.Due - b.Due)
		}
		return strings.Compare(a.Dish, b.Dish)
	})
}

// Open lists the open orders, most urgent first.
func (o *Orders) Open() []Order { return slices.Clone(o.open) }

// Accomplished lists the orders served, in order.
func (o *Orders) Accomplished() []string { return slices.Clone(o.done) }

// Tally is the episode's counts, open orders included.
func (o *Orders) Tally() cuisine.Tally {
	t := o.tally
	t.Open = len(o.open)
	return t
}

// Now is the time of the last Settle.
func (o *Orders) Now() time.Duration { return o.now }
