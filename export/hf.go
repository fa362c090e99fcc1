package export

import (
	"bytes"
	"encoding/json"
)

// object is a JSON object that keeps its key order (Hugging Face features
// are ordered like the columns).
type object []kv

type kv struct {
	k string
	v any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(e.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// hfDtype is the datasets Value dtype of a scalar column type.
func hfDtype(t colType) string {
	switch t {
	case colInt64:
		return "int64"
	case colFloat64:
		return "float64"
	case colBool:
		return "bool"
	}
	return "string"
}

func hfValue(t colType) object {
	return object{{"dtype", hfDtype(t)}, {"_type", "Value"}}
}

// hfFeatures is the datasets Features dict of a layout as written in
// dataset_info.json. A list of structs is written as a one-element JSON list,
// the form every datasets version reads as pa.list_(struct).
func hfFeatures(l Layout, org bool) object {
	var out object
	for _, c := range columnsFor(l, org) {
		if c.typ == colMessages {
			msg := object{{"role", hfValue(colString)}, {"content", hfValue(colString)}}
			out = append(out, kv{c.name, []any{msg}})
			continue
		}
		out = append(out, kv{c.name, hfValue(c.typ)})
	}
	return out
}
