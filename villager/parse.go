package villager

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// ParseJSON reads one JSON text as Python's json.loads does: objects keep
// their key order (a repeated key keeps its first place and its last
// value), integers stay int64 (float64 past its range), NaN and Infinity
// are read, and a control character inside a string is an error.
func ParseJSON(text string) (any, error) { return parseJSON(text, true) }

// parseJSON is json.loads(text, strict=strict): strict=False lets control
// characters stand in strings, as LangChain's output parser reads.
func parseJSON(text string, strict bool) (any, error) {
	p := &jsonParser{s: text, strict: strict}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, p.errorf("Extra data")
	}
	return v, nil
}

// maxDepth bounds nesting: a model's answer must not exhaust the stack.
const maxDepth = 512

type jsonParser struct {
	s      string
	i      int
	strict bool
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return fmt.Errorf("villager: JSON: "+format+" at char %d", append(args, p.i)...)
}

func (p *jsonParser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, p.errorf("nesting deeper than %d", maxDepth)
	}
	if p.i >= len(p.s) {
		return nil, p.errorf("Expecting value")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return false, nil
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return nil, nil
	case strings.HasPrefix(p.s[p.i:], "NaN"):
		p.i += 3
		return math.NaN(), nil
	case strings.HasPrefix(p.s[p.i:], "Infinity"):
		p.i += 8
		return math.Inf(1), nil
	case strings.HasPrefix(p.s[p.i:], "-Infinity"):
		p.i += 9
		return math.Inf(-1), nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil, p.errorf("Expecting value")
}

func (p *jsonParser) object(depth int) (any, error) {
	p.i++ // {
	d := Dict{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return d, nil
	}
	for {
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, p.errorf("Expecting property name enclosed in double quotes")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, p.errorf("Expecting ':' delimiter")
		}
		p.i++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		d = d.Set(k.(string), v)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return d, nil
		}
		return nil, p.errorf("Expecting ',' delimiter")
	}
}

func (p *jsonParser) array(depth int) (any, error) {
	p.i++ // [
	list := []any{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return list, nil
	}
	for {
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		list = append(list, v)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return list, nil
		}
		return nil, p.errorf("Expecting ',' delimiter")
	}
}

var numberRE = regexp.MustCompile(`^-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`)

func (p *jsonParser) number() (any, error) {
	m := numberRE.FindStringSubmatch(p.s[p.i:])
	if m == nil {
		return nil, p.errorf("Expecting value")
	}
	p.i += len(m[0])
	if m[1] == "" && m[2] == "" {
		if n, err := strconv.ParseInt(m[0], 10, 64); err == nil {
			return n, nil
		}
	}
	f, _ := strconv.ParseFloat(m[0], 64)
	return f, nil
}

func (p *jsonParser) str() (any, error) {
	p.i++ // "
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			return nil, p.errorf("Unterminated string starting")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20 && p.strict:
			return nil, p.errorf("Invalid control character")
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return nil, p.errorf("Unterminated string starting")
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return nil, p.errorf("Invalid \\uXXXX escape")
				}
				if r >= 0xd800 && r < 0xdc00 && strings.HasPrefix(p.s[p.i:], `\u`) {
					save := p.i
					p.i += 2
					if lo, ok := p.hex4(); ok && lo >= 0xdc00 && lo < 0xe000 {
						r = 0x10000 + (r-0xd800)<<10 + (lo - 0xdc00)
					} else {
						p.i = save
					}
				}
				b.WriteRune(r)
			default:
				return nil, p.errorf("Invalid \\escape")
			}
		default:
			r, n := utf8.DecodeRuneInString(p.s[p.i:])
			b.WriteRune(r)
			p.i += n
		}
	}
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// ErrNoData is ExtractInfo's error for a reply in which a {...} block reads
// neither as JSON nor as YAML.
var ErrNoData = errors.New("villager: a {...} block of the reply is neither JSON nor YAML")

var lineComment = regexp.MustCompile(`//.*?\n`)

// ExtractInfo is VillagerAgent's extract_info (pipeline/utils.py): every
// top-level {...} block of a reply (braces counted naively, even inside
// strings), with False/True/None spelled as JSON and //-comments removed
// to the line's end, read as JSON or else as YAML; from each, the first
// level holding every guard key (FindCorrectData), a list of such levels
// flattened in. A block that neither reads is an error, as YAML's
// exception is VillagerAgent's.
func ExtractInfo(text string, guardKeys ...string) ([]any, error) {
	var out []any
	var block strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '{':
			depth++
			block.WriteRune(r)
		case r == '}':
			depth--
			block.WriteRune(r)
			if depth != 0 {
				continue
			}
			t := block.String()
			block.Reset()
			t = strings.NewReplacer("False", "false", "True", "true", "None", "null").Replace(t)
			t = lineComment.ReplaceAllString(t, "\n")
			v, err := ParseJSON(t)
			if err != nil {
				if v, err = parseYAML(t); err != nil {
					return out, fmt.Errorf("%w: %v", ErrNoData, err)
				}
			}
			switch found := FindCorrectData(v, guardKeys); found := found.(type) {
			case nil:
			case []any:
				out = append(out, found...)
			default:
				out = append(out, found)
			}
		case depth > 0:
			block.WriteRune(r)
		}
	}
	return out, nil
}

// FindCorrectData is find_correct_data: v itself when it is a dict holding
// every guard key, else the first dict value that has such a level, else
// the such levels of the first list value that has any, else nil.
func FindCorrectData(v any, guardKeys []string) any {
	d, ok := v.(Dict)
	if !ok {
		return nil
	}
	hit := true
	for _, k := range guardKeys {
		if !d.Has(k) {
			hit = false
		}
	}
	if hit {
		return d
	}
	for _, kv := range d {
		switch inner := kv.Value.(type) {
		case Dict:
			if r := FindCorrectData(inner, guardKeys); r != nil {
				return r
			}
		case []any:
			var list []any
			for _, item := range inner {
				if _, ok := item.(Dict); !ok {
					continue
				}
				switch r := FindCorrectData(item, guardKeys).(type) {
				case nil:
				case []any:
					list = append(list, r...)
				default:
					list = append(list, r)
				}
			}
			if len(list) > 0 {
				return list
			}
		}
	}
	return nil
}

// parseYAML reads a block as yaml.load does, keeping mapping order.
func parseYAML(text string) (any, error) {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		return nil, err
	}
	if len(n.Content) == 0 {
		return nil, nil
	}
	return yamlValue(n.Content[0], 0)
}

func yamlValue(n *yaml.Node, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nesting deeper than %d", maxDepth)
	}
	switch n.Kind {
	case yaml.MappingNode:
		d := Dict{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := yamlValue(n.Content[i], depth+1)
			if err != nil {
				return nil, err
			}
			v, err := yamlValue(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			d = d.Set(Str(k), v)
		}
		return d, nil
	case yaml.SequenceNode:
		list := []any{}
		for _, c := range n.Content {
			v, err := yamlValue(c, depth+1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		return list, nil
	case yaml.AliasNode:
		return yamlValue(n.Alias, depth+1)
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			err := n.Decode(&b)
			return b, err
		case "!!int":
			var i int64
			if err := n.Decode(&i); err != nil {
				var f float64
				err := n.Decode(&f)
				return f, err
			}
			return i, nil
		case "!!float":
			var f float64
			err := n.Decode(&f)
			return f, err
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("unexpected YAML node kind %d", n.Kind)
}
