"""Records the rooms VillagerAgent's own StateTree lays out, for escape's differential test.

Usage (from the repository root): make escape-fixtures
  or: python3 scripts/escape-statetree/render.py --mirror MIRROR --rev REV --out escape/testdata/statetree.json

Exports env/minecraft_define.py and data/escape_atom.json of
github.com/cnsdqd-dyb/VillagerAgent at REV from a git mirror (git show; the
mirror is a partial clone, so git archive fails on blobs it lacks) into a
scratch directory, and runs them unchanged: for each team size and room count
and seed, StateTree(None, None, agent_num, bias=[130, -60, 140],
max_task_num, seed) as env/escape_room_judger.py builds it, then each room's
AtomTask.generate() in room order, as StateTree.load does (load itself only
adds Minecraft chat commands and sleeps, and draws nothing at random). Both
write into .cache/ and data/ under the scratch directory; their prints are
swallowed.

The output lists, per case, the accumulated complexity, every room (atom
index in the file, centre, repeat count, merge and split positions, and the
init, condition and effect entries generate() made) and every agent's room,
grid position and inventory. Only the standard library is needed.
"""
import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile

# Every team of 1-3 agents with 1-5 rooms and seeds 0-7 (VillagerBench's 22
# tasks are 2 agents, rooms r, seeds 0..7-r), and cases found by search that
# lay out cross rooms, which those seeds never do, and more split rooms (they
# have two).
CASES = [(agents, rooms, seed) for agents in (1, 2, 3) for rooms in range(1, 6) for seed in range(8)] + [
    (2, 5, 56), (2, 6, 39), (2, 7, 24), (3, 5, 24), (3, 6, 23), (3, 6, 39), (3, 7, 10),
    (4, 5, 14), (4, 7, 3), (4, 7, 9), (4, 7, 23)]


def export(mirror, rev, path, dest):
    blob = subprocess.run(["git", "-C", mirror, "show", f"{rev}:{path}"], check=True, capture_output=True).stdout
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(blob)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--rev", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    commit = subprocess.run(["git", "-C", args.mirror, "rev-parse", args.rev + "^{commit}"], check=True,
                            capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="escape-statetree-") as work:
        export(args.mirror, commit, "env/minecraft_define.py", os.path.join(work, "env", "minecraft_define.py"))
        export(args.mirror, commit, "data/escape_atom.json", os.path.join(work, "data", "escape_atom.json"))
        os.makedirs(os.path.join(work, ".cache"))
        os.chdir(work)
        sys.path.insert(0, os.path.join(work, "env"))
        from minecraft_define import StateTree  # noqa: E402  (VillagerAgent's own code)

        with open("data/escape_atom.json") as f:
            atoms = json.load(f)
        index = {(a.get("task_description", ""), json.dumps(a["init"], sort_keys=True)): i for i, a in enumerate(atoms)}

        cases = []
        for agents, rooms, seed in CASES:
            with contextlib.redirect_stdout(io.StringIO()):
                st = StateTree(None, None, agent_num=agents, bias=[130, -60, 140], max_task_num=rooms,
                               file_path="data/escape_atom.json", seed=seed)
                for task in st.task_list:
                    task.generate()
            cases.append({
                "agents": agents, "rooms": rooms, "seed": seed,
                "complexity": st.complexity,
                "tasks": [{
                    "atom": index[(t.task_description, json.dumps(t.init, sort_keys=True))],
                    "center": t.center,
                    "repeat": t.condition_repeat_num,
                    "merge_pos": t.merge_pos,
                    "split_pos": t.split_pos,
                    "init": t.init_data_list,
                    "condition": t.condition_data_list,
                    "effect": [{k: v for k, v in e.items() if k not in ("merge_pos", "split_pos")}
                               for e in t.effect_data_list],
                } for t in st.task_list],
                "agent_state": [{"idx": a.idx, "room": a.room, "position": a.position, "inventory": a.inventory}
                                for a in sorted(st.agents, key=lambda a: a.idx)],
            })
    with open(out, "w") as f:
        json.dump({"source": f"github.com/cnsdqd-dyb/VillagerAgent@{commit}: env/minecraft_define.py StateTree",
                   "cases": cases}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
