package audit

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"collabcraft/export"
	"collabcraft/stats"
)

// The terminal report fits a terminal (stats.TextWidth columns), long
// group names and templates included, and a template is shown up to where
// templates that share a long start differ.
func TestWriteTableFitsTheTerminal(t *testing.T) {
	start := "Building level by level: on each level, my run of every material's cells. Blueprint: 3 levels, level 0 at X: 1, Y: 2, Z: 3."
	var exs []export.Example
	for i := range 12 {
		e := ex(fmt.Sprint("t", i), "Andy_0_with_a_name_long_enough_to_wrap_the_table", "conversation", []string{"train", "test"}[i%2], i, "context",
			fmt.Sprintf("%s My part is in levels: 1%s. I told the team the plan.", start, strings.Repeat(", 2", i%4)))
		e.Meta.Model = "openai:meta-llama/Llama-3.3-70B-Instruct"
		exs = append(exs, e)
	}
	r := run(t, exs...)
	r.Sources = []string{"runs/a-run-with-a-long-name", "runs/another-run-with-a-long-name", "runs/and-a-third-one-to-wrap-the-title"}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for i, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > stats.TextWidth {
			t.Errorf("line %d is %d columns wide: %s", i+1, n, l)
		}
	}
	for _, want := range []string{"Andy_0_with_a_name_long_enough_to_wrap_the_table\n", "levels: N, N, N, N. I told the team the\n          plan.", "12 examples from 12 trials"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
}

// TestTopTemplatesAreTheSortedOnes: the top templates picked in one pass
// over the counts by hash are the first of all of them sorted (most
// first, then by text), ties included, and an unnamed template reads as
// its hash in hex.
func TestTopTemplatesAreTheSortedOnes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 1, 9, 10, 11, 500, 20000} {
		counts := map[uint64]int{}
		for range size {
			counts[uint64(rng.IntN(3*size))] = 1 + rng.IntN(4) // many ties
		}
		text := func(h uint64) string { return fmt.Sprintf("t%d", h) }
		var all []TemplateShare
		for h, c := range counts {
			all = append(all, TemplateShare{Template: text(h), Count: c, Share: pct(c, 3*size)})
		}
		slices.SortFunc(all, func(a, b TemplateShare) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Template, b.Template))
		})
		want := all[:min(10, len(all))]
		if got := sortedShares(maps.All(counts), text, 3*size, 10); !slices.Equal(got, want) {
			t.Errorf("%d templates: top %v, sorted %v", size, got, want)
		}
	}
	for range 1000 {
		h := rng.Uint64() >> rng.IntN(64)
		if got, want := unnamedTemplate(h), fmt.Sprintf("(template %016x)", h); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}
