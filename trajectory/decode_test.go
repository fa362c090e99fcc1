package trajectory

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Damaged lines must come back as errors or trials, never a panic, and a
// line cut short is always an error. (goccy/go-json lets some invalid JSON
// through, e.g. a control byte in a string; a record's zstd checksum, not
// the JSON decoder, is what catches damage on disk.)
func TestDecodeTrialDamagedLines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	blobs := map[string]string{}
	bs := newBlobSet(blobs)
	for i := range 40 {
		line, err := encodeTrial(randomTrial(r, i, nil), bs)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTrial(line, blobs); err != nil {
			t.Fatalf("trial %d: %v", i, err)
		}
		for n := range len(line) - 1 {
			cut := line[:n]
			if _, err := decodeTrial(cut, blobs); err == nil && !json.Valid(cut) {
				t.Fatalf("trial %d cut to %d bytes decoded without error: %q", i, n, cut)
			}
		}
		for range 200 {
			bad := append([]byte(nil), line...)
			bad[r.IntN(len(bad))] ^= byte(1 + r.IntN(255))
			decodeTrial(bad, blobs) // must not panic
		}
	}
}
