package export

import (
	"encoding/json"
	"fmt"
	"io"
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
	shards
	dir    string
	layout Layout
	org    bool
	schema *arrow.Schema
	cols   []column
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

func newArrowWriter(root string, layout Layout, org bool, limits Limits) (*arrowWriter, error) {
	dir := filepath.Join(root, "arrow")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	cols := columnsFor(layout, org)
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		// Every field nullable, as pyarrow builds them from Features, so
		// datasets never has to cast the table after loading.
		fields[i] = arrow.Field{Name: c.name, Type: arrowType(c.typ), Nullable: true}
	}
	hf, err := json.Marshal(object{{"info", object{{"features", hfFeatures(layout, org)}}}})
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	md := arrow.NewMetadata([]string{"huggingface"}, []string{string(hf)})
	w := &arrowWriter{dir: dir, layout: layout, org: org, cols: cols, schema: arrow.NewSchema(fields, &md)}
	w.shards = shards{format: FormatArrow, limits: limits, batchRows: int64(limits.ArrowBatchRows),
		create: func(split string, i int) (string, error) {
			if err := os.MkdirAll(filepath.Join(dir, split), 0o755); err != nil {
				return "", fmt.Errorf("export: %w", err)
			}
			return filepath.Join(dir, split, fmt.Sprintf(".data-%05d.arrow.tmp", i)), nil
		},
		start: w.open}
	return w, nil
}

func (w *arrowWriter) open(out io.Writer) shardFile {
	return &arrowFile{cols: w.cols, w: ipc.NewWriter(out, ipc.WithSchema(w.schema)),
		b: array.NewRecordBuilder(memory.DefaultAllocator, w.schema)}
}

// arrowFile is an open Arrow IPC stream; rows are built into record batches.
type arrowFile struct {
	cols []column
	w    *ipc.Writer
	b    *array.RecordBuilder
	rows int // rows in the builder
}

func (f *arrowFile) write(ex *prepared) error {
	for i, c := range f.cols {
		fb := f.b.Field(i)
		if c.typ == colMessages {
			appendArrowMessages(fb.(*array.ListBuilder), c.messages(ex))
			continue
		}
		appendScalar(fb, c.typ, c.value(ex))
	}
	f.rows++
	return nil
}

func appendArrowMessages(lb *array.ListBuilder, msgs []Message) {
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

func appendScalar(b array.Builder, t colType, c cell) {
	if c.null {
		b.AppendNull()
		return
	}
	switch t {
	case colInt64:
		b.(*array.Int64Builder).Append(c.i)
	case colFloat64:
		b.(*array.Float64Builder).Append(c.f)
	case colBool:
		b.(*array.BooleanBuilder).Append(c.b)
	default:
		b.(*array.StringBuilder).Append(c.s)
	}
}

// flush writes the builder's rows as one record batch.
func (f *arrowFile) flush() error {
	if f.rows == 0 {
		return nil
	}
	rec := f.b.NewRecordBatch()
	defer rec.Release()
	f.rows = 0
	return f.w.Write(rec)
}

func (f *arrowFile) close() error {
	err := f.flush()
	if cerr := f.w.Close(); err == nil {
		err = cerr
	}
	f.b.Release()
	return err
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
	states := map[string]*hfState{}
	fps := map[string]*fingerprint{}
	rows, bytes := map[string]int64{}, map[string]int64{}
	err := w.finish(func(split string) string { return filepath.Join(w.dir, split) },
		func(_ string, i, n int) string { return fmt.Sprintf("data-%05d-of-%05d.arrow", i, n) },
		func(split string, f shard, name string) {
			if states[split] == nil {
				states[split], fps[split] = &hfState{FormatKwargs: map[string]any{}, Split: split}, newFingerprint()
			}
			states[split].DataFiles = append(states[split].DataFiles, hfDataFile{Filename: name})
			fps[split].add(f.sha256)
			rows[split] += f.rows
			bytes[split] += f.bytes
			out = append(out, FileInfo{Path: "arrow/" + split + "/" + name, Format: FormatArrow, Split: split,
				Rows: f.rows, Bytes: f.bytes, SHA256: f.sha256})
		})
	if err != nil {
		return nil, err
	}
	splits := w.splits.order
	for _, split := range splits {
		state := states[split]
		state.Fingerprint = fps[split].sum()
		info := object{
			{"builder_name", nil},
			{"citation", ""},
			{"config_name", nil},
			{"dataset_name", nil},
			{"dataset_size", bytes[split]},
			{"description", description},
			{"download_checksums", nil},
			{"download_size", nil},
			{"features", hfFeatures(w.layout, w.org)},
			{"homepage", ""},
			{"license", ""},
			{"post_processed", nil},
			{"post_processing_size", nil},
			{"size_in_bytes", nil},
			{"splits", object{{split, object{{"name", split}, {"num_bytes", bytes[split]}, {"num_examples", rows[split]}, {"dataset_name", nil}}}}},
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
