package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestDocsUpToDate fails when the committed docs/cli differs from what the
// CLI generates, so the reference never drifts from the commands.
func TestDocsUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "cli")
	pages := cliDocs(newRootCommand())
	have, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, path := range have {
		if _, ok := pages[filepath.Base(path)]; !ok {
			stale = append(stale, filepath.Base(path)+" (no such command)")
		}
	}
	for name, want := range pages {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			stale = append(stale, name)
		}
	}
	if len(stale) > 0 {
		sort.Strings(stale)
		t.Errorf("docs/cli differs from the CLI in %s; regenerate it: go run ./cmd/collabcraft docs --out docs/cli", strings.Join(stale, ", "))
	}
}

func TestEveryCommandDocumented(t *testing.T) {
	pages := cliDocs(newRootCommand())
	index := string(pages["README.md"])
	for _, want := range []string{"collabcraft_procgen_tasks.md", "collabcraft_export.md", "collabcraft_merge.md", "collabcraft_docs.md"} {
		if _, ok := pages[want]; !ok {
			t.Errorf("no page %s", want)
		}
		if !strings.Contains(index, "("+want+")") {
			t.Errorf("index does not link %s", want)
		}
	}
	root := newRootCommand()
	check := func(path, short, long, example string, runnable bool) {
		if short == "" || long == "" || (runnable && example == "") {
			t.Errorf("%s: want Short, Long and (runnable) Example", path)
		}
	}
	for _, c := range root.Commands() {
		check(c.CommandPath(), c.Short, c.Long, c.Example, c.Runnable())
		for _, sub := range c.Commands() {
			check(sub.CommandPath(), sub.Short, sub.Long, sub.Example, sub.Runnable())
		}
	}
	// The reference is the same on every machine: no CPU count in it.
	if gen := string(pages["collabcraft_generate.md"]); !strings.Contains(gen, "(default the number of CPUs)") {
		t.Errorf("generate --workers default is not in words:\n%s", gen)
	}
	page := string(pages["collabcraft_export.md"])
	for _, want := range []string{"# collabcraft export\n", "## Examples", "--format string", "## Global flags", "-q, --quiet", "[`collabcraft`](collabcraft.md)"} {
		if !strings.Contains(page, want) {
			t.Errorf("export page lacks %q:\n%s", want, page)
		}
	}
}

func TestRunDocsRemovesStalePages(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "collabcraft_gone.md")
	other := filepath.Join(dir, "notes.txt")
	os.WriteFile(stale, []byte("old"), 0o644)
	os.WriteFile(other, []byte("keep"), 0o644)
	var msg bytes.Buffer
	if err := runDocs(context.Background(), DocsOptions{Out: dir, out: &msg}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale page kept: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("unrelated file removed: %v", err)
	}
	pages := cliDocs(newRootCommand())
	for name, want := range pages {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s not written as generated", name)
		}
	}
	if !strings.Contains(msg.String(), "wrote ") {
		t.Errorf("message %q", msg.String())
	}
	if err := runDocs(context.Background(), DocsOptions{}, GlobalOptions{}, nil); err == nil {
		t.Error("no --out: no error")
	}
}
