// Package stats summarises runs (or filtered views) the way MineCollab and
// VillagerBench report them: the paper's Table 2 per task type (tasks per
// split, trials, successes, transitions, average trajectory length),
// success by task knob (crafting depth and plan, cooking recipe access,
// construction materials and rooms, number of agents; Tables 4 to 6), and
// VillagerBench's team metrics (Balance, Efficiency) with token usage and
// cost per success.
//
// Collect reads a stream of trials once and keeps only counters, so memory
// grows with the number of distinct tasks and knob values, not trials: the
// task ids, splits and knob values it keeps are strings a decoded trial
// owns, never its texts (see trajectory.Trial). TestCollectKeepsNoTrial
// checks it, and BenchmarkCollect reports the peak live heap by run size
// beside BenchmarkRead, the time of only reading the same runs.
//
// Definitions, where the papers leave room:
//   - Average trajectory length: model calls (transitions) per trial, all
//     agents together.
//   - Success is the trial outcome's flag; for construction, whose score is
//     continuous, the breakdowns report the mean score instead, as Table 6.
//   - Balance (VillagerBench eq. 2): per trial with two or more agents,
//     t' = (t - min t) / (max t - min t) over the agents' active times and
//     B = 1 - σ(t') (population σ; B = 1 when all are equal), averaged over
//     trials. An agent's active time is Trial.Metrics["active_seconds:<name>"]
//     as the engine records it: the think time of its model calls plus the
//     duration of its commands, cut at the trial's end. Trials recorded
//     before the engine wrote it fall back to the simulated seconds from
//     each of its model calls that issued a command to its next call (or
//     the end of the trial).
//   - Efficiency: completion (the score) per minute of simulated time,
//     Σ score / Σ minutes over the trials of a group.
//   - Cost: tokens priced per million (prompt and completion prices are
//     given by the caller); cost and tokens per success divide by the
//     number of successful trials.
package stats
