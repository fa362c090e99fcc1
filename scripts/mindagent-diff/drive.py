"""Drives MindAgent's own CuisineWorld (overcooked/game.py, unchanged) with
seeded action sequences and records what it does, step by step, for the Go
differential test (cuisine/diff_test.go).

Usage (from the repository root): make mindagent-diff
  or: python3 scripts/mindagent-diff/drive.py --mindagent DIR --out cuisine/testdata/mindagent

DIR is a checkout of github.com/mindagent/mindagent (540a114). The script
imports its game from there, with stand-ins for gym and gymnasium.spaces
(stubs/, the only imports the game needs that Debian does not package), and
runs from DIR because MindAgent opens its assets by relative paths.

It writes two files:

  traces.jsonl.gz  one JSON object per episode: the setting, the state after
                   reset and, for every step, the actions sent, the orders
                   drawn, the error messages, suggestions, action successes,
                   reward, the state after the step and the dispatcher's state
                   text (levels/utils.py convert_to_prompt)
  cases.json       what MindAgent does where our world deliberately differs
                   (it crashes or misreads), and Python's str() of lists of
                   awkward strings, the form in which the dispatcher shows
                   error messages

Every choice comes from random.Random streams seeded per setting, so two
runs write identical files.
"""
import argparse
import gzip
import io
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

ALPHAS = [1.0, 1.5, 2.0, 2.5, 3.0]
BETA = 2.5
EPISODES = 3  # per World, as agents/chat_agent.py runs each setting
STEPS = 60


class RecordingRNG:
    """Wraps the game's random.Random and records the index of each dish the
    order stream draws, so the Go world can replay the same orders."""

    def __init__(self, rng):
        self.rng = rng
        self.draws = []

    def choice(self, seq):
        dish = self.rng.choice(seq)
        self.draws.append(list(seq).index(dish))
        return dish

    def take(self):
        draws, self.draws = self.draws, []
        return draws


def snapshot(env, state):
    """The state the game returned (a StepReturnType), plus the timers and
    pick-up flags it keeps inside its objects."""
    locs = []
    for loc in state.locations:
        obj = env.name_mapping[loc["id"]]
        locs.append([loc["id"], loc["content"], obj.is_occupied, obj.pickable])
    return {
        "tasks": [[n, l] for n, l in zip(state.current_tasks_name, state.current_tasks_lifetime)],
        "step": state.current_step,
        "max_steps": state.max_steps,
        "over": state.game_over,
        "just": state.task_just_success,
        "just_at": state.task_just_success_location,
        "failed": state.just_failed,
        "done": state.accomplished_tasks,
        "agents": [[a["location"], a["hold"], a["occupied"]] for a in state.agents],
        "locs": locs,
        "timer": env.task_manager._timer,
    }


class Planner:
    """A plain greedy cook, so that episodes complete orders and the serving,
    success and reward paths run. It reads the game's objects directly; how
    good it is does not matter, only that it makes progress."""

    def __init__(self, env, base):
        self.env = env
        self.base = base
        self.recipes = env.recipe.raw_recipe  # this level's recipes
        self.uses = {}
        for dish, r in self.recipes.items():
            for ing in r["ingredients"]:
                self.uses.setdefault(ing, []).append(dish)

    def tree_bases(self, dish):
        out = []
        for ing in self.recipes[dish]["ingredients"]:
            if ing in self.recipes:
                out.extend(self.tree_bases(ing))
            else:
                out.append(ing)
        return out

    def act(self, i, rng):
        env = self.env
        agent = env.agents[i]
        here = agent.location.name
        if agent.is_occupied:
            return f"noop_agent{i}"
        tools = [l for l in env.name_mapping.values()
                 if l.type.value not in ("storage", "servingtable")]
        if agent.holding:
            held = agent.holding.name
            if held in env.task_manager._all_tasks:
                return self.go_do(i, here, "servingtable0", "put")
            fits = []
            for dish in self.uses.get(held, []):
                want = self.recipes[dish]
                for l in tools:
                    if l.type.value != want["location"] or l.is_occupied:
                        continue
                    content = l.content.all_content() if l.content else []
                    if held in content or len(content) >= l.capacity:
                        continue
                    if all(c in want["ingredients"] for c in content):
                        fits.append((len(content) == 0, l.name))
            if fits:
                fits.sort()
                best = [n for e, n in fits if e == fits[0][0]]
                return self.go_do(i, here, rng.choice(best), "put")
            return self.go_do(i, here, "storage0", "put")
        loc = env.name_mapping[here]
        if loc in tools and not loc.is_occupied and loc.content:
            if self.ready(loc):
                return f"activate_agent{i}_{here}"
            if loc.pickable and loc.content.name in self.recipes:
                return f"get_agent{i}_{here}"
        jobs = []
        for l in tools:
            if l.is_occupied or not l.content:
                continue
            if self.ready(l) or (l.pickable and l.content.name in self.recipes):
                jobs.append(l.name)
        orders = env.task_manager._current_task_list
        if jobs and rng.random() < 0.6:
            return f"goto_agent{i}_{rng.choice(jobs)}"
        if orders:
            dish = orders[0] if rng.random() < 0.6 else rng.choice(orders)
            item = rng.choice(self.tree_bases(dish))
            if here == "storage0":
                return f"get_agent{i}_{item}_storage0"
            return f"goto_agent{i}_storage0"
        return f"noop_agent{i}"

    def ready(self, loc):
        """Whether the tool's content is one of this level's recipes."""
        return self.env.recipe.make(loc, loc.content.all_content()).name != "waste"

    @staticmethod
    def go_do(i, here, target, verb):
        if here == target:
            return f"{verb}_agent{i}_{target}"
        return f"goto_agent{i}_{target}"


def available(env, i, rng):
    """One of the actions the game itself lists as available to agent i."""
    struct = env.available_actions(return_struct=True)[i]
    options = []
    for verb, args in struct.items():
        for a in args:
            options.append("_".join([verb, f"agent{a[0]}"] + [str(x) for x in a[1:]]))
    return rng.choice(options) if options else f"noop_agent{i}"


def bad(env, i, rng, objects, base):
    """An action that is malformed or breaks a rule, with MindAgent's error
    text as the expected answer: unknown tools, items, verbs and agents,
    waste, occupied tools and agents, capacity, wrong places."""
    names = list(env.name_mapping)
    kinds = ["storage", "servingtable", "blender", "chopboard", "pan", "fryer",
             "mixer", "pot", "steamer", "oven"]
    absent = [f"{k}0" for k in kinds if f"{k}0" not in names] + ["grill0", "pot9", "storage", "oven"]
    non_base = [o for o in objects if o not in base]
    loc = lambda: rng.choice(names)  # noqa: E731
    here = env.agents[i].location.name
    options = [
        # where the agent stands: occupied tools, capacity, waste, emptiness
        lambda: f"put_agent{i}_{here}",
        lambda: f"get_agent{i}_{here}",
        lambda: f"activate_agent{i}_{here}",
        lambda: f"put_agent{i}_{here}",
        lambda: f"get_agent{i}_{here}",
        lambda: f"activate_agent{i}_{here}",
        lambda: f"get_agent{i}_{rng.choice(base)}_storage0",
        lambda: f"get_agent{i}_{rng.choice(non_base)}_storage0",
        lambda: f"get_agent{i}_banana_storage0",
        lambda: f"get_agent{i}_waste_storage0",
        lambda: f"get_agent{i}_storage0",
        lambda: f"get_agent{i}_{loc()}",
        lambda: f"get_agent{i}_{rng.choice(objects)}_{loc()}",
        lambda: f"get_agent{i}_servingtable0",
        lambda: f"put_agent{i}_{loc()}",
        lambda: f"put_agent{i}_{rng.choice(objects)}_{loc()}",
        lambda: f"put_agent{i}_servingtable0",
        lambda: f"activate_agent{i}_{loc()}",
        lambda: f"goto_agent{i}_{rng.choice(absent)}",
        lambda: f"put_agent{i}_{rng.choice(absent)}",
        lambda: f"get_agent{i}_tuna_{rng.choice(absent)}",
        lambda: f"noop_agent{i}_{loc()}",
        lambda: f"noop_agent{i}_x_{loc()}",
        lambda: f"goto_agent{i}_x_{loc()}",
        lambda: f"activate_agent{i}_x_{loc()}",
        lambda: f"cook_agent{i}_{loc()}",
        lambda: f"Goto_agent{i}_{loc()}",
        lambda: f"goto_agentX_{loc()}",
        lambda: f"goto_agent_{loc()}",
        lambda: f"goto_robot{i}_{loc()}",
        lambda: f"goto_agent0{i}_{loc()}",
        lambda: f"goto_agent+{i}_{loc()}",
        lambda: f"goto_agent {i} _{loc()}",
        lambda: f"goto_agentagent{i}_{loc()}",
        lambda: f"get_agent{i}_a_b_storage0",
        lambda: f"put_agent{i}_{loc()}_",
        lambda: "noop",
        lambda: "",
        lambda: f"noop_agent{i}",
    ]
    return rng.choice(options)()


def step_actions(env, planner, n, rng, mix, objects, base):
    p_plan, p_avail = mix
    order = list(range(n))
    rng.shuffle(order)  # actions run in the order written, not by agent id
    acts = []
    for i in order:
        r = rng.random()
        if r < p_plan:
            acts.append(planner.act(i, rng))
        elif r < p_plan + p_avail:
            acts.append(available(env, i, rng))
        else:
            acts.append(bad(env, i, rng, objects, base))
    r = rng.random()
    if r < 0.04:
        acts.append(rng.choice(acts))  # the same action twice
    elif r < 0.08:
        i = rng.randrange(n)
        acts.append(bad(env, i, rng, objects, base) if rng.random() < 0.5 else planner.act(i, rng))
    elif r < 0.12 and len(acts) > 1:
        acts = acts[: rng.randrange(1, len(acts))]  # some agents left out
    elif r < 0.15:
        acts = [f"noop_agent{i}" for i in order]
    return acts


def make_world(World, level, n, alpha, seed):
    env = World(recipe_filename="./assets/recipe.json",
                task_filename="./assets/tasks_level_final.json",
                level=level, use_task_lifetime_interval_oracle=True,
                alpha=alpha, beta=BETA, num_agents=n, override_agent=True, seed=seed)
    rec = RecordingRNG(env.task_manager.rng)
    env.task_manager.rng = rec
    return env, rec


def run_setting(World, convert_to_prompt, objects, base, level, n, alpha, seed, mixes, out):
    rng = random.Random(f"actions/{level}/{n}/{alpha}/{seed}")
    env, rec = make_world(World, level, n, alpha, seed)
    steps = 0
    for ep in range(EPISODES):
        obs = env.reset()
        planner = Planner(env, base)
        episode = {
            "level": level, "agents": n, "alpha": alpha, "beta": BETA, "seed": seed,
            "episode": ep,
            "interval": env.task_manager._task_interval,
            "lifetimes": {d: t["task_lifetime"] for d, t in env.task_manager.task_def["task_list"].items()},
            "reset": {"draws": rec.take(), "state": snapshot(env, obs), "prompt": convert_to_prompt(obs)},
            "steps": [],
        }
        mix = mixes[ep % len(mixes)]
        # One episode in three runs past the end, where the game reports
        # game_over (it checks before counting the step).
        length = STEPS + (2 if ep == 1 else 0)
        for _ in range(length):
            acts = step_actions(env, planner, n, rng, mix, objects, base)
            obs, success, info = env.step(acts)
            episode["steps"].append({
                "actions": acts,
                "draws": rec.take(),
                "feedback": env.feedback,
                "feedback_text": str(env.feedback),
                "suggestions": env.suggestions,
                "ok": info["action_success"],
                "success": success,
                "reward": info["reward"],
                "state": snapshot(env, obs),
                "prompt": convert_to_prompt(obs),
            })
            steps += 1
        episode["tally"] = {"success": env.success_count, "failed": env.failed_count,
                            "open": len(env.task_manager._current_task_list)}
        out.write(json.dumps(episode, separators=(",", ":")) + "\n")
    return steps


def divergences(World):
    """Where MindAgent's game crashes or misreads an action, recorded so the
    Go test shows what our world does instead and why."""
    cases = []
    for acts in (["goto_agent2_storage0", "noop_agent0"],   # agent id out of range
                 ["goto_agent-1_storage0", "noop_agent0"],  # negative id: Python indexes from the end
                 ["goto_agent0", "noop_agent1"],            # a verb that needs a tool, without one
                 ["put_agent0"],
                 []):                                       # no action at all
        env, _ = make_world(World, "level_0", 2, 1.0, 0)
        env.reset()
        case = {"level": "level_0", "agents": 2, "actions": acts}
        try:
            obs, _, info = env.step(acts)
            case["feedback"] = env.feedback
            case["after"] = [[a["location"], a["hold"]] for a in obs.agents]
        except Exception as e:  # noqa: BLE001  (the crash is the finding)
            case["python_error"] = f"{type(e).__name__}: {e}"
        cases.append(case)
    return cases


REPR_CASES = ["plain", "it's", 'say "hi"', "both ' and \"", "back\\slash", "tab\tend",
              "new\nline", "cr\r", "\x00\x01\x1f\x7f", "caf\u00e9", "nbsp\u00a0", "zw\u200bsp",
              "\u65e5\u672c", "\U0001F600", "\x85\xad"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mindagent", required=True, help="MindAgent checkout")
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--sizes", default="1,2,3,4", help="team sizes to cycle through")
    args = ap.parse_args()
    src = os.path.abspath(args.mindagent)
    out = os.path.abspath(args.out)
    commit_file = os.path.join(src, ".mindagent-commit")
    with open(commit_file) as f:
        commit = f.read().strip()
    os.chdir(src)
    sys.path[:0] = [os.path.join(HERE, "stubs"), src]
    from overcooked import World  # noqa: E402  (MindAgent's game)
    from levels.utils import convert_to_prompt  # noqa: E402
    from levels import constants  # noqa: E402

    base = list(constants.base_ingridients)
    objects = list(constants.all_objecsts)
    with open("assets/tasks_level_final.json") as f:
        levels = list(json.load(f))
    sizes = [int(s) for s in args.sizes.split(",")]
    # (planner, available) shares of the actions; the rest break rules.
    mixes = [(0.85, 0.05), (0.55, 0.2), (0.35, 0.3)]

    os.makedirs(out, exist_ok=True)
    buf = io.StringIO()
    steps = 0
    for li, level in enumerate(levels):
        for ai, alpha in enumerate(ALPHAS):
            for k in range(2):
                n = sizes[(ai + k * 2 + li) % len(sizes)]
                seed = li * 100 + ai * 10 + k
                steps += run_setting(World, convert_to_prompt, objects, base,
                                     level, n, alpha, seed, mixes, buf)
    header = {"header": {"mindagent": commit, "python": sys.version.split()[0],
                         "steps": steps, "episodes": buf.getvalue().count("\n")}}
    data = json.dumps(header, separators=(",", ":")) + "\n" + buf.getvalue()
    with open(os.path.join(out, "traces.jsonl.gz"), "wb") as f:
        # mtime 0 and no file name: the same traces give the same bytes.
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as gz:
            gz.write(data.encode())

    cases = {"header": {"mindagent": commit, "python": sys.version.split()[0]},
             "divergences": divergences(World),
             "repr": [{"list": [s, "x"], "str": str([s, "x"])} for s in REPR_CASES]}
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump(cases, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{steps} steps in {header['header']['episodes']} episodes -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
