#!/usr/bin/python3
"""Render VillagerAgent's model calls with VillagerAgent's own Python.

Runs VillagerAgent (github.com/cnsdqd-dyb/VillagerAgent, exported from a git
mirror into a scratch directory outside this repo) under Debian's python3 and
records every message list its pipeline would send to a model, for the call
cases in a JSON file. See README.md beside this file for the case format.

No VillagerAgent code is copied here. What VillagerAgent imports but Debian
does not ship (langchain, openai, torch, ...) is replaced by the small stub
modules below, which this script writes into the scratch directory. Two stubs
carry behaviour:

- openai.OpenAI records the messages VillagerAgent's OpenAILanguageModel
  sends and answers with the case's canned reply;
- langchain.agents.tool / initialize_agent stand in for LangChain 0.0.350
  (VillagerAgent's pin): @tool builds the tool's description and argument
  schema as langchain-core 0.1.1 does, with real pydantic v1 (Debian's
  python3-pydantic); the executor builds the structured-chat prompt with
  LangChain's own texts, records the call and parses the reply as
  StructuredChatOutputParser does. LangChain cannot be installed here, so
  this part is a faithful re-statement of its code, not LangChain itself.

Usage: render.py --villager DIR --cases cases.json --out testdata/villageragent
"""

import argparse
import copy
import importlib
import json
import logging
import os
import sys

# ---------------------------------------------------------------------------
# Stub modules, written into <work>/stubs and put first on sys.path.

AUTOSTUB = r'''
"""Modules VillagerAgent imports but never uses on the paths rendered here:
any attribute is a permissive dummy class, so imports, base classes and
default arguments work; calling into them does nothing."""
import importlib.abc, importlib.machinery, sys, types

class _Meta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _dummy(name)

class _Dummy(metaclass=_Meta):
    def __init__(self, *a, **k): pass
    def __call__(self, *a, **k): return _Dummy()
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Dummy()

def _dummy(name):
    return _Meta(name, (_Dummy,), {})

class _Module(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = _dummy(name)
        setattr(self, name, value)
        return value

PREFIXES = set()

class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in PREFIXES:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None
    def create_module(self, spec):
        m = _Module(spec.name)
        m.__path__ = []
        return m
    def exec_module(self, module):
        pass

def install(prefixes):
    PREFIXES.update(prefixes)
    sys.meta_path.append(_Finder())
'''

OPENAI = r'''
"""openai stub: the client VillagerAgent's OpenAILanguageModel builds; every
chat.completions.create call is handed to capture.record."""
import capture

class _Delta:
    def __init__(self, content): self.content = content
class _Choice:
    def __init__(self, content):
        self.delta = _Delta(content)
        self.message = _Delta(content)
class _Chunk:
    def __init__(self, content): self.choices = [_Choice(content)]

class _Completions:
    def __init__(self, client): self._client = client
    def create(self, model=None, messages=None, stream=False, temperature=None, **kw):
        params = {"model": model, "stream": stream, "temperature": temperature}
        params.update(kw)
        reply = capture.record("openai", messages, params)
        if stream:
            return iter([_Chunk(reply), _Chunk(None)])
        return _Chunk(reply)

class _Chat:
    def __init__(self, client): self.completions = _Completions(client)

class OpenAI:
    def __init__(self, *a, **k):
        self.chat = _Chat(self)

api_key = None
api_base = None
class APIConnectionError(Exception): pass
class RateLimitError(Exception): pass
class APIStatusError(Exception): pass
'''

RETRY = r'''
"""retry stub: no retries, a failing call raises at once."""
def retry(*a, **k):
    def deco(f): return f
    return deco
'''

COLORLOG = r'''
import logging
class ColoredFormatter(logging.Formatter):
    def __init__(self, fmt=None, *a, log_colors=None, **k):
        super().__init__(fmt)
'''

CAPTURE = r'''
"""Where the stubs hand over the model calls; render.py sets `replies` per
case and reads `calls` back."""
import copy

calls = []
replies = []

class StopRender(BaseException):
    """Raised once the call a case asks for is recorded: a BaseException, so
    VillagerAgent's `except Exception` retry loops let it through."""

def record(client, messages, params):
    calls.append({"client": client, "messages": copy.deepcopy(messages), "params": params})
    if not replies:
        raise StopRender()
    return replies.pop(0)
'''

LANGCHAIN_INIT = '"""langchain stub package (see render.py)."""\n'

# LangChain 0.0.350 / langchain-core 0.1.1, restated: the structured-chat
# agent's prompt (langchain/agents/structured_chat/{prompt,base}.py), its
# output parser (output_parser.py), the @tool decorator's description and
# schema (langchain_core/tools.py) and Agent._construct_scratchpad
# (langchain/agents/agent.py).
LANGCHAIN_AGENTS = r'''
import json, re, string
from inspect import signature
from pydantic import Extra, create_model, validate_arguments

import capture

PREFIX = """Respond to the human as helpfully and accurately as possible. You have access to the following tools:"""
FORMAT_INSTRUCTIONS = """Use a json blob to specify a tool by providing an action key (tool name) and an action_input key (tool input).

Valid "action" values: "Final Answer" or {tool_names}

Provide only ONE action per $JSON_BLOB, as shown:

```
{{{{
  "action": $TOOL_NAME,
  "action_input": $INPUT
}}}}
```

Follow this format:

Question: input question to answer
Thought: consider previous and subsequent steps
Action:
```
$JSON_BLOB
```
Observation: action result
... (repeat Thought/Action/Observation N times)
Thought: I know what to respond
Action:
```
{{{{
  "action": "Final Answer",
  "action_input": "Final response to human"
}}}}
```"""
SUFFIX = """Begin! Reminder to ALWAYS respond with a valid json blob of a single action. Use tools if necessary. Respond directly if appropriate. Format is Action:```$JSON_BLOB```then Observation:.
Thought:"""
HUMAN_MESSAGE_TEMPLATE = "{input}\n\n{agent_scratchpad}"


class _SchemaConfig:
    extra = Extra.forbid
    arbitrary_types_allowed = True


def create_schema_from_function(model_name, func):
    validated = validate_arguments(func, config=_SchemaConfig)
    inferred_model = validated.model
    for k in ("run_manager", "callbacks"):
        if k in inferred_model.__fields__:
            del inferred_model.__fields__[k]
    schema = inferred_model.schema()["properties"]
    valid = [k for k in signature(func).parameters if k not in ("run_manager", "callbacks")]
    fields = {}
    for name in valid:
        field = inferred_model.__fields__[name]
        fields[name] = (field.outer_type_, field.field_info)
    return create_model(f"{model_name}Schema", **fields)


class StructuredTool:
    def __init__(self, name, description, args_schema, func):
        self.name = name
        self.description = description
        self.args_schema = args_schema
        self.func = func

    @property
    def args(self):
        return self.args_schema.schema()["properties"]

    def __call__(self, *a, **k):
        return self.func(*a, **k)

    @classmethod
    def from_function(cls, func, name=None):
        name = name or func.__name__
        description = func.__doc__
        if description is None:
            raise ValueError("Function must have a docstring if description not provided.")
        description = f"{name}{signature(func)} - {description.strip()}"
        schema = create_schema_from_function(f"{name}Schema", func)
        return cls(name, description, schema, func)


def tool(*args, **kwargs):
    if len(args) == 1 and callable(args[0]):
        return StructuredTool.from_function(args[0])
    raise NotImplementedError("stub: only bare @tool is used by VillagerAgent")


class AgentType:
    STRUCTURED_CHAT_ZERO_SHOT_REACT_DESCRIPTION = "structured-chat-zero-shot-react-description"


def create_prompt(tools):
    tool_strings = []
    for t in tools:
        args_schema = re.sub("}", "}}", re.sub("{", "{{", str(t.args)))
        tool_strings.append(f"{t.name}: {t.description}, args: {args_schema}")
    formatted_tools = "\n".join(tool_strings)
    tool_names = ", ".join([t.name for t in tools])
    format_instructions = FORMAT_INSTRUCTIONS.format(tool_names=tool_names)
    template = "\n\n".join([PREFIX, formatted_tools, format_instructions, SUFFIX])
    return string.Formatter().format(template)


def construct_scratchpad(steps):
    thoughts = ""
    for log, observation in steps:
        thoughts += log
        thoughts += f"\nObservation: {observation}\nThought:"
    if thoughts:
        return ("This was your previous work "
                "(but I haven't seen any of it! I only see what "
                f"you return as final answer):\n{thoughts}")
    return thoughts


_PATTERN = re.compile(r"```(?:json\s+)?(\W.*?)```", re.DOTALL)


def parse(text):
    """StructuredChatOutputParser.parse, as a plain dict."""
    try:
        m = _PATTERN.search(text)
        if m is not None:
            response = json.loads(m.group(1).strip(), strict=False)
            if isinstance(response, list):
                response = response[0]
            if response["action"] == "Final Answer":
                return {"type": "finish", "output": response["action_input"], "log": text}
            return {"type": "action", "tool": response["action"],
                    "tool_input": response.get("action_input", {}), "log": text}
        return {"type": "finish", "output": text, "log": text}
    except Exception:
        return {"type": "error", "error": f"Could not parse LLM output: {text}"}


# The steps before this call (render.py sets them): [(log, observation_repr)].
previous_steps = []
last = {}


class _Executor:
    def __init__(self, tools, llm, max_iterations, max_execution_time):
        self.tools = list(tools)
        self.llm = llm
        self.max_iterations = max_iterations
        self.max_execution_time = max_execution_time
        self.handle_parsing_errors = False

    def __call__(self, inputs):
        system = create_prompt(self.tools)
        human = HUMAN_MESSAGE_TEMPLATE.format(input=inputs["input"],
                                              agent_scratchpad=construct_scratchpad(previous_steps))
        messages = [{"role": "system", "content": system}, {"role": "user", "content": human}]
        params = dict(self.llm.params)
        params["stop"] = ["Observation:"]
        last["executor"] = {"max_iterations": self.max_iterations,
                            "max_execution_time": self.max_execution_time,
                            "handle_parsing_errors": self.handle_parsing_errors,
                            "tools": [t.name for t in self.tools]}
        reply = capture.record("langchain", messages, params)
        last["parsed"] = parse(reply)
        raise capture.StopRender()


def initialize_agent(tools=None, llm=None, verbose=False, agent=None, return_intermediate_steps=False,
                     max_execution_time=None, max_iterations=15, callback_manager=None, **kwargs):
    assert agent == AgentType.STRUCTURED_CHAT_ZERO_SHOT_REACT_DESCRIPTION
    return _Executor(tools, llm, max_iterations, max_execution_time)
'''

LANGCHAIN_CHAT_MODELS = r'''
class ChatOpenAI:
    def __init__(self, model=None, temperature=0.7, max_tokens=None, **kwargs):
        self.params = {"model": model, "temperature": temperature, "max_tokens": max_tokens}
'''

LANGCHAIN_CALLBACKS = r'''
import contextlib
@contextlib.contextmanager
def get_openai_callback():
    yield None
'''

LANGCHAIN_LOAD_DUMP = r'''
import json
def dumps(obj, pretty=False):
    return json.dumps(obj, indent=2 if pretty else None)
'''

LANGCHAIN_CORE_CALLBACKS_BASE = r'''
class BaseCallbackHandler:
    pass
class BaseCallbackManager:
    def __init__(self, handlers=None, **kwargs):
        self.handlers = handlers or []
'''

STUBS = {
    "_autostub.py": AUTOSTUB,
    "capture.py": CAPTURE,
    "openai/__init__.py": OPENAI,
    "retry/__init__.py": RETRY,
    "colorlog/__init__.py": COLORLOG,
    "langchain/__init__.py": LANGCHAIN_INIT,
    "langchain/agents/__init__.py": LANGCHAIN_AGENTS,
    "langchain/chat_models/__init__.py": LANGCHAIN_CHAT_MODELS,
    "langchain/callbacks/__init__.py": LANGCHAIN_CALLBACKS,
    "langchain/load/__init__.py": "",
    "langchain/load/dump.py": LANGCHAIN_LOAD_DUMP,
    "langchain_core/__init__.py": "",
    "langchain_core/callbacks/__init__.py": "",
    "langchain_core/callbacks/base.py": LANGCHAIN_CORE_CALLBACKS_BASE,
}

# Top-level packages imported by the modules loaded here and absent from
# Debian's python3 (requirements.txt); their submodules not in STUBS are
# autostubbed.
AUTOSTUBBED = ["langchain", "langchain_core", "langchain_community", "langchain_google_genai",
               "tiktoken", "httpx", "requests", "names", "torch", "transformers", "gymnasium",
               "zhipuai", "google", "FlagEmbedding", "javascript", "sklearn", "tqdm", "psutil"]


def write_stubs(root):
    for rel, src in STUBS.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(src.lstrip("\n"))


# ---------------------------------------------------------------------------
# Rendering.

class Renderer:
    def __init__(self, villager):
        self.dir = villager
        os.chdir(villager)
        for d in ("img", "logs", "data", "data/history", "result", ".cache"):
            os.makedirs(d, exist_ok=True)
        # pipeline/retriever.py reads a key list at import; a placeholder, no key.
        with open("API_KEY_LIST", "w") as f:
            json.dump({"AGENT_KEY": ["sk-fixture"], "OPENAI": ["sk-fixture"]}, f)
        sys.path.insert(0, villager)
        self.m = {}
        for name in ("pipeline.utils", "pipeline.task_prompt", "pipeline.controller_prompt",
                     "pipeline.data_prompt", "pipeline.agent_prompt", "pipeline.data_manager",
                     "pipeline.task_manager", "pipeline.agent", "pipeline.controller",
                     "pipeline.controller_tiny", "type_define.graph", "env.env",
                     "env.minecraft_client", "model.openai_models"):
            self.m[name] = importlib.import_module(name)
        self.keep = []  # objects kept alive: timed_cache keys hold id()s
        self.known_systems = self._known_systems()

    def _known_systems(self):
        tp, cp = self.m["pipeline.task_prompt"], self.m["pipeline.controller_prompt"]
        dp, ap = self.m["pipeline.data_prompt"], self.m["pipeline.agent_prompt"]
        return {
            tp.PART_DECOMPOSE_SYSTEM_PROMPT: "decompose",
            tp.DECOMPOSE_SYSTEM_PROMPT: "decompose",
            tp.REDECOMPOSE_SYSTEM_PROMPT: "redecompose",
            tp.STRATEGY_SYSTEM_PROMPT: "strategy",
            cp.CONTROLLER_SYSTEM_PROMPT: "assign",
            cp.CONTROLLER_DECOMPOSE_SYSTEM_PROMPT: "assign_split",
            dp.SUMMARY_ENVIRONMENT_SYSTEM_PROMPT: "env_summary",
            "You are a helpful assistant in Minecraft.": "summary",
            ap.reflect_system_prompt: "reflect",
        }

    # -- world ------------------------------------------------------------

    def env(self, case):
        """A VillagerBench with the case's agents and tools, marked running
        (no server: nothing here talks to one)."""
        E = self.m["env.env"]
        Agent = self.m["env.minecraft_client"].Agent
        Agent.api_key_list = ["sk-fixture"]
        Agent.model = case.get("executor_model", "gpt-4-1106-preview")
        env = E.VillagerBench(E.env_type.none, 0, False, task_name="fixture")
        for name in case["agents"]:
            tools = [getattr(Agent, t) for t in case["tools"][name]]
            env.agent_register(agent_tool=tools, agent_number=1, name_list=[name])
        env.running = True
        env.agents_ping = lambda: {"message": "all agents are online", "status": True}
        status = case.get("status", {})
        env.agent_status = lambda name: copy.deepcopy(status[name])
        env.get_init_state = lambda: [copy.deepcopy(status[a]) for a in case["agents"]]
        self.keep.append(env)
        return env

    def data_manager(self, case, env):
        DM = self.m["pipeline.data_manager"].DataManager
        dm = DM(silent=True)
        # The statuses folded in so far, in order (status_log), or each
        # agent's once; with env_folded, query_env's 120 s cache holds the
        # text computed after the first env_folded of them.
        log = copy.deepcopy(case["status_log"]) if "status_log" in case else \
            (env.get_init_state() if case.get("status") else [])
        folded = case.get("env_folded", len(log))
        if log[:folded]:
            dm.update_database_init(log[:folded])
        if "env_folded" in case:
            dm.query_env()
        if log[folded:]:
            dm.update_database_init(log[folded:])
        for name, summary in case.get("history", {}).items():
            dm._history_data[name] = summary
        if "last_env_response" in case:
            dm.last_env_response = case["last_env_response"]
        self.keep.append(dm)
        return dm

    def controller(self, case, env, dm):
        """The GlobalController the case names wires the task manager, the
        data manager and the base agents as VillagerAgent's entry points do."""
        TM = self.m["pipeline.task_manager"].TaskManager
        tm = TM(silent=True, cache_enabled=False)
        tm.manage_method = case.get("manage_method", "update")
        cfg = {"api_key": "sk-fixture", "api_model": case.get("model", "gpt-4-1106-preview"),
               "api_base": "http://127.0.0.1:9/v1", "api_key_list": ["sk-fixture"]}
        if case.get("controller", "controller") == "controller_tiny":
            GC = self.m["pipeline.controller_tiny"].GlobalController
            tools = [getattr(self.m["env.minecraft_client"].Agent, t) for t in case["tools"][case["agents"][0]]]
            ctrl = GC(cfg, tm, dm, env, silent=True, tm_llm_config=dict(cfg),
                      dm_llm_config=dict(cfg), base_agent_config=dict(cfg), all_tools=tools)
        else:
            GC = self.m["pipeline.controller"].GlobalController
            ctrl = GC(cfg, tm, dm, env, silent=True)
        if tm.agent_describe is not None:
            tm.agent_describe = self._tool_order(case, tm.agent_describe)
        self.keep += [tm, ctrl]
        return tm, ctrl

    @staticmethod
    def _tool_order(case, described):
        """get_all_agent_description_tiny lists set()s of tool names, in
        CPython's hash order, which changes per process (PYTHONHASHSEED): the
        case fixes the order. Default: the first agent's tool order."""
        first = case["tools"][case["agents"][0]]
        public = case.get("public_tools")
        if public is None:
            public = [t for t in first if t in described["public_tools"]]
        if sorted(public) != sorted(described["public_tools"]):
            raise ValueError(f"render: case {case['name']}: public_tools {public} "
                             f"is not the set VillagerAgent computed {sorted(described['public_tools'])}")
        private = {}
        for name, tools in described["private_tools"].items():
            private[name] = [t for t in case["tools"][name] if t in tools]
        return {"public_tools": public, "private_tools": private}

    def task(self, spec):
        Task = self.m["type_define.graph"].Task
        t = Task(name=spec["description"], content=spec.get("content", {}))
        t.milestones = spec.get("milestones", [])
        t.candidate_list = list(spec.get("candidates", []))
        t.number = spec.get("number", max(1, len(t.candidate_list)))
        t.status = spec.get("status", Task.unknown)
        t._agent = list(spec.get("agents", []))
        t._summary = list(spec.get("summary", ["running"]))
        t.reflect = spec.get("reflect")
        if "parent" in spec:
            t.parent_task_list = [Task(name=spec["parent"], content={})]
        return t

    def graph(self, tm, specs, task_description, document):
        """A task graph as the decomposer leaves it: nodes in the order given,
        predecessors by 1-based index, built by TaskManager.query_graph."""
        tasks = []
        for s in specs:
            t = self.task(s)
            t._pre_idxs = list(s.get("required", []))
            tasks.append(t)
        tm.task_description = task_description
        tm.task_document = document
        tm.graph = tm.query_graph(tasks)
        return tasks

    @staticmethod
    def describe_graph(graph):
        order = {id(t): i + 1 for i, t in enumerate(graph.vertex)}
        return {
            "nodes": [{"description": t.description, "milestones": t.milestones,
                       "candidates": t.candidate_list, "number": t.number,
                       "status": t.status, "content": t.content} for t in graph.vertex],
            "edges": [[order[id(a)], order[id(b)]] for a, b in graph.edge],
        }

    # -- roles ------------------------------------------------------------

    def run_case(self, case):
        import capture
        # OpenAILanguageModel's prompt cache (.cache/openai.cache) would answer
        # a prompt seen in an earlier case without a call: each case starts cold.
        if os.path.exists(".cache/openai.cache"):
            os.remove(".cache/openai.cache")
        capture.calls.clear()
        capture.replies[:] = list(case.get("replies", []))
        la = sys.modules["langchain.agents"]
        la.previous_steps = [(s["log"], s["observation"]) for s in case.get("previous_steps", [])]
        la.last.clear()
        env = self.env(case)
        dm = self.data_manager(case, env)
        tm, ctrl = self.controller(case, env, dm)
        parsed = {}
        role = case["role"]
        random = sys.modules["random"]
        saved = (random.randint, random.choice, random.shuffle)
        # Agent.run shuffles its tool list before building the executor; the
        # case's tool list is the order after that shuffle.
        random.shuffle = lambda seq: None
        if "random_agent" in case:
            # fill_agents replaces an unknown agent by random.choice(agents).
            # Other random.choice calls (the API key pick) keep the real one.
            def choice(seq, real=saved[1]):
                named = [a for a in seq if getattr(a, "name", None) == case["random_agent"]]
                return named[0] if named else real(seq)
            random.choice = choice
        try:
            if role in ("decompose", "redecompose", "strategy"):
                random.randint = lambda a, b: case.get("num", a)
                if role == "decompose":
                    tm.init_task(description=case["task"], document=case.get("document", {}))
                    parsed["graph"] = self.describe_graph(tm.graph)
                else:
                    tasks = self.graph(tm, case["graph"], case["task"], case.get("document", {}))
                    fed = tasks[case["feedback"] - 1]
                    tm.feedback_task(fed)
                    parsed["graph"] = self.describe_graph(tm.graph)
            elif role == "assign":
                ctrl.task_list = [self.task(s) for s in case["task_list"]]
                ctrl.assignment = dict(case.get("assignment", {}))
                ctrl.check_task_list_available()
                env_q = dm.query_env()
                agent_state = dm.query_agent_list(ctrl.name_list)
                result = ctrl.generate_prompt_and_get_response(env_q, case.get("experience", []), agent_state)
                parsed["assignments"] = result
                try:
                    parsed["validated"] = [{"task": ctrl.task_list.index(v["task_instance"]),
                                            "agents": [a.name for a in v["agent_instances"]]}
                                           for v in ctrl.validate_assignments(result)]
                except Exception as e:  # VillagerAgent's own error, recorded as data
                    parsed["validate_error"] = f"{type(e).__name__}: {e}"
            elif role == "assign_split":
                names = case["assign"]
                result = ctrl.generate_decompose_prompt_and_get_response(
                    dm.query_agent_list(names), names, case["subtask"]["description"],
                    case["subtask"].get("milestones", []))
                parsed["assignments"] = result
            elif role == "react":
                agent = next(a for a in ctrl.agent_list if a.name == case["agent"])
                agent.history_action_list = case.get("agent_action_list", ["No action yet"])
                self._style(case)
                try:
                    agent.step(self.task(case["subtask"]))
                except capture.StopRender:
                    pass
                parsed.update(la.last)
            elif role == "reflect":
                agent = next(a for a in ctrl.agent_list if a.name == case["agent"])
                t = self.task(case["subtask"])
                status = agent.reflect(t, {"action_list": case["action_list"]})
                parsed = {"task_status": status, "summary": t._summary, "reflect": t.reflect,
                          "agent_action_list": agent.history_action_list}
            elif role == "summary":
                AF = self.m["pipeline.agent"].AgentFeedback
                t = self.task(case["subtask"])
                detail = {"input": "", "action_list": case["action_list"], "final_answer": ""}
                dm.update_database(AF(t, detail, copy.deepcopy(case["status"][case["agent"]])).to_json())
                parsed["history"] = dm.query_history(case["agent"])
            elif role == "env_summary":
                dm.query_env_with_task(case["task"])
                parsed["last_env_response"] = dm.last_env_response
            else:
                raise ValueError(f"render: case {case['name']}: unknown role {role!r}")
        except capture.StopRender:
            pass
        except Exception as e:  # VillagerAgent's own failure on this input: data too
            parsed["error"] = f"{type(e).__name__}: {e}"
        finally:
            random.randint, random.choice, random.shuffle = saved
        calls = []
        for c in capture.calls:
            system = c["messages"][0]["content"] if c["messages"] and c["messages"][0]["role"] == "system" else ""
            kind = "react" if c["client"] == "langchain" else self.known_systems.get(system, "unknown")
            calls.append({"kind": kind, "messages": c["messages"], "params": c["params"]})
        return {"name": case["name"], "role": role, "calls": calls, "parsed": parsed}

    def _style(self, case):
        """The executor's speaking style and platform, which VillagerAgent
        draws at random and from platform.system(): the case names both."""
        agent_mod = self.m["pipeline.agent"]
        st = case.get("style", {"lang": "en", "name": "kind"})
        agent_mod.random = (lambda: 0.0) if st["lang"] == "en" else (lambda: 0.9)
        agent_mod.sample = lambda seq, k: [st["name"]]
        system = case.get("platform", "Linux")
        agent_mod.platform.system = lambda: system


def export(mirror, rev, dest):
    """git archive, minus the blobs the mirror lacks (it is a partial clone:
    data/building_blue_print.json, data/vllm.logs and some images)."""
    import subprocess
    def git(*a, **k):
        return subprocess.run(["git", "-C", mirror] + list(a), check=True, capture_output=True, **k).stdout
    commit = git("rev-parse", rev + "^{commit}").decode().strip()
    entries = [e for e in git("ls-tree", "-r", "-z", commit).split(b"\0") if e]
    missing = []
    for e in entries:
        meta, path = e.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind != b"blob":
            continue
        r = subprocess.run(["git", "-C", mirror, "cat-file", "blob", sha], capture_output=True)
        if r.returncode != 0:
            missing.append(path.decode())
            continue
        target = os.path.join(dest, path.decode())
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(r.stdout)
    with open(os.path.join(dest, ".villageragent-commit"), "w") as f:
        f.write(commit + "\n")
    with open(os.path.join(dest, ".villageragent-missing"), "w") as f:
        f.write("".join(m + "\n" for m in missing))
    print(f"exported {commit} into {dest} ({len(missing)} blobs absent from the mirror)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--villager", required=True, help="exported VillagerAgent tree")
    ap.add_argument("--stubs", help="where to write the stub modules (default: <villager>/../stubs)")
    ap.add_argument("--cases", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mirror", help="export --rev from this git mirror into --villager first")
    ap.add_argument("--rev", default="dd1ecc1")
    ap.add_argument("--output-name", default="calls.json", help="file name written under --out")
    args = ap.parse_args()
    villager = os.path.abspath(args.villager)
    if args.mirror:
        import shutil
        shutil.rmtree(villager, ignore_errors=True)
        os.makedirs(villager)
        export(args.mirror, args.rev, villager)
    out = os.path.abspath(args.out)
    with open(args.cases) as f:
        cases = json.load(f)
    stubs = os.path.abspath(args.stubs or os.path.join(villager, os.pardir, "stubs"))
    write_stubs(stubs)
    sys.path.insert(0, stubs)
    import _autostub
    _autostub.install(AUTOSTUBBED)
    os.environ.setdefault("MPLBACKEND", "Agg")
    logging.disable(logging.CRITICAL)
    commit = ""
    cpath = os.path.join(villager, ".villageragent-commit")
    if os.path.exists(cpath):
        commit = open(cpath).read().strip()
    r = Renderer(villager)
    results = []
    devnull = open(os.devnull, "w")
    for case in cases["cases"]:
        stdout = sys.stdout
        sys.stdout = devnull  # VillagerAgent prints as it goes
        try:
            results.append(r.run_case(case))
        finally:
            sys.stdout = stdout
    os.makedirs(out, exist_ok=True)
    doc = {"header": {"villageragent_commit": commit, "langchain": "0.0.350 (restated stub)",
                      "python": sys.version.split()[0], "cases": os.path.basename(args.cases)},
           "cases": results}
    with open(os.path.join(out, args.output_name), "w") as f:
        json.dump(doc, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    n = sum(len(c["calls"]) for c in results)
    print(f"rendered {n} calls from {len(results)} cases into {out}/{args.output_name}")


if __name__ == "__main__":
    main()
