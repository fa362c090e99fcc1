package dagexpert

import (
	"fmt"
	"strconv"
	"strings"

	"collabcraft/mcdata"
)

// A subtask's description is the decomposer's words to the executor: a
// list of jobs, each a clause ("hand 2 oak_planks to Jill_0", "craft 4
// stick"), joined in order. describe writes them in varied words and
// readJobs reads every wording back (TestEveryJobWordingReadsBack), so
// the executor acts on what the description says and nothing else.

type jobKind int

const (
	jobGive     jobKind = iota // hand items to a teammate (handoverBlock)
	jobMine                    // dig blocks and keep the drops (scanNearbyEntities, MineBlock)
	jobCraft                   // craft items at the crafting table (craftBlock)
	jobSmelt                   // smelt or cook items in the furnace (SmeltingCooking)
	jobKill                    // kill mobs for their drops (attackTarget)
	jobWithdraw                // take items from a chest (withdrawItem)
	jobPlace                   // place one block (placeBlock)
	jobCollect                 // take what a furnace smelted (fetchContainerContents)
	jobUse                     // use an item on a mob, a bucket on a cow (useItemOnEntity)
	jobLadder                  // a dirt ladder up to below a cell (erectDirtLadder)
	jobUnladder                // take that ladder down again (dismantleDirtLadder)
	jobBreak                   // break the block at a cell (MineBlock)
	jobGet                     // take items from a chest, else from their source (withdrawItem, then MineBlock, attackTarget or craftBlock)
)

// The sources a get job falls back on when the chest lacks the item.
const (
	fromChests  = ""        // only chests: every chest near is tried
	fromFarm    = "farm"    // dug from the blocks that grow or hold it
	fromPasture = "pasture" // killed from the animals that drop it
	fromCraft   = "craft"   // crafted from what the chest holds
)

// job is one clause of a subtask.
type job struct {
	kind    jobKind
	item    string // the item (give, craft, smelt, withdraw), block (mine, place) or mob (kill)
	count   int    // how many items, blocks or mobs
	to      string // give: the teammate
	fuel    string // smelt: the fuel
	at      [3]int // withdraw: the chest; place, ladder, unladder, break: the cell; smelt, collect: the furnace if atKnown
	atKnown bool   // the description names a position
	facing  string // place: W, E, S, N, x, y, z or A
	source  string // get: where the item comes from when no chest has it
}

func (j job) String() string {
	return fmt.Sprintf("%d:%s×%d→%s@%v", j.kind, j.item, j.count, j.to, j.at)
}

func pos(p [3]int) string { return fmt.Sprintf("[%d, %d, %d]", p[0], p[1], p[2]) }

// clause words one job.
func (w words) clause(j job) string {
	n, it := strconv.Itoa(j.count), j.item
	switch j.kind {
	case jobGive:
		return w.say("{hand|give|pass|bring} " + n + " " + it + " to " + j.to)
	case jobMine:
		return w.say("{mine|dig up|collect} " + n + " " + it + "{| from the blocks nearby| from the world around}")
	case jobCraft:
		return w.say("{craft|make} " + n + " " + it + "{| at the crafting table}")
	case jobSmelt:
		return w.say("{smelt|cook} " + n + " " + it + " in the furnace" + furnaceAt(j) + " with " + j.fuel)
	case jobKill:
		return w.say("{kill|hunt} " + n + " " + it + "{| for its drops}")
	case jobWithdraw:
		return w.say("{take|withdraw|get} " + n + " " + it + " from the chest" + furnaceAt(j))
	case jobPlace:
		return w.say("place " + it + " at " + pos(j.at) + " facing " + j.facing)
	case jobCollect:
		return w.say("{collect|take out|fetch} " + n + " " + it + " from the furnace" + furnaceAt(j))
	case jobUse:
		return w.say("{use|fill} " + n + " " + it + " {on|from} a " + j.to)
	case jobLadder:
		return w.say("erect a dirt ladder {under|up to|to reach} " + pos(j.at))
	case jobUnladder:
		return w.say("{dismantle|remove} the dirt ladder {under|below} " + pos(j.at))
	case jobBreak:
		return w.say("break the " + it + " {at|in the way at} " + pos(j.at))
	case jobGet:
		return w.say("{obtain|gather|find} " + n + " " + it + sourcePhrase(j))
	}
	panic("dagexpert: no words for a job")
}

// sourceWords end a get clause; readClause reads the source back from
// its last words.
var sourceWords = map[string]string{
	fromChests:  " from the chests",
	fromFarm:    " from the chest or the farm",
	fromPasture: " from the chest or the pasture",
	fromCraft:   " from the chest or by crafting",
}

// mineWords end a get clause of an item dug from ore: the farm's "farm"
// source covers the mine too, but a plan should say where coal is.
const mineWords = " from the chest or the mine"

// sourcePhrase is the end of a get clause: where the item comes from.
func sourcePhrase(j job) string {
	if j.source == fromFarm && fromOre(j.item) {
		return mineWords
	}
	return sourceWords[j.source]
}

// fromOre reports whether item is dug from ore (in the mine, not on the
// farm).
func fromOre(item string) bool {
	src, ok := mcdata.SourceOf(item)
	return ok && src.Ore != ""
}

// furnaceAt is " at [x, y, z]" for a smelt or collection at a given
// furnace, or a withdrawal from a given chest.
func furnaceAt(j job) string {
	if j.atKnown {
		return " at " + pos(j.at)
	}
	return ""
}

// describe writes a subtask's jobs as one sentence.
func (w words) describe(jobs []job) string {
	parts := make([]string, len(jobs))
	for i, j := range jobs {
		parts[i] = w.clause(j)
	}
	sep := w.pick(", then ", " and then ", "; then ")
	return upperFirst(strings.Join(parts, sep))
}

// clauseSeps split a description into clauses, longest first.
var clauseSeps = []string{", then ", " and then ", "; then ", ", and ", "; ", ", "}

// readJobs reads a description back into its jobs; a clause it cannot
// read is an error naming it.
func readJobs(desc string) ([]job, error) {
	text := strings.TrimSuffix(strings.TrimSpace(desc), ".")
	clauses := []string{text}
	for _, sep := range clauseSeps {
		var next []string
		for _, c := range clauses {
			if sep == ", " && strings.Count(c, "[") > 0 {
				next = append(next, splitOutsideBrackets(c, sep)...)
				continue
			}
			next = append(next, strings.Split(c, sep)...)
		}
		clauses = next
	}
	var jobs []job
	for _, c := range clauses {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		j, err := readClause(c)
		if err != nil {
			return nil, err
		}
		jobs = append(jobs, j)
	}
	return jobs, nil
}

// splitOutsideBrackets splits s at sep where sep is not inside [...].
func splitOutsideBrackets(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			out = append(out, s[start:i])
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(out, s[start:])
}

// verbs map a clause's first word to its job.
var verbs = map[string]jobKind{
	"hand": jobGive, "give": jobGive, "pass": jobGive, "bring": jobGive,
	"mine": jobMine, "dig": jobMine, "collect": jobMine,
	"craft": jobCraft, "make": jobCraft,
	"smelt": jobSmelt, "cook": jobSmelt,
	"kill": jobKill, "hunt": jobKill,
	"take": jobWithdraw, "withdraw": jobWithdraw, "get": jobWithdraw,
	"place": jobPlace,
	"fetch": jobCollect,
	"use":   jobUse, "fill": jobUse,
	"erect": jobLadder, "dismantle": jobUnladder, "remove": jobUnladder,
	"break":  jobBreak,
	"obtain": jobGet, "gather": jobGet, "find": jobGet,
}

func readClause(c string) (job, error) {
	words := strings.Fields(c)
	if len(words) == 0 {
		return job{}, fmt.Errorf("dagexpert: an empty clause")
	}
	kind, ok := verbs[strings.ToLower(words[0])]
	if !ok {
		return job{}, fmt.Errorf("dagexpert: no job in %q", c)
	}
	j := job{kind: kind}
	rest := words[1:]
	if kind == jobMine && len(rest) > 0 && rest[0] == "up" {
		rest = rest[1:]
	}
	if (strings.HasSuffix(c, " from the furnace") || strings.Contains(c, " from the furnace at [")) && (kind == jobMine || kind == jobWithdraw || kind == jobCollect || strings.HasPrefix(strings.ToLower(c), "take out")) {
		kind, j.kind = jobCollect, jobCollect
		if len(rest) > 0 && rest[0] == "out" {
			rest = rest[1:]
		}
	}
	switch kind {
	case jobPlace:
		if len(rest) < 1 {
			return job{}, fmt.Errorf("dagexpert: no block in %q", c)
		}
		j.item, j.count = rest[0], 1
	case jobLadder, jobUnladder:
		j.item, j.count = "dirt", 1
	case jobBreak: // "break the glass at [...]"
		if len(rest) < 2 {
			return job{}, fmt.Errorf("dagexpert: no block in %q", c)
		}
		j.item, j.count = rest[1], 1
	default:
		if len(rest) < 2 {
			return job{}, fmt.Errorf("dagexpert: no count and item in %q", c)
		}
		n, err := strconv.Atoi(rest[0])
		if err != nil {
			return job{}, fmt.Errorf("dagexpert: no count in %q", c)
		}
		j.count, j.item = n, rest[1]
	}
	if at, ok := bracketPos(c); ok {
		j.at, j.atKnown = at, kind == jobSmelt || kind == jobCollect || kind == jobWithdraw
	} else if kind == jobLadder || kind == jobUnladder || kind == jobBreak {
		return job{}, fmt.Errorf("dagexpert: no cell in %q", c)
	}
	for i, w := range words {
		switch {
		case w == "to" && kind == jobGive && i+1 < len(words):
			j.to = words[i+1]
		case (w == "on" || w == "from") && kind == jobUse && i+2 < len(words) && words[i+1] == "a":
			j.to = words[i+2]
		case w == "with" && kind == jobSmelt && i+1 < len(words):
			j.fuel = words[i+1]
		case w == "facing" && i+1 < len(words):
			j.facing = words[i+1]
		}
	}
	if kind == jobGet {
		for src, words := range sourceWords {
			if src != fromChests && strings.HasSuffix(c, words) {
				j.source = src
			}
		}
		if strings.HasSuffix(c, mineWords) {
			j.source = fromFarm
		}
	}
	if (kind == jobGive || kind == jobUse) && j.to == "" || kind == jobSmelt && j.fuel == "" {
		return job{}, fmt.Errorf("dagexpert: %q names no teammate or fuel", c)
	}
	return j, nil
}

// bracketPos reads the first "[x, y, z]" of s.
func bracketPos(s string) ([3]int, bool) {
	i := strings.IndexByte(s, '[')
	if i < 0 {
		return [3]int{}, false
	}
	j := strings.IndexByte(s[i:], ']')
	if j < 0 {
		return [3]int{}, false
	}
	parts := strings.Split(s[i+1:i+j], ",")
	if len(parts) != 3 {
		parts = strings.Fields(s[i+1 : i+j])
	}
	if len(parts) != 3 {
		return [3]int{}, false
	}
	var p [3]int
	for k, t := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil {
			return [3]int{}, false
		}
		p[k] = n
	}
	return p, true
}
