package main

import (
	"github.com/spf13/cobra"
)

// GlobalOptions are the flags every command accepts.
type GlobalOptions struct {
	Quiet bool
}

func newRootCommand() *cobra.Command {
	var gopts GlobalOptions
	root := &cobra.Command{
		Use:   "collabcraft",
		Short: "Supervised fine-tuning data for LLM agents that collaborate in Minecraft",
		Long: `collabcraft produces supervised fine-tuning data for LLM agents that
collaborate in Minecraft: it generates MINDcraft-compatible tasks, plays them
out with teams of agents in an embedded world simulator, keeps the successful
trials and exports datasets that fine-tuning tools load as they are.`,
		Example: `  collabcraft procgen suite --out tasks/
  collabcraft validate tasks/*.json`,
		SilenceUsage:  true,
		SilenceErrors: true, // main reports them (see report)
		Version:       version,
	}
	root.PersistentFlags().BoolVarP(&gopts.Quiet, "quiet", "q", false, "print nothing but results and errors")

	procgen := &cobra.Command{
		Use:   "procgen",
		Short: "Procedurally generate tasks, blueprints and crafting plans",
		Long: `procgen generates MINDcraft-compatible tasks (crafting, cooking, construction),
house blueprints, and crafting plans as MINDcraft's !getCraftingPlan prints them.`,
		Example: `  collabcraft procgen tasks --type crafting --split train --agents 2 -o tasks/crafting_train.json
  collabcraft procgen plan --item bookshelf --inventory oak_planks=4,book=2`,
	}
	// Subcommands are wired here explicitly, one constructor per file.
	procgen.AddCommand(newPlanCommand(&gopts))
	procgen.AddCommand(newBlueprintCommand(&gopts))
	procgen.AddCommand(newTasksCommand(&gopts), newSuiteCommand(&gopts))
	root.AddCommand(procgen)
	root.AddCommand(newValidateCommand(&gopts))
	root.AddCommand(newWorldCommand(&gopts))
	root.AddCommand(newGenerateCommand(&gopts))
	root.AddCommand(newFilterCommand(&gopts))
	root.AddCommand(newStatsCommand(&gopts))
	root.AddCommand(newAuditCommand(&gopts))
	root.AddCommand(newShowCommand(&gopts))
	root.AddCommand(newExportCommand(&gopts))
	root.AddCommand(newPipelineCommand(&gopts), newMergeCommand(&gopts), newDocsCommand(&gopts))
	root.AddCommand(newCheckCommand(&gopts))
	wireCommands(root)
	return root
}
