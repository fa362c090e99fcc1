package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// zstdCodec is shared by every file so its pooled encoders (8 MiB of
// history each) are not multiplied by the number of open files.
var zstdCodec = &zstd.Codec{Level: zstd.SpeedDefault}

// parquetWriter writes data/{split}-{i:05d}-of-{n:05d}.parquet, one row
// group per batch of shards.
type parquetWriter struct {
	shards
	dir    string // the dataset's data/ directory
	cols   []column
	schema *parquet.Schema
}

func newParquetWriter(root string, layout Layout, limits Limits) (*parquetWriter, error) {
	dir := filepath.Join(root, "data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	cols := columnsFor(layout)
	w := &parquetWriter{dir: dir, cols: cols, schema: parquetSchema(layout, cols)}
	w.shards = shards{format: FormatParquet, limits: limits, batchRows: limits.RowGroupRows,
		create: func(split string, i int) (string, error) {
			return filepath.Join(dir, fmt.Sprintf(".%s-%05d.parquet.tmp", split, i)), nil
		},
		start: w.open}
	return w, nil
}

// parquetSchema is the Parquet schema of the columns: required or optional
// leaves, and list<struct<role, content>> for messages, as parquet-go maps
// the equivalent Go struct. The root keeps the name of the Go row types
// earlier versions wrote, so files stay byte for byte the same.
func parquetSchema(layout Layout, cols []column) *parquet.Schema {
	fields := make([]reflect.StructField, len(cols))
	for i, c := range cols {
		var typ reflect.Type
		tag := c.name
		switch c.typ {
		case colString:
			typ = reflect.TypeFor[string]()
		case colInt64:
			typ = reflect.TypeFor[int64]()
		case colFloat64:
			typ = reflect.TypeFor[float64]()
		case colBool:
			typ = reflect.TypeFor[bool]()
		case colMessages:
			typ, tag = reflect.TypeFor[[]pqMessage](), c.name+",list"
		}
		if c.nullable {
			typ, tag = reflect.PointerTo(typ), tag+",optional"
		}
		fields[i] = reflect.StructField{Name: "C" + strconv.Itoa(i), Type: typ, Tag: reflect.StructTag(`parquet:"` + tag + `"`)}
	}
	name := "pqMessagesRow"
	if layout == LayoutPromptCompletion {
		name = "pqPromptCompletionRow"
	}
	return parquet.NewSchema(name, parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Interface()))
}

// pqMessage is one element of a messages list.
type pqMessage struct {
	Role    string `parquet:"role"`
	Content string `parquet:"content"`
}

func (w *parquetWriter) open(out io.Writer) shardFile {
	pw := parquet.NewWriter(out, w.schema,
		parquet.Compression(zstdCodec),
		parquet.MaxRowsPerRowGroup(w.limits.RowGroupRows),
		parquet.CreatedBy("collabcraft", "export", "1"),
		parquet.PageBufferSize(1<<20),
		// No min/max in every page header: for message texts they are whole
		// ~9 KB prompts, 14% of the file. Readers skip pages with the page
		// index (column index, values cut to 16 bytes), still written.
		parquet.DataPageStatistics(false),
		parquet.WriteBufferSize(1<<20),
	)
	return &parquetFile{w: pw, cols: w.cols}
}

// parquetFile is an open Parquet file; rows are built in one reused buffer.
type parquetFile struct {
	w    *parquet.Writer
	cols []column
	rows [1]parquet.Row
}

func (f *parquetFile) write(ex *prepared) error {
	f.rows[0] = appendParquetRow(f.rows[0][:0], f.cols, ex)
	_, err := f.w.WriteRows(f.rows[:])
	return err
}

func (f *parquetFile) flush() error { return f.w.Flush() }
func (f *parquetFile) close() error { return f.w.Close() }

// appendParquetRow appends ex's values to row, leaf column by leaf column,
// with the repetition and definition levels of parquetSchema.
func appendParquetRow(row parquet.Row, cols []column, ex *prepared) parquet.Row {
	leaf := 0
	for _, c := range cols {
		if c.typ == colMessages {
			msgs := c.messages(ex)
			row = appendMessages(row, msgs, leaf, func(m *Message) string { return m.Role })
			row = appendMessages(row, msgs, leaf+1, func(m *Message) string { return m.Content })
			leaf += 2
			continue
		}
		v := parquetValue(c.value(ex))
		def := 0
		if c.nullable && !v.IsNull() {
			def = 1
		}
		row = append(row, v.Level(0, def, leaf))
		leaf++
	}
	return row
}

// appendMessages appends one field of a required list of required structs:
// an empty list is one null at level 0, an element is defined at level 1
// and repeats the list from the second element on.
func appendMessages(row parquet.Row, msgs []Message, leaf int, field func(*Message) string) parquet.Row {
	if len(msgs) == 0 {
		return append(row, parquet.Value{}.Level(0, 0, leaf))
	}
	for i := range msgs {
		rep := 1
		if i == 0 {
			rep = 0
		}
		row = append(row, stringValue(field(&msgs[i])).Level(rep, 1, leaf))
	}
	return row
}

func parquetValue(v any) parquet.Value {
	switch v := v.(type) {
	case string:
		return stringValue(v)
	case int64:
		return parquet.Int64Value(v)
	case float64:
		return parquet.DoubleValue(v)
	case bool:
		return parquet.BooleanValue(v)
	}
	return parquet.Value{}
}

// stringValue views s as a byte array without copying it: the writer
// copies values into its pages, and never writes through them.
func stringValue(s string) parquet.Value {
	return parquet.ByteArrayValue(unsafe.Slice(unsafe.StringData(s), len(s)))
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
