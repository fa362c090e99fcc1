package dag

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/villager"
)

// kindTask is what the DAG organisation makes of a task kind: the task the
// decomposer is given (its description and its meta-data, VillagerBench's
// document) and the tools each agent has.
type kindTask struct {
	describe func(t *procgen.Task, agents []string) (description string, document any, err error)
	tools    []string
}

// The tools of VillagerBench's families (start_with_config.py): farming for
// tasks that gather, craft and cook, construction for building.
var (
	farmingTools = []string{"fetchContainerContents", "MineBlock", "scanNearbyEntities", "equipItem", "SmeltingCooking",
		"navigateTo", "withdrawItem", "craftBlock", "attackTarget", "useItemOnEntity", "handoverBlock"}
	constructionTools = []string{"placeBlock", "fetchContainerContents", "MineBlock", "scanNearbyEntities", "equipItem",
		"navigateTo", "withdrawItem", "dismantleDirtLadder", "erectDirtLadder", "handoverBlock"}
	// puzzleTools are the escape rooms' ("puzzle"): ToggleAction uses
	// their levers, buttons, doors, trapdoors and gates.
	puzzleTools = []string{"placeBlock", "fetchContainerContents", "MineBlock", "scanNearbyEntities", "equipItem",
		"navigateTo", "withdrawItem", "ToggleAction", "handoverBlock"}
)

// kindTasks is keyed by every task kind (TestEveryKindHasADAGTask).
var kindTasks = map[*procgen.Kind]kindTask{
	procgen.Crafting:       {describeCrafting, farmingTools},
	procgen.Cooking:        {describeCooking, farmingTools},
	procgen.Construction:   {describeConstruction, constructionTools},
	procgen.VBConstruction: {describeVBConstruction, constructionTools},
	procgen.Farm:           {describeFarm, farmingTools},
	procgen.Escape:         {describeEscape, puzzleTools},
}

// inventories is the document's "inventory": what each agent starts with.
func inventories(t *procgen.Task, agents []string) villager.Dict {
	d := villager.Dict{}
	for i, name := range agents {
		inv := t.InitialInventory[strconv.Itoa(i)]
		items := make([]string, 0, len(inv))
		for it := range inv {
			items = append(items, it)
		}
		slices.Sort(items)
		held := villager.Dict{}
		for _, it := range items {
			held = append(held, villager.KV{Key: it, Value: inv[it]})
		}
		d = append(d, villager.KV{Key: name, Value: held})
	}
	return d
}

func describeCrafting(t *procgen.Task, agents []string) (string, any, error) {
	n := max(t.NumberOfTarget, 1)
	pooled := map[string]int{}
	for _, inv := range t.InitialInventory {
		for it, c := range inv {
			pooled[it] += c
		}
	}
	plan, err := mcdata.NewPlan(pooled, t.Target.Item, n)
	if err != nil {
		return "", nil, fmt.Errorf("the crafting plan: %w", err)
	}
	var steps, missing []any
	for _, s := range plan.Steps {
		steps = append(steps, s.String())
	}
	for _, m := range plan.Missing {
		missing = append(missing, villager.Dict{{Key: "name", Value: m.Item}, {Key: "count", Value: m.Count}})
	}
	desc := fmt.Sprintf("You need to collaborate to craft %d %s in Minecraft. The materials are spread over the agents' inventories, "+
		"and what nobody holds must be gathered from the world around you. Crafting table is placed to craft items", n, t.Target.Item)
	doc := villager.Dict{
		{Key: "target", Value: villager.Dict{{Key: "name", Value: t.Target.Item}, {Key: "count", Value: n}}},
		{Key: "inventory", Value: inventories(t, agents)},
		{Key: "recipe", Value: nonNil(steps)},
		{Key: "missing", Value: nonNil(missing)},
	}
	return desc, doc, nil
}

func describeCooking(t *procgen.Task, agents []string) (string, any, error) {
	dishes := t.Target.Items()
	counts := villager.Dict{}
	var names []string
	for _, d := range dishes {
		c := 1
		if t.Target.Counts != nil {
			c = t.Target.Counts[d]
		}
		counts = append(counts, villager.KV{Key: d, Value: c})
		names = append(names, d)
	}
	recipes := villager.Dict{}
	keys := make([]string, 0, len(t.Recipes))
	for k := range t.Recipes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		recipes = append(recipes, villager.KV{Key: k, Value: stringsAny(t.Recipes[k])})
	}
	desc := fmt.Sprintf("You are on a farm where you need to collaborate to make %s. Some ingredients are held by the agents, "+
		"and if the ingredients are not held, you may need to work together to acquire them from the farm. "+
		"Crafting table, furnace and smoker are placed to craft and cook items", andList(names))
	doc := villager.Dict{
		{Key: "dishes", Value: counts},
		{Key: "recipes", Value: recipes},
		{Key: "inventory", Value: inventories(t, agents)},
	}
	if t.Target.List != nil {
		// Hell's Kitchen: agent i must end up holding dish i.
		deliver := villager.Dict{}
		var who []string
		for i, d := range t.Target.List {
			if i < len(agents) {
				deliver = append(deliver, villager.KV{Key: agents[i], Value: d})
				who = append(who, agents[i]+" must hold the "+d)
			}
		}
		desc += ". In the end, " + andList(who)
		doc = append(doc, villager.KV{Key: "deliver", Value: deliver})
	}
	return desc, doc, nil
}

func describeConstruction(t *procgen.Task, agents []string) (string, any, error) {
	bp, err := t.ParsedBlueprint()
	if err != nil {
		return "", nil, err
	}
	desc := "Using the provided blueprint, please collaborate to place blocks in Minecraft. The materials are in the agents' inventories, " +
		"and dirt can be used to reach high places. The task is completed when the blueprint is fully constructed."
	doc := villager.Dict{
		{Key: "blueprint", Value: BlueprintLines(bp)},
		{Key: "inventory", Value: inventories(t, agents)},
	}
	return desc, doc, nil
}

// describeVBConstruction is VillagerBench's construction task as its
// runner starts it: the fixed task text, and the blueprint's description
// (map_description.json, build_judger.py:256-268) as the meta-data.
func describeVBConstruction(t *procgen.Task, _ []string) (string, any, error) {
	bp, err := t.VBBlueprint()
	if err != nil {
		return "", nil, err
	}
	return procgen.VBConstructionGoal, stringsAny(bp.Description), nil
}

// describeFarm is VillagerBench's farm-to-table task as its runner starts
// it: the goal text (config.py:120-124) and recipe_hint.json as the
// meta-data. farm_craft_judger.py:245-259 writes the hint: for each
// checkpoint in order, every recipe of data/recipes.json that makes it,
// less those whose result a chest component already holds. Its recipes
// are crafting recipes only (no smelting: cooked_rabbit and baked_potato
// have none), each {"result": {"name", "count"}, "ingredients": [{"name",
// "count"}]} with the ingredients in the grid's order; here they come
// from minecraft-data 1.21.1 (mcdata), so the hint lists the variants
// 1.21 has (cherry and bamboo bowls) and, lacking the grid, no "inShape".
func describeFarm(t *procgen.Task, _ []string) (string, any, error) {
	s := t.Farm
	if s == nil {
		return "", nil, fmt.Errorf("the task has no farm setting")
	}
	inChest := map[string]bool{}
	for _, it := range s.ChestItems() {
		inChest[it.Name] = true
	}
	hint := []any{}
	for _, cp := range s.Checkpoints {
		if inChest[cp.Name] {
			continue
		}
		for _, r := range mcdata.Recipes(cp.Name) {
			var ings []any
			for _, name := range r.GridOrder {
				ings = append(ings, villager.Dict{{Key: "name", Value: name}, {Key: "count", Value: r.Need(name)}})
			}
			hint = append(hint, villager.Dict{
				{Key: "result", Value: villager.Dict{{Key: "name", Value: r.Result}, {Key: "count", Value: r.Count}}},
				{Key: "ingredients", Value: nonNil(ings)},
			})
		}
	}
	return t.Goal.Text, hint, nil
}

// describeEscape is VillagerBench's escape task as its runner starts it:
// the goal text (config.py:125-126) and no meta-data (config.py's
// document_file is "" for puzzles, so init_task gets {}). What each room
// holds the agents find out in the world: their status (the nearest
// sign's hint, sampled blocks) and their scans.
func describeEscape(t *procgen.Task, _ []string) (string, any, error) {
	return t.Goal.Text, villager.Dict{}, nil
}

// BlueprintLines describes a blueprint as VillagerBench's map descriptions
// do (build_judger.py's json_to_string_list): a block alone as
// "material: X facing: A position: [x, y, z]", a run of one material
// along a row as "[material:X facing:A positions:[start:[x y z] end:[x y z]]]",
// level by level, row by row.
func BlueprintLines(bp *blueprints.Blueprint) []any {
	var out []any
	for _, lv := range bp.Levels {
		x0, y0, z0 := lv.Coordinates[0], lv.Coordinates[1], lv.Coordinates[2]
		for r, row := range lv.Placement {
			for c := 0; c < len(row); {
				m := row[c]
				end := c
				for end+1 < len(row) && row[end+1] == m {
					end++
				}
				if m != "air" && m != "" {
					z := z0 + r
					if end == c {
						out = append(out, fmt.Sprintf("material: %s facing: A position: [%d, %d, %d]", m, x0+c, y0, z))
					} else {
						out = append(out, fmt.Sprintf("[material:%s facing:A positions:[start:[%d %d %d] end:[%d %d %d]]]", m, x0+c, y0, z, x0+end, y0, z))
					}
				}
				c = end + 1
			}
		}
	}
	return nonNil(out)
}

func nonNil(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

// andList is "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
