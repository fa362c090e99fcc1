package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestRunWorld(t *testing.T) {
	var out bytes.Buffer
	script := "# give and craft\nJill_0: !givePlayer(\"Andy_0\", \"gold_ingot\", 5)\n\nAndy_0: I can craft now !craftRecipe(\"golden_apple\", 1)\n!inventory\n" +
		"Andy_0: !startConversation(\"Jill_0\", \"I need an apple\")\n"
	opts := WorldOptions{Tasks: "../../procgen/testdata/mindcraft_cooking.json", Task: "multiagent_cooking_bread_golden_apple_hells_kitchen",
		Seed: 1, Dialect: "paper", Script: "-", in: strings.NewReader(script), out: &out}
	if err := runWorld(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"agents Andy_0, Jill_0\n",
		"Jill_0> !givePlayer(\"Andy_0\", \"gold_ingot\", 5)\nCode output:\nYou have reached Andy_0.\nDiscarded 5 gold_ingot.\nAndy_0 received gold_ingot.\n",
		"Andy_0> I can craft now !craftRecipe(\"golden_apple\", 1)\nCode output:\nYou do not have the resources to craft a golden_apple.",
		"Andy_0> !startConversation(\"Jill_0\", \"I need an apple\")\n(to Jill_0: I need an apple)\n",
		"score 0, success false\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunWorldErrors(t *testing.T) {
	var u *usageError
	if err := runWorld(context.Background(), WorldOptions{}, GlobalOptions{}, nil); !errors.As(err, &u) {
		t.Errorf("missing --tasks: %v", err)
	}
	opts := WorldOptions{Tasks: "../../procgen/testdata/mindcraft_cooking.json", Task: "nope", Dialect: "paper"}
	if err := runWorld(context.Background(), opts, GlobalOptions{}, nil); !errors.As(err, &u) {
		t.Errorf("unknown task: %v", err)
	}
	opts.Task, opts.Dialect = "", "modern"
	if err := runWorld(context.Background(), opts, GlobalOptions{}, nil); !errors.As(err, &u) {
		t.Errorf("bad dialect: %v", err)
	}
}
