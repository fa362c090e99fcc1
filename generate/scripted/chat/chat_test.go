package chat

import (
	"fmt"
	"reflect"
	"strings"
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
			Message{Kinds: Collector, Collector: "Jill_0", Collectors: []string{"Jill_0"}}},
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

// Every wording of every kind reads back as its kind, with its facts.
func TestEveryWordingReadsBack(t *testing.T) {
	type check struct {
		text string
		kind Kind
		want func(m Message) bool // the facts read back, when the kind has some
	}
	var checks []check
	add := func(k Kind, want func(Message) bool, texts ...string) {
		for _, s := range texts {
			checks = append(checks, check{s, k, want})
		}
	}
	fill := func(templates []string, args ...any) []string {
		out := make([]string, len(templates))
		for i, tm := range templates {
			out[i] = fmt.Sprintf(tm, args...)
		}
		return out
	}
	count := func(n int) func(Message) bool { return func(m Message) bool { return m.Count == n } }
	named := func(name string) func(Message) bool { return func(m Message) bool { return m.Collector == name } }
	for _, n := range []int{0, 1, 6} {
		add(Offer, count(n), Holdings("2 stick and 4 oak_planks", n))
	}
	add(NoPlan, nil, "I have 2 stick (2 items)"+CannotSeePlan, AskPlan[0], AskPlan[1])
	add(AskItems, nil, fill(AskOffers, "Jill_0")...)
	add(Collector, named("Bob_0"), fill(CollectorIsYou, "Bob_0", "6")...)
	add(Collector, named("Bob_0"), fill(CollectorIs, "Bob_0", "6")...)
	add(Collector, named("Bob_0"), fill(CollectorAnswers, "Bob_0")...)
	add(TakeRole, nil, GoalCollects...)
	add(TakeRole|Offer, count(3), fill(TiedCollects, " (3 items)", "Jill_0")...)
	add(TakeRole|Offer, count(3), fill(MostCollects, " (3 items)")...)
	add(TakeRole|Offer|AskItems, count(6), fill(CollectsAnswers, "6")...)
	add(TakeRole, nil, SendItemsCrafting...)
	add(TakeRole, nil, SendItemsCooking...)
	add(TakeRole|AskItems, nil, fill(AskForItems, "Jill_0", "the cake")...)
	add(TakeRole|AskItems, nil, fmt.Sprintf(AskForItemsMeal, "Jill_0"))
	for _, voice := range DoneReports {
		add(DoneReport, nil, fill(voice, "Andy_0", "2 stick")...)
	}
	add(DoneReport, nil, fill(DoneAgain, "Andy_0", " (2 stick)")...)
	for _, r := range PlanRelays {
		add(PlanRelay, nil, r+"Craft 1 oak_log -> 4 oak_planks.")
	}
	for _, s := range StillNeeds {
		add(StillNeed, nil, s+"2 stick"+fmt.Sprintf(StillNeedTail, "ladder"))
	}
	add(AskRecipes, nil, fill(AskRecipesWords, "cake and bread", "them", "the recipes if you have them")...)
	add(Recipes, func(m Message) bool { return len(m.RecipeFor) == 1 && m.RecipeFor[0] == "cake" }, Recipe("cake", "Step 1: Get wheat.\nStep 2: Craft."))
	add(NoRecipes, nil, NoRecipesWords...)
	for _, r := range Requests {
		add(Request, func(m Message) bool { return m.Want == Want{"wheat", 3} }, RequestOf(r, 3, "wheat"))
	}
	add(Lacks, func(m Message) bool { return len(m.Lacking) == 1 && m.Lacking[0] == "egg" }, fill(HaveNone, "egg")...)
	add(Promise, func(m Message) bool { return len(m.Promised) == 1 && m.Promised[0] == "bread" }, expand(fmt.Sprintf(Promises, "bread"))...)
	for _, why := range NoNeedWhy {
		for _, then := range NoNeedThen {
			add(NoNeed, func(m Message) bool { return len(m.Done) == 1 && m.Done[0] == "bread" }, fmt.Sprintf(NoNeedOpening, "bread")+why+then)
		}
	}
	add(Plan, nil, fill(Plans, "Andy_0, Jill_0")...)
	add(Plan, nil, Agrees...)
	for _, c := range checks {
		m := Parse(c.text)
		if !m.Has(c.kind) || c.want != nil && !c.want(m) {
			t.Errorf("%q reads back as %+v, want kind %b", c.text, m, c.kind)
		}
	}
	if len(checks) < 80 {
		t.Fatalf("only %d wordings checked", len(checks))
	}
}

// expand is every wording of a template with {a|b} alternatives (not
// nested).
func expand(template string) []string {
	i := strings.IndexByte(template, '{')
	if i < 0 {
		return []string{template}
	}
	j := i + strings.IndexByte(template[i:], '}')
	var out []string
	for _, alt := range strings.Split(template[i+1:j], "|") {
		out = append(out, expand(template[:i]+alt+template[j+1:])...)
	}
	return out
}
