package trajectory

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// MinBlobLen is the shortest text worth storing as a run-level blob; shorter
// texts are ignored by Writer.AddBlobs (a reference would cost about as much
// as the text).
const MinBlobLen = 32

// BlobID is the id of a static text: the first 16 hex digits of its SHA-256.
func BlobID(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

var placeholder = regexp.MustCompile(`\$[A-Z][A-Z_]*`)

// TemplateParts returns the literal parts of a prompt template between its
// $PLACEHOLDERS that are long enough to be blobs. Registering them lets a
// rendered prompt be stored as references plus its dynamic parts only.
func TemplateParts(template string) []string {
	var parts []string
	for _, p := range placeholder.Split(template, -1) {
		if len(p) >= MinBlobLen {
			parts = append(parts, p)
		}
	}
	return parts
}

// piece is a run of text or a reference to a blob (blob >= 0).
type piece struct {
	text string
	blob int // index into blobSet.texts; -1 for text
}

// blobSet finds registered blobs inside contents.
type blobSet struct {
	ids   []string
	texts []string
	byID  map[string]int
}

func newBlobSet(blobs map[string]string) *blobSet {
	bs := &blobSet{byID: map[string]int{}}
	ids := make([]string, 0, len(blobs))
	for id := range blobs {
		ids = append(ids, id)
	}
	sort.Strings(ids) // deterministic tie-breaking
	for _, id := range ids {
		bs.byID[id] = len(bs.ids)
		bs.ids = append(bs.ids, id)
		bs.texts = append(bs.texts, blobs[id])
	}
	return bs
}

// split cuts s into text and blob pieces, taking at each point the earliest
// blob occurrence (the longest one on a tie). Joining the pieces gives s.
func (bs *blobSet) split(s string) []piece {
	if len(bs.texts) == 0 || len(s) < MinBlobLen {
		return []piece{{text: s, blob: -1}}
	}
	next := make([]int, len(bs.texts)) // next occurrence at or after pos; -1 = none
	for i, b := range bs.texts {
		next[i] = indexFrom(s, b, 0)
	}
	var out []piece
	pos := 0
	for {
		best := -1
		for i, n := range next {
			if n < 0 {
				continue
			}
			if best < 0 || n < next[best] || (n == next[best] && len(bs.texts[i]) > len(bs.texts[best])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		at := next[best]
		if at > pos {
			out = append(out, piece{text: s[pos:at], blob: -1})
		}
		out = append(out, piece{blob: best})
		pos = at + len(bs.texts[best])
		for i, n := range next {
			if n >= 0 && n < pos {
				next[i] = indexFrom(s, bs.texts[i], pos)
			}
		}
	}
	if pos < len(s) || len(out) == 0 {
		out = append(out, piece{text: s[pos:], blob: -1})
	}
	return out
}

// indexFrom is strings.Index(s[from:], b)+from, or -1. It searches for a
// short prefix of b first: the standard library finds needles under 64
// bytes with SIMD, but long ones with slower Rabin-Karp.
func indexFrom(s, b string, from int) int {
	head := b[:min(len(b), 32)]
	for from <= len(s)-len(b) {
		j := strings.Index(s[from:len(s)-len(b)+len(head)], head)
		if j < 0 {
			return -1
		}
		if strings.HasPrefix(s[from+j:], b) {
			return from + j
		}
		from += j + 1
	}
	return -1
}

// badBlobs lists the blob ids of run.json whose text no longer matches
// the id (a changed or damaged text), sorted.
func badBlobs(blobs map[string]string) []string {
	var bad []string
	for id, text := range blobs {
		if BlobID(text) != id {
			bad = append(bad, id)
		}
	}
	sort.Strings(bad)
	return bad
}

// goodBlobs is blobs without the bad ones: a record needing one of those
// fails to decode (a missingBlobError), rather than being read with
// changed text.
func goodBlobs(blobs map[string]string) map[string]string {
	bad := badBlobs(blobs)
	if len(bad) == 0 {
		return blobs
	}
	good := make(map[string]string, len(blobs))
	for id, text := range blobs {
		good[id] = text
	}
	for _, id := range bad {
		delete(good, id)
	}
	return good
}

// blobDamage is the damage of a run whose run.json holds blobs changed
// since they were registered: every record using one reads wrong.
// Running the run's generate command again registers the blobs again.
func blobDamage(dir string, m *Manifest) []Damage {
	var out []Damage
	for _, id := range badBlobs(m.Blobs) {
		out = append(out, Damage{Run: dir, Blob: id, seq: -1,
			Reason: fmt.Sprintf("blob %s in %s no longer matches its id (its text was changed); run the run's generate command again to register it again", id, ManifestFile)})
	}
	return out
}
