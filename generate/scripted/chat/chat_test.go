package chat

import (
	"fmt"
	"reflect"
	"testing"
)

// Each kind is read from the words that carry it, in any case where the
// reader ignores case, and only there.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		text string
		want Message
	}{
		{"Hi Andy_0! I have 2 stick (2 items), but I can't see the crafting plan. What do you have?",
			Message{Kinds: Offer | NoPlan | AskItems | Question, Count: 2}},
		{"I hold the most (1 item), so I'll collect everything and craft the stick. Please send me your items.",
			Message{Kinds: Offer | TakeRole | AskItems, Count: 1}},
		{"Everyone has told me their items: Jill_0 collects everything, since you hold the most, 6 items.",
			Message{Kinds: Collector, Collector: "Jill_0", Collectors: []string{"Jill_0"}, CollectorOf: 6}},
		{"ANDY_0, I GAVE YOU EVERYTHING I HAD (2 oak_planks).", Message{Kinds: DoneReport}},
		{"Could you share the recipes for cake? Can you give me 3 wheat? I'll make the bread and I'll make the cookie.",
			Message{Kinds: AskRecipes | Request | Promise | Question, Want: Want{"wheat", 3}, Promised: []string{"bread", "cookie"}}},
		{"Sorry, I have no egg. No milk_bucket here, and I don't have any sugar, sorry. Noted, Bob.",
			Message{Kinds: Lacks, Lacking: []string{"egg", "milk_bucket", "sugar"}}},
		{"Here is the crafting plan: Craft 1 oak_log -> 4 oak_planks. Recipe for cake: Step 1. I still need 2 egg.",
			Message{Kinds: PlanRelay | Recipes | StillNeed, RecipeFor: []string{"cake"}}},
		{"No need to make the bread: I made it myself. I don't have any of the recipes either.",
			Message{Kinds: NoNeed | NoRecipes, Done: []string{"bread"}}},
		{"Let's split by material, since we each hold the blocks we were dealt.", Message{Kinds: Plan}},
		{"(x items) (3 itemsx) give me some wheat. I'll make the . collects everything", Message{}},
	} {
		if got := Parse(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.text, got, c.want)
		}
	}
}

// Add gathers what several messages say: every kind and every list, the
// first count and name.
func TestAdd(t *testing.T) {
	var m Message
	m.Add(Parse("I have 2 stick (2 items). I'll make the bread."))
	m.Add(Parse("Now (5 items). I'll make the cake. Jill_0 collects everything."))
	want := Message{Kinds: Offer | Promise | Collector, Count: 2, Collector: "Jill_0", Collectors: []string{"Jill_0"}, Promised: []string{"bread", "cake"}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got %+v\nwant %+v", m, want)
	}
}

// Every wording of every kind reads back as its kind, and the facts a
// kind carries read back as they were filled in.
func TestEveryWordingReadsBack(t *testing.T) {
	examples := Examples()
	for _, e := range examples {
		if m := Parse(e.Text); !m.Has(e.Kind) {
			t.Errorf("%q reads back as %+v, want kind %b", e.Text, m, e.Kind)
		}
	}
	if len(examples) < 80 {
		t.Fatalf("only %d wordings", len(examples))
	}
	for _, c := range []struct {
		text string
		want func(m Message) bool
	}{
		{Holdings("4 oak_planks", 4), func(m Message) bool { return m.Count == 4 }},
		{fmt.Sprintf(CollectorIs[2], "Bob_0", "6"), func(m Message) bool { return m.Collector == "Bob_0" && m.CollectorOf == 6 }},
		{fmt.Sprintf(CollectorIs[0], "Bob_0", "7"), func(m Message) bool { return m.CollectorOf == 7 }},
		{fmt.Sprintf(CollectorIs[1], "Bob_0", "8") + " For the record, I have 0.", func(m Message) bool { return m.CollectorOf == 8 }},
		{fmt.Sprintf(CollectorIs[3], "Bob_0", "9"), func(m Message) bool { return m.CollectorOf == 9 }},
		{fmt.Sprintf(MostCollects[3], " (3 items)"), func(m Message) bool { return m.Count == 3 }},
		{Recipe("cake", "Step 1: Get wheat.\nStep 2: Craft."), func(m Message) bool { return reflect.DeepEqual(m.RecipeFor, []string{"cake"}) }},
		{RequestOf(Requests[1], 3, "wheat"), func(m Message) bool { return m.Want == Want{"wheat", 3} }},
		{fmt.Sprintf(HaveNone[2], "egg"), func(m Message) bool { return reflect.DeepEqual(m.Lacking, []string{"egg"}) }},
		{alternatives(fmt.Sprintf(Promises, "bread"))[4], func(m Message) bool { return reflect.DeepEqual(m.Promised, []string{"bread"}) }},
		{fmt.Sprintf(NoNeedOpening, "bread") + NoNeedWhy[1], func(m Message) bool { return reflect.DeepEqual(m.Done, []string{"bread"}) }},
		{fmt.Sprintf(PartAsks[3], "Jill_0", PartItems([]Want{{"egg", 1}, {"wheat", 3}, {"sugar", 2}}), "the cake"), func(m Message) bool {
			return reflect.DeepEqual(m.Part, []Want{{"egg", 1}, {"wheat", 3}, {"sugar", 2}})
		}},
	} {
		if m := Parse(c.text); !c.want(m) {
			t.Errorf("%q reads back as %+v", c.text, m)
		}
	}
}
