"""Write villagerbench/testdata/paper-check.json: what VillagerBench's own
blueprint descriptions say, read by a second, independent reader.

villagerbench/generator (Go) rebuilds the paper's 100 blueprints from
VillagerAgent's data/blueprint_description_all.json with package
villagerbench's ParseDescription. This script reads the same file with its
own parser and the same documented rules (villagerbench/describe.go) and
records, per task, a digest of the description lines and of the blocks they
describe. TestPaperBlueprintsMatchDescriptions compares the committed
blueprints with it, so two readers agree and the lines are VillagerBench's
verbatim, without the mirror in CI.

    python3 villagerbench/generator/check.py --mirror M --rev dd1ecc1 \
        --mcdata mcdata/data/mcdata.json --out villagerbench/testdata/paper-check.json

Run it with `make villagerbench-data`.
"""
import argparse
import hashlib
import json
import re
import subprocess

SOURCE = "data/blueprint_description_all.json"
SINGLE = re.compile(r"material: (\S+) facing: (\S+) position: \[(-?\d+), (-?\d+), (-?\d+)\]")
TOKEN = re.compile(r"([A-Za-z_]+):|(\[)|(\])|([^\s\[\]]+)")
FACINGS = {"W", "E", "S", "N", "x", "y", "z", "A"}
# Minecraft 1.19.2 names VillagerBench's text uses that 1.21.1 retired.
RENAMED = {"grass": "short_grass"}


def tokens(line):
    out = []
    for m in TOKEN.finditer(line):
        if m.group(1):
            out.append(("key", m.group(1)))
        elif m.group(2):
            out.append(("[", None))
        elif m.group(3):
            out.append(("]", None))
        else:
            out.append(("val", m.group(4)))
    return out


def parse(toks, i):
    """The value at toks[i] and the index after it. A list is a list of
    plain values and dicts; a dict ends where one of its keys repeats."""
    kind, text = toks[i]
    if kind == "val":
        return text, i + 1
    if kind != "[":
        raise ValueError(f"unexpected {kind}")
    i += 1
    items, cur = [], None
    while toks[i][0] != "]":
        if toks[i][0] == "key":
            key = toks[i][1]
            value, i = parse(toks, i + 1)
            if cur is None or key in cur:
                cur = {}
                items.append(cur)
            cur[key] = value
        else:
            value, i = parse(toks, i)
            items.append(value)
            cur = None
    return items, i + 1


def cell(v):
    if not isinstance(v, list) or len(v) != 3 or not all(isinstance(c, str) for c in v):
        raise ValueError(f"not a cell: {v}")
    return tuple(int(c) for c in v)


def box(a, b):
    return [(x, y, z)
            for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
            for z in range(min(a[2], b[2]), max(a[2], b[2]) + 1)
            for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)]


GROUP_KEYS = {"material", "name", "facing", "position", "positions", "corners", "missing", "layers", "height", "shape"}
ENTRY_KEYS = {"start", "end", "position", "pos", "coords", "single", "facing"}


def group_cells(g, outer=None):
    if not isinstance(g, dict):
        raise ValueError(f"not a group: {g}")
    unknown = set(g) - GROUP_KEYS
    if unknown:
        raise ValueError(f"unknown keys {unknown}")
    scope = dict(outer or {}, **g)
    name = scope.get("material") or scope.get("name")
    facing = scope.get("facing")
    out = []

    def add(p, f=None):
        out.append((p, name, f or facing))

    if "position" in g:
        add(cell(g["position"]))
    for e in g.get("positions", []):
        if not isinstance(e, dict):
            add(cell(e))
            continue
        if set(e) - ENTRY_KEYS:
            raise ValueError(f"unknown keys {set(e) - ENTRY_KEYS}")
        if "start" in e:
            for p in box(cell(e["start"]), cell(e.get("end", e["start"]))):
                add(p, e.get("facing"))
        for k in ("position", "pos", "coords", "single"):
            if k in e:
                add(cell(e[k]), e.get("facing"))
    if "corners" in g:
        cs = [cell(c) for c in g["corners"]]
        lo = tuple(min(c[a] for c in cs) for a in range(3))
        hi = tuple(max(c[a] for c in cs) for a in range(3))
        missing = {cell(c) for c in g.get("missing", [])}
        for p in box(lo, hi):
            if p not in missing:
                add(p)
    for layer in g.get("layers", []):
        inner = {k: v for k, v in g.items() if k != "layers"}
        out.extend(group_cells(layer, inner))
    return out


def line_cells(line):
    m = SINGLE.fullmatch(line)
    if m:
        return [(tuple(int(m.group(i)) for i in (3, 4, 5)), m.group(1), m.group(2))]
    toks = tokens(line)
    value, i = parse(toks, 0)
    if i != len(toks) or not isinstance(value, list):
        raise ValueError("not one list")
    out = []
    for g in value:
        out.extend(group_cells(g))
    return out


class Blocks:
    """Block names and the facings they take, from collabcraft's mcdata."""

    def __init__(self, path):
        with open(path) as f:
            data = json.load(f)
        self.facing = {b["name"]: b.get("facing") for b in data["blocks"]}

    def block(self, name, facing):
        name = RENAMED.get(name, name)
        if name not in self.facing:
            raise ValueError(f"unknown block {name}")
        if facing not in FACINGS:
            raise ValueError(f"{name}: facing {facing}")
        if facing in ("W", "E", "S", "N") and self.facing[name] is None:
            parts = name.rsplit("_", 1)
            wall = parts[0] + "_wall_" + parts[1] if len(parts) == 2 else "wall_" + name
            if self.facing.get(wall):
                name = wall
        return name


def digest(rows):
    h = hashlib.sha256()
    for r in rows:
        h.update(r.encode() + b"\n")
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--rev", required=True)
    ap.add_argument("--mcdata", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    raw = subprocess.run(["git", "-C", args.mirror, "show", f"{args.rev}:{SOURCE}"],
                         check=True, capture_output=True).stdout
    commit = subprocess.run(["git", "-C", args.mirror, "rev-parse", f"{args.rev}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    descriptions = json.loads(raw)
    blocks = Blocks(args.mcdata)
    tasks = []
    for i in range(len(descriptions)):
        tid = f"task_{i}"
        lines = descriptions[tid]
        cells = {}
        for line in lines:
            for p, name, facing in line_cells(line):
                cells[p] = (blocks.block(name, facing), facing)  # a later description wins
        ordered = sorted(cells, key=lambda p: (p[1], p[2], p[0]))
        tasks.append({
            "id": tid,
            "lines": len(lines),
            "description_sha256": digest(lines),
            "blocks": len(ordered),
            "blocks_sha256": digest(f"{p[0]} {p[1]} {p[2]} {cells[p][0]} {cells[p][1]}" for p in ordered),
        })
    out = {
        "source": f"VillagerAgent {commit} {SOURCE}",
        "source_sha256": hashlib.sha256(raw).hexdigest(),
        "tasks": tasks,
    }
    with open(args.out, "w") as f:
        f.write("{\n")
        f.write(f' "source": {json.dumps(out["source"])},\n')
        f.write(f' "source_sha256": {json.dumps(out["source_sha256"])},\n')
        f.write(' "tasks": [\n')
        f.write(",\n".join("  " + json.dumps(t) for t in tasks))
        f.write("\n ]\n}\n")
    print(f"wrote {args.out}: {len(tasks)} tasks, {sum(t['blocks'] for t in tasks)} blocks")


if __name__ == "__main__":
    main()
