package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSONRows writes src's examples to w, one JSON object a line holding
// every column of the messages layout in table order: the rows Write puts
// in Parquet, for tools that convert JSON (the export benchmark's DuckDB
// side). The split column holds the task's own split; examples are neither
// checked nor de-duplicated. It returns the number of lines written.
func WriteJSONRows(w io.Writer, src Source) (int64, error) {
	cols := columnsFor(LayoutMessages, false)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// put appends v as JSON without the encoder's newline.
	put := func(v any) error {
		if err := enc.Encode(v); err != nil {
			return err
		}
		b.Truncate(b.Len() - 1)
		return nil
	}
	var n int64
	for ex, err := range src {
		if err != nil {
			return n, err
		}
		p := prepared{id: ex.ID, msgs: ex.Messages, meta: ex.Meta, split: ex.Meta.Split}
		b.Reset()
		b.WriteByte('{')
		for i, c := range cols {
			if i > 0 {
				b.WriteByte(',')
			}
			var v any
			if c.typ == colMessages {
				v = c.messages(&p)
			} else {
				v = c.value(&p).any(c.typ)
			}
			if err := put(c.name); err != nil {
				return n, fmt.Errorf("export: example %q: %w", ex.ID, err)
			}
			b.WriteByte(':')
			if err := put(v); err != nil {
				return n, fmt.Errorf("export: example %q: %s: %w", ex.ID, c.name, err)
			}
		}
		b.WriteString("}\n")
		if _, err := w.Write(b.Bytes()); err != nil {
			return n, fmt.Errorf("export: %w", err)
		}
		n++
	}
	return n, nil
}
