package trajectory

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// A record on disk is two zstd frames written with one write:
//
//	skippable frame (magic 0x184D2A5C, uint32 LE length, JSON header)
//	zstd frame holding the trial's JSON line
//
// Standard zstd decoders skip the header frame, so `zstd -dc` prints plain
// JSONL. The header lets the index be built without decompressing trials.
const headerMagic = 0x184D2A5C

// maxHeaderLen bounds a header so a corrupt length is caught, not allocated.
const maxHeaderLen = 1 << 20

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
	Len              int64   `json:"len"` // bytes of the zstd frame that follows
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
	hj, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	dst = binary.LittleEndian.AppendUint32(dst, headerMagic)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(hj)))
	dst = append(dst, hj...)
	return append(dst, data...), nil
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
}

// NeedsRerun reports whether resume must play the trial again.
func (e IndexEntry) NeedsRerun() bool { return e.EndReason == EndError }

// errTruncated marks a record cut short (an interrupted write).
var errTruncated = errors.New("truncated record")

// scanFile reads the record headers of one trials file. A file that ends in
// the middle of a record, or holds bytes that are not a record, yields the
// records before that point and a non-nil bad error describing the rest.
func scanFile(f *os.File, run, name string) (entries []IndexEntry, bad error, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	buf := make([]byte, 4096)
	var off int64
	for off < size {
		n, rerr := f.ReadAt(buf, off)
		if rerr != nil && rerr != io.EOF {
			return entries, nil, rerr
		}
		b := buf[:n]
		if len(b) < 8 {
			return entries, fmt.Errorf("offset %d: %w (%d bytes)", off, errTruncated, size-off), nil
		}
		if binary.LittleEndian.Uint32(b) != headerMagic {
			return entries, fmt.Errorf("offset %d: not a record header (%d bytes skipped)", off, size-off), nil
		}
		hl := int64(binary.LittleEndian.Uint32(b[4:]))
		if hl > maxHeaderLen {
			return entries, fmt.Errorf("offset %d: header length %d is implausible (%d bytes skipped)", off, hl, size-off), nil
		}
		if off+8+hl > size {
			return entries, fmt.Errorf("offset %d: %w (%d bytes)", off, errTruncated, size-off), nil
		}
		hb := b[min(int64(len(b)), 8):]
		if int64(len(hb)) < hl {
			hb = make([]byte, hl)
			if _, err := f.ReadAt(hb, off+8); err != nil {
				return entries, nil, err
			}
		}
		var h header
		if err := json.Unmarshal(hb[:hl], &h); err != nil || h.Len <= 0 || h.TrialID == "" {
			return entries, fmt.Errorf("offset %d: unreadable record header (%d bytes skipped)", off, size-off), nil
		}
		end := off + 8 + hl + h.Len
		if end > size {
			return entries, fmt.Errorf("offset %d: trial %q: %w (%d of %d bytes)", off, h.TrialID, errTruncated, size-off-8-hl, h.Len), nil
		}
		entries = append(entries, IndexEntry{
			Run: run, File: name, Offset: off, TrialID: h.TrialID, TaskID: h.TaskID, Attempt: h.Attempt,
			EndReason: h.EndReason, Success: h.Success, Score: h.Score, Transitions: h.Transitions,
			PromptTokens: h.PromptTokens, CompletionTokens: h.CompletionTokens,
			dataOff: off + 8 + hl, dataLen: h.Len,
		})
		off = end
	}
	return entries, nil, nil
}
