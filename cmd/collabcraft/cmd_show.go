package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"collabcraft/procgen"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ShowOptions holds the flags of `show`.
type ShowOptions struct {
	Interleaved bool
	Prompts     bool

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `show`.
func (opts *ShowOptions) AddFlags(f *pflag.FlagSet) {
	f.BoolVar(&opts.Interleaved, "interleaved", false, "all agents' calls in the order of simulated time (default: agent by agent)")
	f.BoolVar(&opts.Prompts, "prompts", false, "also print each call's system prompt (long)")
}

func newShowCommand(gopts *GlobalOptions) *cobra.Command {
	var opts ShowOptions
	cmd := &cobra.Command{
		Use:   "show RUN|VIEW TRIAL",
		Short: "Replay one recorded trial in the terminal, call by call",
		Long: `show prints one trial of a run (or a filtered view): the outcome, then each
model call with its simulated time, what reached the agent since its
previous call (command outputs, messages), what it answered, the command it
ran and the command's output. A response a voice rewrote (generate --voice)
is followed by the scripted original, marked "~". TRIAL is a trial id
(task#attempt) or a task id, which shows its first attempt.`,
		Example: `  collabcraft show runs/r1 multiagent_crafting_stick_full_plan__depth_0
  collabcraft show runs/r1 'materials_0_rooms_1_window_0_carpet_0_variant_0#0' --interleaved`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runShow(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runShow(_ context.Context, opts ShowOptions, _ GlobalOptions, args []string) error {
	dir, id := args[0], args[1]
	in, err := openInput([]string{dir}, false)
	if err != nil {
		return err
	}
	var found *trajectory.Trial
	var ids []string
	for t, err := range in.Trials() {
		if err != nil {
			return err
		}
		if t.TrialID == id || found == nil && t.TaskID == id {
			found = t
			if t.TrialID == id {
				break
			}
		}
		if len(ids) < 5 {
			ids = append(ids, t.TrialID)
		}
	}
	if found == nil {
		return fmt.Errorf("show: %s has no trial %q (trials include %s)", dir, id, strings.Join(ids, ", "))
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	writeTrial(out, found, opts)
	return nil
}

// showCall is one call of one agent, in the order show prints them.
type showCall struct {
	agent string
	tr    *trajectory.Transition
	news  string // what reached the agent since its previous call
}

func writeTrial(w io.Writer, t *trajectory.Trial, opts ShowOptions) {
	o := t.Outcome
	typ := t.TaskType
	if k, ok := procgen.KindOfType(typ); ok {
		typ = k.Name
	}
	agents, seats := len(t.Agents), ""
	if len(t.Team) > 0 {
		agents = t.AgentCount()
	}
	var own, humans []string
	for _, m := range t.Team {
		switch m.Role {
		case "":
		case trajectory.RoleHuman:
			humans = append(humans, m.Name)
		default:
			own = append(own, m.Name)
		}
	}
	if len(humans) > 0 {
		seats = fmt.Sprintf("; scripted human: %s", strings.Join(humans, ", "))
	}
	if len(own) > 0 {
		seats += fmt.Sprintf("; %s's own seats: %s", t.Org, strings.Join(own, ", "))
	}
	fmt.Fprintf(w, "trial %s  (%s, %s split, %d agents%s)\n", t.TrialID, typ, t.Split, agents, seats)
	fmt.Fprintf(w, "outcome: score %.3f, %s, ended by %s after %.0f simulated s\n", o.Score, map[bool]string{true: "success", false: "no success"}[o.Success], o.EndReason, t.SimSeconds)
	var calls []showCall
	for _, a := range t.Agents {
		prev := ""
		for i := range a.Transitions {
			tr := &a.Transitions[i]
			// The previous call's output is printed with that call.
			calls = append(calls, showCall{agent: a.Name, tr: tr, news: newTurns(tr.Messages, prev)})
			prev = strings.TrimSpace(tr.Output)
		}
	}
	if opts.Interleaved {
		slices.SortStableFunc(calls, func(a, b showCall) int { return cmp.Compare(a.tr.SimTime, b.tr.SimTime) })
	}
	agent := ""
	for _, c := range calls {
		if !opts.Interleaved && c.agent != agent {
			agent = c.agent
			fmt.Fprintf(w, "\n== %s ==\n", agent)
		}
		kind := ""
		if c.tr.Kind != trajectory.KindConversation {
			kind = " [" + c.tr.Kind + "]"
		}
		fmt.Fprintf(w, "\n%7.1fs  %s%s\n", c.tr.SimTime, c.agent, kind)
		if opts.Prompts && len(c.tr.Messages) > 0 {
			fmt.Fprintf(w, "%s\n", indent(c.tr.Messages[0].Content, "    | "))
		}
		if c.news != "" {
			fmt.Fprintf(w, "%s\n", indent(c.news, "    < "))
		}
		fmt.Fprintf(w, "%s\n", indent(c.tr.Response, "    > "))
		if c.tr.Scripted != "" {
			fmt.Fprintf(w, "%s\n", indent(c.tr.Scripted, "    ~ "))
		}
		if c.tr.Output != "" {
			fmt.Fprintf(w, "%s\n", indent(strings.TrimSpace(c.tr.Output), "    = "))
		}
	}
}

// newTurns is what a call's messages hold after the agent's previous own
// turn: the outputs and messages that reached it since (the prompt, older
// turns and the previous call's output, shown already, left out).
func newTurns(msgs []trajectory.Message, shown string) string {
	from := 1
	for i := len(msgs) - 1; i >= 1; i-- {
		if msgs[i].Role == "assistant" {
			from = i + 1
			break
		}
	}
	var parts []string
	for _, m := range msgs[min(from, len(msgs)):] {
		if c := strings.TrimSpace(m.Content); c != shown || c == "" {
			parts = append(parts, c)
		} else {
			shown = "" // only once
		}
	}
	return strings.Join(parts, "\n")
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}
