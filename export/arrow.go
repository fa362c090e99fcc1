package export

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// arrowWriter writes the directory datasets.load_from_disk opens as a
// DatasetDict, byte-compatible with what Dataset.save_to_disk writes:
//
//	arrow/dataset_dict.json                   {"splits": [...]}
//	arrow/{split}/data-00000-of-0000N.arrow   Arrow IPC stream format
//	arrow/{split}/dataset_info.json           features
//	arrow/{split}/state.json                  _data_files, _fingerprint, _split, format fields
type arrowWriter struct {
	dir    string
	layout Layout
	limits Limits
	schema *arrow.Schema
	cols   []column
	splits splitSet[arrowSplit]
}

type arrowSplit struct {
	files []pqFile // closed files (same bookkeeping as Parquet)
	cur   *arrowOpen
}

type arrowOpen struct {
	out    *sink
	w      *ipc.Writer
	b      *array.RecordBuilder
	tmp    string
	rows   int64 // rows in the file
	bRows  int   // rows in the builder
	bBytes int64 // content bytes in the builder
}

var messageType = arrow.ListOf(arrow.StructOf(
	arrow.Field{Name: "role", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "content", Type: arrow.BinaryTypes.String, Nullable: true},
))

func arrowType(t colType) arrow.DataType {
	switch t {
	case colInt64:
		return arrow.PrimitiveTypes.Int64
	case colFloat64:
		return arrow.PrimitiveTypes.Float64
	case colBool:
		return arrow.FixedWidthTypes.Boolean
	case colMessages:
		return messageType
	}
	return arrow.BinaryTypes.String
}

func newArrowWriter(root string, layout Layout, limits Limits) (*arrowWriter, error) {
	dir := filepath.Join(root, "arrow")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	cols := columnsFor(layout)
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		// Every field nullable, as pyarrow builds them from Features, so
		// datasets never has to cast the table after loading.
		fields[i] = arrow.Field{Name: c.name, Type: arrowType(c.typ), Nullable: true}
	}
	hf, err := json.Marshal(object{{"info", object{{"features", hfFeatures(layout)}}}})
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	md := arrow.NewMetadata([]string{"huggingface"}, []string{string(hf)})
	return &arrowWriter{dir: dir, layout: layout, limits: limits, cols: cols,
		schema: arrow.NewSchema(fields, &md)}, nil
}

func (w *arrowWriter) open(split string, s *arrowSplit) error {
	dir := filepath.Join(w.dir, split)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	tmp := filepath.Join(dir, fmt.Sprintf(".data-%05d.arrow.tmp", len(s.files)))
	out, err := createSink(tmp)
	if err != nil {
		return err
	}
	s.cur = &arrowOpen{out: out, tmp: tmp,
		w: ipc.NewWriter(out, ipc.WithSchema(w.schema)),
		b: array.NewRecordBuilder(memory.DefaultAllocator, w.schema)}
	return nil
}

func (w *arrowWriter) write(ex *prepared) error {
	s := w.splits.get(ex.split)
	if s.cur == nil {
		if err := w.open(ex.split, s); err != nil {
			return err
		}
	}
	o := s.cur
	for i, c := range w.cols {
		fb := o.b.Field(i)
		switch c.name {
		case "id":
			fb.(*array.StringBuilder).Append(ex.id)
		case "messages":
			appendMessages(fb.(*array.ListBuilder), ex.msgs)
		case "prompt":
			p, _ := promptCompletion(ex.msgs)
			appendMessages(fb.(*array.ListBuilder), p)
		case "completion":
			_, cm := promptCompletion(ex.msgs)
			appendMessages(fb.(*array.ListBuilder), cm)
		default:
			appendScalar(fb, metaValue(c.name, ex))
		}
	}
	o.rows++
	o.bRows++
	o.bBytes += int64(ex.size)
	if o.bRows >= w.limits.ArrowBatchRows || o.bBytes >= w.limits.RowGroupBytes {
		if err := o.flush(); err != nil {
			return fmt.Errorf("export: arrow %s: %w", ex.split, err)
		}
		if o.out.n >= w.limits.FileBytes || (w.limits.FileRows > 0 && o.rows >= w.limits.FileRows) {
			return w.closeCur(s)
		}
	}
	return nil
}

func appendMessages(lb *array.ListBuilder, msgs []Message) {
	lb.Append(true)
	sb := lb.ValueBuilder().(*array.StructBuilder)
	role := sb.FieldBuilder(0).(*array.StringBuilder)
	content := sb.FieldBuilder(1).(*array.StringBuilder)
	for _, m := range msgs {
		sb.Append(true)
		role.Append(m.Role)
		content.Append(m.Content)
	}
}

func appendScalar(b array.Builder, v any) {
	switch v := v.(type) {
	case nil:
		b.AppendNull()
	case string:
		b.(*array.StringBuilder).Append(v)
	case int64:
		b.(*array.Int64Builder).Append(v)
	case float64:
		b.(*array.Float64Builder).Append(v)
	case bool:
		b.(*array.BooleanBuilder).Append(v)
	}
}

// flush writes the builder's rows as one record batch.
func (o *arrowOpen) flush() error {
	if o.bRows == 0 {
		return nil
	}
	rec := o.b.NewRecordBatch()
	defer rec.Release()
	o.bRows, o.bBytes = 0, 0
	return o.w.Write(rec)
}

func (w *arrowWriter) closeCur(s *arrowSplit) error {
	o := s.cur
	s.cur = nil
	err := o.flush()
	if cerr := o.w.Close(); err == nil {
		err = cerr
	}
	o.b.Release()
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

// hfState is datasets' state.json (keys sorted, as json.dump(sort_keys=True)).
type hfState struct {
	DataFiles        []hfDataFile   `json:"_data_files"`
	Fingerprint      string         `json:"_fingerprint"`
	FormatColumns    []string       `json:"_format_columns"`
	FormatKwargs     map[string]any `json:"_format_kwargs"`
	FormatType       *string        `json:"_format_type"`
	OutputAllColumns bool           `json:"_output_all_columns"`
	Split            string         `json:"_split"`
}

type hfDataFile struct {
	Filename string `json:"filename"`
}

// close renames the shards and writes the json files datasets reads.
func (w *arrowWriter) close(description string) ([]FileInfo, error) {
	var out []FileInfo
	splits := w.splits.order
	for _, split := range splits {
		s := w.splits.byName[split]
		if s.cur != nil {
			if err := w.closeCur(s); err != nil {
				return nil, err
			}
		}
		state := hfState{FormatKwargs: map[string]any{}, Split: split}
		fp := newFingerprint()
		var rows, bytes int64
		for i, f := range s.files {
			name := fmt.Sprintf("data-%05d-of-%05d.arrow", i, len(s.files))
			if err := os.Rename(f.tmp, filepath.Join(w.dir, split, name)); err != nil {
				return nil, fmt.Errorf("export: %w", err)
			}
			state.DataFiles = append(state.DataFiles, hfDataFile{Filename: name})
			fp.add(f.sha256)
			rows += f.rows
			bytes += f.bytes
			out = append(out, FileInfo{Path: "arrow/" + split + "/" + name, Format: FormatArrow, Split: split,
				Rows: f.rows, Bytes: f.bytes, SHA256: f.sha256})
		}
		state.Fingerprint = fp.sum()
		info := object{
			{"builder_name", nil},
			{"citation", ""},
			{"config_name", nil},
			{"dataset_name", nil},
			{"dataset_size", bytes},
			{"description", description},
			{"download_checksums", nil},
			{"download_size", nil},
			{"features", hfFeatures(w.layout)},
			{"homepage", ""},
			{"license", ""},
			{"post_processed", nil},
			{"post_processing_size", nil},
			{"size_in_bytes", nil},
			{"splits", object{{split, object{{"name", split}, {"num_bytes", bytes}, {"num_examples", rows}, {"dataset_name", nil}}}}},
			{"supervised_keys", nil},
			{"version", nil},
		}
		for _, f := range []struct {
			name string
			v    any
		}{{"state.json", state}, {"dataset_info.json", info}} {
			data, err := json.MarshalIndent(f.v, "", "  ")
			if err != nil {
				return nil, fmt.Errorf("export: %w", err)
			}
			if _, _, err := writeSmallFile(filepath.Join(w.dir, split, f.name), data); err != nil {
				return nil, err
			}
		}
	}
	data, _ := json.MarshalIndent(map[string][]string{"splits": splits}, "", "  ")
	if _, _, err := writeSmallFile(filepath.Join(w.dir, "dataset_dict.json"), data); err != nil {
		return nil, err
	}
	return out, nil
}

func (w *arrowWriter) abort() {
	for _, s := range w.splits.byName {
		if s.cur != nil {
			s.cur.b.Release()
			s.cur.out.f.Close()
		}
	}
}
