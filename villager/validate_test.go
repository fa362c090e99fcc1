package villager

import (
	"errors"
	"math"
	"testing"
)

// The expected texts were printed by pydantic 1.10.4 (Debian's
// python3-pydantic) for the subset model LangChain 0.0.350 builds of each
// tool function (create_schema_from_function: validate_arguments, then
// _create_subset_model named "<tool>SchemaSchema"), by _parse_input: a
// dict is parse_obj'd and the keys of the input kept; a str validates as
// the first field alone.
func TestValidateArgsAsPydantic(t *testing.T) {
	place, _ := ToolNamed("placeBlock")
	base := func(k string, v any) Dict {
		d := Dict{{"player_name", "A"}, {"item_name", "dirt"}, {"x", 1}, {"y", 2}, {"z", 3}, {"facing", "A"}, {"emotion", []any{}}, {"murmur", ""}}
		if k != "" {
			d = d.Set(k, v)
		}
		return d
	}
	ok := func(x, item any) string {
		return Repr(Dict{{"player_name", "A"}, {"item_name", item}, {"x", x}, {"y", 2}, {"z", 3}, {"facing", "A"}, {"emotion", []any{}}, {"murmur", ""}})
	}
	cases := []struct {
		in   any
		want string // repr of the keyword arguments, or the error text
	}{
		{base("x", "5"), ok(5, "dirt")},
		{base("x", 5.0), ok(5, "dirt")},
		{base("x", 5.9), ok(5, "dirt")},
		{base("x", -5.9), ok(-5, "dirt")},
		{base("x", true), ok(1, "dirt")},
		{base("x", " 7 "), ok(7, "dirt")},
		{base("x", "1_000"), ok(1000, "dirt")},
		{base("x", "５"), ok(5, "dirt")},
		{base("x", "+3"), ok(3, "dirt")},
		{base("x", "-0"), ok(0, "dirt")},
		{base("x", int64(-8)), ok(-8, "dirt")},
		{base("item_name", int64(5)), ok(1, "5")},
		{base("item_name", 5.0), ok(1, "5.0")},
		{base("item_name", true), ok(1, "True")},
		{base("item_name", 1e20), ok(1, "1e+20")},
		{base("item_name", 0.1), ok(1, "0.1")},
		{base("extra", 1), ok(1, "dirt")},
		{base("x", "5.0"), "1 validation error for placeBlockSchemaSchema\nx\n  value is not a valid integer (type=type_error.integer)"},
		{base("x", ""), "1 validation error for placeBlockSchemaSchema\nx\n  value is not a valid integer (type=type_error.integer)"},
		{base("x", "1__0"), "1 validation error for placeBlockSchemaSchema\nx\n  value is not a valid integer (type=type_error.integer)"},
		{base("x", math.Inf(1)), "1 validation error for placeBlockSchemaSchema\nx\n  value is not a valid integer (type=type_error.integer)"},
		{base("x", nil), "1 validation error for placeBlockSchemaSchema\nx\n  none is not an allowed value (type=type_error.none.not_allowed)"},
		{base("x", []any{int64(1)}), "1 validation error for placeBlockSchemaSchema\nx\n  value is not a valid integer (type=type_error.integer)"},
		{base("item_name", nil), "1 validation error for placeBlockSchemaSchema\nitem_name\n  none is not an allowed value (type=type_error.none.not_allowed)"},
		{base("item_name", []any{"a"}), "1 validation error for placeBlockSchemaSchema\nitem_name\n  str type expected (type=type_error.str)"},
		{base("emotion", "x"), "1 validation error for placeBlockSchemaSchema\nemotion\n  value is not a valid list (type=type_error.list)"},
		{base("emotion", nil), "1 validation error for placeBlockSchemaSchema\nemotion\n  none is not an allowed value (type=type_error.none.not_allowed)"},
		{base("emotion", Dict{{"a", 1}}), "1 validation error for placeBlockSchemaSchema\nemotion\n  value is not a valid list (type=type_error.list)"},
		{Dict{{"player_name", "A"}, {"item_name", "dirt"}, {"y", 2}, {"z", 3}, {"facing", "A"}, {"emotion", []any{}}},
			"2 validation errors for placeBlockSchemaSchema\nx\n  field required (type=value_error.missing)\nmurmur\n  field required (type=value_error.missing)"},
		{"hello", "7 validation errors for placeBlockSchemaSchema\nitem_name\n  field required (type=value_error.missing)\nx\n  field required (type=value_error.missing)\ny\n  field required (type=value_error.missing)\nz\n  field required (type=value_error.missing)\nfacing\n  field required (type=value_error.missing)\nemotion\n  field required (type=value_error.missing)\nmurmur\n  field required (type=value_error.missing)"},
		{[]any{[]any{"player_name", "A"}}, "7 validation errors for placeBlockSchemaSchema\nitem_name\n  field required (type=value_error.missing)\nx\n  field required (type=value_error.missing)\ny\n  field required (type=value_error.missing)\nz\n  field required (type=value_error.missing)\nfacing\n  field required (type=value_error.missing)\nemotion\n  field required (type=value_error.missing)\nmurmur\n  field required (type=value_error.missing)"},
		{int64(5), "1 validation error for placeBlockSchemaSchema\n__root__\n  placeBlockSchemaSchema expected dict not int (type=type_error)"},
		{nil, "1 validation error for placeBlockSchemaSchema\n__root__\n  placeBlockSchemaSchema expected dict not NoneType (type=type_error)"},
		{[]any{int64(1), int64(2)}, "1 validation error for placeBlockSchemaSchema\n__root__\n  placeBlockSchemaSchema expected dict not list (type=type_error)"},
	}
	for _, c := range cases {
		got, err := ValidateArgs(place, c.in)
		text := ""
		if err != nil {
			text = err.Error()
		} else {
			text = Repr(got)
		}
		if text != c.want {
			t.Errorf("ValidateArgs(%s):\n got %s\nwant %s", Repr(c.in), text, c.want)
		}
	}
}

func TestValidateArgsDefaultsAndUntyped(t *testing.T) {
	attack, _ := ToolNamed("attackTarget")
	// A parameter with a default is not required, and is not passed when
	// left out: the function's own default applies.
	got, err := ValidateArgs(attack, Dict{{"target_name", "cow"}, {"player_name", "A"}})
	if err != nil || Repr(got) != "{'player_name': 'A', 'target_name': 'cow'}" {
		t.Errorf("attackTarget without emotion: %v %v", Repr(got), err)
	}
	_, err = ValidateArgs(attack, Dict{{"player_name", "A"}, {"target_name", "cow"}, {"emotion", nil}})
	if err == nil || err.Error() != "1 validation error for attackTargetSchemaSchema\nemotion\n  none is not an allowed value (type=type_error.none.not_allowed)" {
		t.Errorf("attackTarget with emotion None: %v", err)
	}
	erect, _ := ToolNamed("erectDirtLadder")
	got, err = ValidateArgs(erect, Dict{{"player_name", "A"}, {"top_x", "5"}, {"top_y", nil}, {"top_z", 1.5}, {"emotion", []any{}}, {"murmur", ""}})
	if err != nil || Repr(got) != "{'player_name': 'A', 'top_x': '5', 'top_y': None, 'top_z': 1.5, 'emotion': [], 'murmur': ''}" {
		t.Errorf("erectDirtLadder keeps untyped values: %v %v", Repr(got), err)
	}
	_, err = ValidateArgs(erect, Dict{{"player_name", "A"}, {"top_x", "5"}, {"emotion", []any{}}, {"murmur", ""}})
	if err == nil || err.Error() != "2 validation errors for erectDirtLadderSchemaSchema\ntop_y\n  field required (type=value_error.missing)\ntop_z\n  field required (type=value_error.missing)" {
		t.Errorf("erectDirtLadder without top_y, top_z: %v", err)
	}
	// A list of pairs that validates still raises: no key is "in" a list.
	full := []any{}
	for _, kv := range (Dict{{"player_name", "A"}, {"target_name", "cow"}}) {
		full = append(full, []any{kv.Key, kv.Value})
	}
	if _, err := ValidateArgs(attack, full); !errors.Is(err, ErrNoKeywords) {
		t.Errorf("a list of pairs: %v, want ErrNoKeywords", err)
	}
	// Python's ints have no bound; ours saturate (pydantic gives 10**20).
	place, _ := ToolNamed("placeBlock")
	got, err = ValidateArgs(place, Dict{{"player_name", "A"}, {"item_name", "dirt"}, {"x", 1e20}, {"y", "-99999999999999999999"}, {"z", 3}, {"facing", "A"}, {"emotion", []any{}}, {"murmur", ""}})
	if err != nil || got[2].Value != math.MaxInt || got[3].Value != math.MinInt {
		t.Errorf("huge ints: %v %v", Repr(got), err)
	}
}
