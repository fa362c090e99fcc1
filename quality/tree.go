package quality

import (
	"regexp"
	"strings"

	"collabcraft/sagents"
	"collabcraft/trajectory"
)

// The tree organisation's acting calls (S-Agents over Voyager): an action
// planner's todos hand work to players, a skill-code call's program names
// blocks and items to Voyager's primitives.

var (
	// primitiveArgRE is a primitive's item or block argument:
	// mineBlock(bot, "oak_log", ...), craftItem(bot, "stick", ...).
	primitiveArgRE = regexp.MustCompile(`\b(?:mineBlock|craftItem|smeltItem|placeItem|getItemFromChest|depositItemIntoChest)\(\s*bot\s*,\s*"([a-z0-9_]+)"`)
	// killMobRE is killMob's mob: a mob the context names (the task, the
	// nearby entities), not an item.
	killMobRE = regexp.MustCompile(`\bkillMob\(\s*bot\s*,\s*"([a-z0-9_]+)"`)
	// nameListRE is a list of names a program looks blocks up by:
	// ["iron_ore", "deepslate_iron_ore"].map((name) => mcData...).
	nameListRE = regexp.MustCompile(`\[((?:\s*"[a-z0-9_]+"\s*,?)+)\]\s*\.map\(`)
	// byNameRE is mcData.blocksByName.x or mcData.itemsByName["x"].
	byNameRE  = regexp.MustCompile(`mcData\.(?:blocks|items)ByName(?:\.([a-z0-9_]+)|\["([a-z0-9_]+)"\])`)
	quotedRE  = regexp.MustCompile(`"([a-z0-9_]+)"`)
	codeRE    = regexp.MustCompile("(?s)```(?:javascript|js)(.*?)```")
	voyagerIn = "You are a helpful assistant that writes Mineflayer javascript code"
)

// checkTree grounds the tree organisation's acting calls: each player an
// action planner's "inform [player] to …" todo names is in the context,
// and each block or item a skill-code call's program passes to a
// primitive or looks up by name is supported by the context (the task,
// the observation, the retrieved skills) and public knowledge of it.
func (g *Grounder) checkTree(kind string, c *Call) []Violation {
	ctx := contextText(c.Context)
	var out []Violation
	bad := func(cmd, k, v string) {
		out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: cmd, Kind: k, Value: v})
	}
	switch kind {
	case trajectory.KindActionPlan:
		todos, err := sagents.ParseTodos(c.Response)
		if err != nil {
			return nil
		}
		for _, t := range todos {
			if p, _, ok := sagents.Inform(t); ok && !strings.Contains(ctx, p) {
				bad(t, KindPlayer, p)
			}
		}
	case trajectory.KindSkillCode:
		if len(c.Context) == 0 || !strings.HasPrefix(c.Context[0].Content, voyagerIn) {
			return nil
		}
		var names []string
		for _, m := range codeRE.FindAllStringSubmatch(c.Response, -1) {
			code := m[1]
			for _, a := range primitiveArgRE.FindAllStringSubmatch(code, -1) {
				names = append(names, a[1])
			}
			for _, l := range nameListRE.FindAllStringSubmatch(code, -1) {
				for _, q := range quotedRE.FindAllStringSubmatch(l[1], -1) {
					names = append(names, q[1])
				}
			}
			for _, b := range byNameRE.FindAllStringSubmatch(code, -1) {
				names = append(names, b[1]+b[2])
			}
			for _, k := range killMobRE.FindAllStringSubmatch(code, -1) {
				if !mentionsWord(ctx, k[1]) {
					bad(k[1], KindItem, k[1])
				}
			}
		}
		var items itemSet
		joined := joinedContext(c.Context, ctx)
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] {
				continue
			}
			seen[n] = true
			if items == nil {
				items = g.contextItems(c.Context)
			}
			if !g.supports(c.TaskType, joined, items, n) {
				bad(n, KindItem, n)
			}
		}
	}
	return out
}

// TreeCommand is what a tree call does, as the audit counts commands: an
// action planner's todos, one a line, or a skill-code call's program (its
// code blocks); "" for the other kinds or an answer without either.
func TreeCommand(kind, response string) string {
	switch kind {
	case trajectory.KindActionPlan:
		todos, err := sagents.ParseTodos(response)
		if err != nil {
			return ""
		}
		return strings.Join(todos, "\n")
	case trajectory.KindSkillCode:
		var blocks []string
		for _, m := range codeRE.FindAllStringSubmatch(response, -1) {
			blocks = append(blocks, strings.TrimSpace(m[1]))
		}
		return strings.Join(blocks, "\n")
	}
	return ""
}

// mentionsWord reports whether text holds name, or name with an s, as a
// whole word: what the pattern `\bname(s)?\b` matches for a name of
// [a-z0-9_], without compiling a pattern per name.
func mentionsWord(text, name string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			return false
		}
		i += off
		if j := i + len(name); i == 0 || !isNameByte(text[i-1]) {
			if j == len(text) || !isNameByte(text[j]) {
				return true
			}
			if text[j] == 's' && (j+1 == len(text) || !isNameByte(text[j+1])) {
				return true
			}
		}
		off = i + 1
	}
}
