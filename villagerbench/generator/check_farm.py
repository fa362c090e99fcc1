"""Write villagerbench/testdata/farm-check.json: VillagerAgent's own
farm-to-table data, read by a second, independent reader.

villagerbench/generator (Go) rewrites data/farm_setting.json and
data/farm_blue_print.json into villagerbench/data/farm.json. This script
reads the same two files with Python's json module and records, per setting
and per structure, a sha256 of a canonical line form of what they say (the
form TestFarmPaperMatchesVillagerAgent writes from our file). The test then
proves the committed data is VillagerAgent's, key order included, without
the mirror in CI.

    python3 villagerbench/generator/check_farm.py --mirror M --rev dd1ecc1 \
        --out villagerbench/testdata/farm-check.json

Run it with `make villagerbench-data`.
"""
import argparse
import hashlib
import json
import subprocess

SETTINGS = "data/farm_setting.json"
BLUEPRINTS = "data/farm_blue_print.json"


def show(mirror, rev, path):
    return subprocess.run(["git", "-C", mirror, "show", f"{rev}:{path}"],
                          check=True, capture_output=True).stdout


def items(its):
    return " ".join(f"{it['name']}:{it['count']}" for it in its)


def setting_lines(s):
    out = [f"name {s['name']}", f"dish {s['target']}"]
    for k, v in s.items():
        if k not in ("name", "target", "component", "check_point"):
            out.append(f"option {k}={v}")
    for c in s["component"]:
        x, y, z = c["position"]
        out.append(f"component {c['name']} {c['type']} {x} {y} {z} facing={c.get('facing', '')} items={items(c.get('items', []))}")
    for c in s["check_point"]:
        out.append(f"checkpoint {c['name']} {c['count']} {c['score']} sub={' '.join(c['sub_check_point'])}")
    return out


def value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v == int(v):
        return str(int(v))
    return str(v)


def structure_lines(name, st):
    out = [f"structure {name} size {' '.join(str(n) for n in st['size'])}"]
    for b in st["blocks"]:
        x, y, z = b["position"]
        props = [f"{k}={value(v)}" for k, v in b.items() if k not in ("name", "position", "items")]
        out.append(f"block {b['name']} {x} {y} {z} props={','.join(props)} items={items(b.get('items', []))}")
    for e in st.get("entities", []):
        x, y, z = e["position"]
        out.append(f"entity {e['name']} {value(float(x))} {value(float(y))} {value(float(z))}")
    return out


def digest(lines):
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--rev", default="dd1ecc1")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    settings = json.loads(show(a.mirror, a.rev, SETTINGS))
    blueprints = json.loads(show(a.mirror, a.rev, BLUEPRINTS))
    out = {
        "source": f"VillagerAgent {a.rev} {SETTINGS}, {BLUEPRINTS}",
        "settings": [{"name": s["name"], "sha256": digest(setting_lines(s))} for s in settings],
        "structures": [{"name": n, "sha256": digest(structure_lines(n, st))} for n, st in blueprints.items()],
    }
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(f"wrote {a.out}: {len(out['settings'])} settings, {len(out['structures'])} structures")


if __name__ == "__main__":
    main()
