"""Write villager/data/villageragent.json from VillagerAgent's own modules.

The DAG organisation sends VillagerAgent's prompts byte for byte. Its prompt
templates are Python strings in pipeline/*_prompt.py, its executor's tool
lines are what LangChain's @tool makes of env/minecraft_client.py's tool
functions, and its speaking styles are speaking_style.py's dicts. This script
imports those modules from a VillagerAgent tree exported by
scripts/villageragent-fixtures/render.py (with the same stub modules, so the
tool lines come from the same restated @tool over the real pydantic v1) and
dumps the texts as data. No VillagerAgent code is copied into the repo.

    /usr/bin/python3 villager/generator/generate.py --mirror M --rev dd1ecc1 \
        --villager /tmp/.../villageragent --out villager/data/villageragent.json

Run it with `make villager-data`.
"""
import argparse
import importlib
import inspect
import json
import logging
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, "scripts", "villageragent-fixtures"))
import render  # noqa: E402  (the exporter and the stubs)

PROMPT_MODULES = ["pipeline.task_prompt", "pipeline.controller_prompt", "pipeline.agent_prompt",
                  "pipeline.data_prompt"]


def module_texts(name):
    m = importlib.import_module(name)
    out = {}
    for key, value in vars(m).items():
        if key.startswith("_"):
            continue
        if isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            out[key] = value
    return out


def tools():
    """Every @tool of env/minecraft_client.py's Agent, as LangChain's
    structured-chat prompt lists it: name, description, the argument schema's
    text, and the parameters in order with their annotations."""
    mc = importlib.import_module("env.minecraft_client")
    stub = importlib.import_module("langchain.agents")
    out = {}
    for key, value in vars(mc.Agent).items():
        if not isinstance(value, stub.StructuredTool):
            continue
        params = []
        for p in inspect.signature(value.func).parameters.values():
            ann = "" if p.annotation is inspect.Parameter.empty else p.annotation.__name__
            param = {"name": p.name, "type": ann}
            if p.default is not inspect.Parameter.empty:
                param["default"] = repr(p.default)
            params.append(param)
        out[value.name] = {"description": value.description, "args": str(value.args), "params": params}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--villager", required=True, help="where to export VillagerAgent")
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--rev", default="dd1ecc1")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    villager = os.path.abspath(args.villager)
    import shutil
    shutil.rmtree(villager, ignore_errors=True)
    os.makedirs(villager)
    render.export(args.mirror, args.rev, villager)
    stubs = os.path.join(villager, os.pardir, "stubs")
    render.write_stubs(stubs)
    sys.path.insert(0, stubs)
    import _autostub
    _autostub.install(render.AUTOSTUBBED)
    os.environ.setdefault("MPLBACKEND", "Agg")
    logging.disable(logging.CRITICAL)
    os.chdir(villager)
    os.makedirs("data/history", exist_ok=True)
    with open("API_KEY_LIST", "w") as f:  # pipeline/retriever.py reads one at import; no key
        json.dump({"AGENT_KEY": ["sk-placeholder"], "OPENAI": ["sk-placeholder"]}, f)
    sys.path.insert(0, villager)
    templates = {}
    for name in PROMPT_MODULES:
        for key, text in module_texts(name).items():
            templates[name.split(".")[-1] + "." + key] = text
    styles = importlib.import_module("speaking_style")
    lc = importlib.import_module("langchain.agents")
    doc = {
        "villageragent_commit": open(".villageragent-commit").read().strip(),
        "templates": templates,
        "speaking_styles": {"en": styles.speaking_styles, "zh": styles.speaking_styles_zh},
        "tools": tools(),
        "langchain": {"prefix": lc.PREFIX, "format_instructions": lc.FORMAT_INSTRUCTIONS,
                      "suffix": lc.SUFFIX, "human": lc.HUMAN_MESSAGE_TEMPLATE},
    }
    with open(out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {len(templates)} templates and {len(doc['tools'])} tools into {out}")


if __name__ == "__main__":
    main()
