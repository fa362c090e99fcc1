package export

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"

	"collabcraft/procgen"
)

// TestParquetSchemaIsTheColumnTable reads back the schema of written Parquet
// files of both layouts, with and without the org column, and checks it
// column by column against columnsFor.
func TestParquetSchemaIsTheColumnTable(t *testing.T) {
	for _, c := range []struct {
		layout Layout
		org    bool
	}{{LayoutMessages, false}, {LayoutPromptCompletion, false}, {LayoutMessages, true}, {LayoutPromptCompletion, true}} {
		layout := c.layout
		dest := filepath.Join(t.TempDir(), "ds")
		opts := Options{Formats: []Format{FormatParquet}, Layout: layout, OrgColumn: c.org}
		if _, err := Write(context.Background(), newFixture(6, 2).source(), dest, opts); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dest, "data", "train-00000-of-00001.parquet")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			t.Fatal(err)
		}
		fields := pf.Schema().Fields()
		cols := columnsFor(layout, c.org)
		if len(fields) != len(cols) {
			t.Fatalf("%s: %d columns written, the table has %d", layout, len(fields), len(cols))
		}
		for i, c := range cols {
			checkParquetField(t, string(layout), fields[i], c)
		}
		f.Close()
	}
}

func checkParquetField(t *testing.T, layout string, f parquet.Field, c column) {
	t.Helper()
	if f.Name() != c.name {
		t.Errorf("%s: column %q written where the table has %q", layout, f.Name(), c.name)
		return
	}
	if f.Optional() != c.nullable || f.Repeated() {
		t.Errorf("%s: %s: optional %v repeated %v, want nullable %v", layout, c.name, f.Optional(), f.Repeated(), c.nullable)
	}
	if c.typ == colMessages {
		// list<struct<role: string, content: string>>, all required.
		lt := f.Type().LogicalType()
		list := f.Fields()
		if lt == nil || lt.String() != "LIST" || len(list) != 1 || !list[0].Repeated() || len(list[0].Fields()) != 1 {
			t.Errorf("%s: %s is not a list: %v", layout, c.name, f)
			return
		}
		msg := list[0].Fields()[0].Fields()
		if len(msg) != 2 || msg[0].Name() != "role" || msg[1].Name() != "content" {
			t.Errorf("%s: %s elements are not {role, content}: %v", layout, c.name, f)
			return
		}
		for _, m := range msg {
			checkParquetField(t, layout, m, column{name: m.Name(), typ: colString})
		}
		return
	}
	if !f.Leaf() {
		t.Errorf("%s: %s is a group", layout, c.name)
		return
	}
	lt := f.Type().LogicalType()
	var ok bool
	switch c.typ {
	case colString:
		ok = f.Type().Kind() == parquet.ByteArray && lt != nil && lt.String() == "STRING"
	case colInt64:
		ok = f.Type().Kind() == parquet.Int64 && lt != nil && lt.String() == "INT(64,true)"
	case colFloat64:
		ok = f.Type().Kind() == parquet.Double
	case colBool:
		ok = f.Type().Kind() == parquet.Boolean
	}
	if !ok {
		t.Errorf("%s: %s has type %v, want %v", layout, c.name, f.Type(), c.typ)
	}
}

func TestKnobColumnsCoverKinds(t *testing.T) {
	byName := map[string]column{}
	for _, c := range columnsFor(LayoutMessages, true) {
		if _, dup := byName[c.name]; dup {
			t.Errorf("column %q twice", c.name)
		}
		byName[c.name] = c
	}
	for _, k := range procgen.AllKinds() {
		for _, kn := range k.Knobs {
			if kn.Column == "" {
				continue
			}
			c, ok := byName[kn.Column]
			if !ok || !c.nullable || c.typ != knobType[kn.Type] {
				t.Errorf("kind %s: knob %s has no nullable %v column %q", k.Name, kn.Name, knobType[kn.Type], kn.Column)
			}
		}
	}
}
