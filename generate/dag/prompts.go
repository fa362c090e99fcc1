package dag

import (
	"collabcraft/trajectory"
	"collabcraft/villager"
)

// The messages of each call, assembled as VillagerAgent's code assembles
// them. Every planner-side call goes through OpenAILanguageModel's
// few_shot_generate_thoughts: a system message, then the example prompts
// as user and assistant turns in turn.

func fewShot(system string, turns ...string) []trajectory.Message {
	msgs := []trajectory.Message{{Role: "system", Content: system}}
	for i, t := range turns {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, trajectory.Message{Role: role, Content: t})
	}
	return msgs
}

// envSummaryMessages is DataManager.query_env_with_task's call: two turns
// of a fixed example, then the environment and the task.
func envSummaryMessages(env villager.Dict, task string) []trajectory.Message {
	ex := villager.TemplateList("data_prompt.SUMMARY_ENVIRONMENT_EXAMPLE_PROMPT")
	sign, _ := env.Get("sign_info")
	last := villager.PyFormat(ex[2], map[string]string{"environment_info": villager.Repr(env), "task": task + villager.Str(sign)})
	return fewShot(villager.Template("data_prompt.SUMMARY_ENVIRONMENT_SYSTEM_PROMPT"), ex[0], ex[1], last)
}

// historySummaryMessages is DataManager.update_database's call: the
// running summary of one agent.
func historySummaryMessages(name, soFar string, latest villager.Dict) []trajectory.Message {
	prompt := villager.PyFormat(villager.Template("data_prompt.HISTORY_SUMMARY_PROMPT"),
		map[string]string{"name": name, "summary_so_far": soFar, "latest_development": villager.Repr(latest)})
	return fewShot("You are a helpful assistant in Minecraft.", prompt)
}

// decomposeMessages is TaskManager.init_task's call.
func decomposeMessages(mode Mode, task villager.Dict, ability any, env string, num int) []trajectory.Message {
	if mode == Update {
		return fewShot(villager.Template("task_prompt.PART_DECOMPOSE_SYSTEM_PROMPT"),
			villager.MustFormat(villager.Template("task_prompt.PART_DECOMPOSE_USER_PROMPT"),
				villager.Dict{{Key: "task", Value: task}, {Key: "agent_ability", Value: ability}, {Key: "env", Value: env}, {Key: "num", Value: num}}))
	}
	return fewShot(villager.Template("task_prompt.DECOMPOSE_SYSTEM_PROMPT"),
		villager.MustFormat(villager.Template("task_prompt.DECOMPOSE_USER_PROMPT"),
			villager.Dict{{Key: "task", Value: task}, {Key: "agent_ability", Value: ability}, {Key: "env", Value: env}}))
}

// redecomposeMessages is TaskManager.update_task's call.
func redecomposeMessages(task villager.Dict, ability any, env string, agentState, failures, successes []any, num int) []trajectory.Message {
	return fewShot(villager.Template("task_prompt.REDECOMPOSE_SYSTEM_PROMPT"),
		villager.MustFormat(villager.Template("task_prompt.REDECOMPOSE_USER_PROMPT"), villager.Dict{
			{Key: "task", Value: task}, {Key: "agent_ability", Value: ability}, {Key: "env", Value: env},
			{Key: "agent_state", Value: agentState}, {Key: "failure_previous_subtask", Value: failures},
			{Key: "success_previous_subtask", Value: successes}, {Key: "num", Value: num},
		}))
}

// strategyMessages is TaskManager.get_graph_strategy's call.
func strategyMessages(status string, current villager.Dict, env string, agentState []any) []trajectory.Message {
	return fewShot(villager.Template("task_prompt.STRATEGY_SYSTEM_PROMPT"),
		villager.MustFormat(villager.Template("task_prompt.STRATEGY_USER_PROMPT"), villager.Dict{
			{Key: "task_description", Value: status}, {Key: "current_task", Value: current},
			{Key: "env", Value: env}, {Key: "agent_state", Value: agentState},
		}))
}

// controllerMessages is GlobalController.generate_prompt_and_get_response.
func controllerMessages(env string, experience, agentState []any, free, tasks string) []trajectory.Message {
	return fewShot(villager.Template("controller_prompt.CONTROLLER_SYSTEM_PROMPT"),
		villager.MustFormat(villager.Template("controller_prompt.CONTROLLER_USER_PROMPT"), villager.Dict{
			{Key: "env", Value: env}, {Key: "experience", Value: experience}, {Key: "agent state", Value: agentState},
			{Key: "free agent", Value: free}, {Key: "tasks", Value: tasks},
		}))
}

// splitMessages is GlobalController.generate_decompose_prompt_and_get_response:
// one task among several agents.
func splitMessages(agentState []any, description string, milestones any, names []any) []trajectory.Message {
	return fewShot(villager.Template("controller_prompt.CONTROLLER_DECOMPOSE_SYSTEM_PROMPT"),
		villager.MustFormat(villager.Template("controller_prompt.CONTROLLER_DECOMPOSE_USER_PROMPT"), villager.Dict{
			{Key: "agent state", Value: agentState}, {Key: "task description", Value: description},
			{Key: "task milestones", Value: milestones}, {Key: "agent name", Value: names},
		}))
}

// reflectMessages is BaseAgent.reflect's call.
func reflectMessages(description string, milestones any, state string, history []any) []trajectory.Message {
	return fewShot(villager.Template("agent_prompt.reflect_system_prompt"),
		villager.MustFormat(villager.Template("agent_prompt.reflect_user_prompt"), villager.Dict{
			{Key: "task_description", Value: description}, {Key: "milestone_description", Value: milestones},
			{Key: "state", Value: state}, {Key: "action_history", Value: history},
		}))
}

// executorMessages is one call of the LangChain executor: the system
// message of its tools and the human message of the input and the steps
// so far.
func executorMessages(tools []villager.Tool, input string, steps []villager.Step) []trajectory.Message {
	return []trajectory.Message{
		{Role: "system", Content: villager.ExecutorSystem(tools)},
		{Role: "user", Content: villager.ExecutorHuman(input, steps)},
	}
}
