package scripted

import (
	"sort"
	"strconv"
	"strings"
)

// The persona phrases: per persona, templates with fmt verbs with
// explicit indexes. Every template keeps item names and counts exact so
// teammates (scripted or not) can act on them.
var (
	givePhrases = [numPersonas][]string{
		{"Sending %[2]s %[3]s.", "Here, %[2]s %[3]s.", "%[2]s %[3]s for you.", "Take %[2]s %[3]s."},
		{"Here you go, %[1]s, %[2]s %[3]s coming your way!", "I'll give you my %[2]s %[3]s.", "Passing you %[2]s %[3]s, %[1]s.", "And %[2]s %[3]s for you too!"},
		{"Giving %[1]s %[2]s %[3]s.", "Transferring %[2]s %[3]s to %[1]s.", "Next: %[2]s %[3]s to %[1]s.", "Handing over %[2]s %[3]s."},
	}
	shareInvPhrases = [numPersonas][]string{
		{"I have %[2]s. Sending all of it to you, %[1]s.", "Got %[2]s. All yours, %[1]s.", "%[2]s here. Giving it all to you, %[1]s."},
		{"Great, %[1]s! I have %[2]s. I'll send everything to you so you can %[3]s.", "Okay %[1]s, I've got %[2]s. Let me give it all to you!", "Sure thing! I'm carrying %[2]s, %[1]s. You %[3]s, I'll send it all over."},
		{"My inventory: %[2]s. Plan: I give everything to %[1]s, who will %[3]s.", "I hold %[2]s. I will pass all of it to %[1]s.", "Inventory check: %[2]s. All of it goes to %[1]s."},
	}
	waitPhrases = [numPersonas][]string{
		{"I'll wait.", "I'm holding on.", "I'll wait a bit.", "I'll give it a moment.", "Waiting.", "Hold on."},
		{"I'll wait for the others.", "Let me wait a moment for my teammates.", "Waiting for the team, hang on.", "Give me a sec, waiting on the others.",
			"I'll hang tight for a bit.", "Let's give everyone a moment."},
		{"I have nothing to do until the items arrive.", "I'll wait for the next step.", "I'll pause until my teammates are ready.", "I'll wait for the missing items before continuing.",
			"Until the rest arrives, I'll wait.", "The next step depends on my teammates, so I'll pause."},
	}
	idlePhrases = [numPersonas][]string{
		{"I have nothing left to do.", "I'm done and waiting.", "I'm done here.", "Done. Waiting.", "Nothing more for me to do.", "My work's done."},
		{"I've done my part, I'll stand by in case you need me!", "All done on my side, ping me if you need anything.", "My part's finished, just say if you need more!",
			"That's me finished! I'll hang around here.", "Done with my bit, call me if something's missing!", "Finished on my end, I'm around if you need a hand."},
		{"My part is complete; I'm standing by.", "I'm standing by for further requests.", "My share of the task is complete; I'll wait for the team.",
			"Everything assigned to me is done; I'll wait here.", "My tasks are finished, so I'll stay put until someone needs me.", "With my part finished, I'll remain available."},
	}
)

// itemList renders items as "2 oak_planks, 1 stick and 3 book" in name
// order (exact names and counts, which teammates parse).
func itemList(items map[string]int) string {
	names := make([]string, 0, len(items))
	for n, c := range items {
		if c > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = strconv.Itoa(items[n]) + " " + n
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func itoa(n int) string { return strconv.Itoa(n) }

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// plural is "1 cell" or "n cells".
func plural(n int, word string) string { return itoa(n) + " " + agree(n, word, word+"s") }

// agree is the verb form for n subjects: agree(1, "has", "have") is
// "has".
func agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// fill puts item and n in an intent's {item} and {n}.
func fill(intent, item string, n int) string {
	return strings.NewReplacer("{item}", item, "{n}", itoa(n)).Replace(intent)
}

// agreeGoal is the verb form for a goal name: agreeGoal("the cake",
// "needs", "need") is "needs", for "the bread and cake" it is "need".
func agreeGoal(goal, one, many string) string {
	if strings.Contains(goal, " and ") {
		return many
	}
	return one
}
