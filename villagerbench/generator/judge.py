"""Write villagerbench/testdata/judge-cases.json: VillagerBench's own judge
code run on collabcraft's blueprints.

The functions are taken from VillagerAgent's env/build_judger.py in a git
mirror, unchanged: measure_complexity (module level) and check_block,
cal_block_hit_rate and cal_view_hit_rate (nested in handleViewer, where
they read the world through the judge bot's bot.blockAt). Each is compiled
from its own source and run with a stand-in bot whose blockAt answers from
a world given as a dict of cells (name and block-state properties, as
mineflayer's Block gives them). Nothing of VillagerAgent is copied into
the repo; this file records what its code computes.

Cases, per blueprint of villagerbench/data/paper.json and of the generated
sample (villagerbench/testdata/generated-sample.json): the blueprint
built exactly; one faced block turned; and seeded damage (blocks removed,
blocks replaced by another material, a stray block in front). Each case
stores its changes to the exact build and the judge's C (block_hit_rate),
per-view hit rates and VHR; each blueprint its complexity D without and
with dig_needed and the budgets the judge derives from D.
TestJudgeCases replays them against package villagerbench.

    python3 villagerbench/generator/judge.py --mirror M --rev dd1ecc1 \
        --blueprints villagerbench/data/paper.json villagerbench/testdata/generated-sample.json \
        --out villagerbench/testdata/judge-cases.json
"""
import argparse
import ast
import json
import random
import subprocess
import textwrap

import numpy as np

JUDGER = "env/build_judger.py"
FACING_PROPS = {"W": ("facing", "west"), "E": ("facing", "east"), "S": ("facing", "south"), "N": ("facing", "north"),
                "x": ("axis", "x"), "y": ("axis", "y"), "z": ("axis", "z")}


class Block:
    """What bot.blockAt returns, as far as the judge reads it:
    block["name"] and block._properties[...] (None for a property the block
    does not have, as the JS bridge gives undefined)."""

    def __init__(self, name, props):
        self._name = name
        self._properties = _Props(props)

    def __getitem__(self, key):
        if key != "name":
            raise KeyError(key)
        return self._name


class _Props(dict):
    def __getitem__(self, key):
        return self.get(key)


class Bot:
    def __init__(self, cells):
        self.cells = cells

    def blockAt(self, v):
        name, props = self.cells.get((v.x, v.y, v.z), ("air", {}))
        return Block(name, props)


class Vec3:
    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z


def judge_functions(source):
    """The four functions, compiled from build_judger.py's own text."""
    tree = ast.parse(source)
    defs = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "measure_complexity":
            defs[node.name] = node
        if isinstance(node, ast.FunctionDef) and node.name == "handleViewer":
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef) and inner.name in ("check_block", "cal_block_hit_rate", "cal_view_hit_rate"):
                    defs[inner.name] = inner
    if len(defs) != 4:
        raise SystemExit(f"{JUDGER}: found {sorted(defs)}, expected the four judge functions")
    scope = {"Vec3": Vec3, "np": np}
    for name, node in defs.items():
        text = textwrap.dedent(ast.get_source_segment(source, node))
        exec(compile(text, f"{JUDGER}:{node.lineno}", "exec"), scope)
    return scope


def props(facing):
    if facing in FACING_PROPS:
        k, v = FACING_PROPS[facing]
        return {k: v}
    return {}


def data_of(bp):
    """The judge's task data: blocks as dicts, and the size its view grids
    span (the blocks' extent; the rebuilt blueprints have no size)."""
    blocks = [{"name": b["name"], "position": list(b["position"]), "facing": b["facing"]} for b in bp["blocks"]]
    size = [max(b["position"][a] for b in blocks) - min(b["position"][a] for b in blocks) for a in range(3)]
    return {"size": size, "blocks": blocks}


def door_half(cells, p):
    """The other half of the door at p (None when p holds no door): a
    door's halves go together, as in the game and collabcraft's world."""
    name = cells.get(p, ("air",))[0]
    if not name.endswith("_door"):
        return None
    below, above = (p[0], p[1] - 1, p[2]), (p[0], p[1] + 1, p[2])
    for q in (below, above):
        if cells.get(q, ("air",))[0] == name:
            return q
    return None


def run_case(scope, bp, removed, placed):
    cells = {tuple(b["position"]): (b["name"], props(b["facing"])) for b in bp["blocks"]}
    for p in map(tuple, removed):
        other = door_half(cells, p)
        cells.pop(p, None)
        if other:
            cells.pop(other)
    for s in placed:
        p = tuple(s["position"])
        other = door_half(cells, p)
        if other and cells[p][0] == s["name"]:
            cells[other] = (s["name"], props(s["facing"]))  # a door turns whole
        elif other:
            cells.pop(other)  # a door half replaced: the other goes too
        cells[p] = (s["name"], props(s["facing"]))
    scope["bot"] = Bot(cells)
    data = data_of(bp)
    c = scope["cal_block_hit_rate"](data)
    # cal_view_hit_rate returns the mean; the per-view rates are its
    # hit_rate_list, read by wrapping list.append is not possible, so the
    # views come from a copy of the function that returns the list.
    vhr = scope["cal_view_hit_rate"](data)
    views = scope["view_rates"](data)
    return c, vhr, views


def view_rates_function(source, scope):
    """cal_view_hit_rate with its last two lines (the mean) replaced by
    `return hit_rate_list`: the same code, its intermediate result."""
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "handleViewer":
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef) and inner.name == "cal_view_hit_rate":
                    fn = inner
    tail = fn.body[-2:]
    if not (isinstance(tail[0], ast.Assign) and isinstance(tail[1], ast.Return)):
        raise SystemExit(f"{JUDGER}: cal_view_hit_rate does not end with the mean and its return")
    fn.body = fn.body[:-2] + [ast.parse("return hit_rate_list").body[0]]
    fn.name = "view_rates"
    module = ast.Module(body=[fn], type_ignores=[])
    ast.fix_missing_locations(module)
    exec(compile(module, f"{JUDGER}:view_rates", "exec"), scope)


OTHER = ["stone", "oak_planks", "glass", "dirt"]


def cases_for(scope, bp, rng):
    out = []
    blocks = bp["blocks"]
    out.append(("exact", [], []))
    faced = [b for b in blocks if b["facing"] in ("W", "E", "S", "N")]
    if faced:
        b = rng.choice(faced)
        turned = rng.choice([f for f in ("W", "E", "S", "N") if f != b["facing"]])
        out.append(("turned", [], [dict(b, facing=turned)]))
    axed = [b for b in blocks if b["facing"] in ("x", "y", "z")]
    if axed:
        b = rng.choice(axed)
        out.append(("turned axis", [], [dict(b, facing=rng.choice([f for f in "xyz" if f != b["facing"]]))]))
    k = max(1, len(blocks) // 5)
    removed = [b["position"] for b in rng.sample(blocks, k)]
    replaced = []
    for b in rng.sample(blocks, k):
        name = rng.choice([n for n in OTHER if n != b["name"]])
        replaced.append({"name": name, "position": b["position"], "facing": "A"})
    lo = [min(b["position"][a] for b in blocks) for a in range(3)]
    hi = [max(b["position"][a] for b in blocks) for a in range(3)]
    stray = {"name": "cobblestone", "facing": "A",
             "position": [rng.randint(lo[0], hi[0]), rng.randint(lo[1], hi[1]), rng.randint(lo[2], hi[2])]}
    out.append(("damaged", removed, replaced + [stray]))
    cases = []
    for kind, rem, placed in out:
        c, vhr, views = run_case(scope, bp, rem, placed)
        cases.append({"blueprint": bp["id"], "kind": kind, "removed": rem, "placed": placed,
                      "c": c, "vhr": vhr, "views": views})
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--rev", required=True)
    ap.add_argument("--blueprints", required=True, nargs="+")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    source = subprocess.run(["git", "-C", args.mirror, "show", f"{args.rev}:{JUDGER}"],
                            check=True, capture_output=True, text=True).stdout
    commit = subprocess.run(["git", "-C", args.mirror, "rev-parse", f"{args.rev}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    scope = judge_functions(source)
    view_rates_function(source, scope)
    bps = []
    for path in args.blueprints:
        with open(path) as f:
            bps.extend(json.load(f)["blueprints"])
    rng = random.Random(31)
    complexity, cases = [], []
    for bp in bps:
        d = scope["measure_complexity"](data_of(bp), dig_needed=False)
        d_dig = scope["measure_complexity"](data_of(bp), dig_needed=True)
        complexity.append({"blueprint": bp["id"], "d": d, "d_dig": d_dig,
                           "action": float((np.log(d) + 1) * 60 + 180), "wall": float((np.log(d) + 1) * 180 + 600)})
        cases.extend(cases_for(scope, bp, rng))
    with open(args.out, "w") as f:
        f.write("{\n")
        f.write(f' "source": {json.dumps(f"VillagerAgent {commit} {JUDGER}")},\n')
        f.write(' "complexity": [\n')
        f.write(",\n".join("  " + json.dumps(c) for c in complexity))
        f.write("\n ],\n \"cases\": [\n")
        f.write(",\n".join("  " + json.dumps(c) for c in cases))
        f.write("\n ]\n}\n")
    print(f"wrote {args.out}: {len(complexity)} blueprints, {len(cases)} cases")


if __name__ == "__main__":
    main()
