// Package chat is the scripted experts' chat protocol: the kinds of
// message a teammate sends that an expert must understand (an offer of
// what it holds, taking the collector's role, a request for items, a
// hand-over report, a promise of a dish, ...), each with the words that
// carry it and the reader that finds it, side by side. The words vary
// (phrasebooks draw them with the call's seed); the readers read every
// wording (TestEveryWordingReadsBack).
//
// A message may carry several kinds at once: a collector that takes the
// role states its count and asks for items in one message. Parse reads
// them all.
package chat

import (
	"strconv"
	"strings"

	"collabcraft/scan"
)

// Kind is one kind of chat; a Message holds a set of them.
type Kind uint32

const (
	// Offer states what the sender holds: "(6 items)".
	Offer Kind = 1 << iota
	// TakeRole is the collector taking its role: "I'll collect
	// everything", "send me your items".
	TakeRole
	// Collector names the collector: "Andy_0 collects everything".
	Collector
	// AskItems asks what the reader holds: "What do you have?".
	AskItems
	// DoneReport reports every item handed over: "everything I had".
	DoneReport
	// NoPlan says the sender cannot see the crafting plan.
	NoPlan
	// AskRecipes asks for the recipes: "send me the recipes".
	AskRecipes
	// Request asks for items: "give me 3 wheat".
	Request
	// Promise promises a dish: "I'll make the bread".
	Promise
	// Lacks says the sender has none of an item: "I have no egg.".
	Lacks
	// Recipes holds recipes: "Recipe for cake: ...".
	Recipes
	// NoNeed tells a helper a dish is made: "No need to make the bread".
	NoNeed
	// NoRecipes says the sender holds no recipe either.
	NoRecipes
	// Question asks something ("?").
	Question
	// PlanRelay passes on the crafting plan: "Here is the crafting plan:".
	PlanRelay
	// StillNeed asks the team for what the crafter still lacks.
	StillNeed
	// Plan states the builders' split: "split each level by material".
	Plan
	// Part gives the reader its part of a farm's supply chain: "bring me
	// 3 milk_bucket and 2 sugar".
	Part
	// PartDone reports a part handed over: "that's my part".
	PartDone
	// BlueprintSplit splits a VillagerBench blueprint among the builders:
	// "Let's split the build by rows: ...".
	BlueprintSplit
)

// Message is what a message says, read once.
type Message struct {
	Kinds      Kind
	Count      int      // Offer: the items the sender holds
	Collector  string   // Collector: who collects (the first named)
	Collectors []string // Collector: every name said to collect
	// CollectorOf is the collector's items as a Collector message states
	// them (CollectorIs: the first number after "most"); 0 when it says
	// none.
	CollectorOf int
	Want        Want     // Request: the first items asked for
	Promised    []string // Promise: the dishes, in order
	Lacking     []string // Lacks: the items, in order
	RecipeFor   []string // Recipes: the dishes, in order
	Done        []string // NoNeed: the dishes made, in order
	Part        []Want   // Part: the items to bring, in order
	SplitBy     string   // BlueprintSplit: "rows", "layers" or "block type"
}

// Want is a request for Count of Item.
type Want struct {
	Item  string
	Count int
}

// Has reports whether the message holds every kind of k.
func (m Message) Has(k Kind) bool { return m.Kinds&k == k }

// Any reports whether the message holds one of the kinds of k.
func (m Message) Any(k Kind) bool { return m.Kinds&k != 0 }

// Parse reads a message.
func Parse(text string) Message {
	var m Message
	lower := foldASCII(text)
	if n, ok := offerCount(text); ok {
		m.Kinds |= Offer
		m.Count = n
	}
	if holdsAny(lower, takeRoleMarks) {
		m.Kinds |= TakeRole
	}
	if m.Collectors = collectorNames(text); m.Collectors != nil {
		m.Kinds |= Collector
		m.Collector = m.Collectors[0]
		m.CollectorOf = countAfterMost(text)
	}
	if holdsAny(lower, askItemsMarks) {
		m.Kinds |= AskItems
	}
	if holdsAny(lower, doneMarks) {
		m.Kinds |= DoneReport
	}
	if holdsAny(lower, noPlanMarks) {
		m.Kinds |= NoPlan
	}
	if holdsAny(lower, askRecipesMarks) {
		m.Kinds |= AskRecipes
	}
	if w, ok := want(text, lower); ok {
		m.Kinds |= Request
		m.Want = w
	}
	if m.Promised = itemsAfter(text, promiseMark); m.Promised != nil {
		m.Kinds |= Promise
	}
	if m.Lacking = lacking(text); m.Lacking != nil {
		m.Kinds |= Lacks
	}
	if m.RecipeFor = itemsAfter(text, recipeMark); strings.Contains(text, recipeMark) {
		m.Kinds |= Recipes
	}
	if m.Done = itemsAfter(text, noNeedMark); m.Done != nil {
		m.Kinds |= NoNeed
	}
	if strings.Contains(text, noRecipesMark) {
		m.Kinds |= NoRecipes
	}
	if strings.Contains(text, "?") {
		m.Kinds |= Question
	}
	if strings.Contains(text, planRelayMark) {
		m.Kinds |= PlanRelay
	}
	if strings.Contains(text, stillNeedMark) {
		m.Kinds |= StillNeed
	}
	if strings.Contains(text, planMark) {
		m.Kinds |= Plan
	}
	if m.Part = partList(text); m.Part != nil {
		m.Kinds |= Part
	}
	if holdsAny(lower, partDoneMarks) {
		m.Kinds |= PartDone
	}
	if m.SplitBy = splitBy(text); m.SplitBy != "" {
		m.Kinds |= BlueprintSplit
	}
	return m
}

// splitBy reads the scheme a BlueprintSplit names ("" for none).
func splitBy(text string) string {
	i := strings.Index(text, splitMark)
	if i < 0 {
		return ""
	}
	rest := text[i+len(splitMark):]
	if strings.HasPrefix(rest, "levels") { // narration says layers as levels
		return "layers"
	}
	for _, s := range SplitSchemes {
		if strings.HasPrefix(rest, s) {
			return s
		}
	}
	return ""
}

// Add adds what o says to what m says: the kinds, and the lists (the
// first count and names stay).
func (m *Message) Add(o Message) {
	if m.Kinds&Offer == 0 {
		m.Count = o.Count
	}
	if m.Kinds&Collector == 0 {
		m.Collector, m.CollectorOf = o.Collector, o.CollectorOf
	}
	if m.Kinds&Request == 0 {
		m.Want = o.Want
	}
	m.Kinds |= o.Kinds
	m.Collectors = append(m.Collectors, o.Collectors...)
	m.Promised = append(m.Promised, o.Promised...)
	m.Lacking = append(m.Lacking, o.Lacking...)
	m.RecipeFor = append(m.RecipeFor, o.RecipeFor...)
	m.Done = append(m.Done, o.Done...)
	m.Part = append(m.Part, o.Part...)
	if m.SplitBy == "" {
		m.SplitBy = o.SplitBy
	}
}

// The marks each kind's words hold and its reader looks for, in any case
// (held lower-cased).
var (
	takeRoleMarks   = folded("I'll gather everything", "I'll collect everything", "I'm collecting everything", "send me your items", "send me all your items")
	askItemsMarks   = folded("send me your items", "what do you have", "what items are you holding", "what are you holding")
	doneMarks       = folded("everything I had", "all my items")
	noPlanMarks     = folded(crossed([]string{"can't ", "cannot ", "don't "}, []string{"see", "have", "get"}, " the crafting plan")...)
	askRecipesMarks = folded(crossed([]string{"send ", "share "}, []string{"", "me "}, "the recipe")...)
	// The narration says "my part" as "my share" or "my portion" too.
	partDoneMarks = folded(crossed([]string{"that's my ", "that was my "}, []string{"part", "share", "portion"}, "")...)
)

func folded(marks ...string) []string {
	out := make([]string, len(marks))
	for i, m := range marks {
		out[i] = foldASCII(m)
	}
	return out
}

const (
	collectsMark  = " collects everything"
	promiseMark   = "I'll make the "
	recipeMark    = "Recipe for "
	noNeedMark    = "No need to make the "
	noRecipesMark = "I don't have any of the recipes either"
	giveMeMark    = "give me "
	planRelayMark = "ere is the crafting plan"
	stillNeedMark = "I still need"
	planMark      = "by material"
	partMark      = "bring me "
	splitMark     = "split the build by "
)

// crossed is every a+b+tail.
func crossed(as, bs []string, tail string) []string {
	var out []string
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b+tail)
		}
	}
	return out
}

// offerCount reads the first "(N item)" or "(N items)".
func offerCount(text string) (int, bool) {
	for rest := text; ; {
		i := strings.IndexByte(rest, '(')
		if i < 0 {
			return 0, false
		}
		rest = rest[i+1:]
		d := scan.Span(rest, scan.Digit)
		if d == 0 {
			continue
		}
		tail := rest[d:]
		if strings.HasPrefix(tail, " item)") || strings.HasPrefix(tail, " items)") {
			n, _ := strconv.Atoi(rest[:d])
			return n, true
		}
	}
}

// countAfterMost is the first number after the first "most" in text (0
// for none): how CollectorIs states the collector's items ("holds the
// most, 4 items", "with the most items (2)", "The most items are with
// Bob_0, 3 of them").
func countAfterMost(text string) int {
	i := strings.Index(text, "most")
	if i < 0 {
		return 0
	}
	rest := text[i:]
	for j := 1; j < len(rest); j++ {
		if d := scan.Span(rest[j:], scan.Digit); d > 0 && !scan.Word(rest[j-1]) { // not a name's "_0"
			n, _ := strconv.Atoi(rest[j : j+d])
			return n
		}
	}
	return 0
}

// collectorNames are the names before each " collects everything" that
// has one (a run of letters, digits and _), in order.
func collectorNames(text string) []string {
	var out []string
	for from := 0; ; {
		k := strings.Index(text[from:], collectsMark)
		if k < 0 {
			return out
		}
		at := from + k
		if n := scan.SpanBack(text, at, scan.Word); n > 0 {
			out = append(out, text[at-n:at])
		}
		from = at + 1
	}
}

// want reads the first "give me N item", in any case (lower is text
// lower-cased).
func want(text, lower string) (Want, bool) {
	for from := 0; ; {
		k := strings.Index(lower[from:], giveMeMark)
		if k < 0 {
			return Want{}, false
		}
		at := from + k + len(giveMeMark)
		d := scan.Span(text[at:], scan.Digit)
		if d > 0 && at+d < len(text) && text[at+d] == ' ' {
			if n := scan.Span(text[at+d+1:], isLetterOr_); n > 0 {
				c, _ := strconv.Atoi(text[at : at+d])
				return Want{Item: text[at+d+1 : at+d+1+n], Count: c}, true
			}
		}
		from += k + 1
	}
}

// partList reads the items after the first "bring me ": "N item"
// joined by ", ", " and " or ", and " (nil for none).
func partList(text string) []Want {
	i := strings.Index(text, partMark)
	if i < 0 {
		return nil
	}
	rest := text[i+len(partMark):]
	var out []Want
	for {
		d := scan.Span(rest, scan.Digit)
		if d == 0 || d >= len(rest) || rest[d] != ' ' {
			return out
		}
		n := scan.Span(rest[d+1:], scan.Lower)
		if n == 0 {
			return out
		}
		c, _ := strconv.Atoi(rest[:d])
		out = append(out, Want{Item: rest[d+1 : d+1+n], Count: c})
		rest = rest[d+1+n:]
		switch {
		case strings.HasPrefix(rest, ", and "):
			rest = rest[len(", and "):]
		case strings.HasPrefix(rest, ", "):
			rest = rest[len(", "):]
		case strings.HasPrefix(rest, " and "):
			rest = rest[len(" and "):]
		default:
			return out
		}
	}
}

// itemsAfter are the item names ([a-z_]+) after each mark in text, in
// order (nil for none).
func itemsAfter(text, mark string) []string {
	var out []string
	for from := 0; ; {
		k := strings.Index(text[from:], mark)
		if k < 0 {
			return out
		}
		at := from + k + len(mark)
		if n := scan.Span(text[at:], scan.Lower); n > 0 {
			out = append(out, text[at:at+n])
			from = at + n
			continue
		}
		from += k + 1
	}
}

// lackMarks open a Lacks, in the order the reader tries them.
var lackMarks = []string{"I have no ", "I don't have any ", "No "}

// lacking are the items of each "I have no X." (or "I don't have any X,",
// "No X here"), in order.
func lacking(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		for _, mark := range lackMarks {
			if !strings.HasPrefix(text[i:], mark) {
				continue
			}
			at := i + len(mark)
			n := scan.Span(text[at:], scan.Lower)
			end := at + n
			if n > 0 && (strings.HasPrefix(text[end:], ".") || strings.HasPrefix(text[end:], ",") || strings.HasPrefix(text[end:], " here")) {
				out = append(out, text[at:end])
				i = end
				if text[end] == ' ' {
					i += len(" here")
				} else {
					i++
				}
				i-- // the loop's i++
				break
			}
		}
	}
	return out
}

// holdsAny reports whether lower (a text lower-cased) holds one of marks
// (lower-cased too).
func holdsAny(lower string, marks []string) bool {
	for _, m := range marks {
		if strings.Contains(lower, m) {
			return true
		}
	}
	return false
}

// foldASCII lower-cases the ASCII letters of s.
func foldASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// isLetterOr_ reports whether c is in [A-Za-z_].
func isLetterOr_(c byte) bool { return scan.Lower(c) || 'A' <= c && c <= 'Z' }
