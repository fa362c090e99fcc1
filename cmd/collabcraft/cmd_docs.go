package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// DocsOptions holds the flags of `docs`.
type DocsOptions struct {
	Out string

	out io.Writer // os.Stderr when nil
}

// AddFlags registers the flags of `docs`.
func (opts *DocsOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVarP(&opts.Out, "out", "o", "", "directory to write the Markdown reference into (required), e.g. docs/cli")
}

func newDocsCommand(gopts *GlobalOptions) *cobra.Command {
	var opts DocsOptions
	cmd := &cobra.Command{
		Use:   "docs --out DIR",
		Short: "Write a Markdown reference of every command and flag",
		Long: `docs writes the command-line reference as Markdown, generated from the
commands themselves so it never drifts: README.md (an index of every command)
and one page per command with its usage, description, examples and flags.
Pages of commands that no longer exist are removed; nothing else in the
directory is touched. A test fails when the committed docs/cli differs from
what the CLI writes.`,
		Example: `  collabcraft docs --out docs/cli`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDocs(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runDocs(_ context.Context, opts DocsOptions, gopts GlobalOptions, _ []string) error {
	if opts.Out == "" {
		return commandLinef("--out is required: the directory to write the reference into, e.g. docs/cli")
	}
	// A fresh tree: the running one has cobra's completion and help
	// commands added by Execute, which are not ours to document.
	pages := cliDocs(newRootCommand())
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return fmt.Errorf("docs: %w", err)
	}
	old, err := filepath.Glob(filepath.Join(opts.Out, "collabcraft*.md"))
	if err != nil {
		return fmt.Errorf("docs: %w", err)
	}
	for _, path := range old {
		if _, ok := pages[filepath.Base(path)]; !ok {
			if err := os.Remove(path); err != nil {
				return fmt.Errorf("docs: %w", err)
			}
		}
	}
	names := make([]string, 0, len(pages))
	for name := range pages {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(opts.Out, name)
		if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, pages[name]) {
			continue
		}
		if err := os.WriteFile(path, pages[name], 0o644); err != nil {
			return fmt.Errorf("docs: %w", err)
		}
	}
	if !gopts.Quiet {
		out := opts.out
		if out == nil {
			out = os.Stderr
		}
		fmt.Fprintf(out, "wrote %d pages to %s\n", len(names), opts.Out)
	}
	return nil
}

// cliDocs renders the reference of root's tree: file name -> Markdown.
func cliDocs(root *cobra.Command) map[string][]byte {
	pages := map[string][]byte{}
	var index bytes.Buffer
	fmt.Fprintf(&index, "# %s command reference\n\n", root.Name())
	fmt.Fprintf(&index, "Generated from the CLI by `%s docs --out docs/cli`; do not edit by hand.\n\n", root.Name())
	var walk func(c *cobra.Command, depth int)
	walk = func(c *cobra.Command, depth int) {
		pages[docFile(c)] = commandDoc(c)
		fmt.Fprintf(&index, "%s- [`%s`](%s): %s\n", strings.Repeat("  ", depth), c.CommandPath(), docFile(c), c.Short)
		for _, sub := range documented(c) {
			walk(sub, depth+1)
		}
	}
	walk(root, 0)
	pages["README.md"] = index.Bytes()
	return pages
}

// documented lists c's subcommands worth a page, by name.
func documented(c *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
			out = append(out, sub)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// machineDefaults are flag defaults that depend on the machine, shown as
// words so the reference is the same wherever it is generated.
var machineDefaults = map[string]string{
	"collabcraft generate --workers": "the number of CPUs",
}

// docFlags is fs with machine-dependent defaults replaced by words.
func docFlags(c *cobra.Command, fs *pflag.FlagSet) *pflag.FlagSet {
	out := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	fs.VisitAll(func(f *pflag.Flag) {
		cp := *f
		if words, ok := machineDefaults[c.CommandPath()+" --"+f.Name]; ok {
			cp.DefValue = words
		}
		out.AddFlag(&cp)
	})
	return out
}

func docFile(c *cobra.Command) string {
	return strings.ReplaceAll(c.CommandPath(), " ", "_") + ".md"
}

// commandDoc renders one command's page.
func commandDoc(c *cobra.Command) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", c.CommandPath(), c.Short)
	if c.Runnable() {
		fmt.Fprintf(&b, "```\n%s\n```\n\n", c.UseLine())
	}
	if c.Long != "" {
		fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(c.Long))
	}
	if c.Example != "" {
		fmt.Fprintf(&b, "## Examples\n\n```\n%s\n```\n\n", strings.TrimRight(c.Example, "\n"))
	}
	if fs := c.NonInheritedFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(&b, "## Flags\n\n```\n%s```\n\n", docFlags(c, fs).FlagUsages())
	}
	if fs := c.InheritedFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(&b, "## Global flags\n\n```\n%s```\n\n", fs.FlagUsages())
	}
	if subs := documented(c); len(subs) > 0 {
		b.WriteString("## Commands\n\n")
		for _, sub := range subs {
			fmt.Fprintf(&b, "- [`%s`](%s): %s\n", sub.CommandPath(), docFile(sub), sub.Short)
		}
		b.WriteString("\n")
	}
	if p := c.Parent(); p != nil {
		fmt.Fprintf(&b, "## See also\n\n- [`%s`](%s): %s\n", p.CommandPath(), docFile(p), p.Short)
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}
