package generate

import (
	"strings"
	"testing"

	"collabcraft/procgen"
)

// TestNotPlayedByNamesTheBlock: p2p refuses a VillagerBench blueprint
// with a block state MINDcraft's placeBlock cannot set, naming the task,
// the block's field and the state; it plays one it can build, and the DAG
// plays both.
func TestNotPlayedByNamesTheBlock(t *testing.T) {
	tasks, err := procgen.Generate(procgen.KindVBConstruction, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTest, Agents: 2, N: 95}})
	if err != nil {
		t.Fatal(err)
	}
	door, plain := &tasks[94], &tasks[0]
	err = NotPlayedBy("generate", "p2p", door)
	want := "generate: task vb_construction_task_94: --org p2p does not play it: blueprint task_94 blocks[28].facing: spruce_door at [-13 -59 0] needs facing E"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("task_94 under p2p: %v, want %q...", err, want)
	}
	for _, c := range []struct {
		org  string
		task *procgen.Task
	}{{"p2p", plain}, {"dag", door}, {"dag", plain}} {
		if err := NotPlayedBy("generate", c.org, c.task); err != nil {
			t.Errorf("%s under %s: %v", c.task.ID, c.org, err)
		}
	}
}
