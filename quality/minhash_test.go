package quality

import (
	"math/rand/v2"
	"strings"
	"testing"
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
