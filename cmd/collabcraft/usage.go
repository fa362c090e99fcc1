package main

import (
	"errors"
	"fmt"
	"strings"

	"collabcraft/plural"
	"collabcraft/suggest"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError marks an error in how the command was called (an unknown
// command or flag, a bad flag value, missing operands), as opposed to a
// failure while doing the work. main exits with status 2 for it. line
// asks report to print the command's usage line after it.
type usageError struct {
	msg  string
	line bool
}

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// commandLinef is a usage error in the command line's shape (operands,
// flags, commands), reported with the usage line.
func commandLinef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...), line: true}
}

// noArgs, exactArgs and minArgs check a command's operands, naming what
// the command takes (the operands of its Use line).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return commandLinef("%s takes no operands, got %q%s", cmd.Name(), args[0], subcommandHint(cmd, args[0]))
	}
	return nil
}

func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return commandLinef("%s takes %s (%s), got %s", cmd.Name(), operands(cmd), plural.Count(n, "operand"), given(args))
		}
		return nil
	}
}

func minArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return commandLinef("%s takes %s (at least %s), got %s", cmd.Name(), operands(cmd), plural.Count(n, "operand"), given(args))
		}
		return nil
	}
}

// operands is the part of a command's Use line between its name and the
// first flag: "RUN|VIEW TRIAL" for show.
func operands(cmd *cobra.Command) string {
	var out []string
	for _, w := range strings.Fields(cmd.Use)[1:] {
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "[-") {
			break
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

func given(args []string) string {
	if len(args) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d: %s", len(args), strings.Join(args, " "))
}

// subcommandHint suggests a subcommand of cmd's parent for a stray operand
// that looks like one.
func subcommandHint(cmd *cobra.Command, arg string) string {
	if s := cmd.SuggestionsFor(arg); len(s) > 0 {
		return " (did you mean " + cmd.CommandPath() + " " + suggest.Or(s) + "?)"
	}
	return ""
}

// flagError turns pflag's errors into usage errors that say what the flag
// wants, and suggest the closest flag for an unknown one.
func flagError(cmd *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		invalid  *pflag.InvalidValueError
	)
	switch {
	case errors.As(err, &notExist) && notExist.GetSpecifiedName() != "":
		name := notExist.GetSpecifiedName()
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		return commandLinef("unknown flag --%s%s", name, suggest.DidYouMean(name, names, func(s string) string { return "--" + s }))
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return commandLinef("--%s %q: want %s", f.Name, invalid.GetValue(), valueWord(f.Value.Type()))
	}
	return commandLinef("%s", err)
}

// valueWord says what a pflag value type takes.
func valueWord(typ string) string {
	switch typ {
	case "int", "int64", "int32":
		return "an integer"
	case "uint", "uint64", "uint32":
		return "a whole number, 0 or more"
	case "float64", "float32":
		return "a number"
	case "bool":
		return "true or false"
	case "duration":
		return "a duration such as 90s or 5m"
	case "stringSlice", "stringArray":
		return "a comma-separated list"
	}
	return "a " + typ
}

// checkCommand finds the command args name and refuses an unknown one,
// which cobra reports only at the top (a group such as procgen would
// print its help and exit 0), suggesting the closest names.
func checkCommand(root *cobra.Command, args []string) (*cobra.Command, error) {
	cmd, rest, err := root.Find(args)
	if cmd == nil {
		cmd = root
	}
	if err == nil && (cmd.Runnable() || !cmd.HasSubCommands()) {
		return cmd, nil
	}
	name := firstOperand(rest)
	if err != nil {
		name = firstOperand(args)
	}
	if name == "" {
		return cmd, nil // a bare group: its help
	}
	hint := ""
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, set when it suggests itself
	}
	if s := cmd.SuggestionsFor(name); len(s) > 0 {
		hint = " (did you mean " + suggest.Or(s) + "?)"
	}
	return cmd, commandLinef("unknown command %q for %q%s", name, cmd.CommandPath(), hint)
}

// useLine is cmd's usage line; a group of commands takes a COMMAND.
func useLine(cmd *cobra.Command) string {
	if !cmd.Runnable() && cmd.HasSubCommands() {
		return cmd.CommandPath() + " COMMAND"
	}
	return cmd.UseLine()
}

func firstOperand(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// operation wraps a command's errors so they carry the operation the user
// ran ("generate: open missing.json: ...", not "procgen: open ..."): the
// prefixes of the packages that did the work give way to the command's
// name. Usage errors and interruptions are left as they are.
func operation(op string, err error) error {
	var usage *usageError
	var in *interruptedError
	if err == nil || errors.As(err, &usage) || errors.As(err, &in) {
		return err
	}
	return &opError{op: op, err: err}
}

type opError struct {
	op  string
	err error
}

func (e *opError) Error() string { return opMessage(e.op, e.err.Error()) }
func (e *opError) Unwrap() error { return e.err }

// opMessage replaces the package prefixes leading msg with op's. In a
// pipeline, the stage's name stays: it says which stage failed.
func opMessage(op, msg string) string {
	msg = trimPrefixes(msg, func(p string) bool { return p == op || libraryPackages[p] || (op != "pipeline" && stagePackages[p]) })
	if stage, rest, ok := strings.Cut(msg, ": "); ok && op == "pipeline" && stagePackages[stage] {
		return op + ": " + stage + ": " + trimPrefixes(rest, func(p string) bool { return p == stage || libraryPackages[p] })
	}
	return op + ": " + msg
}

// trimPrefixes removes the leading "name: " prefixes that drop says go.
func trimPrefixes(msg string, drop func(string) bool) string {
	for {
		p, rest, ok := strings.Cut(msg, ": ")
		if !ok || !drop(p) {
			return msg
		}
		msg = rest
	}
}

// stagePackages are the packages that are also commands (a pipeline's
// stages); libraryPackages the others. TestPackagePrefixesKnown keeps the
// two lists complete.
var (
	stagePackages = map[string]bool{
		"procgen": true, "world": true, "generate": true, "filter": true, "stats": true,
		"export": true, "audit": true, "pipeline": true,
	}
	libraryPackages = map[string]bool{
		"atomicfile": true, "plainjson": true, "suggest": true, "plural": true, "mcdata": true, "texts": true,
		"trajectory": true, "command": true, "blueprints": true, "llm": true, "llmtest": true,
		"js": true, "team": true, "scripted": true, "quality": true, "voice": true, "tokens": true, "cuisine": true, "escape": true, "villagerbench": true,
		"villager": true, "dag": true, "orgs": true, "dagexpert": true, "dispatch": true, "dispatcher": true, "mckitchen": true, "pyrand": true, "hostile": true, "chat": true, "know": true, "scan": true,
		"voyager": true, "latency": true, "sagents": true, "treeexpert": true, "tree": true,
		"covoyager": true, "queueexpert": true, "queue": true,
	}
)

// wireCommands sets what every command shares: usage errors for bad
// flags, and errors that carry the operation's name.
func wireCommands(root *cobra.Command) {
	root.SetFlagErrorFunc(flagError)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if run := c.RunE; run != nil {
			op := c.Name()
			for p := c; p.HasParent(); p = p.Parent() {
				op = p.Name() // the command under the root: procgen for procgen plan
			}
			c.RunE = func(cmd *cobra.Command, args []string) error { return operation(op, run(cmd, args)) }
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
