package tokens

import (
	"testing"
)

// Known counts of cl100k_base, as OpenAI's tiktoken gives them.
func TestKnownCounts(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]int{
		"hello world":                  2,
		"tiktoken is great!":           6,
		"antidisestablishmentarianism": 6,
	} {
		if got := c.Text(s); got != want {
			t.Errorf("Text(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestChunkEnd(t *testing.T) {
	for s, want := range map[string]int{
		"a\nb":        2,
		"a\n\n  b\nc": 7, // the indented line goes with the first
		"a\n":         2,
		"abc":         3,
		"a\n \n":      4,
	} {
		if got := chunkEnd(s); got != want {
			t.Errorf("chunkEnd(%q) = %d, want %d", s, got, want)
		}
	}
}

// BenchmarkText counts the recorded prompts of the seed systems (16 MB
// of real text) with a fresh Counter, as an export starts with one.
func BenchmarkText(b *testing.B) {
	texts := fixtureTexts(b)
	size := 0
	for _, s := range texts {
		size += len(s)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		c, err := New()
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range texts {
			c.Text(s)
		}
	}
}
