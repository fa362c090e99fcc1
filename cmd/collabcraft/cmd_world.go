package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/world"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// WorldOptions holds the flags of `world`.
type WorldOptions struct {
	Tasks   string // task file
	Task    string // task id; "" = the first
	Seed    uint64
	Dialect string
	Script  string // file of "Agent: response" lines; "-" = stdin
	Docs    bool   // print the first agent's $COMMAND_DOCS and stop

	in  io.Reader // stdin; os.Stdin when nil
	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `world`.
func (opts *WorldOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVar(&opts.Tasks, "tasks", "", "task file (required)")
	f.StringVar(&opts.Task, "task", "", "task id (default: the file's first task)")
	f.Uint64Var(&opts.Seed, "seed", 1, "trial seed: the world follows from the task and this seed")
	f.StringVar(&opts.Dialect, "dialect", "current", `action output wording: current ("Action output:", MINDcraft at the commit MineCollab runs) or paper ("Code output:")`)
	f.StringVar(&opts.Script, "script", "-", `file of "Agent_0: response" lines to play ("-" = stdin)`)
	f.BoolVar(&opts.Docs, "docs", false, "print the first agent's command docs ($COMMAND_DOCS) and exit")
}

func newWorldCommand(gopts *GlobalOptions) *cobra.Command {
	var opts WorldOptions
	cmd := &cobra.Command{
		Use:   "world --tasks FILE [--task ID] [--seed N] [--script FILE]",
		Short: "Play commands in the embedded world of a task and print what the agents see",
		Long: `world builds the embedded Minecraft world of one task and trial seed and
plays a script of agent responses in it, printing each command's output
exactly as the agent sees it, the simulated clock, and at the end the task
score. Each script line is "Name: response" (Name one of the agents, e.g.
Andy_0, Jill_0) or just a response for the first agent; blank lines and
lines starting with # are skipped. Agents act one after another; each
command's simulated duration advances the clock. Messages sent with
!startConversation and chat lines are shown in parentheses.`,
		Example: `  collabcraft world --tasks tasks/cooking.json --task multiagent_cooking_2_1_bread_1_golden_apple --docs
  printf 'Andy_0: !inventory\nJill_0: !searchForBlock("wheat", 64)\n' | collabcraft world --tasks tasks/cooking.json
  collabcraft world --tasks tasks/crafting.json --seed 7 --script play.txt`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWorld(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runWorld(_ context.Context, opts WorldOptions, _ GlobalOptions, _ []string) error {
	if opts.Tasks == "" {
		return commandLinef("--tasks is required, e.g. --tasks tasks/cooking.json")
	}
	if opts.Dialect != string(world.DialectPaper) && opts.Dialect != string(world.DialectCurrent) {
		return usagef("--dialect %q: want paper or current", opts.Dialect)
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	tasks, err := procgen.ReadTaskFile(opts.Tasks)
	if err != nil {
		return err
	}
	if len(tasks) == 0 {
		return fmt.Errorf("%s: no tasks", opts.Tasks)
	}
	task := tasks[0]
	if opts.Task != "" {
		found := false
		for _, t := range tasks {
			if t.ID == opts.Task {
				task, found = t, true
				break
			}
		}
		if !found {
			return usagef("--task %q: no such task in %s", opts.Task, opts.Tasks)
		}
	}
	// The agents' modes, as generate gives them: the task profile's under
	// MineCollab's wording, the survival profile's under the paper's.
	set, err := generate.LoadProfiles(map[string]string{"paper": generate.ProfilePaper}[opts.Dialect])
	if err != nil {
		return err
	}
	w, err := world.Build(task, opts.Seed, world.Options{Dialect: world.Dialect(opts.Dialect), Modes: set.For(task.Type).Modes})
	if err != nil {
		return err
	}
	agents := w.Agents()
	if opts.Docs {
		_, err := io.WriteString(out, w.Docs(agents[0]))
		return err
	}
	in := opts.in
	if opts.Script != "-" {
		f, err := os.Open(opts.Script)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	} else if in == nil {
		in = os.Stdin
	}
	fmt.Fprintf(out, "task %s (%s), seed %d, agents %s\n", task.ID, task.Type, opts.Seed, strings.Join(agents, ", "))
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		agent, response := agents[0], text
		if name, rest, ok := strings.Cut(text, ":"); ok && w.Agent(strings.TrimSpace(name)) != nil {
			agent, response = strings.TrimSpace(name), strings.TrimSpace(rest)
		}
		res, err := w.Execute(agent, response)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", opts.Script, line, err)
		}
		fmt.Fprintf(out, "[%.1fs] %s> %s\n", w.Now().Seconds(), agent, res.Response)
		for _, n := range res.Notices {
			fmt.Fprintln(out, n)
		}
		if res.Output != "" {
			fmt.Fprintln(out, strings.TrimRight(res.Output, "\n"))
		}
		// What the rollout engine would act on, shown in parentheses.
		if c, ok := res.Effect.(world.StartConversation); ok {
			fmt.Fprintf(out, "(to %s: %s)\n", c.Partner, c.Message)
		}
		if res.Chat != "" {
			fmt.Fprintf(out, "(chat: %s)\n", res.Chat)
		}
		w.Advance(res.Duration)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "[%.1fs] score %v, success %v\n", w.Now().Seconds(), w.Score(), w.Success())
	return nil
}
