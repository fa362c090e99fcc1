package trajectory

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"strconv"
)

// A record on disk is two zstd frames written with one write:
//
//	skippable frame: magic 0x184D2A5C, uint32 LE length, JSON header
//	zstd frame:      the trial's JSON line (with zstd's own content checksum)
//
// Standard zstd decoders skip the header frame, so `zstd -dc` prints plain
// JSONL. The header lets the index be built without decompressing trials.
// It ends in two checksums: "data_crc32c", the CRC-32C of the zstd frame,
// then "crc32c", the CRC-32C of the header as it would be without that
// last field. They let the index trust a header, find a damaged data frame
// without decompressing it, and resynchronise after damage at the next
// header that checks out. They are plain JSON fields, so runs stay format
// 1 both ways: readers before them ignore them, and records written before
// them (no "crc32c") are read unverified, with only zstd's content
// checksum guarding their data, so their data damage shows when decoded.
const headerMagic = 0x184D2A5C

// maxHeaderLen bounds a header so a corrupt length is caught, not allocated.
const maxHeaderLen = 1 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// crcField opens the header's last field, the header checksum.
var crcField = []byte(`,"crc32c":`)

// header is the index information of one record.
type header struct {
	TrialID          string  `json:"trial_id"`
	TaskID           string  `json:"task_id"`
	Attempt          int     `json:"attempt"`
	EndReason        string  `json:"end_reason"`
	Success          bool    `json:"success"`
	Score            float64 `json:"score"`
	Transitions      int     `json:"transitions"`
	PromptTokens     int64   `json:"prompt_tokens"`
	CompletionTokens int64   `json:"completion_tokens"`
	Len              int64   `json:"len"`                   // bytes of the zstd frame that follows
	DataCRC          *uint32 `json:"data_crc32c,omitempty"` // nil in records written before checksums
	CRC              *uint32 `json:"crc32c,omitempty"`      // read only; the writer appends it
}

func headerOf(t *Trial) header {
	h := header{TrialID: t.TrialID, TaskID: t.TaskID, Attempt: t.Attempt, EndReason: t.Outcome.EndReason,
		Success: t.Outcome.Success, Score: t.Outcome.Score}
	for _, a := range t.Agents {
		h.Transitions += len(a.Transitions)
		for _, tr := range a.Transitions {
			h.PromptTokens += int64(tr.Usage.PromptTokens)
			h.CompletionTokens += int64(tr.Usage.CompletionTokens)
		}
	}
	return h
}

// appendRecord appends the header frame and the data frame to dst.
func appendRecord(dst []byte, h header, data []byte) ([]byte, error) {
	h.Len = int64(len(data))
	sum := crc32.Checksum(data, castagnoli)
	h.DataCRC = &sum
	hj, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	hsum := crc32.Checksum(hj, castagnoli)
	hj = strconv.AppendUint(append(hj[:len(hj)-1], crcField...), uint64(hsum), 10)
	hj = append(hj, '}')
	dst = binary.LittleEndian.AppendUint32(dst, headerMagic)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(hj)))
	dst = append(dst, hj...)
	return append(dst, data...), nil
}

// headerSumOK reports whether hb, a header whose "crc32c" field parsed as
// sum, ends in exactly that field and matches it.
func headerSumOK(hb []byte, sum uint32) bool {
	var digits [10]byte
	tail := strconv.AppendUint(digits[:0], uint64(sum), 10)
	i := len(hb) - 1 - len(tail) - len(crcField)
	if i < 0 || hb[len(hb)-1] != '}' || !bytes.Equal(hb[i:i+len(crcField)], crcField) || !bytes.Equal(hb[i+len(crcField):len(hb)-1], tail) {
		return false
	}
	return crc32.Update(crc32.Update(0, castagnoli, hb[:i]), castagnoli, []byte{'}'}) == sum
}

// IndexEntry locates one record and says how its trial ended.
type IndexEntry struct {
	Run              string // run directory
	File             string // trials file, relative to the run directory
	Offset           int64  // where the record starts in File
	TrialID          string
	TaskID           string
	Attempt          int
	EndReason        string
	Success          bool
	Score            float64
	Transitions      int
	PromptTokens     int64
	CompletionTokens int64

	dataOff, dataLen int64
	dataSum          uint32 // CRC-32C of the data frame
	summed           bool   // the header carries checksums (dataSum is set)
}

// NeedsRerun reports whether resume must play the trial again.
func (e IndexEntry) NeedsRerun() bool { return e.EndReason == EndError }

// end is the offset just past the record.
func (e IndexEntry) end() int64 { return e.dataOff + e.dataLen }

// checkData verifies a record's data frame against its header's checksum.
func (e IndexEntry) checkData(data []byte) error {
	if e.summed && crc32.Checksum(data, castagnoli) != e.dataSum {
		return errors.New("data checksum mismatch")
	}
	return nil
}

// fileWindow reads a file through one buffer in large blocks, so scanning
// a file record by record costs a few big reads, not two per record.
type fileWindow struct {
	f     *os.File
	size  int64
	start int64 // file offset of buf[0]
	buf   []byte
}

const windowBlock = 1 << 20

// at returns up to n bytes at off (fewer at the end of the file).
func (w *fileWindow) at(off int64, n int) ([]byte, error) {
	n = int(min(int64(n), w.size-off))
	if n <= 0 {
		return nil, nil
	}
	if off >= w.start && off+int64(n) <= w.start+int64(len(w.buf)) {
		return w.buf[off-w.start : off-w.start+int64(n)], nil
	}
	want := int(min(int64(max(n, windowBlock)), w.size-off))
	if cap(w.buf) < want {
		w.buf = make([]byte, want)
	}
	w.buf = w.buf[:want]
	w.start = off
	if _, err := w.f.ReadAt(w.buf, off); err != nil && err != io.EOF {
		w.buf = w.buf[:0]
		return nil, err
	}
	return w.buf[:n], nil
}

// parseOutcome says what is at an offset of a trials file.
type parseOutcome int

const (
	parsedRecord  parseOutcome = iota // a whole record whose checksums match
	parsedBadData                     // a trustworthy header whose data frame is damaged
	parsedCut                         // the file ends inside what may be a record
	parsedNothing                     // no record header starts here
)

// parseAt reads the record starting at off. For parsedRecord and
// parsedBadData the entry is filled in (its header checks out); why
// describes anything else.
func (w *fileWindow) parseAt(off int64, run, name string) (e IndexEntry, out parseOutcome, why string, err error) {
	b, err := w.at(off, 8)
	if err != nil {
		return e, 0, "", err
	}
	if len(b) < 8 {
		return e, parsedCut, "truncated record", nil
	}
	if binary.LittleEndian.Uint32(b) != headerMagic {
		return e, parsedNothing, "not a record header", nil
	}
	hl := int64(binary.LittleEndian.Uint32(b[4:]))
	if hl > maxHeaderLen {
		return e, parsedNothing, fmt.Sprintf("implausible header length %d", hl), nil
	}
	if off+8+hl > w.size {
		return e, parsedCut, "truncated record header", nil
	}
	hb, err := w.at(off+8, int(hl))
	if err != nil {
		return e, 0, "", err
	}
	var h header
	if err := json.Unmarshal(hb, &h); err != nil || h.Len <= 0 || h.TrialID == "" {
		return e, parsedNothing, "unreadable record header", nil
	}
	switch {
	case h.CRC != nil && !headerSumOK(hb, *h.CRC):
		return e, parsedNothing, "header checksum mismatch", nil
	case h.CRC != nil && h.DataCRC != nil:
		e.dataSum, e.summed = *h.DataCRC, true
	case h.CRC != nil || h.DataCRC != nil:
		return e, parsedNothing, "header checksum missing", nil
	}
	e = IndexEntry{
		Run: run, File: name, Offset: off, TrialID: h.TrialID, TaskID: h.TaskID, Attempt: h.Attempt,
		EndReason: h.EndReason, Success: h.Success, Score: h.Score, Transitions: h.Transitions,
		PromptTokens: h.PromptTokens, CompletionTokens: h.CompletionTokens,
		dataOff: off + 8 + hl, dataLen: h.Len, dataSum: e.dataSum, summed: e.summed,
	}
	if e.end() > w.size {
		return e, parsedCut, fmt.Sprintf("truncated record (%d of %d data bytes)", w.size-e.dataOff, h.Len), nil
	}
	if e.summed {
		data, err := w.at(e.dataOff, int(e.dataLen))
		if err != nil {
			return e, 0, "", err
		}
		if err := e.checkData(data); err != nil {
			return e, parsedBadData, err.Error(), nil
		}
	}
	return e, parsedRecord, "", nil
}

// nextHeader returns the offset of the first record header after off that
// checks out (one without checksums: parses), or the file size if none.
func (w *fileWindow) nextHeader(off int64, run, name string) (int64, error) {
	var magic [4]byte
	binary.LittleEndian.PutUint32(magic[:], headerMagic)
	for p := off + 1; p+8 <= w.size; {
		b, err := w.at(p, windowBlock)
		if err != nil {
			return 0, err
		}
		i := bytes.Index(b, magic[:])
		if i < 0 {
			p += int64(max(len(b)-len(magic)+1, 1))
			continue
		}
		cand := p + int64(i)
		e, _, _, err := w.parseAt(cand, run, name)
		if err != nil {
			return 0, err
		}
		if e.TrialID != "" { // the header checks out, whatever follows it
			return cand, nil
		}
		p = cand + 1
	}
	return w.size, nil
}

// scanFile reads the records of one trials file, verifying their
// checksums (records written before checksums are taken as they parse). Damage costs only the records it touches: the scan
// resumes at the next header that checks out. A file that ends inside a
// record, with no good header after it, was cut short while being written
// (a crash, or a writer still at work): that damage is Interrupted.
// The entries and the damage cover every byte of the file, in order.
func scanFile(f *os.File, run, name string) (entries []IndexEntry, damage []Damage, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	w := &fileWindow{f: f, size: st.Size()}
	for off := int64(0); off < w.size; {
		e, out, why, err := w.parseAt(off, run, name)
		if err != nil {
			return nil, nil, err
		}
		if out == parsedRecord {
			entries = append(entries, e)
			off = e.end()
			continue
		}
		next, err := w.nextHeader(off, run, name)
		if err != nil {
			return nil, nil, err
		}
		d := Damage{Run: run, File: name, Offset: off, TrialID: e.TrialID, Reason: why}
		switch {
		case out == parsedBadData && next >= e.end():
			next = e.end() // the damage is this record's data frame
		case out == parsedBadData || out == parsedCut && next < w.size:
			d.Reason = "record cut short by the next record header"
		case out == parsedCut:
			d.Interrupted = true
		}
		d.Len = next - off
		damage = append(damage, d)
		off = next
	}
	if slices.ContainsFunc(entries, func(e IndexEntry) bool { return e.summed }) {
		// One writer writes a file one way: a record without checksums
		// among records with them lost its checksum fields to damage.
		intact := entries[:0]
		for _, e := range entries {
			if e.summed {
				intact = append(intact, e)
				continue
			}
			damage = append(damage, Damage{Run: run, File: name, Offset: e.Offset, Len: e.end() - e.Offset,
				TrialID: e.TrialID, Reason: "record header without its checksums"})
		}
		entries = intact
		slices.SortFunc(damage, func(a, b Damage) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	return entries, damage, nil
}
