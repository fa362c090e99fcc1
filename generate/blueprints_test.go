package generate

import (
	"bytes"
	"testing"

	"collabcraft/procgen"
)

// A packed task's job gets back its blueprint byte for byte, in a task of
// its own; small blueprints and tasks without one are left as they are.
func TestPackedBlueprintsComeBackTheSame(t *testing.T) {
	tasks, err := procgen.Generate(procgen.KindConstruction, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: 6, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	crafting, err := procgen.Generate(procgen.KindCrafting, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: 2, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	tasks = append(tasks, crafting...)
	tasks[0].Blueprint = tasks[0].Blueprint[:0:0] // empty: not packed
	var want [][]byte
	for _, task := range tasks {
		want = append(want, bytes.Clone(task.Blueprint))
	}
	pb, err := packBlueprints(tasks)
	if err != nil {
		t.Fatal(err)
	}
	defer pb.close()
	packed := 0
	for i := range tasks {
		if tasks[i].Blueprint == nil && len(want[i]) > 0 {
			packed++
		}
		for range 2 { // a task's every attempt
			job, err := pb.unpack(Job{Task: &tasks[i], Attempt: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(job.Task.Blueprint, want[i]) || job.Task.ID != tasks[i].ID || job.Attempt != 1 {
				t.Fatalf("task %s: unpacked job differs from the task as read", tasks[i].ID)
			}
		}
	}
	if packed != 5 {
		t.Fatalf("%d blueprints packed, want the 5 construction ones", packed)
	}
}
