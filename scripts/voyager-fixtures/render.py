#!/usr/bin/python3
"""Render Voyager's model calls with Voyager's own Python.

Exports Voyager (github.com/MineDojo/Voyager) from a git mirror into a
scratch directory outside this repo, imports it under Debian's python3 and
records the messages its ActionAgent, CriticAgent and SkillManager build for
the call cases in a JSON file (README.md beside this file has the format).

No Voyager code is copied here. What Voyager imports but Debian does not ship
(langchain, javascript, gymnasium, requests, ...) is replaced by stub modules
written into the scratch directory. Two stubs carry behaviour:

- langchain.prompts.SystemMessagePromptTemplate: from_template(t).format(**kw)
  is LangChain's f-string template, Python's string.Formatter over t (the
  formatter LangChain 0.0.x's "f-string" format uses);
- langchain.chat_models.ChatOpenAI: keeps model_name (ActionAgent reads it to
  pick the primitives it shows) and, when called, records the messages and
  answers with the case's canned reply (SkillManager's description call).

Everything else a module imports is an auto-stub: any attribute is a dummy
class; none of it runs on the paths rendered.

Usage: render.py --mirror M --rev R --voyager DIR --cases cases.json --out testdata/voyager [--name calls.json]
"""

import argparse
import json
import os
import subprocess
import sys

# The auto-stub module (any attribute a dummy class) is the one the
# VillagerAgent fixtures use.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "villageragent-fixtures"))
from render import AUTOSTUB  # noqa: E402
del sys.path[0]

LANGCHAIN_SCHEMA = r'''
"""langchain.schema: the three message classes Voyager builds (content only)."""
class BaseMessage:
    role = ""
    def __init__(self, content):
        self.content = content
class SystemMessage(BaseMessage):
    role = "system"
class HumanMessage(BaseMessage):
    role = "user"
class AIMessage(BaseMessage):
    role = "assistant"
'''

LANGCHAIN_PROMPTS = r'''
"""langchain.prompts.SystemMessagePromptTemplate with LangChain's f-string
format: string.Formatter().format(template, **kwargs)."""
import string
from langchain.schema import SystemMessage

class SystemMessagePromptTemplate:
    def __init__(self, template):
        self.template = template
    @classmethod
    def from_template(cls, template):
        return cls(template)
    def format(self, **kwargs):
        return SystemMessage(content=string.Formatter().format(self.template, **kwargs))
'''

LANGCHAIN_CHAT_MODELS = r'''
"""langchain.chat_models.ChatOpenAI: model_name, and calls recorded and
answered with the case's canned reply."""
import capture
from langchain.schema import AIMessage

class ChatOpenAI:
    def __init__(self, model_name="gpt-3.5-turbo", temperature=0, request_timeout=None, **kw):
        self.model_name = model_name
        self.temperature = temperature
    def __call__(self, messages):
        return AIMessage(content=capture.record(self.model_name, messages))
'''

CAPTURE = r'''
"""The calls a case makes and the replies it gives."""
calls = []
replies = []
def record(model, messages):
    calls.append({"model": model, "messages": [{"role": m.role, "content": m.content} for m in messages]})
    if not replies:
        raise RuntimeError("capture: the case has no reply left for a model call")
    return replies.pop(0)
'''

STUBBED = ["javascript", "gymnasium", "requests", "psutil", "minecraft_launcher_lib", "tqdm"]


def write_stubs(stubs):
    files = {
        "autostub.py": AUTOSTUB,
        "capture.py": CAPTURE,
        "langchain/__init__.py": "",
        "langchain/schema.py": LANGCHAIN_SCHEMA,
        "langchain/prompts.py": LANGCHAIN_PROMPTS,
        "langchain/chat_models.py": LANGCHAIN_CHAT_MODELS,
        # SkillManager's module imports these; its __init__ is never run here.
        "langchain/embeddings/__init__.py": "",
        "langchain/embeddings/openai.py": "class OpenAIEmbeddings:\n    pass\n",
        "langchain/vectorstores.py": "class Chroma:\n    pass\n",
    }
    for name, text in files.items():
        path = os.path.join(stubs, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text.lstrip("\n"))


def export(mirror, rev, dest):
    """git archive of the commit into dest; its full hash in .voyager-commit."""
    commit = subprocess.run(["git", "-C", mirror, "rev-parse", rev + "^{commit}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    os.makedirs(dest, exist_ok=True)
    archive = subprocess.run(["git", "-C", mirror, "archive", commit, "voyager"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    with open(os.path.join(dest, ".voyager-commit"), "w") as f:
        f.write(commit + "\n")
    print(f"exported {commit} into {dest}", file=sys.stderr)


class Skipped:
    """A stand-in self for SkillManager.generate_skill_description: the method
    reads only self.llm, so the manager's Chroma store is never built."""
    def __init__(self, llm):
        self.llm = llm


def render(case, work):
    import capture
    from voyager.agents.action import ActionAgent
    from voyager.agents.critic import CriticAgent
    from voyager.agents.skill import SkillManager
    from langchain.chat_models import ChatOpenAI

    capture.calls.clear()
    capture.replies[:] = list(case.get("replies", []))
    kind = case["kind"]
    events = [tuple(e) for e in case.get("events", [])]
    out = {"name": case["name"], "kind": kind}
    if kind == "action":
        agent = ActionAgent(model_name=case["model"], ckpt_dir=os.path.join(work, "ckpt", case["name"]),
                            chat_log=case.get("chat_log", True), execution_error=case.get("execution_error", True))
        for chests in case.get("chest_updates", []):
            agent.update_chest_memory(chests)
        system = agent.render_system_message(skills=case.get("skills", []))
        human = agent.render_human_message(events=events, code=case.get("code", ""), task=case["task"],
                                           context=case.get("context", ""), critique=case.get("critique", ""))
        out["messages"] = [{"role": "system", "content": system.content}, {"role": "user", "content": human.content}]
        out["chest_observation"] = agent.render_chest_observation()
    elif kind == "critic":
        critic = CriticAgent(model_name=case["model"])
        human = critic.render_human_message(events=events, task=case["task"], context=case.get("context", ""),
                                            chest_observation=case.get("chest_observation", ""))
        if human is None:
            out["messages"] = None
        else:
            out["messages"] = [{"role": "system", "content": critic.render_system_message().content},
                               {"role": "user", "content": human.content}]
    elif kind == "skill":
        llm = ChatOpenAI(model_name=case["model"])
        description = SkillManager.generate_skill_description(Skipped(llm), case["program_name"], case["program_code"])
        out["messages"] = capture.calls[0]["messages"]
        out["description"] = description
    else:
        raise ValueError(f"case {case['name']}: unknown kind {kind!r}")
    return out


def share_system(calls):
    """Replaces each system message's content by its sha256 and returns the
    texts by sha256: the first calls of many trials share a few prompts."""
    import hashlib
    texts = {}
    for call in calls:
        for m in call.get("messages") or []:
            if m["role"] == "system":
                sha = hashlib.sha256(m["content"].encode()).hexdigest()
                texts[sha] = m.pop("content")
                m["sha256"] = sha
    return dict(sorted(texts.items()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--voyager", required=True, help="scratch dir the voyager package is exported into")
    ap.add_argument("--mirror", help="export --rev from this git mirror into --voyager first")
    ap.add_argument("--rev", default="55e45a8")
    ap.add_argument("--cases", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name", default="calls.json", help="file to write in --out")
    ap.add_argument("--share-system", action="store_true",
                    help="write each distinct system message once, in 'systems' by sha256, and its sha256 in the call")
    args = ap.parse_args()
    work = os.path.abspath(args.voyager)
    if args.mirror:
        export(args.mirror, args.rev, work)
    stubs = os.path.join(os.path.dirname(work), "voyager-stubs")
    write_stubs(stubs)
    sys.path[:0] = [stubs, work]
    import autostub
    autostub.install(STUBBED)
    with open(args.cases) as f:
        cases = json.load(f)
    # Voyager prints its messages in colour as it builds them; keep stdout clean.
    real_stdout, sys.stdout = sys.stdout, sys.stderr
    try:
        calls = [render(c, os.path.join(os.path.dirname(work), "voyager-run")) for c in cases]
    finally:
        sys.stdout = real_stdout
    with open(os.path.join(work, ".voyager-commit")) as f:
        commit = f.read().strip()
    doc = {"voyager_commit": commit, "calls": calls}
    if args.share_system:
        doc["systems"] = share_system(calls)
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, args.name)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {len(calls)} calls to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
