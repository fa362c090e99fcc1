package villager

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseLiteral reads the Python literal Repr writes (ast.literal_eval's
// subset VillagerAgent's prompts hold: dicts, lists, tuples, str, int,
// float, True, False, None), so an expert can read back the dicts a
// prompt shows.
func ParseLiteral(text string) (any, error) {
	p := &litParser{s: text}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, p.errorf("extra text")
	}
	return v, nil
}

type litParser struct {
	s string
	i int
}

func (p *litParser) errorf(format string, args ...any) error {
	return fmt.Errorf("villager: Python literal: "+format+" at char %d", append(args, p.i)...)
}

func (p *litParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *litParser) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, p.errorf("nesting deeper than %d", maxDepth)
	}
	if p.i >= len(p.s) {
		return nil, p.errorf("expected a value")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.dict(depth)
	case c == '[':
		return p.seq(depth, ']')
	case c == '(':
		v, err := p.seq(depth, ')')
		if err != nil {
			return nil, err
		}
		return Tuple(v.([]any)), nil
	case c == '\'' || c == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "True"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.s[p.i:], "False"):
		p.i += 5
		return false, nil
	case strings.HasPrefix(p.s[p.i:], "None"):
		p.i += 4
		return nil, nil
	case c == '-' || c == '+' || c >= '0' && c <= '9' || c == '.':
		return p.number()
	}
	return nil, p.errorf("unexpected %q", p.s[p.i])
}

func (p *litParser) dict(depth int) (any, error) {
	p.i++
	d := Dict{}
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return d, nil
		}
		k, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, p.errorf("expected ':'")
		}
		p.i++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		d = d.Set(Str(k), v)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return d, nil
		}
		return nil, p.errorf("expected ',' or '}'")
	}
}

func (p *litParser) seq(depth int, end byte) (any, error) {
	p.i++
	list := []any{}
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			return list, nil
		}
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
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			return list, nil
		}
		return nil, p.errorf("expected ',' or %q", end)
	}
}

func (p *litParser) number() (any, error) {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte("+-0123456789.eE_", p.s[p.i]) >= 0 {
		if (p.s[p.i] == '+' || p.s[p.i] == '-') && p.i > start && p.s[p.i-1] != 'e' && p.s[p.i-1] != 'E' {
			break
		}
		p.i++
	}
	t := strings.ReplaceAll(p.s[start:p.i], "_", "")
	if n, err := strconv.ParseInt(t, 10, 64); err == nil {
		return n, nil
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil {
		return f, nil
	}
	return nil, p.errorf("bad number %q", t)
}

// str reads a quoted string with Python's escapes.
func (p *litParser) str() (any, error) {
	q := p.s[p.i]
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\\', '\'', '"':
				b.WriteByte(e)
			case 'x', 'u', 'U':
				n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
				if p.i+n > len(p.s) {
					return nil, p.errorf("short \\%c escape", e)
				}
				r, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32)
				if err != nil {
					return nil, p.errorf("bad \\%c escape", e)
				}
				b.WriteRune(rune(r))
				p.i += n
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			r, n := utf8.DecodeRuneInString(p.s[p.i:])
			b.WriteRune(r)
			p.i += n
		}
	}
	return nil, p.errorf("unterminated string")
}
