package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"collabcraft/plural"
	"collabcraft/procgen"

	"github.com/spf13/cobra"
)

// ValidateOptions holds the flags of `validate`.
type ValidateOptions struct {
	TaskLimitFlags
	out io.Writer // where problems and the summary go; os.Stdout when nil
}

func newValidateCommand(gopts *GlobalOptions) *cobra.Command {
	var opts ValidateOptions
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check task files (collabcraft's or MINDcraft's) for problems",
		Long: `validate reads task files from any source, collabcraft's or MINDcraft's own,
and lists every problem with the file, the task id and the field: unknown
items, bad counts, agent ids out of range of agent_count, missing fields,
targets that cannot be crafted or cooked, missing items that cannot be
gathered, invalid blueprints, and goals, blueprints or files larger than
the limits (--max-goal, --max-blueprint-cells, --max-task-file). It exits
with status 1 if any problem is found.

Entries MINDcraft ignores when it plays a task are warnings, not problems:
inventories, goals and blocked commands of agents beyond agent_count, item
counts of 0, item names Minecraft 1.21.1 no longer has (its /give fails),
and a flat {item: count} inventory (MINDcraft reads initial_inventory["0"]).
generate plays such a task as MINDcraft does, without them.`,
		Example: `  collabcraft validate tasks/crafting_train.json
  collabcraft validate tasks/*.json
  collabcraft validate mindcraft/tasks/crafting_tasks/test_tasks/2_agent.json`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runValidate(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.TaskLimitFlags.AddFlags(cmd.Flags())
	return cmd
}

func runValidate(ctx context.Context, opts ValidateOptions, gopts GlobalOptions, files []string) error {
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	limits, err := opts.Limits()
	if err != nil {
		return err
	}
	problems, warnings, bad, tasks := 0, 0, 0, 0
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		n, all := procgen.ValidateFileWith(f, limits)
		tasks += n
		ps, ws := procgen.SplitWarnings(all)
		for _, p := range all {
			if !p.Warning || !gopts.Quiet {
				fmt.Fprintln(out, p)
			}
		}
		warnings += len(ws)
		switch {
		case len(ps) > 0:
			problems += len(ps)
			bad++
		case gopts.Quiet:
		case len(ws) > 0:
			fmt.Fprintf(out, "%s: ok (%s, %s: entries MINDcraft ignores)\n", f, plural.Count(n, "task"), plural.Count(len(ws), "warning"))
		default:
			fmt.Fprintf(out, "%s: ok (%s)\n", f, plural.Count(n, "task"))
		}
	}
	if problems > 0 {
		if len(files) == 1 {
			return fmt.Errorf("validate: %s in %s", plural.Count(problems, "problem"), files[0])
		}
		return fmt.Errorf("validate: %s in %d of %d files", plural.Count(problems, "problem"), bad, len(files))
	}
	if !gopts.Quiet && len(files) > 1 {
		if warnings > 0 {
			fmt.Fprintf(out, "all %d files ok (%s, %s)\n", len(files), plural.Count(tasks, "task"), plural.Count(warnings, "warning"))
		} else {
			fmt.Fprintf(out, "all %d files ok (%s)\n", len(files), plural.Count(tasks, "task"))
		}
	}
	return nil
}
