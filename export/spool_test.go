package export

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// splitsFixture is a fixture whose splits interleave in the input (tasks
// of train, test and dev in turn), the first example a test one.
func splitsFixture() *fixture {
	fx := newFixture(12, 3)
	for i := range fx.examples {
		if t := i / 3; t%4 == 1 {
			fx.examples[i].Meta.Split = "dev"
		}
	}
	fx.examples = slices.Concat(fx.examples[9:12], fx.examples[:9], fx.examples[12:]) // task 3 (test) first
	return fx
}

// splitRecorder is a dataWriter that records what it is given.
type splitRecorder struct {
	events []string // "split id" per row, "end split" per endSplit
	failOn string   // fail on the first row of this split
}

func (r *splitRecorder) write(p *prepared) error {
	if p.split == r.failOn {
		return errors.New("disk full")
	}
	r.events = append(r.events, p.split+" "+p.id)
	return nil
}

func (r *splitRecorder) endSplit(split string) error {
	r.events = append(r.events, "end "+split)
	return nil
}

func (r *splitRecorder) abort() {}

// The writers get one split at a time, train first, each split's rows in
// input order, and endSplit after its last row (#34: four splits' Parquet
// dictionaries at once were most of the export's heap). Fails with rows
// handed to the writers as they come.
func TestWritersGetOneSplitAtATime(t *testing.T) {
	fx := splitsFixture()
	dir := t.TempDir()
	rec := &splitRecorder{}
	counts, order, err := pump(context.Background(), fx.source(), dir, nil, nil, Options{}.withDefaults("ds"), []dataWriter{rec})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"test", "train", "dev"}; !slices.Equal(order, want) {
		t.Errorf("split order %v, want %v (first rows in the input)", order, want)
	}
	want := map[string][]string{}
	for _, e := range fx.examples {
		want[e.Meta.Split] = append(want[e.Meta.Split], e.Meta.Split+" "+e.ID)
	}
	var expect []string
	for _, split := range []string{"train", "test", "dev"} {
		expect = append(append(expect, want[split]...), "end "+split)
	}
	if !slices.Equal(rec.events, expect) {
		t.Errorf("the writer got\n%v\nwant\n%v", rec.events, expect)
	}
	if counts.Written != int64(len(fx.examples)) {
		t.Errorf("written %d, want %d", counts.Written, len(fx.examples))
	}
	if _, err := os.Stat(filepath.Join(dir, spoolDirName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the spool is left: %v", err)
	}

	// A writer failing on a spooled split stops the export; the spool goes.
	rec = &splitRecorder{failOn: "dev"}
	if _, _, err := pump(context.Background(), fx.source(), dir, nil, nil, Options{}.withDefaults("ds"), []dataWriter{rec}); err == nil || err.Error() != "disk full" {
		t.Fatalf("want the writer's error, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, spoolDirName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed export left its spool: %v", err)
	}
}

// openParquet counts the Parquet files open after each row.
type openParquet struct {
	*parquetWriter
	most int
}

func (w *openParquet) write(p *prepared) error {
	err := w.parquetWriter.write(p)
	n := 0
	for _, s := range w.splits.byName {
		if s.cur != nil {
			n++
		}
	}
	w.most = max(w.most, n)
	return err
}

func TestOneParquetFileOpenAtATime(t *testing.T) {
	fx := splitsFixture()
	dir := t.TempDir()
	pw, err := newParquetWriter(dir, LayoutMessages, false, DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	w := &openParquet{parquetWriter: pw}
	_, order, err := pump(context.Background(), fx.source(), dir, nil, nil, Options{}.withDefaults("ds"), []dataWriter{w})
	if err != nil {
		t.Fatal(err)
	}
	if w.most != 1 {
		t.Errorf("at most %d Parquet files open at once, want 1", w.most)
	}
	pw.splits.order = order
	files, err := pw.close()
	if err != nil {
		t.Fatal(err)
	}
	var splits []string
	for _, f := range files {
		splits = append(splits, f.Split)
		if rows := readParquetRows(t, filepath.Join(dir, f.Path)); int64(len(rows)) != f.Rows || rows[0].Split != f.Split {
			t.Errorf("%s: %d rows of split %q, want %d of %q", f.Path, len(rows), rows[0].Split, f.Rows, f.Split)
		}
	}
	if !slices.Equal(splits, order) {
		t.Errorf("files of splits %v, want %v", splits, order)
	}
}

// A dataset of interleaved splits lists its files in the order of the
// splits' first rows, as when the splits were written side by side, and
// holds no spool.
func TestWriteSpooledSplits(t *testing.T) {
	fx := splitsFixture()
	dest := filepath.Join(t.TempDir(), "ds")
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Compress: CompressZstd})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Files {
		got = append(got, string(f.Format)+" "+f.Split)
	}
	var want []string
	for _, f := range allFormats {
		for _, s := range []string{"test", "train", "dev"} {
			want = append(want, string(f)+" "+s)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	dict, _ := os.ReadFile(filepath.Join(dest, "arrow", "dataset_dict.json"))
	if !bytes.Contains(dict, []byte(`"test",`)) || bytes.Index(dict, []byte(`"test"`)) > bytes.Index(dict, []byte(`"train"`)) {
		t.Errorf("arrow/dataset_dict.json: %s", dict)
	}
	if _, err := os.Stat(filepath.Join(dest, spoolDirName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dataset holds the spool: %v", err)
	}
}

// A spooled row reads back as it was, every field of Meta included.
func TestSpoolRoundTrip(t *testing.T) {
	if n := reflect.TypeFor[Meta]().NumField(); n != 14 {
		t.Fatalf("Meta has %d fields: spool them (appendSpooled, readSpooled) and count them here", n)
	}
	values := make([]any, len(knobCols))
	for i, c := range knobCols {
		switch c.typ {
		case colInt64:
			values[i] = int64(-i - 1)
		case colString:
			values[i] = "knob\x00ü"
		case colBool:
			values[i] = i%2 == 0
		case colFloat64:
			values[i] = 0.1 * float64(i)
		}
	}
	values[0] = nil
	rows := []prepared{
		{id: "a/b/1", msgs: []Message{msg("system", "s\xff invalid UTF-8"), msg("assistant", "")}, size: 42, tokens: 7,
			hash: [16]byte{1, 2, 3, 15: 255}, meta: Meta{TrialID: "t#0", TaskID: "t", TaskType: "cooking", Split: "train",
				Agent: "andy", Step: 3, Kind: "conversation", Model: "m", NumAgents: 5, Org: "hierarchy", Score: fp(-0.25),
				Success: bp(false), Knobs: Knobs{values: values}, Target: "cake"}},
		{id: "x", msgs: []Message{msg("assistant", "a")}, meta: Meta{TaskID: "t", Success: bp(true), Step: -1}},
		{id: "y", msgs: []Message{msg("assistant", "b")}, meta: Meta{TaskID: "u"}},
	}
	rows[1].strict = rows[1].msgs
	var buf bytes.Buffer
	for i := range rows {
		buf.Write(appendSpooled(nil, &rows[i]))
	}
	r := bufio.NewReader(&buf)
	var rec []byte
	for i, want := range rows {
		var got prepared
		var err error
		if rec, err = readSpooled(r, rec, &got); err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
	// A cut record is an error, not a row.
	b := appendSpooled(nil, &rows[0])
	if _, err := readSpooled(bufio.NewReader(bytes.NewReader(b[:len(b)-1])), nil, new(prepared)); err == nil {
		t.Error("a cut record read back")
	}
}
