// Package escape is VillagerBench's escape rooms (seed paper 001, §2 and
// App. B; github.com/cnsdqd-dyb/VillagerAgent at dd1ecc1,
// env/minecraft_define.py and env/escape_room_judger.py) apart from any
// world: the puzzle atoms as data, the room generator, what the world must
// build, and the rule engine the world calls as agents act.
//
//   - Atoms: VillagerAgent's 18 atoms (data/atoms.json, written from its
//     data/escape_atom.json by generator/generate.py; make escape-data),
//     validated on load (ParseAtoms).
//   - New lays out a Task as VillagerAgent's StateTree does, from the exit
//     back to the start; with Config.Python it draws from CPython's random
//     stream and reproduces VillagerBench's own tasks room for room
//     (TestStateTreeMatchesVillagerAgent). CodeTasks are its 22 tasks,
//     PaperLevels the paper's 25, Generate new ones for any count with
//     splits that share no layout.
//   - Task.Build lists the blocks and entities to build; Task.Visible says
//     what an agent at a position sees (its own room).
//   - Engine runs the rules: the world reports moves, uses of blocks,
//     placements and the time; the engine answers with the blocks, items
//     and teleports to apply, and keeps the judger's score (C), the room
//     texts and whether the task is done.
package escape

// VillagerGoal is the task text VillagerBench gives its agents for every
// escape task (config.py:125-126, select_task_goal("puzzle")). Its exit
// "130, -60, -140" has the sign of z wrong: the exit area is at
// Bias, z +140, and the rooms lie at lower z.
const VillagerGoal = "Attention all agents, you are tasked with a cooperative multi-stage escape challenge. Each 10x10 room requires teamwork to solve puzzles and overcome obstacles. Be advised that you may be separated into different rooms, where direct collaboration isn't always possible. Despite this, leverage your strengths to progress as a unit. Upon task completion, you'll either be transported to the next room or the path will clear for you to proceed on foot. The rooms are aligned along the z-axis, with the center points spaced 10 units apart. Your final objective is to reach the exit at coordinates 130, -60, -140. Coordinate, adapt, and work together to escape. Good luck!"
