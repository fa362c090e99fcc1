package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// jnode is a JSON value with object keys in their original order.
type jnode struct {
	scalar []byte   // a string, number, true, false or null, as JSON
	obj    bool     // an object (keys, vals) rather than an array (vals)
	arr    bool     // an array
	keys   []string // object keys
	vals   []*jnode // object values or array elements
}

// pretty lays out JSON with a 2-space indent, except that an array of
// scalars stays on one line (["!getCraftingPlan"], a blueprint row), which
// keeps files with blueprints a fraction of json.Indent's size.
func pretty(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	writeNode(&buf, n, 0)
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

func readNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &jnode{obj: v == '{', arr: v == '['}
		for dec.More() {
			if n.obj {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			child, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, child)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		b, err := marshal(v)
		return &jnode{scalar: b}, err
	case json.Number:
		return &jnode{scalar: []byte(v.String())}, nil
	case bool:
		return &jnode{scalar: []byte(fmt.Sprint(v))}, nil
	case nil:
		return &jnode{scalar: []byte("null")}, nil
	}
	return nil, io.ErrUnexpectedEOF
}

func writeNode(buf *bytes.Buffer, n *jnode, depth int) {
	switch {
	case n.scalar != nil:
		buf.Write(n.scalar)
		return
	case len(n.vals) == 0 && n.obj:
		buf.WriteString("{}")
		return
	case len(n.vals) == 0:
		buf.WriteString("[]")
		return
	}
	if n.arr && allScalars(n.vals) {
		buf.WriteByte('[')
		for i, v := range n.vals {
			if i > 0 {
				buf.WriteString(", ")
			}
			buf.Write(v.scalar)
		}
		buf.WriteByte(']')
		return
	}
	open, close := byte('['), byte(']')
	if n.obj {
		open, close = '{', '}'
	}
	inner := strings.Repeat("  ", depth+1)
	buf.WriteByte(open)
	for i, v := range n.vals {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		buf.WriteString(inner)
		if n.obj {
			k, _ := marshal(n.keys[i])
			buf.Write(k)
			buf.WriteString(": ")
		}
		writeNode(buf, v, depth+1)
	}
	buf.WriteByte('\n')
	buf.WriteString(strings.Repeat("  ", depth))
	buf.WriteByte(close)
}

func allScalars(vs []*jnode) bool {
	for _, v := range vs {
		if v.scalar == nil {
			return false
		}
	}
	return true
}
