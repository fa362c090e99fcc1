// Package orgs is the table of team organisations: each name --org takes,
// and the organisation it makes. Every organisation plays every task kind.
package orgs

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/dispatch"
	"collabcraft/generate/queue"
	"collabcraft/generate/tree"
)

// Options are the settings of the organisations that have some.
type Options struct {
	DAGMode string // dag: merge (default) or update
	// Dispatch are the dispatcher's settings (its ablations and hash seed).
	Dispatch dispatch.Config
}

// organisations is keyed by --org; TestEveryOrganisationIsListed checks
// it against the packages that implement one.
var organisations = map[string]func(Options) (generate.Organisation, error){
	"p2p": func(Options) (generate.Organisation, error) { return generate.P2P, nil },
	"dag": func(o Options) (generate.Organisation, error) {
		mode, err := dag.ParseMode(o.DAGMode)
		if err != nil {
			return nil, err
		}
		return dag.Org{Config: dag.Config{Mode: mode}}, nil
	},
	"dispatcher": func(o Options) (generate.Organisation, error) { return dispatch.Org{Config: o.Dispatch}, nil },
	"tree": func(Options) (generate.Organisation, error) {
		return tree.Org{Config: tree.Config{Shape: tree.Tree}}, nil
	},
	"chain": func(Options) (generate.Organisation, error) {
		return tree.Org{Config: tree.Config{Shape: tree.Chain}}, nil
	},
	"graph": func(Options) (generate.Organisation, error) {
		return tree.Org{Config: tree.Config{Shape: tree.Graph}}, nil
	},
	"queue": func(Options) (generate.Organisation, error) { return queue.Org{}, nil },
}

// Names lists the organisations, sorted.
func Names() []string {
	var names []string
	for n := range organisations {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// New makes the organisation --org names.
func New(name string, o Options) (generate.Organisation, error) {
	mk, ok := organisations[name]
	if !ok {
		return nil, fmt.Errorf("orgs: unknown organisation %q (expected one of %s)", name, strings.Join(Names(), ", "))
	}
	return mk(o)
}
