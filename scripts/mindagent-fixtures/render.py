#!/usr/bin/python3
"""Render MindAgent's dispatcher calls with MindAgent's own Python.

Runs MindAgent (github.com/mindagent/mindagent at 540a114, exported from a
git mirror into a scratch directory outside this repo) under Debian's
python3 and records the messages its dispatcher sends a model, call by
call, for the cases in cases.json:

  dispatch  agents/chat_agent.py's main(), unchanged: the rules, the
            one-shot demo, the info turn, the per-step user turns and the
            history window, the replies read with extract_actions, the
            world stepped and its feedback on the next turn;
  human     webpage/app.py's routes, unchanged: result() starts a game in
            the human variant, game_handle() takes the human's action
            (agent 0) from the posted form and asks the model for the
            others';
  pyset     list(set) of random strings, to check our reproduction of
            CPython's set order (the rules list the level's objects in it).

No MindAgent code is copied here. What MindAgent imports and Debian does
not ship is replaced by stubs (stubs/ beside this file, and gym and
gymnasium.spaces from ../mindagent-diff/stubs); only openai's stub carries
behaviour: its chat.completions.create records the call and answers with
the case's next reply. The World the code builds is wrapped only to record
the dishes its order stream draws (as scripts/mindagent-diff does), so the
Go test replays the same orders.

Each case runs in a fresh interpreter with PYTHONHASHSEED set to the case's
hash seed, since the rules list objects in Python set order.

Usage: render.py --mindagent DIR --cases cases.json --out testdata/mindagent
"""
import argparse
import gzip
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = [os.path.join(HERE, "stubs"), os.path.join(HERE, "..", "mindagent-diff", "stubs")]
ALPHAS = [1.0, 1.5, 2.0, 2.5, 3.0]


class Stop(Exception):
    """Raised by the model stub once a case has its calls."""


class Recorder:
    """The model: records each call's messages and answers in turn."""

    def __init__(self, replies, calls):
        self.replies, self.calls, self.log = replies, calls, []

    def __call__(self, kwargs):
        if len(self.log) == self.calls:
            raise Stop()
        reply = self.replies[len(self.log) % len(self.replies)]
        self.log.append({"messages": kwargs["messages"], "model": kwargs["model"],
                         "temperature": kwargs["temperature"], "max_tokens": kwargs["max_tokens"],
                         "reply": reply})
        return reply


class RecordingRNG:
    """Wraps a World's random stream and records the index of each dish the
    order stream draws, episode by episode (reset starts a new list)."""

    def __init__(self, rng):
        self.rng, self.episodes = rng, []

    def choice(self, seq):
        dish = self.rng.choice(seq)
        self.episodes[-1].append(list(seq).index(dish))
        return dish


def recording_world(World, rngs):
    """World as MindAgent's code builds it, its order stream recorded."""
    def make(*args, **kwargs):
        env = World(*args, **kwargs)
        rec = RecordingRNG(env.task_manager.rng)
        env.task_manager.rng = rec
        reset = env.reset

        def reset_and_mark(*a, **k):
            rec.episodes.append([])
            return reset(*a, **k)
        env.reset = reset_and_mark
        rngs.append(rec)
        return env
    return make


def dispatch_case(case):
    import openai
    import agents.chat_agent as chat_agent

    rec = Recorder(case["replies"], case["calls"])
    openai.RESPOND = rec
    rngs = []
    chat_agent.World = recording_world(chat_agent.World, rngs)
    feedback, notes = case.get("feedback", True), case.get("notes", True)
    # main() skips the alphas its result file already holds: leave only the
    # case's alpha to run.
    model = "gpt-4"
    name = f"result_{case['level']}_{case['agents']}_{model}.json"
    if not feedback:
        name = f"result_{case['level']}_{case['agents']}_wo_feedback_{model}.json"
    elif not notes:
        name = f"result_{case['level']}_{case['agents']}_wo_notes_{model}.json"
    with open(name, "w") as f:
        json.dump({str(a): {} for a in ALPHAS if a != case["alpha"]}, f)
    try:
        chat_agent.main(model=model, with_feedback_arg=feedback, with_notes_arg=notes,
                        num_agents=case["agents"], level_to_run=case["level"])
    except Stop:
        pass
    finally:
        os.remove(name)
    return {"calls": rec.log, "draws": rngs[0].episodes if rngs else []}


def human_case(case):
    import flask
    import openai
    sys.path.insert(0, "webpage")
    import app

    rec = Recorder(case["replies"], case["calls"])
    openai.RESPOND = rec
    rngs = []
    app.World = recording_world(app.World, rngs)
    flask.request.method = "POST"
    flask.request.form = {"level": case["level"], "game_mode": "collaboration", "numAgents": str(case["agents"])}
    app.result()
    (user_id,) = app.world_dict.keys()
    try:
        for action in case["human"] * case["calls"]:
            flask.request.form = {"user_id": user_id, "agent0_id": "0", "agent0_action": form_action(action)}
            app.game_handle()
    except Stop:
        pass
    return {"calls": rec.log, "draws": rngs[0].episodes}


def form_action(action):
    """The web form's words for a MindAgent action of agent 0
    (goto_agent0_storage0 -> "goto storage0")."""
    parts = action.split("_")
    return " ".join([parts[0]] + parts[2:])


def pyset_case(case):
    rng = random.Random(case["seed"])
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789\u00e9\u20ac\U0001F600"
    sets = []
    for _ in range(case["sets"]):
        keys = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 18))) for _ in range(rng.randint(0, 70))]
        keys += keys[: rng.randint(0, len(keys))]
        s = set()
        for k in keys:
            s.add(k)
        sets.append({"keys": keys, "order": list(s)})
    return {"sets": sets}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mindagent", help="MindAgent checkout")
    ap.add_argument("--cases", help="cases.json")
    ap.add_argument("--out", help="output directory")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # internal: kind of the case on stdin
    args = ap.parse_args()
    if args.one:
        # MindAgent prints every turn: keep stdout for the result.
        case = json.load(sys.stdin)
        real, sys.stdout = sys.stdout, sys.stderr
        sys.path[:0] = STUBS + [os.getcwd()]
        out = {"dispatch": dispatch_case, "human": human_case, "pyset": pyset_case}[args.one](case)
        out.update({"kind": args.one, "case": case, "hashseed": int(os.environ["PYTHONHASHSEED"])})
        real.write(json.dumps(out))
        return
    src = os.path.abspath(args.mindagent)
    with open(os.path.join(src, ".mindagent-commit")) as f:
        commit = f.read().strip()
    with open(args.cases) as f:
        cases = json.load(f)
    results = []
    for kind in ("dispatch", "human", "pyset"):
        for case in cases[kind]:
            env = dict(os.environ, PYTHONHASHSEED=str(case["hashseed"]), PYTHONDONTWRITEBYTECODE="1")
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", kind], input=json.dumps(case),
                               capture_output=True, text=True, cwd=src, env=env)
            if p.returncode != 0:
                sys.exit(f"{kind} case {case.get('name', '')}: failed:\n{p.stderr[-3000:]}")
            results.append(json.loads(p.stdout))
            print(f"{kind} {case.get('name', case['hashseed'])}: {len(results[-1].get('calls', results[-1].get('sets', [])))}",
                  file=sys.stderr)
    data = {"header": {"mindagent": commit, "python": sys.version.split()[0]}, "cases": results}
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "calls.json.gz"), "wb") as f:
        # mtime 0 and no file name: the same calls give the same bytes.
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as gz:
            gz.write((json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode())


if __name__ == "__main__":
    main()
