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
	// heads holds each text's first 8 bytes, and seen a bit for each of
	// their hashes, so split can look for every blob in one pass over a
	// content (when no text is shorter than 8 bytes: short is set).
	heads []uint64
	seen  [1 << headBits / 64]uint64
	short bool
}

// headBits is the size of blobSet.seen: 2^headBits bits, so a content
// position whose 8 bytes start no blob rarely passes the filter.
const headBits = 14

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
	for _, t := range bs.texts {
		if len(t) < 8 {
			bs.short = true
			break
		}
		h := head8(t, 0)
		bs.heads = append(bs.heads, h)
		bs.seen[headHash(h)/64] |= 1 << (headHash(h) % 64)
	}
	return bs
}

// head8 is s[i:i+8] as a number.
func head8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func headHash(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> (64 - headBits) }

// split cuts s into text and blob pieces, taking at each point the earliest
// blob occurrence (the longest one on a tie). Joining the pieces gives s.
func (bs *blobSet) split(s string) []piece {
	if len(bs.texts) == 0 || len(s) < MinBlobLen {
		return []piece{{text: s, blob: -1}}
	}
	if bs.short {
		return bs.perBlob(s)
	}
	return bs.scan(s)
}

// perBlob is split by searching for each blob in turn: a blob shorter than
// the 8 bytes scan reads at a time is found too.
func (bs *blobSet) perBlob(s string) []piece {
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

// scan is split in one pass over s: at each position whose 8 bytes may
// start a blob (the seen filter), the longest blob found there, else the
// first registered, is taken, and the scan goes on after it. That is the
// earliest occurrence with the longest on a tie, as split's per-blob
// search finds it, for any number of blobs.
func (bs *blobSet) scan(s string) []piece {
	var out []piece
	pos := 0 // start of the text not yet in a piece
	for at := 0; at+8 <= len(s); {
		h := head8(s, at)
		if x := headHash(h); bs.seen[x/64]&(1<<(x%64)) == 0 {
			at++
			continue
		}
		best := -1
		for i, bh := range bs.heads {
			if bh == h && (best < 0 || len(bs.texts[i]) > len(bs.texts[best])) && strings.HasPrefix(s[at:], bs.texts[i]) {
				best = i
			}
		}
		if best < 0 {
			at++
			continue
		}
		if at > pos {
			out = append(out, piece{text: s[pos:at], blob: -1})
		}
		out = append(out, piece{blob: best})
		at += len(bs.texts[best])
		pos = at
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
