package orgs

import (
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
)

func TestEveryOrganisationIsMade(t *testing.T) {
	for _, name := range Names() {
		o, err := New(name, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o.Name() != name {
			t.Errorf("--org %s makes %q", name, o.Name())
		}
		if got := o.Seats([]string{"A", "B"}); len(got) < 2 || got[0] != "A" || got[1] != "B" {
			t.Errorf("%s: seats %v do not start with the agents", name, got)
		}
	}
	if o, _ := New("p2p", Options{}); o != generate.P2P {
		t.Error("p2p is not the engine's P2P")
	}
	if o, _ := New("dag", Options{DAGMode: "update"}); o.(dag.Org).Config.Mode != dag.Update {
		t.Error("--dag-mode update was not kept")
	}
	if _, err := New("forest", Options{}); err == nil || !strings.Contains(err.Error(), "chain, dag, dispatcher, graph, p2p, queue, tree") {
		t.Errorf("unknown organisation: %v", err)
	}
	if _, err := New("dag", Options{DAGMode: "nope"}); err == nil {
		t.Error("a bad --dag-mode was taken")
	}
}
