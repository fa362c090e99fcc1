package dispatch

import (
	"context"
	"strings"
	"testing"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/procgen"
)

// TestBadRepliesGetMindAgentsFeedback: each kind of bad reply gets the
// game's own error text on the next user turn (and the fixtures check the
// same texts byte for byte against MindAgent's run).
func TestBadRepliesGetMindAgentsFeedback(t *testing.T) {
	for _, c := range []struct {
		reply, want string
	}{
		{"goto_agent0_storage0\ngoto_agent0_blender0\n", "['agent ids cannot be the same']"},
		{"goto_agent0_grill0\nnoop_agent1\n", "['for agent0, tool grill0 is not in the current game level']"},
		// Not an action to chat_agent.py's pattern: only noop_agent1 is read.
		{"goto_agentX_storage0\nnoop_agent1\n", "['None of the agents performed any actions which is not normal.']"},
		{"goto_agent7_storage0\nnoop_agent1\n", "['agent id not found']"}, // MindAgent's game raises IndexError here
		{"get_agent0_caviar_storage0\nnoop_agent1\n", "['agent0 is not located in storage0']"},
		{"put_agent0\nnoop_agent1\n", "['not enough arguments for action put_agent0']"}, // MindAgent: AttributeError
		{"noop_agent0\nnoop_agent1\n", "['None of the agents performed any actions which is not normal.']"},
	} {
		l, _ := cuisine.LevelNamed("level_0")
		task := &procgen.Task{ID: "x", Type: procgen.TypeCuisine, AgentCount: 2, Level: &l, Alpha: 2, Episodes: 1}
		b := &cannedBackend{replies: []string{c.reply}, calls: 2}
		team := []generate.Seat{{Name: "A"}, {Name: "B"}, {Name: Seat, Backend: b}}
		if _, err := (Org{}).Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		next := b.got[1][len(b.got[1])-1].Content
		if !strings.HasPrefix(next, "-execution error messages:\n  --  "+c.want+"\n") {
			t.Errorf("%q: next turn starts %q", c.reply, next[:min(len(next), 120)])
		}
	}
	// An unknown item at storage, where the agent stands.
	l, _ := cuisine.LevelNamed("level_0")
	task := &procgen.Task{ID: "x", Type: procgen.TypeCuisine, AgentCount: 2, Level: &l, Alpha: 2, Episodes: 1}
	b := &cannedBackend{replies: []string{"goto_agent0_storage0\nnoop_agent1", "get_agent0_caviar_storage0\nnoop_agent1"}, calls: 3}
	team := []generate.Seat{{Name: "A"}, {Name: "B"}, {Name: Seat, Backend: b}}
	if _, err := (Org{}).Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if next := b.got[2][len(b.got[2])-1].Content; !strings.HasPrefix(next, "-execution error messages:\n  --  ['agent0 can only pickup base ingredients from the storage']\n") {
		t.Errorf("unknown item: %q", next[:120])
	}
	// The human variant reads the reply's lines as they are: agentX
	// reaches the game.
	task.HumanCount = procgen.IntPtr(1)
	b = &cannedBackend{replies: []string{"goto_agentX_storage0"}, calls: 2}
	team = []generate.Seat{{Name: "A"}, {Name: "B"}, {Name: Seat, Backend: b}}
	if _, err := (Org{}).Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if next := b.got[1][len(b.got[1])-1].Content; !strings.HasPrefix(next, "-execution error messages:\n  --  ['agent id not found']\n") {
		t.Errorf("human variant, agentX: %q", next[:120])
	}
}
