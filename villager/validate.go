package villager

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ValidateArgs checks a tool call's action_input as LangChain's
// StructuredTool does with pydantic v1 (langchain-core 0.1.1): the input
// must be a dict; every parameter without a default must be there and not
// None; values are coerced as pydantic v1's lax validators coerce them
// (str: a number becomes its text; int: a bool, a float (truncated) or a
// string of an integer; list: a list); unknown keys are dropped. It
// returns the arguments the tool function gets: the input's keys, coerced,
// in the input's order, then the defaults of the parameters left out. An
// error is pydantic's ValidationError, which escapes LangChain's executor.
func ValidateArgs(t Tool, input any) (Dict, error) {
	in, ok := input.(Dict)
	if !ok {
		return nil, fmt.Errorf("1 validation error for %sSchema: the input is %s, not a dict", t.Name, Repr(input))
	}
	var out Dict
	var problems []string
	for _, kv := range in {
		p, known := paramNamed(t, kv.Key)
		if !known {
			continue
		}
		v, err := coerce(p, kv.Value)
		if err != nil {
			problems = append(problems, p.Name+": "+err.Error())
			continue
		}
		out = append(out, KV{p.Name, v})
	}
	for _, p := range t.Params {
		if in.Has(p.Name) {
			continue
		}
		if p.Required() {
			problems = append(problems, p.Name+": field required")
			continue
		}
		def, err := ParseJSON(pyLiteralJSON(p.Default))
		if err != nil {
			def = p.Default
		}
		out = append(out, KV{p.Name, def})
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%d validation error%s for %sSchema: %s", len(problems), plural(len(problems)), t.Name, strings.Join(problems, "; "))
	}
	return out, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func paramNamed(t Tool, name string) (Param, bool) {
	for _, p := range t.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// coerce is pydantic v1's validator for the parameter's annotation.
func coerce(p Param, v any) (any, error) {
	if v == nil {
		return nil, fmt.Errorf("none is not an allowed value")
	}
	switch p.Type {
	case "str":
		switch v := v.(type) {
		case string:
			return v, nil
		case bool, int, int64, float64:
			return Str(v), nil
		}
		return nil, fmt.Errorf("str type expected")
	case "int":
		switch v := v.(type) {
		case bool:
			if v {
				return int64(1), nil
			}
			return int64(0), nil
		case int:
			return int64(v), nil
		case int64:
			return v, nil
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("value is not a valid integer")
			}
			return int64(v), nil
		case string:
			if n, err := strconv.ParseInt(strings.TrimSpace(strings.ReplaceAll(v, "_", "")), 10, 64); err == nil && !strings.HasPrefix(strings.TrimSpace(v), "_") {
				return n, nil
			}
		}
		return nil, fmt.Errorf("value is not a valid integer")
	case "list":
		if l, ok := v.([]any); ok {
			return l, nil
		}
		return nil, fmt.Errorf("value is not a valid list")
	}
	return v, nil // no annotation: any value
}

// pyLiteralJSON turns the repr of a simple default (”, ['x'], 10) into
// JSON.
func pyLiteralJSON(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\'' {
			b.WriteByte('"')
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
