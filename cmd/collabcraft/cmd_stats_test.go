package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"collabcraft/stats"
)

func TestRunStats(t *testing.T) {
	run := fixtureRun(t)
	var out bytes.Buffer
	if err := runStats(context.Background(), StatsOptions{out: &out}, GlobalOptions{}, []string{run}); err != nil {
		t.Fatal(err)
	}
	// 2 crafting trials (2 and 3 calls per agent), 4 construction trials.
	for _, want := range []string{
		"crafting  2  0  0  2  1  50.00%  0.500  10  5.0",
		"construction  4  0  0  4  0  0.00%  0.500  12  3.0",
		"crafting: success by plan variant",
		"construction: mean score by rooms level",
		"1  2  0  0.300", "2  2  0  0.700", // rooms levels' mean scores
	} {
		if !strings.Contains(squeeze(out.String()), want) {
			t.Errorf("stats lack %q:\n%s", want, out.String())
		}
	}

	// On the filtered view: the dataset's numbers (c1 and b4 kept).
	view := run + ".filtered"
	if err := runFilter(context.Background(), FilterOptions{In: []string{run}, Out: view, out: &bytes.Buffer{}}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	opts := StatsOptions{JSON: true, PricePrompt: 1, PriceCompletion: 10, out: &out}
	if err := runStats(context.Background(), opts, GlobalOptions{}, []string{view}); err != nil {
		t.Fatal(err)
	}
	var s stats.Summary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	all := s.Types[len(s.Types)-1]
	// 10 transitions of 100 prompt and 10 completion tokens: 1000*1e-6 + 100*10e-6.
	if all.TaskType != "all" || all.Trials != 3 || all.Transitions != 10 || all.Cost == nil || *all.Cost < 0.0019999 || *all.Cost > 0.0020001 {
		t.Errorf("stats of the view: %+v", all)
	}

	out.Reset()
	if err := runStats(context.Background(), StatsOptions{Markdown: true, out: &out}, GlobalOptions{}, []string{run}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| --- | ---: |") {
		t.Errorf("markdown:\n%s", out.String())
	}
}

func TestRunStatsBadInput(t *testing.T) {
	run := fixtureRun(t)
	for _, c := range []struct {
		opts StatsOptions
		args []string
		want string
	}{
		{StatsOptions{}, nil, "at least one run"},
		{StatsOptions{Markdown: true, JSON: true}, []string{run}, "exclude each other"},
		{StatsOptions{PricePrompt: -1}, []string{run}, "at least 0"},
		{StatsOptions{}, []string{run + "x"}, "not a run directory"},
	} {
		c.opts.out = &bytes.Buffer{}
		if err := runStats(context.Background(), c.opts, GlobalOptions{}, c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v %v: error %v, want %q", c.opts, c.args, err, c.want)
		}
	}
}
