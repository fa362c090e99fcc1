package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Counting chunk by chunk gives exactly the count of the whole text, on
// texts like the datasets' (prompts, JSON, code, chat) and on random ones
// full of line breaks, white space, digits, punctuation and non-ASCII.
func TestChunksCountAsTheWhole(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"",
		"hello",
		"\n\n\n",
		"You are a playful Minecraft bot named Andy_0 that can converse with players.\nSTATS\n- Position: x: 2, y: -60, z: 1233\n- Health: 20 / 20\n\nINVENTORY\n- oak_planks: 4\n- book: 2\nWEARING: Nothing\n",
		"```\nawait skills.placeBlock(bot, \"stone\", 163, -52, -168);\n  await skills.placeBlock(bot, 'dirt', 1, 2, 3);\n}\n```\n",
		"Andy_0: !collectBlocks(\"wheat\", 3)\n\tSYSTEM: Code output:\nCollected 3 wheat.\n \n x",
		"line one.  \n\n  indented\r\nwindows line\r\n\r\nend",
		"Ünïcödé 🙂 text\n漢字\n\u00a0nbsp\n\u2003em space\nnext",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", "é", "漢", "7", "42", " ", "  ", "\n", "\n\n", "\r\n", "\t", ".", "!", "'s", "'", "\"", "```", "-", "🙂", "\u00a0", "\u2003", "x_y", "(", ")"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		want, err := c.codec.Count(s)
		if err != nil {
			t.Fatal(err)
		}
		// Twice: the second count comes from the cache.
		for range 2 {
			if got := c.Text(s); got != want {
				t.Fatalf("Text(%q) = %d, want %d", s, got, want)
			}
		}
	}
}

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
