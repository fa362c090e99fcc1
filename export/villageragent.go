package export

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/zeebo/xxh3"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// UnitVillagerAgent makes VillagerAgent's own SFT examples, as its
// result/action_extract.py (github:cnsdqd-dyb/VillagerAgent at dd1ecc1)
// cuts them from the agents' ReAct histories: for each executor run of a
// trial scoring at least 50 (of 100), one example per action it kept and
// one for its final answer, each a system prompt, "Instruction: " and the
// run's input, the kept actions so far with their feedback, and the next
// action. Only the agents' react calls make examples.
const UnitVillagerAgent = "villageragent-action"

// villagerSystem is action_extract.py's system message.
const villagerSystem = "You are Minecraft BaseAgent. You need to complete the task by following the environment feedback."

// villagerMinScore is action_extract.py's bar: a trial scoring under 50 of
// 100 makes no examples.
const villagerMinScore = 0.5

// villagerAction is one step of an executor run as VillagerAgent keeps
// it: the action (tool, tool_input, log) and the tool's answer.
type villagerAction struct {
	step     int // the react call's step
	tool     string
	input    any    // the parsed action_input
	log      string // the model's reply
	feedback villager.Dict
}

// villagerRun is one executor run (Agent.run): its input and its
// successful actions, in order, and how it ended.
type villagerRun struct {
	input   string
	actions []villagerAction
	final   string // the final answer ("" for a run cut short: nothing to stop on)
	step    int    // the final answer's react call
}

// villagerExamples yields a trial's examples; false if yield stopped.
func villagerExamples(t *trajectory.Trial, yield func(Example, error) bool) bool {
	if t.Outcome.Score < villagerMinScore {
		return true
	}
	rename := villagerNames(t)
	for i := range t.Agents {
		a := &t.Agents[i]
		if !t.IsAgent(a.Name) {
			continue
		}
		meta := metaOf(t, a.Name)
		meta.Kind = trajectory.KindReact
		for _, run := range villagerRuns(a.Transitions) {
			// split_filtered_actions: the k-th action after the k before
			// it, then the stop after all of them.
			for k := 0; k <= len(run.actions); k++ {
				var out string
				step := run.step
				if k < len(run.actions) {
					step = run.actions[k].step
					out = villagerActionText(thought(run.actions[k].log), run.actions[k].tool, run.actions[k].input)
				} else {
					if run.final == "" {
						break
					}
					out = villagerActionText("", "stop", villager.Dict{{Key: "final_answer", Value: run.final}})
				}
				msgs := []Message{{Role: "system", Content: villagerSystem}, {Role: "user", Content: rename.Replace("Instruction: " + run.input)}}
				for _, act := range run.actions[:k] {
					// The extractor pops each action's log as it converts
					// the example that outputs it, so in the later
					// examples that show it the thought is gone.
					msgs = append(msgs,
						Message{Role: "assistant", Content: rename.Replace(villagerActionText("", act.tool, act.input))},
						Message{Role: "user", Content: rename.Replace(villagerFeedback(act.feedback))})
				}
				msgs = append(msgs, Message{Role: "assistant", Content: rename.Replace(out)})
				m := meta
				m.Step = step
				if !yield(Example{ID: exampleID(t, a.Name, "action-"+strconv.Itoa(step)), Messages: msgs, Meta: m}, nil) {
					return false
				}
			}
		}
	}
	return true
}

// villagerRuns reads an agent's executor runs from its react calls. A run
// starts with a call whose scratchpad is empty; a tool call answered with
// status True is kept (the extractor drops failed actions, and feedback
// that is not a tool's answer: an unknown tool, a reply that did not
// parse); a Final Answer ends it. A run whose tool call raised (bad
// arguments) was tried again from scratch, and VillagerAgent keeps only
// the retry: it is dropped. A run cut by the iteration limit has no stop
// example: the extractor's would repeat its last action's example.
func villagerRuns(trs []trajectory.Transition) []villagerRun {
	var runs []villagerRun
	var cur *villagerRun
	closeRun := func() {
		if cur != nil && len(cur.actions) > 0 {
			runs = append(runs, *cur)
		}
		cur = nil
	}
	for i := range trs {
		tr := &trs[i]
		if tr.Kind != trajectory.KindReact {
			closeRun() // a reflection follows each run
			continue
		}
		if input, fresh := executorInput(tr.Messages); fresh {
			closeRun()
			cur = &villagerRun{input: input}
		}
		if cur == nil {
			continue
		}
		switch {
		case strings.HasPrefix(tr.Output, "error: "): // the attempt raised; Agent.run starts over
			cur = nil
		case tr.Command != "":
			fb, ok := toolAnswer(tr.Output)
			if !ok || !villager.Truthy(dictGet(fb, "status")) {
				continue
			}
			call, err := villager.ParseJSON(tr.Command)
			d, _ := call.(villager.Dict)
			if err != nil || d == nil {
				continue
			}
			tool, _ := d.Get("action")
			input, _ := d.Get("action_input")
			cur.actions = append(cur.actions, villagerAction{step: tr.Step, tool: villager.Str(tool), input: input, log: tr.Response, feedback: fb})
		case tr.Output == "":
			if act, err := villager.ParseAction(tr.Response); err == nil && act.Finish {
				cur.final, cur.step = act.Output, tr.Step
				closeRun()
			}
		}
	}
	closeRun()
	return runs
}

// executorInput is an executor call's input (what Agent.run hands
// LangChain: "Your name is ..." and the instruction); fresh when the call
// has no scratchpad yet, the first of a run. LangChain's output-fixing
// call is no executor call.
func executorInput(msgs []trajectory.Message) (string, bool) {
	if len(msgs) != 2 || !strings.Contains(msgs[0].Content, `Valid "action" values: "Final Answer" or `) {
		return "", false
	}
	const scratch = "\n\nThis was your previous work (but I haven't seen any of it! I only see what you return as final answer):\n"
	if strings.Contains(msgs[1].Content, scratch) {
		return "", false
	}
	return strings.TrimSuffix(msgs[1].Content, "\n\n"), true
}

// toolAnswer reads a tool's answer back (str() of the dict the server
// sent); ok is false for LangChain's feedback texts.
func toolAnswer(output string) (villager.Dict, bool) {
	if !strings.HasPrefix(output, "{") {
		return nil, false
	}
	v, err := villager.ParseLiteral(output)
	if err != nil {
		return nil, false
	}
	d, ok := v.(villager.Dict)
	return d, ok
}

func dictGet(d villager.Dict, key string) any {
	v, _ := d.Get(key)
	return v
}

// thought is the extractor's thought: the reply up to its action block,
// if the reply holds "Thought", else nothing. The extractor cuts at
// "\n\nAction:\n```", the blank line its models wrote; a reply with one
// newline there (LangChain's format shows one) is cut the same way, or
// the action would appear twice.
func thought(log string) string {
	if !strings.Contains(log, "Thought") {
		return ""
	}
	if i := strings.Index(log, "\nAction:\n```"); i >= 0 {
		return strings.TrimSuffix(log[:i], "\n")
	}
	return log
}

// villagerActionText is an assistant turn: f"{thought}\nAction: {action}"
// stripped, the action the dict {'tool': ..., 'tool_input': ...} as
// Python prints it.
func villagerActionText(thought, tool string, input any) string {
	action := villager.Dict{{Key: "tool", Value: tool}, {Key: "tool_input", Value: input}}
	return strings.TrimSpace(thought + "\nAction: " + villager.Repr(action))
}

// villagerFeedback is a user turn: the tool's message, status and new
// events as Python's f-string prints them.
func villagerFeedback(fb villager.Dict) string {
	str := func(key string) string {
		v, ok := fb.Get(key)
		if !ok {
			return "None"
		}
		return villager.Str(v)
	}
	return "Feedback: " + str("message") + "\nStatus: " + str("status") + "\nNew Events: " + str("new_events")
}

// villagerNames replaces each agent's name, in every text of a trial's
// examples, by a random first name, as the extractor replaces Alice and
// Bob (and alice and bob): drawn from a stream of the trial's own, so an
// export is deterministic, and distinct within the trial.
func villagerNames(t *trajectory.Trial) *strings.Replacer {
	rng := rand.New(rand.NewPCG(t.Seed, xxh3.HashString(t.TrialID)))
	var pairs []string
	used := map[string]bool{}
	for _, m := range t.Team {
		if m.Role != "" {
			continue
		}
		name := firstNames[rng.IntN(len(firstNames))]
		for used[name] {
			name = firstNames[rng.IntN(len(firstNames))]
		}
		used[name] = true
		pairs = append(pairs, m.Name, name)
		if low := strings.ToLower(m.Name); low != m.Name {
			pairs = append(pairs, low, name)
		}
	}
	return strings.NewReplacer(pairs...)
}

// firstNames are common English first names, women's and men's, for
// villagerNames. VillagerAgent draws from the names package (the 1990 US
// census lists, weighted by frequency); this is a short list of the most
// common, drawn evenly.
var firstNames = strings.Fields(`
Mary Patricia Linda Barbara Elizabeth Jennifer Maria Susan Margaret Dorothy Lisa Nancy Karen Betty
Helen Sandra Donna Carol Ruth Sharon Michelle Laura Sarah Kimberly Deborah Jessica Shirley Cynthia
Angela Melissa Brenda Amy Anna Rebecca Virginia Kathleen Pamela Martha Debra Amanda Stephanie
Carolyn Christine Marie Janet Catherine Frances Ann Joyce Diane Alice Julie Heather Teresa Doris
Gloria Evelyn Jean Cheryl Mildred Katherine Joan Ashley Judith Rose Janice Kelly Nicole Judy
Christina Kathy Theresa Beverly Denise Tammy Irene Jane Lori Rachel Marilyn Andrea Kathryn Louise
Sara Anne Jacqueline Wanda Bonnie Julia Ruby Lois Tina Phyllis Norma Paula Diana Annie Lillian
James John Robert Michael William David Richard Charles Joseph Thomas Christopher Daniel Paul Mark
Donald George Kenneth Steven Edward Brian Ronald Anthony Kevin Jason Matthew Gary Timothy Jose Larry
Jeffrey Frank Scott Eric Stephen Andrew Raymond Gregory Joshua Jerry Dennis Walter Patrick Peter
Harold Douglas Henry Carl Arthur Ryan Roger Joe Juan Jack Albert Jonathan Justin Terry Gerald Keith
Samuel Willie Ralph Lawrence Nicholas Roy Benjamin Bruce Brandon Adam Harry Fred Wayne Billy Steve
Louis Jeremy Aaron Randy Howard Eugene Carlos Russell Bobby Victor Martin Ernest Phillip Todd Jesse
Craig Alan Shawn Clarence Sean Philip Chris Johnny Earl Jimmy Antonio Danny Bryan Tony Luis Mike
`)
