package villager

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Reading VillagerAgent's calls back: each role's call, as the DAG
// organisation assembles it from this package's templates, read into the
// values it was filled with. The scripted experts decide from these and
// from nothing else; the DAG organisation's tests build every call and
// read it back (TestCallsReadBack).

// EnvSummaryCall is the state manager's environment call.
type EnvSummaryCall struct {
	Env  Dict   // the environment info
	Task string // the task text, the sign's text glued on
}

// ReadEnvSummaryCall reads an environment call.
func ReadEnvSummaryCall(msgs []Message) (EnvSummaryCall, error) {
	if len(msgs) != 4 {
		return EnvSummaryCall{}, fmt.Errorf("villager: an environment call has 4 messages, not %d", len(msgs))
	}
	f, err := MatchTemplate(TemplateList("data_prompt.SUMMARY_ENVIRONMENT_EXAMPLE_PROMPT")[2], "{}", "environment_info").Match(msgs[3].Content)
	if err != nil {
		return EnvSummaryCall{}, err
	}
	env, err := Literal(f, "environment_info")
	if err != nil {
		return EnvSummaryCall{}, err
	}
	d, _ := env.(Dict)
	return EnvSummaryCall{Env: d, Task: f["task"]}, nil
}

// SummaryCall is the state manager's running-summary call.
type SummaryCall struct {
	Name   string
	SoFar  string // "" for the first
	Latest Dict   // name, action_list (behavior, feedback), held_items, bag(aka inventory)
}

// ReadSummaryCall reads a running-summary call.
func ReadSummaryCall(msgs []Message) (SummaryCall, error) {
	if len(msgs) != 2 {
		return SummaryCall{}, fmt.Errorf("villager: a summary call has 2 messages, not %d", len(msgs))
	}
	f, err := MatchTemplate(Template("data_prompt.HISTORY_SUMMARY_PROMPT"), "{}", "latest_development").Match(msgs[1].Content)
	if err != nil {
		return SummaryCall{}, err
	}
	latest, err := Literal(f, "latest_development")
	if err != nil {
		return SummaryCall{}, err
	}
	d, _ := latest.(Dict)
	return SummaryCall{Name: f["name"], SoFar: f["summary_so_far"], Latest: d}, nil
}

// DecomposeCall is a task decomposer's call: the first decomposition
// (merge or update mode) or a new one (update mode's redecomposition).
type DecomposeCall struct {
	Mode        string // "merge", "update" or "redecompose"
	Env         string // the environment summary
	Task        Dict   // description, meta-data
	Ability     any    // the agents' tools (public_tools, private_tools), or None
	Num         int    // the most subtasks to give (update, redecompose)
	AgentStates []any  // redecompose: each agent's running summary
	Failures    []any  // redecompose: the failed subtasks' traces
	Successes   []any  // redecompose: the finished (and running) ones'
}

// ReadDecomposeCall reads a decomposition call.
func ReadDecomposeCall(msgs []Message) (DecomposeCall, error) {
	if len(msgs) != 2 {
		return DecomposeCall{}, fmt.Errorf("villager: a decompose call has 2 messages, not %d", len(msgs))
	}
	var c DecomposeCall
	var tmpl string
	reprs := []string{"task", "agent_ability"}
	switch msgs[0].Content {
	case Template("task_prompt.DECOMPOSE_SYSTEM_PROMPT"):
		c.Mode, tmpl = "merge", Template("task_prompt.DECOMPOSE_USER_PROMPT")
	case Template("task_prompt.PART_DECOMPOSE_SYSTEM_PROMPT"):
		c.Mode, tmpl = "update", Template("task_prompt.PART_DECOMPOSE_USER_PROMPT")
	case Template("task_prompt.REDECOMPOSE_SYSTEM_PROMPT"):
		c.Mode, tmpl = "redecompose", Template("task_prompt.REDECOMPOSE_USER_PROMPT")
		reprs = append(reprs, "agent_state", "failure_previous_subtask", "success_previous_subtask")
	default:
		return c, fmt.Errorf("villager: not a decomposer's system prompt")
	}
	f, err := MatchTemplate(tmpl, "{{}}", append(reprs, "num")...).Match(msgs[1].Content)
	if err != nil {
		return c, err
	}
	c.Env = f["env"]
	task, err := Literal(f, "task")
	if err != nil {
		return c, err
	}
	c.Task, _ = task.(Dict)
	if c.Ability, err = Literal(f, "agent_ability"); err != nil {
		return c, err
	}
	if n, ok := f["num"]; ok {
		c.Num, _ = strconv.Atoi(n)
	}
	for name, dst := range map[string]*[]any{"agent_state": &c.AgentStates, "failure_previous_subtask": &c.Failures, "success_previous_subtask": &c.Successes} {
		if _, ok := f[name]; !ok {
			continue
		}
		v, err := Literal(f, name)
		if err != nil {
			return c, err
		}
		*dst, _ = v.([]any)
	}
	return c, nil
}

// GraphLine is one line of the graph status the strategy call shows.
type GraphLine struct {
	ID          int
	Description string
	Status      string // "running" (unknown or running), "finished", "failed"
}

// StrategyCall is the decomposer's merge-mode strategy call.
type StrategyCall struct {
	Graph       []GraphLine
	Current     Dict // task-description, task-feedback, meta-data
	Env         string
	AgentStates []any
}

var graphLine = regexp.MustCompile(`^id (\d+) (.*) is (running|finished|failed)$`)

// ReadStrategyCall reads a strategy call.
func ReadStrategyCall(msgs []Message) (StrategyCall, error) {
	var c StrategyCall
	if len(msgs) != 2 || msgs[0].Content != Template("task_prompt.STRATEGY_SYSTEM_PROMPT") {
		return c, fmt.Errorf("villager: not a strategy call")
	}
	f, err := MatchTemplate(Template("task_prompt.STRATEGY_USER_PROMPT"), "{{}}", "current_task", "agent_state").Match(msgs[1].Content)
	if err != nil {
		return c, err
	}
	for _, line := range strings.Split(strings.TrimSuffix(f["task_description"], "\n"), "\n") {
		m := graphLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		id, _ := strconv.Atoi(m[1])
		c.Graph = append(c.Graph, GraphLine{ID: id, Description: m[2], Status: m[3]})
	}
	cur, err := Literal(f, "current_task")
	if err != nil {
		return c, err
	}
	c.Current, _ = cur.(Dict)
	c.Env = f["env"]
	st, err := Literal(f, "agent_state")
	if err != nil {
		return c, err
	}
	c.AgentStates, _ = st.([]any)
	return c, nil
}

// ControllerCall is the agent controller's assignment call.
type ControllerCall struct {
	Env         string // query_env's text
	Experience  []any
	AgentStates []any // each agent's status text
	Free        []any // {"name"} of each free agent (JSON)
	Tasks       []any // assign_json of each available subtask (JSON)
}

// ReadControllerCall reads an assignment call.
func ReadControllerCall(msgs []Message) (ControllerCall, error) {
	var c ControllerCall
	if len(msgs) != 2 || msgs[0].Content != Template("controller_prompt.CONTROLLER_SYSTEM_PROMPT") {
		return c, fmt.Errorf("villager: not a controller call")
	}
	f, err := MatchTemplate(Template("controller_prompt.CONTROLLER_USER_PROMPT"), "{{}}", "experience", "agent state", "free agent", "tasks").Match(msgs[1].Content)
	if err != nil {
		return c, err
	}
	c.Env = f["env"]
	for name, dst := range map[string]*[]any{"experience": &c.Experience, "agent state": &c.AgentStates} {
		v, err := Literal(f, name)
		if err != nil {
			return c, err
		}
		*dst, _ = v.([]any)
	}
	for name, dst := range map[string]*[]any{"free agent": &c.Free, "tasks": &c.Tasks} {
		v, err := ParseJSON(f[name])
		if err != nil {
			return c, fmt.Errorf("field %s: %w", name, err)
		}
		*dst, _ = v.([]any)
	}
	return c, nil
}

// SplitCall is the controller's call that shares one subtask among agents.
type SplitCall struct {
	AgentStates []any
	Description string
	Milestones  any
	Names       []any
}

// ReadSplitCall reads a split call.
func ReadSplitCall(msgs []Message) (SplitCall, error) {
	var c SplitCall
	if len(msgs) != 2 || msgs[0].Content != Template("controller_prompt.CONTROLLER_DECOMPOSE_SYSTEM_PROMPT") {
		return c, fmt.Errorf("villager: not a split call")
	}
	f, err := MatchTemplate(Template("controller_prompt.CONTROLLER_DECOMPOSE_USER_PROMPT"), "{{}}", "agent state", "task milestones", "agent name").Match(msgs[1].Content)
	if err != nil {
		return c, err
	}
	st, err := Literal(f, "agent state")
	if err != nil {
		return c, err
	}
	c.AgentStates, _ = st.([]any)
	c.Description = f["task description"]
	if c.Milestones, err = Literal(f, "task milestones"); err != nil {
		return c, err
	}
	names, err := Literal(f, "agent name")
	if err != nil {
		return c, err
	}
	c.Names, _ = names.([]any)
	return c, nil
}

// ReflectCall is an agent's reflection call.
type ReflectCall struct {
	Description string
	Milestones  any
	State       string // the agent's running summary
	History     []any  // each step: action (tool, tool_input, log), feedback
}

// ReadReflectCall reads a reflection call.
func ReadReflectCall(msgs []Message) (ReflectCall, error) {
	var c ReflectCall
	if len(msgs) != 2 || msgs[0].Content != Template("agent_prompt.reflect_system_prompt") {
		return c, fmt.Errorf("villager: not a reflection call")
	}
	f, err := MatchTemplate(Template("agent_prompt.reflect_user_prompt"), "{{}}", "milestone_description", "action_history").Match(msgs[1].Content)
	if err != nil {
		return c, err
	}
	c.Description, c.State = f["task_description"], f["state"]
	if c.Milestones, err = Literal(f, "milestone_description"); err != nil {
		return c, err
	}
	h, err := Literal(f, "action_history")
	if err != nil {
		return c, err
	}
	c.History, _ = h.([]any)
	return c, nil
}

// ExecutorCall is one ReAct step of an agent.
type ExecutorCall struct {
	Name        string
	Tools       []string // in the prompt's order
	Relevant    any      // the subtask's data (JSON)
	Others      []any    // the other agents' running summaries
	State       string   // the agent's own
	Actions     []any    // the feedback of its last subtask's actions
	Env         string
	Description string
	Milestones  any
	Team        []string // a subtask of several agents: who; nil for one's own
	Steps       []Step   // this attempt's steps so far
}

var toolNames = regexp.MustCompile(`Valid "action" values: "Final Answer" or ([^\n]*)`)

// ReadExecutorCall reads a ReAct step.
func ReadExecutorCall(msgs []Message) (ExecutorCall, error) {
	var c ExecutorCall
	if len(msgs) != 2 {
		return c, fmt.Errorf("villager: an executor call has 2 messages, not %d", len(msgs))
	}
	m := toolNames.FindStringSubmatch(msgs[0].Content)
	if m == nil {
		return c, fmt.Errorf("villager: not an executor's system message")
	}
	c.Tools = strings.Split(m[1], ", ")
	human := msgs[1].Content
	const scratch = "\n\nThis was your previous work (but I haven't seen any of it! I only see what you return as final answer):\n"
	input, pad, hasPad := strings.Cut(human, scratch)
	if !hasPad {
		input = strings.TrimSuffix(human, "\n\n")
	} else {
		for _, s := range scratchStep.FindAllStringSubmatch(pad, -1) {
			c.Steps = append(c.Steps, Step{Log: s[1], Observation: s[2]})
		}
	}
	name, instr, ok := strings.Cut(strings.TrimPrefix(input, "Your name is "), ".\n")
	if !ok {
		return c, fmt.Errorf("villager: the executor's input names no agent")
	}
	c.Name = name
	var f map[string]string
	var err error
	cooper := strings.Contains(instr, "\nYour team members are:\n")
	if cooper {
		f, err = MatchTemplate(Template("agent_prompt.agent_cooper_prompt"), "{{}}", "other_agents", "agent_action_list", "milestone_description").Match(instr)
	} else {
		f, err = MatchTemplate(Template("agent_prompt.agent_prompt_w_emoji"), "{{}}", "other_agents", "agent_action_list", "milestone_description").Match(instr)
		if err != nil {
			f, err = MatchTemplate(Template("agent_prompt.agent_prompt_wo_emoji"), "{{}}", "other_agents", "agent_action_list", "milestone_description").Match(instr)
		}
	}
	if err != nil {
		return c, err
	}
	if c.Relevant, err = ParseJSON(f["relevant_data"]); err != nil {
		return c, fmt.Errorf("field relevant_data: %w", err)
	}
	others, err := Literal(f, "other_agents")
	if err != nil {
		return c, err
	}
	c.Others, _ = others.([]any)
	acts, err := Literal(f, "agent_action_list")
	if err != nil {
		return c, err
	}
	c.Actions, _ = acts.([]any)
	c.State, c.Env, c.Description = f["agent_state"], f["env"], f["task_description"]
	if c.Milestones, err = Literal(f, "milestone_description"); err != nil {
		return c, err
	}
	if cooper {
		c.Team = strings.Split(f["team_members"], ", ")
	}
	return c, nil
}

var scratchStep = regexp.MustCompile(`(?s)(.*?)\nObservation: ([^\n]*)\nThought:`)
