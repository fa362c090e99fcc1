package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestWriteJSONRows(t *testing.T) {
	fx := newFixture(3, 1)
	var b bytes.Buffer
	n, err := WriteJSONRows(&b, fx.source())
	if err != nil || n != int64(len(fx.examples)) {
		t.Fatalf("%d rows, %v; want %d", n, err, len(fx.examples))
	}
	var names []string
	for _, c := range columnsFor(LayoutMessages, false) {
		names = append(names, c.name)
	}
	sc := bufio.NewScanner(&b)
	sc.Buffer(nil, 1<<24)
	for i := 0; sc.Scan(); i++ {
		// The keys in table order.
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.Token()
		var keys []string
		for dec.More() {
			k, _ := dec.Token()
			keys = append(keys, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		if !slices.Equal(keys, names) {
			t.Fatalf("line %d: keys %v, want %v", i+1, keys, names)
		}
		var row map[string]any
		json.Unmarshal(sc.Bytes(), &row)
		ex := fx.examples[i]
		if row["id"] != ex.ID || row["split"] != ex.Meta.Split || row["task_type"] != ex.Meta.TaskType ||
			(ex.Meta.Knobs.Get("depth") == nil) != (row["depth"] == nil) || row["rooms"] != nil && ex.Meta.Knobs.Get("rooms") == nil {
			t.Errorf("line %d: %v, want %+v", i+1, row, ex.Meta)
		}
	}
}
