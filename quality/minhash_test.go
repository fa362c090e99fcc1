package quality

import (
	"math/rand/v2"
	"strings"
	"testing"

	"collabcraft/trajectory"

	minwise "github.com/dgryski/go-minhash"
	"github.com/zeebo/xxh3"
)

func TestSimilarityCountsEqualHashes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	edge := []uint8{0, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff}
	for range 2000 {
		var a, b Signature
		for i := range a {
			a[i] = edge[r.IntN(len(edge))]
			if r.IntN(3) == 0 {
				a[i] = uint8(r.Uint32())
			}
			b[i] = a[i]
			if r.IntN(2) == 0 {
				b[i] = edge[r.IntN(len(edge))]
			}
		}
		same := 0
		for i := range a {
			if a[i] == b[i] {
				same++
			}
		}
		if got, want := a.Similarity(&b), float64(same)/SignatureHashes; got != want {
			t.Fatalf("Similarity(%v, %v) = %v, want %v", a, b, got, want)
		}
	}
}

func TestNearIndexFindsNearCopies(t *testing.T) {
	base := "I have 2 of the 3 iron_ingot the bucket needs, and Jill said she has one, so I will ask her to send it over to me before I craft the bucket at the table near the house"
	near := strings.TrimSuffix(base, "house") + "home" // one shingle of 33 differs
	other := "Collecting oak_log from the forest to the north, then I will craft planks and sticks for the wooden_pickaxe we need to mine stone"
	x := NewNearIndex(0.8)
	p := x.Add(SignatureOf(base))
	if q := x.Add(SignatureOf(base)); q != p || x.Len() != 1 {
		t.Fatalf("the same text twice: positions %d and %d, %d indexed; want one position", p, q, x.Len())
	}
	x.Add(SignatureOf(other))
	s := SignatureOf(near)
	if m := x.Matches(&s); len(m) != 1 || m[0] != p || !x.Any(&s) {
		t.Errorf("a one-word edit: matches %v, want [%d]", m, p)
	}
	u := SignatureOf("Waiting for Bob to finish the roof before I place the door and the windows on the east wall")
	if m := x.Matches(&u); len(m) != 0 || x.Any(&u) {
		t.Errorf("an unrelated text matched %v", m)
	}
	// Queries one after another must not see each other's marks.
	for range 3 {
		if m := x.Matches(&s); len(m) != 1 {
			t.Fatalf("repeated query: matches %v", m)
		}
	}
}

// TestSignatureIsGoMinhash: the signature is go-minhash's MinWise over
// the lower-cased word 3-shingles (two seeded xxh3 hashes), cut to 8 bits,
// on ASCII and other texts, short and long.
func TestSignatureIsGoMinhash(t *testing.T) {
	reference := func(text string) Signature {
		words := strings.Fields(strings.ToLower(text))
		m := minwise.NewMinWise(func(b []byte) uint64 { return xxh3.HashSeed(b, seedA) },
			func(b []byte) uint64 { return xxh3.HashSeed(b, seedB) }, SignatureHashes)
		switch {
		case len(words) == 0:
			m.Push(nil)
		case len(words) < 3:
			for _, w := range words {
				m.Push([]byte(w))
			}
		default:
			for i := 0; i+3 <= len(words); i++ {
				m.Push([]byte(words[i] + " " + words[i+1] + " " + words[i+2]))
			}
		}
		var s Signature
		for i, v := range m.Signature() {
			s[i] = uint8(v)
		}
		return s
	}
	r := rand.New(rand.NewPCG(8, 9))
	pieces := []string{"Craft", "a", "STONE_pickaxe", "!collectBlocks(\"oak_log\", 3)", " ", "  ", "\t", "\n", "\v", "\f", "\r",
		"x: -12", "Ünïcode", "é", "\u00a0", "\u2003", "İ", "ΣΑΣ", "Jill_0", "bread\n\nok"}
	texts := []string{"", " ", "one", "Two words", "three  Words\nhere", "\u00a0lone"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		want := reference(text)
		if got := SignatureOf(text); got != want {
			t.Fatalf("SignatureOf(%q) = %v, go-minhash %v", text, got, want)
		}
		if got := SignatureOfWords(strings.Fields(strings.ToLower(text))); got != want {
			t.Fatalf("SignatureOfWords(%q) = %v, go-minhash %v", text, got, want)
		}
	}
}

// TestSignerIsSignatureOf: one Signer, its cache filled by the examples
// before, signs each example as SignatureOfWords and
// SignatureOf(ExampleText) do: examples of 0 to 7 messages of 0 to 6
// words, capitals, non-ASCII and invalid UTF-8 at messages' edges, and
// turns that recur as a trial's do.
func TestSignerIsSignatureOf(t *testing.T) {
	words := []string{"craft", "Oak", "PLANKS", "é", "\xff", "\xe2\x82", "Straße", "!craftRecipe(\"stick\",", "4)", "\t", "\n", "  "}
	rng := rand.New(rand.NewPCG(13, 14))
	text := func() string {
		var b strings.Builder
		for k := rng.IntN(7); k > 0; k-- {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteString([]string{" ", "", "\n"}[rng.IntN(3)])
		}
		return b.String()
	}
	var s Signer
	var turns []string // recurring turns
	for range 20000 {
		msgs := make([]trajectory.Message, rng.IntN(8))
		for i := range msgs {
			if len(turns) > 0 && rng.IntN(2) == 0 {
				msgs[i].Content = turns[rng.IntN(len(turns))]
			} else {
				msgs[i].Content = text()
			}
		}
		var w []string
		if len(msgs) > 0 {
			last := msgs[len(msgs)-1].Content
			w = strings.Fields(strings.ToLower(last))
			turns = append(turns, last)
		}
		resp, ex := s.SignExample(msgs, w)
		if want := SignatureOfWords(w); resp != want {
			t.Fatalf("%q: response signature %v, want %v", msgs, resp, want)
		}
		if want := SignatureOf(ExampleText(msgs)); ex != want {
			t.Fatalf("%q: example signature %v, want %v", msgs, ex, want)
		}
	}
}
