package export

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// pqMessage is one element of the messages list: list<struct<role, content>>.
type pqMessage struct {
	Role    string `parquet:"role"`
	Content string `parquet:"content"`
}

// pqMeta holds the metadata columns (see metaColumns; same names and order).
type pqMeta struct {
	TrialID      string   `parquet:"trial_id"`
	TaskID       string   `parquet:"task_id"`
	TaskType     string   `parquet:"task_type"`
	Split        string   `parquet:"split"`
	Agent        string   `parquet:"agent"`
	Step         int64    `parquet:"step"`
	Kind         string   `parquet:"kind"`
	Score        *float64 `parquet:"score,optional"`
	Success      *bool    `parquet:"success,optional"`
	Model        string   `parquet:"model"`
	NumAgents    int64    `parquet:"num_agents"`
	Depth        *int64   `parquet:"depth,optional"`
	Plan         *string  `parquet:"plan,optional"`
	MissingItems *int64   `parquet:"missing_items,optional"`
	HellsKitchen *bool    `parquet:"hells_kitchen,optional"`
	Materials    *int64   `parquet:"materials,optional"`
	Rooms        *int64   `parquet:"rooms,optional"`
	Windows      *int64   `parquet:"windows,optional"`
	Carpets      *int64   `parquet:"carpets,optional"`
	Variant      *int64   `parquet:"variant,optional"`
}

type pqMessagesRow struct {
	ID       string      `parquet:"id"`
	Messages []pqMessage `parquet:"messages,list"`
	pqMeta
}

type pqPromptCompletionRow struct {
	ID         string      `parquet:"id"`
	Prompt     []pqMessage `parquet:"prompt,list"`
	Completion []pqMessage `parquet:"completion,list"`
	pqMeta
}

func toPQMeta(ex *prepared) pqMeta {
	m, k := &ex.meta, &ex.meta.Knobs
	var plan *string
	if k.Plan != "" {
		plan = &k.Plan
	}
	return pqMeta{
		TrialID: m.TrialID, TaskID: m.TaskID, TaskType: m.TaskType, Split: ex.split,
		Agent: m.Agent, Step: int64(m.Step), Kind: m.Kind, Score: m.Score, Success: m.Success,
		Model: m.Model, NumAgents: int64(m.NumAgents),
		Depth: i64(k.Depth), Plan: plan, MissingItems: i64(k.MissingItems), HellsKitchen: k.HellsKitchen,
		Materials: i64(k.Materials), Rooms: i64(k.Rooms), Windows: i64(k.Windows),
		Carpets: i64(k.Carpets), Variant: i64(k.Variant),
	}
}

func i64(p *int) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}

// appendPQ converts messages into buf's storage (reused between rows).
func appendPQ(buf []pqMessage, msgs []Message) []pqMessage {
	for _, m := range msgs {
		buf = append(buf, pqMessage{Role: m.Role, Content: m.Content})
	}
	return buf
}

// zstdCodec is shared by every file so its pooled encoders (8 MiB of
// history each) are not multiplied by the number of open files.
var zstdCodec = &zstd.Codec{Level: zstd.SpeedDefault}

// parquetWriter writes data/{split}-{i:05d}-of-{n:05d}.parquet, rotating
// files by size and rows. Files are written under temporary names and get
// their final names at close, when n is known.
type parquetWriter struct {
	dir    string // the dataset's data/ directory
	layout Layout
	limits Limits
	splits splitSet[pqSplit]
	buf    []pqMessage
}

type pqSplit struct {
	files []pqFile // closed files
	cur   *pqOpen
}

type pqFile struct {
	tmp    string
	rows   int64
	bytes  int64
	sha256 string
}

type pqOpen struct {
	out     *sink
	rows    int64 // rows in the file
	rgRows  int64 // rows in the current row group
	rgBytes int64 // content bytes in the current row group
	msgs    *parquet.GenericWriter[pqMessagesRow]
	pc      *parquet.GenericWriter[pqPromptCompletionRow]
	tmp     string
}

func newParquetWriter(root string, layout Layout, limits Limits) (*parquetWriter, error) {
	dir := filepath.Join(root, "data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return &parquetWriter{dir: dir, layout: layout, limits: limits}, nil
}

func (w *parquetWriter) open(split string, s *pqSplit) error {
	tmp := filepath.Join(w.dir, fmt.Sprintf(".%s-%05d.parquet.tmp", split, len(s.files)))
	out, err := createSink(tmp)
	if err != nil {
		return err
	}
	opts := []parquet.WriterOption{
		parquet.Compression(zstdCodec),
		parquet.MaxRowsPerRowGroup(w.limits.RowGroupRows),
		parquet.CreatedBy("collabcraft", "export", "1"),
		parquet.PageBufferSize(1 << 20),
		// No min/max in every page header: for message texts they are whole
		// ~9 KB prompts, 14% of the file. Readers skip pages with the page
		// index (column index, values cut to 16 bytes), still written.
		parquet.DataPageStatistics(false),
		parquet.WriteBufferSize(1 << 20),
	}
	o := &pqOpen{out: out, tmp: tmp}
	if w.layout == LayoutPromptCompletion {
		o.pc = parquet.NewGenericWriter[pqPromptCompletionRow](out, opts...)
	} else {
		o.msgs = parquet.NewGenericWriter[pqMessagesRow](out, opts...)
	}
	s.cur = o
	return nil
}

func (w *parquetWriter) write(ex *prepared) error {
	s := w.splits.get(ex.split)
	if s.cur == nil {
		if err := w.open(ex.split, s); err != nil {
			return err
		}
	}
	o := s.cur
	var err error
	if w.layout == LayoutPromptCompletion {
		p, c := promptCompletion(ex.msgs)
		w.buf = appendPQ(w.buf[:0], p)
		np := len(w.buf)
		w.buf = appendPQ(w.buf, c)
		row := pqPromptCompletionRow{ID: ex.id, Prompt: w.buf[:np:np], Completion: w.buf[np:], pqMeta: toPQMeta(ex)}
		_, err = o.pc.Write([]pqPromptCompletionRow{row})
	} else {
		w.buf = appendPQ(w.buf[:0], ex.msgs)
		row := pqMessagesRow{ID: ex.id, Messages: w.buf, pqMeta: toPQMeta(ex)}
		_, err = o.msgs.Write([]pqMessagesRow{row})
	}
	if err != nil {
		return fmt.Errorf("export: parquet %s: %w", ex.split, err)
	}
	o.rows++
	o.rgRows++
	o.rgBytes += int64(ex.size)
	if o.rgRows >= w.limits.RowGroupRows || o.rgBytes >= w.limits.RowGroupBytes {
		// A row group is complete: flush it, then rotate if the file is big.
		if err := o.flush(); err != nil {
			return fmt.Errorf("export: parquet %s: %w", ex.split, err)
		}
		if o.out.n >= w.limits.FileBytes {
			return w.closeCur(s)
		}
	}
	if w.limits.FileRows > 0 && o.rows >= w.limits.FileRows {
		return w.closeCur(s)
	}
	return nil
}

func (o *pqOpen) flush() error {
	o.rgRows, o.rgBytes = 0, 0
	if o.pc != nil {
		return o.pc.Flush()
	}
	return o.msgs.Flush()
}

func (w *parquetWriter) closeCur(s *pqSplit) error {
	o := s.cur
	s.cur = nil
	var err error
	if o.pc != nil {
		err = o.pc.Close()
	} else {
		err = o.msgs.Close()
	}
	if err != nil {
		o.out.f.Close()
		return fmt.Errorf("export: %s: %w", o.tmp, err)
	}
	n, sum, err := o.out.finish()
	if err != nil {
		return err
	}
	s.files = append(s.files, pqFile{tmp: o.tmp, rows: o.rows, bytes: n, sha256: sum})
	return nil
}

// close finishes every split and renames the files to their final names.
func (w *parquetWriter) close() ([]FileInfo, error) {
	var out []FileInfo
	for _, split := range w.splits.order {
		s := w.splits.byName[split]
		if s.cur != nil {
			if err := w.closeCur(s); err != nil {
				return nil, err
			}
		}
		for i, f := range s.files {
			name := fmt.Sprintf("%s-%05d-of-%05d.parquet", split, i, len(s.files))
			if err := os.Rename(f.tmp, filepath.Join(w.dir, name)); err != nil {
				return nil, fmt.Errorf("export: %w", err)
			}
			out = append(out, FileInfo{Path: "data/" + name, Format: FormatParquet, Split: split,
				Rows: f.rows, Bytes: f.bytes, SHA256: f.sha256})
		}
	}
	return out, nil
}

// abort closes open files; the temporary directory is removed by the caller.
func (w *parquetWriter) abort() {
	for _, s := range w.splits.byName {
		if s.cur != nil {
			s.cur.out.f.Close()
		}
	}
}
