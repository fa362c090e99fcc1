package export

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	kzstd "github.com/klauspost/compress/zstd"
)

// spool holds the rows of the splits other than train while train is
// written, one zstd file per split in the export's temporary directory
// (so a killed export's spool goes with that directory), to be written
// after train's files are closed: the writers then have one split's files
// open at a time. A Parquet file's dictionaries (a content column's
// distinct texts of the row group, twice over) were ~50 MB a split on the
// minecollab preset, four splits at once the largest part of the heap.
type spool struct {
	dir    string // created on first use
	splits map[string]*spoolFile
	order  []string // splits in the order of their first row
	buf    []byte
}

type spoolFile struct {
	path string
	f    *os.File
	zw   *kzstd.Encoder
	bw   *bufio.Writer
	rows int64
}

const spoolDirName = ".spool"

func newSpool(root string) *spool {
	return &spool{dir: filepath.Join(root, spoolDirName), splits: map[string]*spoolFile{}}
}

// add appends a row to its split's file.
func (s *spool) add(p *prepared) error {
	f := s.splits[p.split]
	if f == nil {
		if err := os.MkdirAll(s.dir, 0o755); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		path := filepath.Join(s.dir, fmt.Sprintf("%d.zst", len(s.order)))
		file, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		// A small window: the spool is read back once, in a few seconds.
		zw, err := kzstd.NewWriter(file, kzstd.WithEncoderLevel(kzstd.SpeedFastest), kzstd.WithWindowSize(1<<20),
			kzstd.WithEncoderConcurrency(1))
		if err != nil {
			file.Close()
			return fmt.Errorf("export: %w", err)
		}
		f = &spoolFile{path: path, f: file, zw: zw, bw: bufio.NewWriterSize(zw, 256<<10)}
		s.splits[p.split] = f
		s.order = append(s.order, p.split)
	}
	s.buf = appendSpooled(s.buf[:0], p)
	if _, err := f.bw.Write(s.buf); err != nil {
		return fmt.Errorf("export: spool %s: %w", f.path, err)
	}
	f.rows++
	return nil
}

// replay hands the rows of split to send in batches, in the order they
// were added, and removes the split's file. It stops when send reports
// false.
func (s *spool) replay(split string, send func([]prepared) bool) error {
	f := s.splits[split]
	if f == nil {
		return nil
	}
	err := f.bw.Flush()
	if err == nil {
		err = f.zw.Close()
	}
	if _, serr := f.f.Seek(0, io.SeekStart); err == nil {
		err = serr
	}
	if err != nil {
		return fmt.Errorf("export: spool %s: %w", f.path, err)
	}
	zr, err := kzstd.NewReader(bufio.NewReaderSize(f.f, 256<<10), kzstd.WithDecoderConcurrency(1), kzstd.WithDecoderLowmem(true))
	if err != nil {
		return fmt.Errorf("export: spool %s: %w", f.path, err)
	}
	defer zr.Close()
	r := bufio.NewReaderSize(zr, 256<<10)
	batch, size := make([]prepared, 0, batchRows), 0
	var rec []byte
	for n := int64(0); n < f.rows; n++ {
		var p prepared
		if rec, err = readSpooled(r, rec, &p); err != nil {
			return fmt.Errorf("export: spool %s: row %d: %w", f.path, n, err)
		}
		p.split = split
		batch, size = append(batch, p), size+p.size
		if len(batch) == batchRows || size >= batchBytes {
			if !send(batch) {
				return nil
			}
			batch, size = make([]prepared, 0, batchRows), 0
		}
	}
	if len(batch) > 0 && !send(batch) {
		return nil
	}
	s.closeFile(split)
	return nil
}

func (s *spool) closeFile(split string) {
	if f := s.splits[split]; f != nil {
		f.zw.Close()
		f.f.Close()
		os.Remove(f.path)
		delete(s.splits, split)
	}
}

// remove closes and deletes what is left of the spool.
func (s *spool) remove() {
	for split := range s.splits {
		s.closeFile(split)
	}
	os.RemoveAll(s.dir)
}

// A spooled row is its length (uvarint), then the fields of prepared but
// its split (the file's) and strict (normalised again on demand, or the
// messages themselves under RolesStrict: a flag), and of its Meta.
func appendSpooled(b []byte, p *prepared) []byte {
	b = b[:0]
	b = append(b, make([]byte, binary.MaxVarintLen64)...) // the length, moved into place below
	b = appendStr(b, p.id)
	b = append(b, p.hash[:]...)
	b = binary.AppendUvarint(b, uint64(p.size))
	b = binary.AppendUvarint(b, uint64(p.tokens))
	strict := byte(0)
	if p.strict != nil {
		strict = 1
	}
	b = append(b, strict)
	b = binary.AppendUvarint(b, uint64(len(p.msgs)))
	for _, m := range p.msgs {
		b = appendStr(b, m.Role)
		b = appendStr(b, m.Content)
	}
	m := &p.meta
	for _, s := range []string{m.TrialID, m.TaskID, m.TaskType, m.Split, m.Agent, m.Kind, m.Model, m.Org, m.Target} {
		b = appendStr(b, s)
	}
	b = binary.AppendVarint(b, int64(m.Step))
	b = binary.AppendVarint(b, int64(m.NumAgents))
	if m.Score == nil {
		b = append(b, 0)
	} else {
		b = binary.LittleEndian.AppendUint64(append(b, 1), math.Float64bits(*m.Score))
	}
	switch {
	case m.Success == nil:
		b = append(b, 0)
	case *m.Success:
		b = append(b, 2)
	default:
		b = append(b, 1)
	}
	b = binary.AppendUvarint(b, uint64(len(m.Knobs.values)))
	for _, v := range m.Knobs.values {
		switch v := v.(type) {
		case nil:
			b = append(b, 0)
		case int64:
			b = binary.AppendVarint(append(b, 1), v)
		case string:
			b = appendStr(append(b, 2), v)
		case bool:
			if v {
				b = append(b, 4)
			} else {
				b = append(b, 3)
			}
		case float64:
			b = binary.LittleEndian.AppendUint64(append(b, 5), math.Float64bits(v))
		default:
			panic(fmt.Sprintf("export: knob value %v of type %T", v, v))
		}
	}
	var head [binary.MaxVarintLen64]byte
	n := binary.PutUvarint(head[:], uint64(len(b)-binary.MaxVarintLen64))
	start := binary.MaxVarintLen64 - n
	copy(b[start:], head[:n])
	return b[start:]
}

func appendStr(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

var errSpoolRecord = errors.New("damaged record")

// readSpooled reads one row into p; rec is a buffer it may reuse. The
// row's strings share one allocation.
func readSpooled(r *bufio.Reader, rec []byte, p *prepared) ([]byte, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return rec, err
	}
	if uint64(cap(rec)) < n {
		rec = make([]byte, n)
	}
	rec = rec[:n]
	if _, err := io.ReadFull(r, rec); err != nil {
		return rec, err
	}
	d := spoolDecoder{s: string(rec)}
	p.id = d.str()
	copy(p.hash[:], d.take(len(p.hash)))
	p.size, p.tokens = int(d.uvarint()), int(d.uvarint())
	strict := d.take(1) == "\x01"
	if k := d.uvarint(); k <= uint64(len(d.s)) {
		p.msgs = make([]Message, k)
		for i := range p.msgs {
			p.msgs[i] = Message{Role: d.str(), Content: d.str()}
		}
	} else {
		d.bad = true
	}
	if strict {
		p.strict = p.msgs
	}
	m := &p.meta
	for _, s := range []*string{&m.TrialID, &m.TaskID, &m.TaskType, &m.Split, &m.Agent, &m.Kind, &m.Model, &m.Org, &m.Target} {
		*s = d.str()
	}
	m.Step, m.NumAgents = int(d.varint()), int(d.varint())
	if d.take(1) == "\x01" {
		m.Score = ptr(math.Float64frombits(binary.LittleEndian.Uint64([]byte(d.take(8)))))
	}
	switch d.take(1) {
	case "\x01":
		m.Success = ptr(false)
	case "\x02":
		m.Success = ptr(true)
	}
	if k := d.uvarint(); k > 0 && k <= uint64(len(d.s)) {
		m.Knobs.values = make([]any, k)
		for i := range m.Knobs.values {
			switch d.take(1) {
			case "\x00":
			case "\x01":
				m.Knobs.values[i] = d.varint()
			case "\x02":
				m.Knobs.values[i] = d.str()
			case "\x03":
				m.Knobs.values[i] = false
			case "\x04":
				m.Knobs.values[i] = true
			case "\x05":
				m.Knobs.values[i] = math.Float64frombits(binary.LittleEndian.Uint64([]byte(d.take(8))))
			default:
				d.bad = true
			}
		}
	} else if k > 0 {
		d.bad = true
	}
	if d.bad || len(d.s) != 0 {
		return rec, errSpoolRecord
	}
	return rec, nil
}

// spoolDecoder reads the fields of a record; a short or malformed record
// sets bad (and yields zero values).
type spoolDecoder struct {
	s   string
	bad bool
}

func (d *spoolDecoder) take(n int) string {
	if n > len(d.s) {
		d.bad = true
		n = len(d.s)
		d.s = d.s[n:]
		return string(make([]byte, max(n, 8))) // zeros, long enough for a float
	}
	v := d.s[:n]
	d.s = d.s[n:]
	return v
}

func (d *spoolDecoder) uvarint() uint64 {
	v, n := binary.Uvarint([]byte(d.s[:min(len(d.s), binary.MaxVarintLen64)]))
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.s = d.s[n:]
	return v
}

// varint undoes binary.AppendVarint's zig-zag over uvarint.
func (d *spoolDecoder) varint() int64 {
	u := d.uvarint()
	if u&1 != 0 {
		return ^int64(u >> 1)
	}
	return int64(u >> 1)
}

func (d *spoolDecoder) str() string {
	n := d.uvarint()
	if n > uint64(len(d.s)) {
		d.bad = true
		return ""
	}
	return d.take(int(n))
}
