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
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A record on disk is two zstd frames written with one write:
//
//	skippable frame: magic 0x184D2A5C, uint32 LE length, JSON header
//	zstd frame:      the trial's JSON line (with zstd's own content checksum)
//
// Standard zstd decoders skip the header frame, so `zstd -dc` prints plain
// JSONL. The header lets the index be built without decompressing trials.
//
// A header of run format 2 ends in "data_crc32c", the CRC-32C of the zstd
// frame, "file", the trials file it was written to (its name without
// .jsonl.zst), "seq", its place in that file (0, 1, ...), and "crc", the
// CRC-32C as 8 hex digits of the length prefix (4 bytes) followed by the
// header as it would be without that last field. So a damaged length
// prefix shows as such (not as a file cut short), a record copied or
// spliced into another file is known as foreign, and a missing record
// shows as a gap in the sequence, named by the file's seal in run.json.
//
// Records of format 1 (written before 26) end in "data_crc32c" and
// "crc32c", a decimal CRC-32C of the header without that field (not the
// prefix), and have no file or seq; records before those checksums (at
// 4e235dd and earlier) have none and are read unverified, with only
// zstd's content checksum guarding their data.
const headerMagic = 0x184D2A5C

// maxHeaderLen bounds a header so a corrupt length is caught, not allocated.
const maxHeaderLen = 1 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// crcField opens a format 1 header's last field, the header checksum;
// hcrcField a format 2 header's.
var (
	crcField  = []byte(`,"crc32c":`)
	hcrcField = []byte(`,"crc":"`)
)

// hcrcTail is the length of a format 2 header's last field and its "}".
var hcrcTail = len(hcrcField) + 8 + 2

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
	File             string  `json:"file,omitempty"`        // format 2: the trials file written to, without TrialsExt
	Seq              *int    `json:"seq,omitempty"`         // format 2: the record's place in that file
	CRC              *uint32 `json:"crc32c,omitempty"`      // format 1's header checksum; read only
	HCRC             *string `json:"crc,omitempty"`         // format 2's header checksum; read only, the writer appends it
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

// appendRecord appends the header frame (format 2, as record seq of the
// trials file named file) and the data frame to dst.
func appendRecord(dst []byte, h header, data []byte, file string, seq int) ([]byte, error) {
	h.Len = int64(len(data))
	sum := crc32.Checksum(data, castagnoli)
	h.DataCRC = &sum
	h.File, h.Seq = file, &seq
	hj, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	body := hj[:len(hj)-1]
	var prefix [4]byte
	binary.LittleEndian.PutUint32(prefix[:], uint32(len(body)+hcrcTail))
	hsum := crc32.Update(crc32.Update(crc32.Checksum(prefix[:], castagnoli), castagnoli, body), castagnoli, []byte{'}'})
	dst = binary.LittleEndian.AppendUint32(dst, headerMagic)
	dst = append(dst, prefix[:]...)
	dst = append(dst, body...)
	dst = append(dst, hcrcField...)
	dst = fmt.Appendf(dst, "%08x", hsum)
	dst = append(dst, '"', '}')
	return append(dst, data...), nil
}

// headerSum2OK reports whether hb, a format 2 header whose "crc" field
// parsed as sum, ends in exactly that field and matches it with hb's
// length as its prefix.
func headerSum2OK(hb []byte, sum string) bool {
	i := len(hb) - hcrcTail
	if i < 0 || len(sum) != 8 || !bytes.Equal(hb[i:i+len(hcrcField)], hcrcField) || string(hb[i+len(hcrcField):len(hb)-2]) != sum ||
		hb[len(hb)-2] != '"' || hb[len(hb)-1] != '}' {
		return false
	}
	var prefix [4]byte
	binary.LittleEndian.PutUint32(prefix[:], uint32(len(hb)))
	got := crc32.Update(crc32.Update(crc32.Checksum(prefix[:], castagnoli), castagnoli, hb[:i]), castagnoli, []byte{'}'})
	return fmt.Sprintf("%08x", got) == sum
}

// headerSumOK reports whether hb, a format 1 header whose "crc32c" field
// parsed as sum, ends in exactly that field and matches it.
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
	file             string // format 2: the trials file the record was written to ("" before)
	seq              int    // format 2: its place there; -1 before
}

// foreign reports whether the record was written to another trials file
// than name (one copied or spliced in).
func (e IndexEntry) foreign(name string) bool {
	return e.file != "" && e.file != fileBase(name)
}

// fileBase is a trials file's name as its records carry it.
func fileBase(name string) string {
	return strings.TrimSuffix(filepath.Base(name), TrialsExt)
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
	parsedRecord    parseOutcome = iota // a whole record whose checksums match
	parsedBadData                       // a trustworthy header whose data frame is damaged
	parsedBadPrefix                     // a trustworthy header after a damaged length prefix
	parsedCut                           // the file ends inside what may be a record
	parsedNothing                       // no record header starts here
)

// parseAt reads the record starting at off. For parsedRecord,
// parsedBadData and parsedBadPrefix the entry is filled in (its header
// checks out); why describes anything else.
func (w *fileWindow) parseAt(off int64, run, name string) (e IndexEntry, out parseOutcome, why string, err error) {
	e, out, why, err = w.parseHeaderAt(off, run, name)
	if err != nil || out == parsedRecord || out == parsedBadData {
		return e, out, why, err
	}
	if re, ok, err := w.recoverHeader(off, run, name); err != nil || ok {
		return re, parsedBadPrefix, "damaged length prefix", err
	}
	return e, out, why, nil
}

// recoverHeader looks for a format 2 header at off whose length prefix is
// damaged: the first "crc" field after it ends the header, whose checksum
// covers its true length.
func (w *fileWindow) recoverHeader(off int64, run, name string) (IndexEntry, bool, error) {
	b, err := w.at(off, 8+recoverWindow)
	if err != nil || len(b) < 8 || binary.LittleEndian.Uint32(b) != headerMagic {
		return IndexEntry{}, false, err
	}
	i := bytes.Index(b[8:], hcrcField)
	if i < 0 || 8+i+hcrcTail > len(b) {
		return IndexEntry{}, false, nil
	}
	hb := b[8 : 8+i+hcrcTail]
	var h header
	if json.Unmarshal(hb, &h) != nil || h.HCRC == nil || h.DataCRC == nil || h.Seq == nil || h.Len <= 0 || h.TrialID == "" ||
		!headerSum2OK(hb, *h.HCRC) {
		return IndexEntry{}, false, nil
	}
	hl := int64(len(hb))
	e := IndexEntry{
		Run: run, File: name, Offset: off, TrialID: h.TrialID, TaskID: h.TaskID, Attempt: h.Attempt,
		EndReason: h.EndReason, Success: h.Success, Score: h.Score, Transitions: h.Transitions,
		PromptTokens: h.PromptTokens, CompletionTokens: h.CompletionTokens,
		dataOff: off + 8 + hl, dataLen: h.Len, dataSum: *h.DataCRC, summed: true, file: h.File, seq: *h.Seq,
	}
	return e, e.end() <= w.size, nil
}

// recoverWindow bounds the search for a header's end after a damaged
// length prefix: headers are a few hundred bytes.
const recoverWindow = 64 << 10

// parseHeaderAt reads the record starting at off as its length prefix
// says.
func (w *fileWindow) parseHeaderAt(off int64, run, name string) (e IndexEntry, out parseOutcome, why string, err error) {
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
	seq := -1
	switch {
	case h.HCRC != nil && (!headerSum2OK(hb, *h.HCRC) || h.DataCRC == nil || h.Seq == nil || h.File == ""):
		return e, parsedNothing, "header checksum mismatch", nil
	case h.HCRC != nil:
		e.dataSum, e.summed, seq = *h.DataCRC, true, *h.Seq
	case h.CRC != nil && !headerSumOK(hb, *h.CRC):
		return e, parsedNothing, "header checksum mismatch", nil
	case h.CRC != nil && h.DataCRC != nil && h.File == "" && h.Seq == nil:
		e.dataSum, e.summed = *h.DataCRC, true
	case h.CRC != nil || h.DataCRC != nil || h.File != "" || h.Seq != nil:
		return e, parsedNothing, "header checksum missing", nil
	}
	e = IndexEntry{
		Run: run, File: name, Offset: off, TrialID: h.TrialID, TaskID: h.TaskID, Attempt: h.Attempt,
		EndReason: h.EndReason, Success: h.Success, Score: h.Score, Transitions: h.Transitions,
		PromptTokens: h.PromptTokens, CompletionTokens: h.CompletionTokens,
		dataOff: off + 8 + hl, dataLen: h.Len, dataSum: e.dataSum, summed: e.summed, file: h.File, seq: seq,
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
		if e.TrialID != "" { // the header checks out (perhaps not its length prefix), whatever follows it
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
		d := Damage{Run: run, File: name, Offset: off, TrialID: e.TrialID, Reason: why, seq: e.seq}
		if e.TrialID == "" {
			d.seq = -1
		}
		switch {
		case (out == parsedBadData || out == parsedBadPrefix) && next >= e.end():
			next = e.end() // the damage is this record
		case out == parsedBadData || out == parsedBadPrefix || out == parsedCut && next < w.size:
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
