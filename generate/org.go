package generate

import (
	"context"
	"fmt"
	"strings"

	"collabcraft/procgen"
	"collabcraft/world"
)

// An Organisation is how a team works: who is called in a trial, with
// which prompt and in which dialect, and what each answer does. It is
// independent of the task kind: every organisation plays every kind.
//
// P2P, MINDcraft's peers talking with !commands, is the engine of this
// package (Run). The others live in their own packages (generate/dag, ...)
// and are listed, by name, in generate/orgs.
type Organisation interface {
	// Name is the --org value, run.json's "org" and the dataset's org
	// column.
	Name() string
	// Seats lists the seats of a trial whose agents are named agents: the
	// agents, in order, then any seat of the organisation's own (a
	// planner, a dispatcher), each of which gets a backend like an agent.
	Seats(agents []string) []string
	// Play runs one trial to its end. spec.Team holds one seat per name
	// Seats listed, in that order.
	Play(ctx context.Context, spec TrialSpec) (*TrialResult, error)
}

// P2P is MINDcraft's organisation: peers, each prompted with its own
// conversing prompt, acting with !commands and talking in pairwise
// conversations (Run).
var P2P Organisation = p2p{}

type p2p struct{}

func (p2p) Name() string                   { return "p2p" }
func (p2p) Seats(agents []string) []string { return agents }
func (p2p) Play(ctx context.Context, spec TrialSpec) (*TrialResult, error) {
	return Run(ctx, spec)
}

// NotPlayedBy is the error (of package pkg) of an organisation (p2p, dag) given a task of
// a kind it does not play, naming why; nil when it plays the kind.
// The kind says why (procgen.Kind.NotPlayedWhy).
func NotPlayedBy(pkg, org string, t *procgen.Task) error {
	k, ok := procgen.KindOfType(t.Type)
	if !ok {
		return nil
	}
	if k.PlayedBy(org) {
		if why := k.TaskNotPlayedWhy(t, org); why != "" {
			return fmt.Errorf("%s: task %s: --org %s does not play it: %s", pkg, t.ID, org, why)
		}
		return nil
	}
	if len(k.Orgs) == 0 {
		return fmt.Errorf("%s: task %s: --org %s does not play it: no organisation plays %s tasks yet: they are %s", pkg, t.ID, org, k.Name, k.NotPlayedWhy)
	}
	return fmt.Errorf("%s: task %s: --org %s does not play it: a %s task is %s; play it with --org %s", pkg, t.ID, org, k.Name, k.NotPlayedWhy, strings.Join(k.Orgs, " or --org "))
}

// orgOrP2P is o, or P2P for nil.
func orgOrP2P(o Organisation) Organisation {
	if o == nil {
		return P2P
	}
	return o
}

// OrgHumans is an organisation whose task may seat a scripted human
// player among the agents: Humans lists their agent indices, whose
// members get trajectory.RoleHuman.
type OrgHumans interface {
	Humans(task *procgen.Task) []int
}

// OrgSettings is an organisation with settings of its own that change what
// its trials record; run.json keeps them (org_config), so a resume with
// other settings is refused.
type OrgSettings interface {
	Settings() any
}

// OrgScene is an organisation whose worlds differ from p2p's: Scene
// changes the world options of each trial (the DAG's crafting table).
type OrgScene interface {
	Scene(opts *world.Options)
}
