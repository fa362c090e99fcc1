"""Writes collabcraft's escape-room atoms from VillagerAgent's data/escape_atom.json.

Usage (from the repository root): make escape-data
  or: python3 escape/generator/generate.py ESCAPE_ATOM_JSON COMMIT escape/data/atoms.json

ESCAPE_ATOM_JSON is data/escape_atom.json of github.com/cnsdqd-dyb/VillagerAgent
at COMMIT (the Makefile target takes it from a git mirror with `git show`).
The script reads the 18 atoms and writes them in our own, typed layout
(escape.ParseAtoms' format):

  - the defaults VillagerAgent's loader fills in (StateTree.load_atom_task_from_json,
    env/minecraft_define.py:845-883) are written out, so nothing is implied;
  - split/merge/same_room become one "placement": same_room, split, merge or
    cross (VillagerAgent's name for same_room false without split or merge);
  - in/out become "needs" (items a room takes in: an agent brings them) and
    "yields" (items it hands out). The generator walks from the exit back to
    the start, so an atom that yields X is placed only where a later room
    needs X (minecraft_define.py:997-1012);
  - init entries become "blocks" (block states, chest contents and lock,
    an entity, "copies": "agents" for random: true);
  - Minecraft commands become typed effects (give a named item, teleport)
    or set blocks. A command of another shape stops the script, so a changed
    atom file cannot slip through half understood.

Only the standard library is needed. The output is deterministic.
"""
import json
import re
import sys

# Fields of an atom, of an init block, of a condition and of an effect that
# VillagerAgent reads (minecraft_define.py); anything else is refused.
ATOM_KEYS = {"init", "condition", "effect", "in", "out", "activate_duration", "split", "merge",
             "same_room", "room_height", "room_width", "wall_width", "score", "wait_interval",
             "type", "task_description", "min_player"}
STATE_KEYS = ("facing", "face", "hinge", "axis", "part", "open", "powered")
INIT_KEYS = {"name", "position", "random", "lock_key", "command"} | set(STATE_KEYS)
COND_KEYS = {"name", "position", "activate_mode", "duration", "sub_event", "random"} | set(STATE_KEYS)
EFFECT_KEYS = {"name", "position", "command", "sub_event"} | set(STATE_KEYS)

# The command shapes the 18 atoms use. _position_ is the entry's own position
# (the selector's origin), _pos_ the same as "x y z".
SEL = r"@(?P<sel>[ar])\[_position_,distance=\.\.(?P<r>\d+)\]"
GIVE = re.compile(r"^/give " + SEL + r" minecraft:(?P<item>[a-z_]+)\{display:\{Name:'\{\"text\":\"(?P<name>[^\"]+)\"\}'\}\}$")
TP_TO = re.compile(r"^/tp " + SEL + r" _(?P<to>merge|split)_pos_$")
TP_BY = re.compile(r"^/execute as " + SEL + r" at @s run tp @s ~ ~(?P<dy>-?\d+) ~(?P<dz>-?\d+)$")
TP_ALL_HERE = re.compile(r"^/tp @e\[_position_,distance=\.\.(?P<r>\d+), type=player, gamemode=survival\] _pos_$")
SET_AIR = re.compile(r"^/setblock _pos_ air$")
CHEST_ITEM = re.compile(r"^/item replace block _pos_ container\.0 with (?P<item>[a-z_]+)$")


def fail(atom, field, msg):
    sys.exit(f"generate.py: atom {atom}: {field}: {msg}")


def states(entry):
    """The block states of an entry, in a fixed order."""
    return {k: entry[k] for k in STATE_KEYS if k in entry}


def check_keys(atom, field, entry, allowed):
    extra = sorted(set(entry) - allowed)
    if extra:
        fail(atom, field, f"unknown keys {extra}")


def convert(i, a):
    check_keys(i, "atom", a, ATOM_KEYS)
    split, merge, same = a.get("split", False), a.get("merge", False), a.get("same_room", True)
    if split and merge:
        fail(i, "split/merge", "both true")
    if (split or merge) and same:
        # StateTree.generate tests same_room first, so such an atom would be
        # laid out as a same-room atom with split/merge only deciding whether
        # it is a candidate; refuse rather than guess.
        fail(i, "same_room", "true together with split or merge")
    placement = "split" if split else "merge" if merge else "same_room" if same else "cross"

    init_pos = {}
    blocks = []
    for j, b in enumerate(a["init"]):
        field = f"init[{j}]"
        check_keys(i, field, b, INIT_KEYS)
        out = {"at": b["position"]}
        name = b["name"]
        if name.startswith("summon_"):
            out["entity"] = name[len("summon_"):]
            if set(b) - {"name", "position"}:
                fail(i, field, "an entity with block fields")
        else:
            out["block"] = {"name": name, **states(b)}
            if "lock_key" in b:
                out["lock"] = b["lock_key"]
            if "command" in b:
                m = CHEST_ITEM.match(b["command"])
                if not m:
                    fail(i, field + ".command", f"unknown command {b['command']!r}")
                out["items"] = {m["item"]: 1}
            init_pos.setdefault(tuple(b["position"]), name)
        r = b.get("random", False)
        if r is True:
            out["copies"] = "agents"
        elif r is False:
            pass
        elif isinstance(r, int):
            out["copies"] = str(r) if r > 0 else f"agents{r}"
        else:
            fail(i, field + ".random", f"not a bool or an int: {r!r}")
        blocks.append(out)

    conditions = []
    for j, c in enumerate(a["condition"]):
        field = f"condition[{j}]"
        check_keys(i, field, c, COND_KEYS)
        if "random" in c:
            # Read from init, never from a condition (minecraft_define.py:546).
            fail(i, field + ".random", "random belongs to the init block")
        out = {"at": c["position"], "match": {"name": c["name"], **states(c)},
               "mode": c.get("activate_mode", "level")}
        if out["mode"] == "pulse":
            out["pulse_s"] = c.get("duration", 3)
        elif "duration" in c:
            fail(i, field + ".duration", "only a pulse condition has one")
        if "sub_event" in c:
            out["event"] = c["sub_event"]
        conditions.append(out)

    effects = []
    for j, e in enumerate(a["effect"]):
        field = f"effect[{j}]"
        check_keys(i, field, e, EFFECT_KEYS)
        out = {"at": e["position"]}
        cmd = e.get("command")
        if cmd is None:
            out["set"] = {"name": e["name"], **states(e)}
        else:
            # A command effect also names a block, but it is the block already
            # there: modify_block reads the block before the command runs and
            # finds it satisfied (minecraft_define.py:190-219).
            here = init_pos.get(tuple(e["position"]))
            if here != e["name"]:
                fail(i, field, f"a command effect on {e['name']} where the room places {here}")
            out.update(command(i, field + ".command", cmd))
        if "sub_event" in e:
            out["event"] = e["sub_event"]
        effects.append(out)

    return {
        "id": i,
        "description": a.get("task_description", ""),
        "placement": placement,
        "logic": a.get("type", "and"),
        "min_agents": a.get("min_player", 1),
        "wait_interval_s": a.get("wait_interval", 4),
        "activate_duration_s": a.get("activate_duration", 300),
        "score": a.get("score", 1),
        "room": {"width": a.get("room_width", 3), "height": a.get("room_height", 3), "wall": a.get("wall_width", 1)},
        "needs": a.get("in", {}),
        "yields": a.get("out", {}),
        "blocks": blocks,
        "conditions": conditions,
        "effects": effects,
    }


def command(atom, field, cmd):
    m = GIVE.match(cmd)
    if m and m["sel"] == "a":
        return {"give": {"item": m["item"], "name": m["name"], "count": 1, "radius": int(m["r"])}}
    m = TP_TO.match(cmd)
    if m:
        return {"teleport": {"who": "one" if m["sel"] == "r" else "all", "radius": int(m["r"]), "to": m["to"]}}
    m = TP_BY.match(cmd)
    if m:
        return {"teleport": {"who": "one" if m["sel"] == "r" else "all", "radius": int(m["r"]), "to": "offset",
                             "offset": [0, int(m["dy"]), int(m["dz"])]}}
    m = TP_ALL_HERE.match(cmd)
    if m:
        return {"teleport": {"who": "all", "radius": int(m["r"]), "to": "here"}}
    if SET_AIR.match(cmd):
        return {"set": {"name": "air"}}
    fail(atom, field, f"unknown command {cmd!r}")


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: generate.py ESCAPE_ATOM_JSON COMMIT OUT_FILE")
    src, commit, out = sys.argv[1:]
    with open(src) as f:
        atoms = json.load(f)
    doc = {
        "source": f"github.com/cnsdqd-dyb/VillagerAgent@{commit}: data/escape_atom.json",
        "atoms": [convert(i, a) for i, a in enumerate(atoms)],
    }
    text = json.dumps(doc, indent=2)
    # Positions and offsets on one line each.
    text = re.sub(r"\[\s+(-?\d+),\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2, \3]", text)
    with open(out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
