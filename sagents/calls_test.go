package sagents

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func lines() []Line {
	return []Line{
		{At: 0, Speaker: "user", To: "Andy", Text: "Mine 50 logs"},
		{At: 95 * time.Second, Speaker: "Andy", To: "Jill", Text: "Jill, please mine 25 logs"},
		{At: 3723 * time.Second, Speaker: "Jill", To: "Andy", Text: "Got it!"},
		{At: 3800 * time.Second, Speaker: "Jill", To: "Andy", Text: "my inventory is {'oak_log': 3}, and my equipment is [None, None, None, None, None, None] "},
	}
}

func TestLinesAreTheChats(t *testing.T) {
	l := lines()[2]
	if got := l.String(); got != "-[01:02:03] Jill says: 'Got it!'" {
		t.Errorf("line %q", got)
	}
	conv := conversation(lines())
	want := "The conversation between user and Andy\n-[00:00:00] user says: 'Mine 50 logs'\nThe conversation between Andy and Jill\n-[00:01:35] Andy says: 'Jill, please mine 25 logs'\n-[01:02:03] Jill says: 'Got it!'\n" +
		"-[01:03:20] Jill says: 'my inventory is {'oak_log': 3}, and my equipment is [None, None, None, None, None, None] '"
	if conv != want {
		t.Errorf("conversation:\n%s\nwant\n%s", conv, want)
	}
	if got := readConversation(conv); !reflect.DeepEqual(got, lines()) {
		t.Errorf("read back %+v", got)
	}
}

func TestCallsReadBack(t *testing.T) {
	for _, root := range []bool{true, false} {
		m := MonitorCall{Root: root, Task: "Stage 1: Gather logs\nJill mines 25 logs.", Lines: lines()}
		got, err := ReadMonitorCall(MonitorMessages(m))
		if err != nil || !reflect.DeepEqual(got, m) {
			t.Errorf("monitor %+v %v", got, err)
		}
		p := PlannerCall{Name: "Andy", Employment: []string{"Jill", "Bob"}, Root: root, Lines: lines(), Objective: "Mine 50 logs.",
			Plan: "Stage 1: Gather logs\nJill mines 25 logs.", Inventory: "Jill has an empty inventory.", Task: "Stage 1: Gather logs\nJill mines 25 logs.", Status: "fail"}
		gp, err := ReadPlannerCall(PlannerMessages(p))
		if err != nil || !reflect.DeepEqual(gp, p) {
			t.Errorf("planner %+v %v", gp, err)
		}
		p.Objective, p.Plan, p.Task, p.Status = "", "", "", ""
		if gp, err := ReadPlannerCall(PlannerMessages(p)); err != nil || !reflect.DeepEqual(gp, p) {
			t.Errorf("first planner %+v %v", gp, err)
		}
		a := ActionCall{Name: "Andy", Profile: "the leader of Jill, Bob", Employment: []string{"Jill", "Bob"}, Root: root, Task: "Stage 1\nJill mines 25 logs."}
		ga, err := ReadActionCall(ActionMessages(a))
		if err != nil || !reflect.DeepEqual(ga, a) {
			t.Errorf("action %+v %v", ga, err)
		}
	}
	if _, err := ReadPlannerCall([]Message{{Role: "system", Content: "hello"}, {Role: "user", Content: "x"}}); err == nil {
		t.Error("a stranger's call read as a planner call")
	}
}

// The templates are filled where the paper's braces are, and nowhere
// else: no field is left unfilled.
func TestPromptsAreFilled(t *testing.T) {
	msgs := append(PlannerMessages(PlannerCall{Name: "Andy", Employment: []string{"Jill"}, Root: true}),
		ActionMessages(ActionCall{Name: "Andy", Profile: "p", Employment: []string{"Jill"}, Root: true})...)
	for _, m := range msgs {
		for _, f := range []string{"{name}", "{employment}", "{profile}", "{example}"} {
			if strings.Contains(m.Content, f) {
				t.Errorf("%s left in %.80q", f, m.Content)
			}
		}
	}
	if !strings.Contains(msgs[0].Content, "11. You can't generate 'assistance' tasks") {
		t.Error("the leader's 11 rules are not in the planner's prompt")
	}
}

func TestRepliesParse(t *testing.T) {
	r := ParseMonitorReply("Task result judgment: According to x, it failed.\nFinal task status: failed")
	if r.Status != Fail || r.Judgment != "According to x, it failed." {
		t.Errorf("%+v", r)
	}
	if ParseMonitorReply("nothing").Status != Unknown {
		t.Error("a reply without a status is not unknown")
	}
	p := ParsePlan("Current inventory:\nworkerA has an empty inventory\n\nObjective:\nmine 10 woods.\n\nAnalysis:\nx\n\nLong term plan:\nStage 1: A\nWorkerA mine 10 woods.\nThe task at hand:\nWorkerA mine 10 woods.\nInformer is leader")
	if p.Inventory != "workerA has an empty inventory" || p.Objective != "mine 10 woods." || p.LongTerm != "Stage 1: A\nWorkerA mine 10 woods." ||
		p.AtHand != "WorkerA mine 10 woods." || p.Informer != "leader" {
		t.Errorf("the paper's leaf example parses as %+v", p)
	}
	if ParsePlan("The task at hand: None\n\nInformer is user").AtHand != "" {
		t.Error("None is a task")
	}
	todos, err := ParseTodos(`["inform WorkerA to mine 25 woods", "inform workerB mine 15 stone"]`)
	if err != nil || len(todos) != 2 {
		t.Fatal(todos, err)
	}
	for _, c := range []struct{ todo, player, order string }{{todos[0], "WorkerA", "mine 25 woods"}, {todos[1], "workerB", "mine 15 stone"}, {"inform Bob, to craft 1 stick.", "Bob", "craft 1 stick"}} {
		if p, o, ok := Inform(c.todo); !ok || p != c.player || o != c.order {
			t.Errorf("%q: %q %q %v", c.todo, p, o, ok)
		}
	}
	if _, _, ok := Inform("Mine 3 logs"); ok {
		t.Error("a direct todo read as a delegation")
	}
	if _, err := ParseTodos(`["a", ]`); err == nil {
		t.Error("a trailing comma parsed")
	}
}
