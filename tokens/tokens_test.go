package tokens

import (
	"strings"
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

func BenchmarkText(b *testing.B) {
	c, err := New()
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	for i := range 200 {
		sb.WriteString("- Position: x: 2, y: -60, z: 1233 and a line of prompt text that repeats\n")
		if i%10 == 0 {
			sb.WriteString("a line of its own ")
			sb.WriteString(strings.Repeat("x", i))
			sb.WriteString("\n")
		}
	}
	s := sb.String()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		c.Text(s)
	}
}
