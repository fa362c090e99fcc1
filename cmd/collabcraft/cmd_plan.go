package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"collabcraft/mcdata"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// PlanOptions holds the flags of `procgen plan`.
type PlanOptions struct {
	Item      string
	Inventory string // item=count,item=count
	Quantity  int
	Dialect   string // paper | current
	JSON      bool

	out io.Writer // where the plan goes; os.Stdout when nil
}

// AddFlags registers the flags of `procgen plan`.
func (opts *PlanOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVar(&opts.Item, "item", "", "item to craft (required), e.g. bookshelf")
	f.StringVar(&opts.Inventory, "inventory", "", "what the agent holds, as item=count pairs separated by commas")
	f.IntVar(&opts.Quantity, "quantity", 1, "how many of the item to craft")
	f.StringVar(&opts.Dialect, "dialect", "current", "MINDcraft text version: current (MINDcraft at the commit MineCollab runs: adds the wood note) or paper (the paper's)")
	f.BoolVar(&opts.JSON, "json", false, "print the plan as JSON (missing items and steps) instead of text")
}

func newPlanCommand(gopts *GlobalOptions) *cobra.Command {
	var opts PlanOptions
	cmd := &cobra.Command{
		Use:   "plan --item ITEM [--inventory item=n,...] [--quantity N]",
		Short: "Print the crafting plan MINDcraft's !getCraftingPlan gives",
		Long: `plan prints the crafting plan for an item the way MINDcraft's
!getCraftingPlan prints it: the base items still missing, then each crafting
step in order. It uses what the inventory holds first, rounds every craft up
to whole recipe outputs, and picks the wood type the inventory holds.
Recipes are Minecraft ` + mcdata.MinecraftVersion + `'s.`,
		Example: `  collabcraft procgen plan --item bookshelf --inventory oak_planks=4,book=2
  collabcraft procgen plan --item compass
  collabcraft procgen plan --item chest --quantity 2 --inventory spruce_log=1 --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlan(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runPlan(_ context.Context, opts PlanOptions, _ GlobalOptions, _ []string) error {
	if opts.Item == "" {
		return commandLinef("--item is required, e.g. --item bookshelf")
	}
	if opts.Quantity < 1 || opts.Quantity > mcdata.MaxCount {
		return usagef("--quantity %d: want a count from 1 to %d", opts.Quantity, mcdata.MaxCount)
	}
	if opts.Dialect != "paper" && opts.Dialect != "current" {
		return usagef("--dialect %q: want paper or current", opts.Dialect)
	}
	inv, err := parseInventory(opts.Inventory)
	if err != nil {
		return err
	}
	plan, err := mcdata.NewPlan(inv, opts.Item, opts.Quantity)
	var unknown *mcdata.UnknownNameError
	if errors.As(err, &unknown) {
		return usagef("--item: %s", strings.TrimPrefix(err.Error(), "mcdata: "))
	}
	if err != nil {
		return err
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	text := plan.String()
	if opts.Dialect == "current" {
		text = plan.StringCurrent()
	}
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(planJSON(plan, text))
	}
	_, err = fmt.Fprintln(out, text)
	return err
}

// parseInventory reads "oak_planks=4,book=2"; repeated items add up.
func parseInventory(s string) (map[string]int, error) {
	inv := map[string]int{}
	if strings.TrimSpace(s) == "" {
		return inv, nil
	}
	for _, pair := range strings.Split(s, ",") {
		name, count, ok := strings.Cut(strings.TrimSpace(pair), "=")
		name = strings.TrimSpace(name)
		n, err := strconv.Atoi(strings.TrimSpace(count))
		if !ok || name == "" || err != nil || n < 0 || n > mcdata.MaxCount-inv[name] {
			return nil, usagef("--inventory: %q: want item=count with a count from 0 to %d, e.g. oak_planks=4", pair, mcdata.MaxCount)
		}
		if _, err := mcdata.LookupItem(name); err != nil {
			return nil, usagef("--inventory: %s", strings.TrimPrefix(err.Error(), "mcdata: "))
		}
		inv[name] += n
	}
	return inv, nil
}

type planStepJSON struct {
	Text        string              `json:"text"`
	Result      string              `json:"result"`
	Count       int                 `json:"count"`
	Ingredients []mcdata.Ingredient `json:"ingredients"`
	NeedsTable  bool                `json:"needs_table"`
}

type planOutJSON struct {
	Target     string              `json:"target"`
	Quantity   int                 `json:"quantity"`
	Held       int                 `json:"held"`
	BaseItem   bool                `json:"base_item"`
	Missing    []mcdata.Ingredient `json:"missing"`
	Steps      []planStepJSON      `json:"steps"`
	NeedsTable bool                `json:"needs_table"`
	Text       string              `json:"text"`
}

// planJSON is the --json form: counts are for the whole step (Times
// applied); text is the plan as the chosen dialect prints it.
func planJSON(p *mcdata.Plan, text string) planOutJSON {
	out := planOutJSON{
		Target: p.Target, Quantity: p.Quantity, Held: p.Held, BaseItem: p.Base,
		Missing: p.Missing, Steps: []planStepJSON{}, NeedsTable: p.NeedsTable, Text: text,
	}
	if out.Missing == nil {
		out.Missing = []mcdata.Ingredient{}
	}
	for _, s := range p.Steps {
		ings := make([]mcdata.Ingredient, len(s.Recipe.Ingredients))
		for i, in := range s.Recipe.Ingredients {
			ings[i] = mcdata.Ingredient{Item: in.Item, Count: in.Count * s.Times}
		}
		out.Steps = append(out.Steps, planStepJSON{
			Text: s.String(), Result: s.Recipe.Result, Count: s.Recipe.Count * s.Times,
			Ingredients: ings, NeedsTable: s.Recipe.NeedsTable,
		})
	}
	return out
}
