package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestRunPlan(t *testing.T) {
	var out bytes.Buffer
	opts := PlanOptions{Item: "bookshelf", Inventory: "oak_planks=4, book=2", Quantity: 1, Dialect: "paper", out: &out}
	if err := runPlan(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	want := `You are missing the following items:
- 1 oak_log
- 3 sugar_cane
- 4 rabbit_hide

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 3 sugar_cane -> 3 paper
Craft 4 rabbit_hide -> 1 leather
Craft 3 paper + 1 leather -> 1 book
Craft 6 oak_planks + 3 book -> 1 bookshelf
`
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	opts.Dialect = "current"
	if err := runPlan(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.String(), "\nNote: Any varient of wood can be used for this recipe.\n") {
		t.Errorf("current dialect lacks the wood note:\n%s", out.String())
	}
}

func TestRunPlanJSON(t *testing.T) {
	var out bytes.Buffer
	opts := PlanOptions{Item: "stick", Quantity: 5, Dialect: "paper", JSON: true, out: &out}
	if err := runPlan(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	var got planOutJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if got.Target != "stick" || len(got.Missing) != 1 || got.Missing[0].Item != "oak_log" || len(got.Steps) != 2 ||
		got.Steps[1].Text != "Craft 4 oak_planks -> 8 stick" || got.Steps[1].Count != 8 || got.Steps[1].Ingredients[0].Count != 4 {
		t.Errorf("unexpected JSON plan: %+v", got)
	}
	// The text field follows --dialect.
	out.Reset()
	opts = PlanOptions{Item: "chest", Quantity: 1, Dialect: "current", JSON: true, out: &out}
	if err := runPlan(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got.Text, "\nNote: Any varient of wood can be used for this recipe.") {
		t.Errorf("--json --dialect current text lacks the wood note: %q", got.Text)
	}
}

func TestRunPlanBadInput(t *testing.T) {
	cases := []struct {
		opts PlanOptions
		want string
	}{
		{PlanOptions{Quantity: 1, Dialect: "paper"}, "--item is required"},
		{PlanOptions{Item: "bookshelfs", Quantity: 1, Dialect: "paper"}, `--item: unknown item "bookshelfs" (did you mean "bookshelf"?)`},
		{PlanOptions{Item: "stick", Quantity: 0, Dialect: "paper"}, "--quantity 0: want a count from 1 to 1000000000"},
		{PlanOptions{Item: "stick", Quantity: -3, Dialect: "paper"}, "--quantity -3: want a count from 1"},
		{PlanOptions{Item: "stick", Quantity: 1 << 62, Dialect: "paper"}, "--quantity 4611686018427387904: want a count from 1"},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: "oak_planks=600000000,oak_planks=600000000"}, `--inventory: "oak_planks=600000000": want item=count`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: "oak_planks=99999999999999999999"}, `--inventory: "oak_planks=99999999999999999999": want item=count`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: ",,"}, `--inventory: "": want item=count`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "old"}, `--dialect "old": want paper or current`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: "oak_planks"}, `--inventory: "oak_planks": want item=count`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: "oak_planks=-2"}, `--inventory: "oak_planks=-2": want item=count`},
		{PlanOptions{Item: "stick", Quantity: 1, Dialect: "paper", Inventory: "oak_plank=2"}, `--inventory: unknown item "oak_plank" (did you mean "oak_planks"`},
	}
	for _, c := range cases {
		var out bytes.Buffer
		c.opts.out = &out
		err := runPlan(context.Background(), c.opts, GlobalOptions{}, nil)
		var usage *usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want a usage error containing %q", c.opts, err, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%+v: printed %q on error", c.opts, out.String())
		}
	}
}
