package procgen

import (
	"bytes"
	"encoding/json"
)

// pretty lays out JSON with a 2-space indent, except that an array of
// plain values stays on one line (["!getCraftingPlan"], a blueprint row),
// which keeps files with blueprints a fraction of json.Indent's size. It
// works in one pass over the compacted bytes.
func pretty(data []byte) ([]byte, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, err
	}
	src := compact.Bytes()
	out := bytes.NewBuffer(make([]byte, 0, len(src)*3/2))
	p := prettyWriter{out: out}
	p.write(src)
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// prettyWriter is pretty over a document given in pieces, each compact
// and holding whole strings and whole arrays (a task file is written a
// task at a time, so a file of any size costs one task's memory): the
// pieces give the bytes pretty gives their concatenation.
type prettyWriter struct {
	out   *bytes.Buffer
	depth int
}

func (p *prettyWriter) newline() {
	p.out.WriteByte('\n')
	for range p.depth {
		p.out.WriteString("  ")
	}
}

// write lays out the compact bytes src.
func (p *prettyWriter) write(src []byte) {
	out := p.out
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			j := stringEnd(src, i)
			out.Write(src[i : j+1])
			i = j
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				out.Write(src[i : i+2])
				i++
				continue
			}
			if c == '[' {
				if j, ok := flatArrayEnd(src, i); ok {
					writeFlatArray(out, src[i:j+1])
					i = j
					continue
				}
			}
			out.WriteByte(c)
			p.depth++
			p.newline()
		case '}', ']':
			p.depth--
			p.newline()
			out.WriteByte(c)
		case ',':
			out.WriteByte(',')
			p.newline()
		case ':':
			out.WriteString(": ")
		default:
			out.WriteByte(c)
		}
	}
}

// stringEnd returns the index of the quote closing the string at src[i].
func stringEnd(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(src) - 1
}

// flatArrayEnd reports whether the array at src[i] holds only plain values
// and where it ends.
func flatArrayEnd(src []byte, i int) (int, bool) {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '"':
			j = stringEnd(src, j)
		case '[', '{':
			return 0, false
		case ']':
			return j, true
		}
	}
	return 0, false
}

// writeFlatArray writes a compact array of plain values with ", " between
// them.
func writeFlatArray(out *bytes.Buffer, arr []byte) {
	for j := 0; j < len(arr); j++ {
		switch arr[j] {
		case '"':
			k := stringEnd(arr, j)
			out.Write(arr[j : k+1])
			j = k
		case ',':
			out.WriteString(", ")
		default:
			out.WriteByte(arr[j])
		}
	}
}
