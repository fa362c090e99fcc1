package stats

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// A table wider than a terminal keeps its numbers in line: a long first
// cell gets a line of its own, and no line passes TextWidth.
func TestWriteTextFitsTheTerminal(t *testing.T) {
	tab := Table{Title: "by backend", Header: []string{"group", "examples", "silent", "distinct", "distinct-1", "distinct-2", "templates", "top-10"}}
	tab.Rows = [][]string{
		{"scripted", "2587", "0.0%", "97.3%", "0.025", "0.141", "3727", "12.3%"},
		{"openai:meta-llama/Llama-3.3-70B-Instruct-with-a-long-name", "12", "1.0%", "90.0%", "0.300", "0.500", "11", "50.0%"},
	}
	var b strings.Builder
	if err := tab.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	for _, l := range lines {
		if utf8.RuneCountInString(l) > TextWidth {
			t.Errorf("line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
	// The long name on its own line, its numbers under the header's.
	want := []string{
		"by backend",
		"group     examples  silent  distinct  distinct-1  distinct-2  templates  top-10",
		"scripted      2587    0.0%     97.3%       0.025       0.141       3727   12.3%",
		"openai:meta-llama/Llama-3.3-70B-Instruct-with-a-long-name",
		"                12    1.0%     90.0%       0.300       0.500         11   50.0%",
	}
	if got := strings.Join(lines, "\n"); got != strings.Join(want, "\n")+"\n" {
		t.Errorf("table:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	// A narrow table is as it was.
	b.Reset()
	Table{Header: []string{"split", "n"}, Rows: [][]string{{"train", "3"}}}.WriteText(&b)
	if b.String() != "split  n\ntrain  3\n" {
		t.Errorf("narrow table %q", b.String())
	}
}

// Every table stats prints (the golden run's, with prices) fits a terminal.
func TestStatsTablesFitTheTerminal(t *testing.T) {
	data, err := os.ReadFile("testdata/golden/runs.txt")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if n := utf8.RuneCountInString(l); n > TextWidth {
			t.Errorf("runs.txt line %d is %d columns wide: %s", i+1, n, l)
		}
	}
}
