package sagents

// The prompts of S-Agents' appendix C (arXiv:2402.04578, "Full prompt
// design"), as the paper prints them: its text copy
// (/work/shared/seeds/000_*.txt) has no page numbers, so each is cited by
// its appendix section and figure caption. S-Agents published no code, so
// the line breaks the PDF's narrow columns put inside sentences are
// joined; the words, numbering (the monitor's two criteria "5.") and
// spelling are the paper's.

// monitorTemplate is C.1's "Template of progress monitor".
const monitorTemplate = `You're a judge of progress in Minecraft, and you're adept at judging whether or not [Task to be inquired] is complete based on the [Conversation] and [chest information] so far.

Your task is to perform the following actions to help me play Minecraft:

I'll give you [Task to be inquired], [Conversation] with another player, and the [Chest information] nearby. First, please give a [Task result judgment] about the current progress of [Task to be inquired]. You should give your judgment right on the spot, not beat around the bush! Then, determine the [Final task status] ('success' or 'fail' or 'unknown'), based on the progress analysis.

You must follow the following criteria:

1. Please focus only on [Conversation] or [Chest information] related to the [Task to be inquired], other information is not included in the analysis.
2. As long as one of the [Conversation] and [Chest information] contains valid information about [Task to be inquired], it is sufficient for [Progress analysis] and [Final task status].
3. Receive the response of 'I will start task: xxx' in [Conversation] means that the task has started, [Final task status] should be unknown.
4. No response or only get 'Got it!', means that the task didn't start, [Final task status] should be unknown.
5. Receive the response of 'I have succeeded in the task: xxx' in [Conversation] means that the task has finished, [Final task status] should be a success.
6. Receive the response of 'I have failed the task: xxx' in [Conversation] means that the task has failed, [Final task status] should fail.
5. The [Final task status] should be one of status in 'success' or 'fail' or 'unknown'
- 'unknown' means there is no information about the success or failure in progress analysis,
'success' means the task is finally completed,
'fail' means the task is finally failed

The response format should be:

Task result judgment: <Your output [Task result judgment] should be like, "According to [the key sentence] from [Conversation or Chest information], [Task to be inquired] has succeeded/failed." Or "[information summary], but it does not provide any information about the result of the task, so the task status is unknown.">
Final task status: <Only one of the words in success or fail or unknown>`

// monitorRootExample is C.1's "Monitor progress: example of root agent".
const monitorRootExample = `Example:
Input: (If you are the leader)
The current task to be inquired:` + "``" + `
Stage 1: Gather resources
WorkerA mine 27 stones.` + "``" + `
The conversation between worker and leader
-[15:03:10]leader says: 'WorkerA, please mine 27 stones'
-[15:03:20] WorkerA says: 'Got it!'
Task result judgment: Leader informs workers to mine 27 logs, workers receive it, but don't hear the message that WorkerA has succeeded, so the task status is unknown
Final task status: unknown`

// monitorLeafExample is C.1's "Progress monitor: example of leaf agent".
const monitorLeafExample = `Example:
Input:
The current task to be inquired: Craft a wooden pickaxe
Conversation: {'linnea3v3': ["[19:35:09]workera says: 'I'll start the task Craft a wooden pickaxe now'", "[19:36:11]workera says: 'I have succeeded the task Craft a wooden pickaxe.'", "[19:36:11]workera says: 'The critique is Successfully crafted a wooden pickaxe.'", "[19:36:11]workera says: 'my inventory is {'acacia_log': 11}, and my equipment is [None, None, None, None, None] '"]}]
Supplies in the chest: none
Output:
Task result judgment: According to the conversation, workers' inventory is {'acacia_log': 11}, and my equipment is none, so workera has failed the task Craft a wooden pickaxe.
Final task status: failed
Input:
The current task to be inquired:
WorkerA mine 15 more irons. WorkerA mine 10 logs
{'linnea3v3': ["[13:49:58]workera says: 'I have failed the task mine 15 irons.'", "[13:51:55]workera says: 'I have succeeded the task mine 10 logs.'", "[13:51:55]workera says: 'my inventory is {'crafting_table': 1, 'oak_planks': 8, 'stick': 8, 'oak_log': 5, 'birch_log': 5}, and my equipment is [None, None, None, None, 'crafting_table', None] '"]}]
Output:
Task result judgment: According to the inventory, workera has succeeded in the task mine 10 logs, but has failed the task mine 15 irons. Therefore, he failed.
Final task status: failed`

// plannerTemplate is C.2's "Task planner of root agent"; leaves get the
// same template with their own examples (§III: the roles differ only in
// their few-shot examples). {name} and {employment} are filled in; the
// paper's "{employment }" is the same field.
const plannerTemplate = `You are a Minecraft planner, your name is {name}, and you need to follow the rules of Minecraft and split the tasks into multiple stages to complete them according to the tasks in the [Conversation].
I will give you a [Conversation] and a [Previous long-term plan] (if have one) and a [Previous inventory of employers], and you need to output the [Current inventory of employers], [Analysis], [Long term plan], [Task at hand] and [Informer].
Your task is to perform the following actions to help me play Minecraft:
1. Handling the conversation and [Previous inventory of employers], you need to summarize the [Current inventory of employers]. Subject to the latest time of conversation
2. If there is no given [Previous long-term plan], develop one based on the conversation and [Current inventory of employers], and if there is a [Previous long-term plan], adjust it based on the conversation and [Current inventory of employers], (if there is not too much information in the [Conversation], output the original [Previous long term plan] content)
3. Then, You need to break down the tasks in conversation into step-by-step that can be performed in Minecraft, considering your social role and suppose you have nothing in your inventory.
4. Finally, please output the task at hand and who informs you to do the task.

You must follow the following criteria:

1. You now have employments {employment} in Minecraft to dispatch and divide up, and you need to try to arrange for everyone ({employment}) to have something to do in each STEP to maximize parallelism and efficiency, and not have employees waiting for and blocking each other . Don't leave your employees with nothing to do.
2. You need to consider the interdependence of tasks in Minecraft for the division of labor .
3. You need to consider {employment}'s inventory status from the conversation and develop a reasonable plan that fits their available resources (They can not get or use items from others).
4. If a [Previous long-term plan] is already in place, you need to adjust it based on their inventory and [previous progress] to reach your goals
5. You should take tasks that have a large workload and split them into smaller tasks, for example, if you need to mine 50 logs, you can split them into workerA mine 25 logs, workerB mine 25 logs.
6. You should have all your employees doing one thing and one thing only at every stage, no more and no less .
7. You have to adjust the plan so that the goal is accomplished in the shortest possible time, for example , by assigning work to an employee with a successful track record (once an employee has completed a job, assign it to someone else who hasn't) or by swapping the employee 's work in hand.
8. Things that affect each other should be done in different stages (e.g. Building foundation should be before building walls, building walls should be before building roof and they (building foundation, walls , roof) should be in different stages)
9. Things that don't affect each other can be done in one stage by different employees (e.g. Installing the door and building the roof do not interfere with each other and can be scheduled in the same stage for different employees to do). Please try to improve the overall efficiency as much as possible.
10. Each step related to construction needs to contain very detailed location information.
11. You can't generate 'assistance' tasks, each employee should do different things depending on their inventory.

The response format should be:

Current inventory of employers: <Updated inventory based on a previous inventory of employers and conversation.>

Objective: <combine the conversation and the objective from the last PLAN to give the current overall objective, possibly keeping it the same>

Analysis: <the step-by-step analysis of the conversation and previous progress (if have), then decide how to plan the goal and division of labor in Minecraft based on inventory of employers>

Long-term plan: The overall plan with multiple [stage], in each stage, everyone has important and specific tasks to do

The task at hand: The [stage] needs to be done now, in this stage, everyone has a specific task. (Please answer in detailed text), Output None if there is no task need to do now.

Informer is <one of the player's names, who inform you to do this thing, you can find in conversation>`

// plannerRootExamples are C.2's root examples 1 and 2 (example 3's output
// is cut off in the paper).
const plannerRootExamples = "Examples:\n\nExample 1:\n\n[INPUT]:\n\nConversation: ``` The conversation between linnea3v3 and leader\n-[15:33:35]linnea3v3 says: build a house begin at (-10,72,-30)\n```\n\nprevious conversation: ``None``\n\nprevious long-term plan: ``None``\n\nCurrent inventory of employers: workerA has an empty inventory, workerB has an empty inventory, workerC has an empty inventory.\n\n[Output]:\n\nCurrent inventory of employers: workerA has an empty inventory, workerB has an empty inventory, workerC has an empty inventory.\n\nObjective:\n\nBuild a house.\n\nAnalysis:\n\nTo build a house, we need to break down the tasks into several stages, including gathering materials, preparing the land, laying the foundation, constructing walls, and adding the roof and finishing touches. Since we're starting from scratch with empty inventories, the first step will be to gather necessary resources like wood and stone.\n\nLong-term plan:\n\nStage 1: WorkerA, WorkerB, WorkerC gather resources\n\nWorkerA mine 12 woods.\n\nWorkerB mine 25 stone.\n\nWorkerC mine 25 woods.\n\nStage 2: WorkerA builds the foundation at (-10,72,-30) WorkerB and WorkerC dig the wood\n\nWorkerA builds the foundation at (-10,72,-30)\n\nStage 3: WorkerB builds the wood wall at (-10,72,-30)\n\n...\n\nStage 4: WorkerC builds the wood roof at (-10,72,-30)\n\n...\n\nThe task at hand:\n\nStage 1: WorkerA, WorkerB, WorkerC gather resources\n\nWorkerA mine 25 woods.\n\nWorkerB mine 15 stone.\n\nWorkerC mine 25 woods.\n\nInformer is Linnea3v3\n\nExample 2:\n\n[INPUT]:\n\nConversation: ``` The conversation between linnea3v3 and leader\n\n-[15:33:35]linnea3v3 says: mine 50 stones\n\n```\n\nprevious conversation: ```None```\n\nprevious long-term plan: ```None```\n\nCurrent inventory of employers: workerA has an empty inventory, workerB has an empty inventory, workerC has an empty inventory.\n\n[Output]:\n\nCurrent inventory:\n\nworkerA has an empty inventory, workerB has an empty inventory, workerC has an empty inventory.\n\nObjective:\n\nMine 50 stones.\n\nAnalysis:\n\nTo efficiently complete the task of mining 50 stones, the workload needs to be divided among workerA, workerB, and workerC. Since the task is straightforward and all workers have the same starting point (empty inventory), the task can be evenly distributed.\n\nLong term plan:\n\nStage 1: Gather stones\n\nWorkerA mines 17 stones.\n\nWorkerB mines 17 stones.\n\nWorkerC mines 16 stones.\n\nThe task at hand:\n\nStage 1: Gather stones\n\nWorkerA mines 17 stones.\n\nWorkerB mines 17 stones.\n\nWorkerC mines 16 stones.\n\nInformer is Linnea3v3"

// plannerLeafExamples are C.2's leaf examples (the paper's page break
// cuts the first one's input; what is printed is kept).
const plannerLeafExamples = "Example1:\nprevious objective: ``None``\nprevious long term plan: ``None``\n\nOutput:\nCurrent inventory:\nthe inventory of workerA is None\n\nObjective:\nmine 10 woods.\n\nAnalysis:\nTo mine 10 woods in Minecraft, you need to start by finding trees. Since you're starting with nothing in your inventory, you'll have to mine the wood by hand.\n\nLong term plan:\nStage 1: WorkerA gathers resources\nWorkerA mine 10 woods.\nThe task at hand:\nWorkerA mine 10 woods.\nInformer is leader\n\nExample2:\nInput:\nConversation: `` The conversation between leader and workerA\n-[15:33:35]leader says: WorkerA mine 25 stones.``\nprevious objective: ``None``\nprevious long term plan: ``None``\n\nOutput:\nCurrent inventory:\nthe inventory of workerA is None\n\nObjective:\nmine 25 stones.\n\nAnalysis:\nTo mine 25 stones in Minecraft, you must first gather wood to craft wooden pickaxes, as mining stones directly by hand won't yield any resources. Start by finding and mining at least 3 logs from trees. Then, use a crafting table to convert these logs into wooden planks and sticks. With these materials, craft a wooden pickaxe to start mining stone.\n\nLong term plan:\nStage 1: Gather resources\nWorkerA mine 3 logs.\nWorkerA craft wooden planks and sticks from logs.\nWorkerA crafts a wooden pickaxe.\nStage 2: Mine stone\nWorkerA uses the wooden pickaxe to mine 25 stones.\n\nThe task at hand:\nStage 1: Gather resources\nWorkerA mine 3 logs.\nWorkerA craft wooden planks and sticks from logs.\nWorkerA crafts a wooden pickaxe.\n\nInformer is leader"

// actionTemplate is C.3's "Template of action planner"; {name},
// {profile}, {employment} and {example} are filled in.
const actionTemplate = `You are a helpful assistant. Your task is to directly translate [Current task] input into [TODO list] as RESPONSE. Your [TODO list] translations must be consistent with the [Current task], especially the 'who does each task' issue.

1. - You are player {name}. Your profile is ` + "``{profile}``" + `.
2. - [TODO list] has two types of items, those that you do yourself (e.g. Craft [quantity] [item] (at position)) and those that you arrange for someone else to do (e.g. inform [player] to kill [quantity] [mob] (at position))
3. - If the [current task] is someone else's, you should not translate the task you did yourself in [TODO list], but you should INFORM that person!

You must follow the following criteria:

1. The [todo list] items should follow a concise format, such as "Mine [quantity] [block] (at position)", "inform [player] to mine [quantity] [block] (at position)", "inform [player] to kill [quantity] [mob] (at position)", "Craft [quantity] [item] (at position)", "Smelt [quantity] [item] (at position)", "Kill [quantity] [mob] (at position)", "Cook [quantity] [food] (at position)", "Equip [item] (at position)", "Build [item] at [position]" etc. It should be a single phrase. Do not mention anything else. mention position when necessary.
2. The [to-do list] items should have an exact position if there is position information in the conversation.
3. When the task contains someone else's name ({employment}), you need to generate the inform todo, like "inform [player] to mine [quantity] [block] (at position)", "inform [player] to kill [quantity] [mob] (at position)", "inform [player1] to give [quantity] [item] to [player2]".

Response format should be:

<a list of todo, like ["todo1", "todo2", "todo3", ...]>(This JSON format will be parsed by Python ` + "`json.loads`" + `)

Ensure the response can be parsed by Python ` + "`json.loads`" + `, e.g.: no trailing commas, no single quotes, etc.

EXAMPLE:
{example}

["inform workerB to give a log to workerA", "inform workerA to craft 4 planks"]`

// actionLeafExample is C.3's "Action planner: example of leaf agent".
const actionLeafExample = `Example 1: If your name is worker, you should not generate a task includes 'inform', you should only do the task yourself:
INPUT:
Current task:
Step: WorkerA mine 25 woods
RESPONSE:
["mine 25 woods"]`

// actionRootExample is C.3's "Action planner: example of root agent"
// (examples 1 and 2; 3 and 4 are cut off in the paper).
const actionRootExample = `Example 1: If your name is leader, you should better generate task that includes 'inform':
INPUT:
Current task:
Step: gather resources
WorkerA mine 25 woods.
WorkerB mine 15 stone.
RESPONSE:
["inform WorkerA to mine 25 woods", "inform workerB mine 15 stone"]

Example 2: If your name is leader:
INPUT:
Current task:
Step: WorkerA needs to build the foundation.
RESPONSE:
["inform workerA to build the foundation"]`
