package dag

import (
	"slices"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// runExecutor is one agent on one subtask: BaseAgent.step (normal_step:
// its instruction, the LangChain ReAct loop, the state manager's running
// summary) and then the reflection the controller asks of it.
func (p *planner) runExecutor(t *thread, j job) {
	name := p.agents[j.agent]
	task := j.task
	style, env := p.style(), p.executorEnv(task.description)
	instr := instruction(task, name, style, env, p.sm, p.actions[j.agent], true)
	var reactCase villager.Dict
	if p.sink != nil {
		reactCase = p.baseCase("react").Set("last_env_response", env)
		reactCase = append(reactCase, villager.KV{Key: "agent", Value: name}, villager.KV{Key: "subtask", Value: subtaskCase(task)},
			villager.KV{Key: "style", Value: villager.Dict{{Key: "lang", Value: style.Lang}, {Key: "name", Value: style.Key}}},
			villager.KV{Key: "platform", Value: "Linux"}, villager.KV{Key: "agent_action_list", Value: deepCopy(p.actions[j.agent])})
	}
	detail := p.react(t, j.agent, villager.ExecutorInput(name, instr), reactCase)

	// update_database: the status answer, the state, the running summary.
	p.observe(j.agent)
	status := statusMessage(p.status[j.agent])
	actions := listOf(field(detail, "action_list"))
	var summaryCase villager.Dict
	if p.sink != nil { // before processHistory turns each feedback's status into a string
		summaryCase = append(p.baseCase("summary"), villager.KV{Key: "agent", Value: name},
			villager.KV{Key: "subtask", Value: subtaskCase(task)}, villager.KV{Key: "action_list", Value: deepCopy(nonNil(actions))})
	}
	latest := processHistory(status, actions)
	soFar := ""
	if v, ok := p.sm.history.Get(name); ok {
		soFar = villager.Str(v)
	}
	msgs := historySummaryMessages(name, soFar, latest)
	p.sendCase(summaryCase, msgs)
	summary, _ := p.llm(t, p.seatOf(DataManagerSeat), trajectory.KindSummary, msgs, nil, false)
	p.sm.history = p.sm.history.Set(name, summary)

	ok, failText := p.reflect(t, j, detail)
	p.report(finished{job: j, ok: ok, failText: failText, detail: detail})
}

// instruction is normal_step's task text: the emoji prompt (VillagerBench
// runs on Linux; emoji false gives the other one) with the agent's
// speaking style for a subtask of its own, the leader's prompt for a
// subtask of several agents.
func instruction(task *node, name string, style villager.Style, env string, sm *stateManager, actions []any, emoji bool) string {
	common := villager.Dict{
		{Key: "task_description", Value: task.description}, {Key: "milestone_description", Value: task.milestones},
		{Key: "env", Value: env}, {Key: "relevant_data", Value: villager.SmartTruncate(task.content, 4096)},
		{Key: "agent_name", Value: name}, {Key: "agent_state", Value: sm.queryHistory(name)},
	}
	card := villager.KV{Key: "minecraft_knowledge_card", Value: villager.Template("agent_prompt.minecraft_knowledge_card")}
	if len(task.agents) > 1 {
		return villager.MustFormat(villager.Template("agent_prompt.agent_cooper_prompt"), append(common,
			villager.KV{Key: "other_agents", Value: sm.otherAgents(name)}, villager.KV{Key: "agent_action_list", Value: actions},
			villager.KV{Key: "team_members", Value: joinNames(task.agents)}, card))
	}
	tmpl := villager.Template("agent_prompt.agent_prompt_wo_emoji")
	if emoji {
		tmpl = villager.Template("agent_prompt.agent_prompt_w_emoji")
	}
	return villager.MustFormat(tmpl, append(common,
		villager.KV{Key: "personality", Value: style.Personality}, villager.KV{Key: "example", Value: style.Example},
		villager.KV{Key: "traits", Value: style.Traits}, villager.KV{Key: "other_agents", Value: sm.otherAgents(name)},
		villager.KV{Key: "agent_action_list", Value: actions}, card))
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// style draws a speaking style as normal_step does: English or Chinese
// with even odds, then one of that language's styles.
func (p *planner) style() villager.Style {
	lang := "en"
	if p.rng.Float64() >= 0.5 {
		lang = "zh"
	}
	styles := villager.Styles(lang)
	return styles[p.rng.IntN(len(styles))]
}

// react is Agent.run: up to MaxAttempts attempts of LangChain's
// structured-chat executor (at most MaxIterations steps or MaxExecSeconds,
// checked between steps), the tools shuffled before each; a tool call
// whose arguments do not validate (or that names an unknown player)
// raises, and the attempt starts over from scratch. It returns the detail
// VillagerAgent keeps: the input, each step's action and feedback, and
// the final answer.
//
// reactCase, when cases are recorded, is the executor's case so far; each
// step's call is sent with the steps before it.
func (p *planner) react(t *thread, agent int, input string, reactCase villager.Dict) villager.Dict {
	seat := agent
	for attempt := 0; attempt < p.cfg.MaxAttempts; attempt++ {
		tools := p.toolOrder[agent]
		p.rng.Shuffle(len(tools), func(i, j int) { tools[i], tools[j] = tools[j], tools[i] })
		var steps []villager.Step
		actions := []any{}
		start := p.e.now
		final := ""
		raised := false
		for iter := 0; ; iter++ {
			if iter >= p.cfg.MaxIterations || p.e.now-start >= toMS(p.cfg.MaxExecSeconds) {
				final = villager.IterationLimit
				break
			}
			msgs := executorMessages(tools, input, steps)
			if reactCase != nil {
				var prev []any
				for _, s := range steps {
					prev = append(prev, villager.Dict{{Key: "log", Value: s.Log}, {Key: "observation", Value: s.Observation}})
				}
				p.sendCase(append(slices.Clone(reactCase).Set("tools", p.toolsCase()), villager.KV{Key: "previous_steps", Value: nonNil(prev)}), msgs)
			}
			tr := t.call(seat, trajectory.KindReact, msgs, []string{villager.ExecutorStop})
			text := tr.Response
			act, err := villager.ParseAction(text)
			if err != nil {
				// LangChain's OutputFixingParser asks once more, showing the
				// reply and the error; its answer stands in for the reply.
				tr.Output = villager.InvalidResponse
				p.e.record(seat, tr)
				tr = t.call(seat, trajectory.KindReact, fixMessages(text), nil)
				text = tr.Response
				act, err = villager.ParseAction(text)
			}
			if err != nil { // handle_parsing_errors: an _Exception step
				tr.Output = villager.InvalidResponse
				p.e.record(seat, tr)
				log := villager.UnparsedLog(text)
				steps = append(steps, villager.Step{Log: log, Observation: villager.InvalidResponse})
				actions = append(actions, villager.Dict{
					{Key: "action", Value: villager.Dict{{Key: "tool", Value: "_Exception"}, {Key: "tool_input", Value: villager.InvalidResponse}, {Key: "log", Value: log}}},
					{Key: "feedback", Value: villager.InvalidResponse},
				})
				continue
			}
			if act.Finish {
				p.e.record(seat, tr)
				final = act.Output
				break
			}
			tr.Command = villager.JSON(villager.Dict{{Key: "action", Value: act.Tool}, {Key: "action_input", Value: act.Input}})
			var obs any
			tool, known := toolIn(tools, act.Tool)
			if !known {
				obs = villager.InvalidTool(act.Tool, tools)
			} else {
				args, err := villager.ValidateArgs(tool, act.Input)
				target := slices.Index(p.agents, villager.Str(field(args, "player_name")))
				if err != nil || target < 0 {
					// A ValidationError (or a player nobody serves) escapes
					// the executor: Agent.run tries the task again.
					tr.Output = "error: " + errText(err, villager.Str(field(args, "player_name")))
					p.e.record(seat, tr)
					raised = true
					break
				}
				res := t.tool(target, act.Tool, args)
				if res == nil { // the request raised: Agent.run starts over
					tr.Output = "error: the tool call raised"
					p.e.record(seat, tr)
					raised = true
					break
				}
				obs = res
			}
			tr.Output = villager.Str(obs)
			p.e.record(seat, tr)
			steps = append(steps, villager.Step{Log: text, Observation: villager.Str(obs)})
			actions = append(actions, villager.Dict{
				{Key: "action", Value: villager.Dict{{Key: "tool", Value: act.Tool}, {Key: "tool_input", Value: act.Input}, {Key: "log", Value: text}}},
				{Key: "feedback", Value: obs},
			})
		}
		if raised {
			t.sleep(1000) // time.sleep(1) before the retry
			continue
		}
		return villager.Dict{{Key: "input", Value: input}, {Key: "action_list", Value: actions}, {Key: "final_answer", Value: final}}
	}
	const failed = "The task execute failed."
	return villager.Dict{{Key: "input", Value: input}, {Key: "action_list", Value: []any{}}, {Key: "final_answer", Value: failed}}
}

func errText(err error, player string) string {
	if err != nil {
		return err.Error()
	}
	return "no agent named " + player
}

func toolIn(tools []villager.Tool, name string) (villager.Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return villager.Tool{}, false
}

func fixMessages(reply string) []trajectory.Message {
	var msgs []trajectory.Message
	for _, m := range villager.FixMessages(reply) {
		msgs = append(msgs, trajectory.Message{Role: m.Role, Content: m.Content})
	}
	return msgs
}

// reflect is BaseAgent.reflect: the agent judges its subtask from the
// action history. A reply without the verdict, or a step whose feedback
// is not a tool's answer, raises: the subtask fails with the exception's
// text.
func (p *planner) reflect(t *thread, j job, detail villager.Dict) (ok bool, failText string) {
	name := p.agents[j.agent]
	history := listOf(field(detail, "action_list"))
	msgs := reflectMessages(j.task.description, j.task.milestones, p.sm.queryHistory(name), nonNil(history))
	if p.sink != nil {
		p.sendCase(append(p.baseCase("reflect"), villager.KV{Key: "agent", Value: name},
			villager.KV{Key: "subtask", Value: subtaskCase(j.task)}, villager.KV{Key: "action_list", Value: deepCopy(nonNil(history))}), msgs)
	}
	reply, got := p.llm(t, j.agent, trajectory.KindReflect, msgs, nil, true)
	fail := func(why string) (bool, string) {
		return false, "Task " + j.task.description + " failed with exception: " + why + "\n<traceback object>"
	}
	if !got {
		return fail("content " + reply + " is not json")
	}
	found, _ := villager.ExtractInfo(reply)
	if len(found) == 0 {
		return fail("list index out of range")
	}
	result := dictOf(found[0])
	j.task.reflect = result
	if s, ok := result.Get("summary"); ok {
		j.task.summary = append(j.task.summary, villager.Str(s))
	} else {
		j.task.summary = append(j.task.summary, villager.Repr(result))
	}
	var list []any
	for _, a := range history {
		fb, ok := field(dictOf(a), "feedback").(villager.Dict)
		if !ok || !fb.Has("message") {
			return fail("when format:\n{{message}} \nkey message not found in data")
		}
		list = append(list, villager.Str(field(fb, "message")))
	}
	p.actions[j.agent] = nonNil(list)
	status, has := result.Get("task_status")
	if !has {
		return fail("'task_status'")
	}
	return villager.Truthy(status), ""
}
