package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	kzstd "github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// zstdCodec is shared by every file so its pooled encoders are not
// multiplied by the number of open files.
var zstdCodec = &pooledZstd{}

// pooledZstd is parquet-go's zstd codec (the same frames, byte for byte)
// with its encoders pooled once for every file. The encoders keep the
// default history buffer, twice the window: with the lower-memory option
// (a window's worth) a page over 8 MiB, as a content column's dictionary
// page is, moves the whole window at every 128 KiB block, which was 12% of
// an export's CPU; the heap limit holds the peak either way.
type pooledZstd struct {
	zstd.Codec // Decode, and the codec's name and number
	encoders   sync.Pool
}

func (c *pooledZstd) Encode(dst, src []byte) ([]byte, error) {
	e, _ := c.encoders.Get().(*kzstd.Encoder)
	if e == nil {
		var err error
		e, err = kzstd.NewWriter(nil, kzstd.WithEncoderLevel(kzstd.SpeedBetterCompression), kzstd.WithEncoderConcurrency(1),
			kzstd.WithZeroFrames(true), kzstd.WithEncoderCRC(false))
		if err != nil {
			return nil, err
		}
	}
	defer c.encoders.Put(e)
	return e.EncodeAll(src, dst[:0]), nil
}

// parquetWriter writes data/{split}-{i:05d}-of-{n:05d}.parquet, one row
// group per batch of shards.
type parquetWriter struct {
	shards
	dir    string // the dataset's data/ directory
	layout Layout
	org    bool // the org column, last
}

func newParquetWriter(root string, layout Layout, org bool, limits Limits) (*parquetWriter, error) {
	dir := filepath.Join(root, "data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	w := &parquetWriter{dir: dir, layout: layout, org: org}
	w.shards = shards{format: FormatParquet, limits: limits, batchRows: limits.RowGroupRows,
		create: func(split string, i int) (string, error) {
			return filepath.Join(dir, fmt.Sprintf(".%s-%05d.parquet.tmp", split, i)), nil
		},
		start: w.open}
	return w, nil
}

// The Parquet rows are Go structs, as parquet-go's fast path maps them to
// columns directly; pqMeta and toPQMeta are generated from the column table
// (parquet_meta.go). The row types' names are the files' schema names.
type pqMessagesRow struct {
	ID       string      `parquet:"id,delta"`
	Messages []pqMessage `parquet:"messages,list"`
	pqMeta
}

type pqPromptCompletionRow struct {
	ID         string      `parquet:"id"`
	Prompt     []pqMessage `parquet:"prompt,list"`
	Completion []pqMessage `parquet:"completion,list"`
	pqMeta
}

// The rows of a dataset with the org column (Options.OrgColumn), last.
type pqMessagesOrgRow struct {
	pqMessagesRow
	Org string `parquet:"org,dict"`
}

type pqPromptCompletionOrgRow struct {
	pqPromptCompletionRow
	Org string `parquet:"org,dict"`
}

// pqMessage is one element of a messages list: list<struct<role, content>>.
type pqMessage struct {
	Role    string `parquet:"role,dict"`
	Content string `parquet:"content,dict"`
}

func (w *parquetWriter) open(out io.Writer) shardFile {
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
		parquet.DataPageVersion(1),
		parquet.SkipPageBounds("messages", "list", "element", "content"),
		parquet.SkipPageBounds("prompt", "list", "element", "content"),
		parquet.SkipPageBounds("completion", "list", "element", "content"),
	}
	pcRow := func(ex *prepared, buf []pqMessage) ([]pqMessage, pqPromptCompletionRow) {
		p, c := promptCompletion(ex.msgs)
		buf = appendPQ(buf[:0], p)
		np := len(buf)
		buf = appendPQ(buf, c)
		return buf, pqPromptCompletionRow{ID: ex.id, Prompt: buf[:np:np], Completion: buf[np:], pqMeta: toPQMeta(ex)}
	}
	msgRow := func(ex *prepared, buf []pqMessage) ([]pqMessage, pqMessagesRow) {
		buf = appendPQ(buf[:0], ex.msgs)
		return buf, pqMessagesRow{ID: ex.id, Messages: buf, pqMeta: toPQMeta(ex)}
	}
	org := func(ex *prepared) string { return orgColumn.value(ex).s }
	switch {
	case w.layout == LayoutPromptCompletion && w.org:
		return &parquetFile[pqPromptCompletionOrgRow]{w: parquet.NewGenericWriter[pqPromptCompletionOrgRow](out, opts...),
			row: func(ex *prepared, buf []pqMessage) ([]pqMessage, pqPromptCompletionOrgRow) {
				buf, r := pcRow(ex, buf)
				return buf, pqPromptCompletionOrgRow{r, org(ex)}
			}}
	case w.layout == LayoutPromptCompletion:
		return &parquetFile[pqPromptCompletionRow]{w: parquet.NewGenericWriter[pqPromptCompletionRow](out, opts...), row: pcRow}
	case w.org:
		return &parquetFile[pqMessagesOrgRow]{w: parquet.NewGenericWriter[pqMessagesOrgRow](out, opts...),
			row: func(ex *prepared, buf []pqMessage) ([]pqMessage, pqMessagesOrgRow) {
				buf, r := msgRow(ex, buf)
				return buf, pqMessagesOrgRow{r, org(ex)}
			}}
	}
	return &parquetFile[pqMessagesRow]{w: parquet.NewGenericWriter[pqMessagesRow](out, opts...), row: msgRow}
}

// parquetFile is an open Parquet file of rows R.
type parquetFile[R any] struct {
	w   *parquet.GenericWriter[R]
	row func(ex *prepared, buf []pqMessage) ([]pqMessage, R) // buf: message storage reused between rows
	buf []pqMessage
	one [1]R
}

func (f *parquetFile[R]) write(ex *prepared) error {
	f.buf, f.one[0] = f.row(ex, f.buf)
	_, err := f.w.Write(f.one[:])
	return err
}

func (f *parquetFile[R]) flush() error { return f.w.Flush() }
func (f *parquetFile[R]) close() error { return f.w.Close() }

// appendPQ converts messages into buf's storage.
func appendPQ(buf []pqMessage, msgs []Message) []pqMessage {
	for _, m := range msgs {
		buf = append(buf, pqMessage{Role: m.Role, Content: m.Content})
	}
	return buf
}

// The nullable cells of toPQMeta.
func optString(c cell) *string {
	if c.null {
		return nil
	}
	return &c.s
}

func optInt64(c cell) *int64 {
	if c.null {
		return nil
	}
	return &c.i
}

func optFloat64(c cell) *float64 {
	if c.null {
		return nil
	}
	return &c.f
}

func optBool(c cell) *bool {
	if c.null {
		return nil
	}
	return &c.b
}

// close renames the files to their final names.
func (w *parquetWriter) close() ([]FileInfo, error) {
	var out []FileInfo
	err := w.finish(func(string) string { return w.dir },
		func(split string, i, n int) string { return fmt.Sprintf("%s-%05d-of-%05d.parquet", split, i, n) },
		func(split string, f shard, name string) {
			out = append(out, FileInfo{Path: "data/" + name, Format: FormatParquet, Split: split,
				Rows: f.rows, Bytes: f.bytes, SHA256: f.sha256})
		})
	return out, err
}
