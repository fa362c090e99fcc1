package villager

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LangChain's StructuredTool validates a call's action_input before the
// tool function runs (langchain-core 0.1.1 BaseTool._parse_input): a dict
// goes through the argument model @tool made of the function's signature
// (pydantic v1's validate_arguments, narrowed to the parameters by
// _create_subset_model, so extra keys are ignored), and the function gets
// the validated values of the keys the input holds, in parameter order; a
// parameter left out takes the function's own default. A string input is
// validated as the first parameter alone, so it fails on the others. Any
// other input is first made a dict as Python's dict() would.

// ValidationError is the pydantic ValidationError LangChain raises for a
// call whose arguments do not validate; the executor then starts its run
// over.
type ValidationError struct {
	Model  string // pydantic's model name: the tool's name + "SchemaSchema"
	Errors []FieldError
}

// FieldError is one entry of a ValidationError.
type FieldError struct {
	Field string // "__root__" for an input that is no dict
	Msg   string
	Type  string
}

// Error is str(ValidationError) as pydantic v1 writes it.
func (e *ValidationError) Error() string {
	var b strings.Builder
	s := "s"
	if len(e.Errors) == 1 {
		s = ""
	}
	fmt.Fprintf(&b, "%d validation error%s for %s", len(e.Errors), s, e.Model)
	for _, fe := range e.Errors {
		fmt.Fprintf(&b, "\n%s\n  %s (type=%s)", fe.Field, fe.Msg, fe.Type)
	}
	return b.String()
}

// ErrNoKeywords is the TypeError a call raises when its input is a list
// of pairs that validates: LangChain passes the function only the keys
// "in" the input, and a list holds no key, so the tool gets no arguments.
var ErrNoKeywords = fmt.Errorf("villager: TypeError: the tool got no keyword arguments (a list action_input holds no keys)")

// ValidateArgs is LangChain's validation of a tool call's input (a Dict,
// or any other value ParseJSON gives) against t's parameters, with
// pydantic v1's lax coercions: an int parameter takes an int, a bool (1 or
// 0), a float (truncated) or a str Python's int() reads ("5", " 7 ",
// "1_000"); a str parameter takes a str, or an int, float or bool as
// Python's str() writes it; a list parameter only a list; an unannotated
// one anything. None is refused but for an unannotated parameter. It
// returns the function's keyword arguments, or an error when LangChain
// raises (a *ValidationError, or ErrNoKeywords).
func ValidateArgs(t Tool, input any) (Dict, error) {
	model := t.Name + "SchemaSchema"
	switch in := input.(type) {
	case Dict:
		return validateDict(t, model, in)
	case string:
		if len(t.Params) == 0 {
			return nil, nil
		}
		if _, err := validateDict(t, model, Dict{{t.Params[0].Name, in}}); err != nil {
			return nil, err
		}
		// Validation passed (a tool whose other parameters all have
		// defaults): the string is the first positional argument.
		return Dict{{t.Params[0].Name, in}}, nil
	}
	d, ok := pyDict(input)
	if !ok {
		return nil, &ValidationError{Model: model, Errors: []FieldError{{"__root__",
			model + " expected dict not " + pyTypeName(input), "type_error"}}}
	}
	if _, err := validateDict(t, model, d); err != nil {
		return nil, err
	}
	return nil, ErrNoKeywords
}

func validateDict(t Tool, model string, in Dict) (Dict, error) {
	var out Dict
	verr := &ValidationError{Model: model}
	for _, p := range t.Params {
		v, ok := in.Get(p.Name)
		if !ok {
			if p.Required() {
				verr.Errors = append(verr.Errors, FieldError{p.Name, "field required", "value_error.missing"})
			}
			continue
		}
		got, fe := coerce(p.Type, v)
		if fe != nil {
			fe.Field = p.Name
			verr.Errors = append(verr.Errors, *fe)
			continue
		}
		out = append(out, KV{p.Name, got})
	}
	if len(verr.Errors) > 0 {
		return nil, verr
	}
	return out, nil
}

// coerce is pydantic v1's validator for one annotation.
func coerce(typ string, v any) (any, *FieldError) {
	if typ == "" {
		return v, nil // Any
	}
	if v == nil {
		return nil, &FieldError{Msg: "none is not an allowed value", Type: "type_error.none.not_allowed"}
	}
	switch typ {
	case "str":
		switch v := v.(type) {
		case string:
			return v, nil
		case int, int64, float64, bool:
			return Str(v), nil // str(): bool is an int in Python
		}
		return nil, &FieldError{Msg: "str type expected", Type: "type_error.str"}
	case "int":
		if n, ok := pyInt(v); ok {
			return n, nil
		}
		return nil, &FieldError{Msg: "value is not a valid integer", Type: "type_error.integer"}
	case "list":
		if l, ok := v.([]any); ok {
			return l, nil
		}
		return nil, &FieldError{Msg: "value is not a valid list", Type: "type_error.list"}
	}
	panic("villager: no validator for annotation " + typ)
}

// pyInt is Python's int(v) for the values JSON gives, saturated to Go's
// int (Python's ints have no bound; no coordinate comes near it).
func pyInt(v any) (int, bool) {
	switch v := v.(type) {
	case int:
		return v, true
	case int64:
		return int(v), true
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false
		}
		t := math.Trunc(v)
		switch {
		case t >= math.MaxInt64:
			return math.MaxInt, true
		case t <= math.MinInt64:
			return math.MinInt, true
		}
		return int(t), true
	case string:
		return pyIntString(v)
	}
	return 0, false
}

// maxStrInt is Python's limit on the digits int() reads from a str
// (sys.int_info.default_max_str_digits); pydantic checks the length first.
const maxStrInt = 4300

// pyIntString is int(s) for a str: Unicode whitespace around, a sign,
// decimal digits of any script, single underscores between digits.
func pyIntString(s string) (int, bool) {
	if len(s) > maxStrInt {
		return 0, false
	}
	s = strings.TrimFunc(s, unicode.IsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var digits strings.Builder
	prevDigit := false
	for _, r := range s {
		switch {
		case r == '_' && prevDigit:
			prevDigit = false
		case unicode.Is(unicode.Nd, r):
			digits.WriteByte(byte('0' + digitValue(r)))
			prevDigit = true
		default:
			return 0, false
		}
	}
	if !prevDigit { // empty, or a trailing underscore
		return 0, false
	}
	text := digits.String()
	if neg {
		text = "-" + text
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil { // out of range: saturate, as pyInt does for floats
		if neg {
			return math.MinInt, true
		}
		return math.MaxInt, true
	}
	return int(n), true
}

// digitValue is the value of a Unicode decimal digit: Unicode keeps every
// run of Nd code points a whole number of zero-to-nine sets.
func digitValue(r rune) int {
	start := r
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10
}

// pyDict is dict(v) for a value that is no dict: a list of pairs (two-
// element lists, or two-character strings) with hashable keys.
func pyDict(v any) (Dict, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	var d Dict
	for _, e := range list {
		var k, val any
		switch e := e.(type) {
		case []any:
			if len(e) != 2 {
				return nil, false
			}
			k, val = e[0], e[1]
		case string:
			if utf8.RuneCountInString(e) != 2 {
				return nil, false
			}
			r, n := utf8.DecodeRuneInString(e)
			k, val = string(r), e[n:]
		default:
			return nil, false
		}
		switch k.(type) {
		case Dict, []any:
			return nil, false // unhashable
		}
		// Only str keys can name a parameter (and a non-str key makes the
		// later cls(**obj) raise a TypeError, an error all the same).
		ks, ok := k.(string)
		if !ok {
			return nil, false
		}
		d = d.Set(ks, val)
	}
	return d, true
}

// pyTypeName is the Python class name of a JSON value.
func pyTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int, int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	case Dict:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}
