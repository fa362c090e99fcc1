"""Writes collabcraft's CuisineWorld data from a MindAgent checkout.

Usage (from the repository root): make cuisine-data
  or: python3 cuisine/generator/generate.py MINDAGENT_DIR cuisine/data

MINDAGENT_DIR is github.com/mindagent/mindagent at the commit named in its
.mindagent-commit file (the Makefile target exports it from a git mirror).
The script reads assets/recipe.json and assets/tasks_level_final.json and
imports levels/constants.py for the tool tables and the base ingredients, so
no number is transcribed by hand. It writes, in our own layout:

  recipes.json         the tools (busy steps, capacity, whether the agent
                       must watch), the base ingredients and the recipes
  levels/level_N.json  one level file per level (cuisine.ParseLevel's format)
  demos.json           the dispatcher's one-shot demo turns per team size, as
                       agents/chat_agent.py reads them from
                       assets/amt_examples/ and webpage/app.py from
                       assets/amt_examples_human/: the text after the first
                       '###\n' line, cut at each '***\n' (user and assistant
                       turns alternate); they are sent as they are, so the
                       turns keep every byte

Only the standard library is needed. The output is deterministic: MindAgent's
orders are kept where they carry meaning (recipes in file order, which the
dispatcher's rules list follows; kitchens in level order, which names the
tools pan0, pan1, ...).
"""
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: generate.py MINDAGENT_DIR OUT_DIR")
    src, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    commit_file = os.path.join(src, ".mindagent-commit")
    if os.path.exists(commit_file):
        with open(commit_file) as f:
            commit = f.read().strip()
    else:
        commit = subprocess.run(["git", "-C", src, "rev-parse", "HEAD"], check=True,
                                capture_output=True, text=True).stdout.strip()

    # levels/constants.py opens assets/recipe.json relative to the working
    # directory, as MindAgent's scripts run from the checkout's root.
    os.chdir(src)
    sys.path.insert(0, src)
    from levels import constants  # noqa: E402  (MindAgent's own tables)

    with open("assets/recipe.json") as f:
        recipes = json.load(f)
    with open("assets/tasks_level_final.json") as f:
        levels = json.load(f)

    tools = []
    for name in constants.type_table:
        tools.append({
            "name": name,
            "busy": constants.occupied_time[name],
            "capacity": constants.capacity[name],
            "watch": constants.need_watch[name],
        })
    book = {
        "source": f"github.com/mindagent/mindagent@{commit}: assets/recipe.json, levels/constants.py",
        "tools": tools,
        "ingredients": list(constants.base_ingridients),
        "recipes": [{"dish": dish, "tool": r["location"], "ingredients": r["ingredients"]}
                    for dish, r in recipes.items()],
    }
    write(os.path.join(out, "recipes.json"), book)

    os.makedirs(os.path.join(out, "levels"), exist_ok=True)
    for name, level in levels.items():
        dishes = []
        for dish, task in level["task_list"].items():
            # Every order of MindAgent's levels is the dish itself on the
            # serving table; a level of another shape needs a new format.
            if task["ingredients"] != [dish] or task["location"] != "servingtable":
                sys.exit(f"{name}: task {dish} is not '{dish} on the serving table'")
            dishes.append(dish)
        write(os.path.join(out, "levels", name + ".json"), {
            "name": name,
            "dishes": dishes,
            "kitchen": level["kitchen"],
            "agents": level["num_agents"],
        })

    write(os.path.join(out, "demos.json"), {
        "source": f"github.com/mindagent/mindagent@{commit}: assets/amt_examples/, assets/amt_examples_human/",
        "dispatch": {str(n): demo_turns(f"assets/amt_examples/{f}") for n, f in DISPATCH_DEMOS.items()},
        "human": {str(n): demo_turns(f"assets/amt_examples_human/{f}") for n, f in HUMAN_DEMOS.items()},
    })


# The demo file of each team size: agents/chat_agent.py:86-96 (not vicuna's)
# and webpage/app.py:96-103.
DISPATCH_DEMOS = {1: "prompt_1agent_level1.txt", 2: "prompt_2agent_level1.txt",
                  3: "prompt_3agent_level2.txt", 4: "prompt_4agent_level2.txt"}
HUMAN_DEMOS = {2: "prompt_2agent_level1.txt", 3: "prompt_3agent_level2.txt", 4: "prompt_4agent_level2.txt"}


def demo_turns(path):
    """The demo's turns as both readers cut them."""
    with open(path) as f:
        return f.read().split("###\n")[1].split("***\n")


def write(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
