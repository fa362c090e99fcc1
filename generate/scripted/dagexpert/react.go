package dagexpert

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// An executor's step: read the subtask's jobs from its description, what
// this attempt's steps did from the scratchpad, and do the first job not
// done yet; with every job done, give the final answer.

// done is what the steps so far did: a job's progress.
type progress struct {
	ok      bool      // the job is done
	failed  string    // the job cannot be done: the last failure's text
	next    *toolCall // what to do next for it
	thought string    // why
}

// toolCall is one action of the executor.
type toolCall struct {
	tool string
	args villager.Dict // without player_name, emotion and murmur
}

// stepRecord is one step of the scratchpad, read back.
type stepRecord struct {
	act villager.Action
	obs villager.Dict // the tool's answer; nil for LangChain's feedback text
}

func readSteps(steps []villager.Step) []stepRecord {
	var out []stepRecord
	for _, s := range steps {
		act, err := villager.ParseAction(s.Log)
		if err != nil {
			act = villager.Action{Tool: "_Exception"}
		}
		obs, _ := villager.ParseLiteral(s.Observation)
		out = append(out, stepRecord{act: act, obs: dictOf(obs)})
	}
	return out
}

func (s stepRecord) ok() bool { return s.obs != nil && villager.Truthy(field(s.obs, "status")) }

func (s stepRecord) message() string { return str(field(s.obs, "message")) }

func (s stepRecord) arg(name string) string {
	return str(field(dictOf(s.act.Input), name))
}

// have is what the agent holds as far as its context shows: the last
// tool answer's inventory line, else its running summary's bag.
func have(c villager.ExecutorCall, steps []stepRecord) map[string]int {
	for i := len(steps) - 1; i >= 0; i-- {
		if inv := inventoryIn(steps[i].obs); len(inv) > 0 || hasInventoryLine(steps[i].obs) {
			return inv
		}
	}
	if bag := bagIn(c.State); bag != nil {
		return bag
	}
	return map[string]int{}
}

func hasInventoryLine(obs villager.Dict) bool {
	for _, e := range listOf(field(obs, "new_events")) {
		if strings.HasPrefix(str(e), "My inventory: ") {
			return true
		}
	}
	return false
}

// react decides one step.
func (w words) react(c villager.ExecutorCall, o Options) string {
	if jobs := escClauses(c.Description); len(jobs) > 0 {
		return w.escReact(c, jobs)
	}
	jobs, err := readJobs(c.Description)
	if err != nil || len(jobs) == 0 {
		return w.final("I cannot tell what this task asks of me: " + c.Description)
	}
	steps := readSteps(c.Steps)
	// Outside the construction's block-by-block jobs, whose cells already
	// vary, a thought or an answer may also say where the executor stands
	// or what it holds, as its context shows.
	situated := !slices.ContainsFunc(jobs, func(j job) bool { return buildingJob[j.kind] })
	used := 0 // steps spent on earlier jobs
	var report []string
	var furnace *[3]int // where the last smelt went
	for _, j := range jobs {
		j = atFurnace(j, furnace)
		p, n := w.jobProgress(c, j, steps[used:], lastObs(steps[:used]))
		furnace = usedFurnace(j, steps[used:used+n], furnace)
		used += n
		if p.failed != "" {
			return w.final(w.say("{I could not|I was unable to} "+w.clause(j)+": "+p.failed) + w.situatedEnd(situated, c, steps))
		}
		if p.ok {
			report = append(report, w.clause(j))
			continue
		}
		if o.Noise > 0 && (len(steps) == 0 || steps[len(steps)-1].ok()) && w.rng.Float64() < o.Noise*0.3 {
			p.next = w.misspelt(*p.next)
		}
		if situated {
			if at := w.situation(c, steps); at != "" && w.rng.IntN(4) > 0 {
				if w.rng.IntN(2) == 0 {
					p.thought = upperFirst(at) + w.pick("; ", ". ", ", and ") + lowerFirst(p.thought)
				} else {
					p.thought += " " + upperFirst(at) + "."
				}
			}
		}
		return w.act(c, p, o)
	}
	return w.final(w.say("{Done|All done|Finished}: I "+andList(pastClauses(report))+".") + w.situatedEnd(situated, c, steps))
}

// buildingJob marks the jobs of VillagerBench construction.
var buildingJob = map[jobKind]bool{jobPlace: true, jobLadder: true, jobUnladder: true, jobBreak: true}

// situation says what the executor holds, from the last tool answer's
// inventory line, else where it stands, from the environment's Entity
// line; "" when its context shows neither.
func (w words) situation(c villager.ExecutorCall, steps []stepRecord) string {
	if obs := lastObs(steps); obs != nil && hasInventoryLine(obs) {
		inv := inventoryIn(obs)
		if len(inv) == 0 {
			return w.pick("my hands are empty", "I carry nothing now", "my inventory is empty")
		}
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(inv)) {
			parts = append(parts, fmt.Sprintf("%d %s", inv[name], name))
		}
		return w.pick("I hold ", "I carry ", "I have ", "my inventory has ") + andList(parts)
	}
	if at, ok := standsAt(c.Env, c.Name); ok {
		return w.pick("I stand at ", "I am at ", "I'm at ", "from where I stand, ") + pos(at)
	}
	return ""
}

// situatedEnd is a final answer's closing sentence on what the executor
// holds (or where it stands), when situated and its context shows it.
func (w words) situatedEnd(situated bool, c villager.ExecutorCall, steps []stepRecord) string {
	if !situated || w.rng.IntN(4) == 0 {
		return ""
	}
	if at := w.situation(c, steps); at != "" {
		return " " + upperFirst(at) + "."
	}
	return ""
}

// standsAt reads an agent's position from the environment summary's
// Entity line ("Andy_0 stands at [42, -59, 125] holding nothing").
func standsAt(env, name string) ([3]int, bool) {
	for l := range strings.SplitSeq(env, "\n") {
		rest, ok := strings.CutPrefix(l, "Entity: ")
		if !ok {
			continue
		}
		for _, verb := range []string{" is at [", " is located at position [", " stands at ["} {
			i := strings.Index(rest, name+verb)
			if i < 0 || i > 0 && rest[i-1] != ' ' && rest[i-1] != ',' {
				continue
			}
			f := strings.FieldsFunc(rest[i+len(name+verb):], func(r rune) bool { return r == ',' || r == ' ' || r == ']' })
			if len(f) < 3 {
				return [3]int{}, false
			}
			var p [3]int
			for k := range 3 {
				n, err := strconv.Atoi(f[k])
				if err != nil {
					return [3]int{}, false
				}
				p[k] = n
			}
			return p, true
		}
	}
	return [3]int{}, false
}

// lowerFirst lowers a sentence's first letter, unless it starts with a
// name (an agent's, an item's in a capitalised word stays).
func lowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "I ") || strings.HasPrefix(s, "I'") {
		return s
	}
	first, _, _ := strings.Cut(s, " ")
	if strings.ContainsAny(first, "_0123456789") {
		return s // a name such as Andy_0
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// atFurnace points a collection at the furnace its smelt went to.
func atFurnace(j job, furnace *[3]int) job {
	if j.kind == jobCollect && j.atKnown && furnace != nil {
		j.at = *furnace
	}
	return j
}

// usedFurnace is the furnace a smelt job's steps ended at: its last walk,
// else where it was sent.
func usedFurnace(j job, steps []stepRecord, was *[3]int) *[3]int {
	if j.kind != jobSmelt || !j.atKnown {
		return was
	}
	at := j.at
	for _, s := range steps {
		if s.act.Tool == "navigateTo" {
			at = [3]int{atoi(s.arg("x")), atoi(s.arg("y")) - 1, atoi(s.arg("z"))}
		}
	}
	return &at
}

// misspelt is a call with its item's name got wrong, as a model does
// (a plural dropped or added, a space for an underscore): the tool's
// answer says so and the next step has it right (single).
func (w words) misspelt(call toolCall) *toolCall {
	name := str(field(call.args, "item_name"))
	if name == "" {
		return &call
	}
	var options []string
	if strings.HasSuffix(name, "s") && len(name) > 3 {
		options = append(options, strings.TrimSuffix(name, "s"))
	} else {
		options = append(options, name+"s")
	}
	if strings.Contains(name, "_") {
		options = append(options, strings.Replace(name, "_", " ", 1))
	}
	call.args = slices.Clone(call.args).Set("item_name", options[w.rng.IntN(len(options))])
	return &call
}

// pastClauses turns "mine 3 oak_log" into a past report "did: mine 3 oak_log".
func pastClauses(cs []string) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = "did " + c
	}
	return out
}

// final is the final answer.
func (w words) final(text string) string {
	return w.say("Thought: {I know what to respond|The task is settled|Nothing is left to do here}\nAction:\n```\n") +
		villager.JSON(villager.Dict{{Key: "action", Value: "Final Answer"}, {Key: "action_input", Value: text}}) + "\n```"
}

// act writes the tool call of p with its thought.
func (w words) act(c villager.ExecutorCall, p progress, o Options) string {
	args := villager.Dict{{Key: "player_name", Value: c.Name}}
	args = append(args, p.next.args...)
	emojis := []string{"😊", "🤔", "👍", "💪", "🙌", "😎", "🔥", "⛏️"}
	emo := []any{emojis[w.rng.IntN(len(emojis))]}
	args = append(args, villager.KV{Key: "emotion", Value: emo}, villager.KV{Key: "murmur", Value: w.murmur(c)})
	return "Thought: " + p.thought + "\nAction:\n```\n" +
		villager.JSON(villager.Dict{{Key: "action", Value: p.next.tool}, {Key: "action_input", Value: args}}) + "\n```"
}

// murmur is a short aside in the prompt's speaking style's language.
func (w words) murmur(c villager.ExecutorCall) string {
	if hasHan(c.State+c.Description) || w.rng.IntN(3) == 0 {
		return w.pick("", "加油！", "马上就好。", "稳稳的。")
	}
	return w.pick("", "on it", "almost there", "step by step", "here we go")
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// jobProgress reads what the steps did for j and what comes next; n is
// how many of the steps belong to j.
func (w words) jobProgress(c villager.ExecutorCall, j job, steps []stepRecord, before villager.Dict) (progress, int) {
	switch j.kind {
	case jobGive:
		if j.to == c.Name {
			return progress{ok: true}, 0
		}
		return w.single(steps, "handoverBlock", toolCall{"handoverBlock", villager.Dict{
			{Key: "target_player_name", Value: j.to}, {Key: "item_name", Value: j.item}, {Key: "item_count", Value: j.count}}},
			w.say("{"+j.to+" needs my "+j.item+"|The "+j.item+" goes to "+j.to+"}, so I hand over "+fmt.Sprint(j.count)+"."))
	case jobCraft:
		if have(c, nil)[j.item] >= j.count && !startsOn(steps, j) {
			return progress{ok: true}, 0 // done on an earlier try
		}
		crafts := craftsFor(j.item, j.count)
		return w.single(steps, "craftBlock", toolCall{"craftBlock", villager.Dict{{Key: "item_name", Value: j.item}, {Key: "count", Value: crafts}}},
			w.say("{Next I craft|Now to craft|Time to craft} "+fmt.Sprint(j.count)+" "+j.item+"{| at the crafting table}."))
	case jobSmelt:
		if sm, ok := mcdata.Smelt(j.item); ok && have(c, nil)[sm.Output] >= j.count && !startsOn(steps, j) {
			return progress{ok: true}, 0 // done on an earlier try
		}
		var start *[3]int
		if j.atKnown {
			start = &j.at
		}
		return w.singleAt(steps, "SmeltingCooking", toolCall{"SmeltingCooking", villager.Dict{
			{Key: "item_name", Value: j.item}, {Key: "item_count", Value: j.count}, {Key: "fuel_item_name", Value: j.fuel}}},
			w.say("{The furnace turns|I put} "+j.item+" {into something useful|in the furnace} with "+j.fuel+"."), start, stationsIn(c.Env, "furnace"))
	case jobWithdraw:
		return w.single(steps, "withdrawItem", toolCall{"withdrawItem", villager.Dict{
			{Key: "item_name", Value: j.item}, {Key: "from_name", Value: "chest"}, {Key: "item_count", Value: j.count}}},
			w.say("{I need|First I take} "+fmt.Sprint(j.count)+" "+j.item+" from the chest."))
	case jobKill:
		return w.kill(steps, j)
	case jobCollect:
		return w.collect(c, steps, j, before)
	case jobGet:
		return w.get(c, steps, j)
	case jobUse:
		if j.item == "bucket" {
			return w.milk(c, steps, j)
		}
		return w.repeat(steps, j, toolCall{"useItemOnEntity", villager.Dict{{Key: "item_name", Value: j.item}, {Key: "entity_name", Value: j.to}}},
			w.say("{I take|With} the "+j.item+" {to|I go to} the "+j.to+"."))
	case jobMine:
		return w.mine(c, steps, j)
	case jobPlace:
		if len(steps) == 0 && placedBefore(append([]string{c.State}, strs(c.Actions)...), j) {
			return progress{ok: true}, 0 // an earlier try placed it
		}
		return w.place(steps, j)
	case jobLadder:
		return w.single(steps, "erectDirtLadder", toolCall{"erectDirtLadder", cellArgs("top_", j.at)},
			w.say("{Nothing holds up|Nothing is under} "+pos(j.at)+", so I {put up|erect} a dirt ladder {to reach it|under it}."))
	case jobUnladder:
		return w.single(steps, "dismantleDirtLadder", toolCall{"dismantleDirtLadder", cellArgs("top_", j.at)},
			w.say("{The block stands, so|Done up there:} the dirt ladder under "+pos(j.at)+" {comes down|goes}."))
	case jobBreak:
		// A cell already empty (the ladder fell with its dirt) is clear.
		if len(steps) > 0 && steps[0].act.Tool == "MineBlock" && !steps[0].ok() && strings.Contains(steps[0].message(), "cannot dig air") {
			return progress{ok: true}, 1
		}
		return w.single(steps, "MineBlock", toolCall{"MineBlock", cellArgs("", j.at)},
			w.say("{The "+j.item+" at "+pos(j.at)+" is in the way|A "+j.item+" stands where the blueprint wants a block}, so I break it."))
	}
	return progress{failed: "an unknown job"}, 0
}

// place puts a block in its cell. The game may answer that something
// else is there ("occupied by glass": the enclosure's wall, a ladder a
// dirt ladder left behind); the builder mines it once and places again.
func (w words) place(steps []stepRecord, j job) (progress, int) {
	call := toolCall{"placeBlock", villager.Dict{
		{Key: "item_name", Value: j.item}, {Key: "x", Value: j.at[0]}, {Key: "y", Value: j.at[1]}, {Key: "z", Value: j.at[2]}, {Key: "facing", Value: j.facing}}}
	thought := w.say("{Next block|Placing}: " + j.item + " at " + pos(j.at) + ".")
	fails, mined := 0, false
	for i, s := range steps {
		last := i+1 == len(steps)
		switch s.act.Tool {
		case "placeBlock":
			if s.ok() {
				return progress{ok: true}, i + 1
			}
			msg := strings.TrimSpace(s.message())
			if got := s.arg("item_name"); got != j.item {
				thought = w.say("{I had the name wrong|That name was off} (" + got + "); {it is|the item is} " + j.item + ".")
				continue // a misspelt name is put right, not counted
			}
			if what, ok := occupiedBy(msg); ok && !mined {
				if last {
					dig := toolCall{"MineBlock", cellArgs("", j.at)}
					return progress{next: &dig, thought: w.say("{There is|Something is in the way:} " + what + " {at|in} " + pos(j.at) + "; {I mine it first|it has to go first}.")}, i + 1
				}
				continue
			}
			if fails++; fails >= 2 {
				return progress{failed: msg}, i + 1
			}
			thought = w.say("{That did not work|It failed} (" + msg + "); {I try once more|one more try}.")
		case "MineBlock":
			mined = true
			if !s.ok() {
				return progress{failed: strings.TrimSpace(s.message())}, i + 1
			}
			thought = w.say("{The cell is clear now|Now the way is free}; {I place the|in goes the} " + j.item + ".")
		default:
			return progress{failed: "my steps went astray"}, i
		}
	}
	return progress{next: &call, thought: thought}, len(steps)
}

// placedBefore reports whether the agent's own record (its running
// summary, its last subtask's actions) shows the block placed in its
// cell and not dug out since: placing it again would take another block
// from the bag, as the game answers "the block is placed there" and
// clears one item all the same.
func placedBefore(texts []string, j job) bool {
	placed := fmt.Sprintf("place %s at %d %d %d", j.item, j.at[0], j.at[1], j.at[2])
	dug := fmt.Sprintf("dig at (%d, %d, %d)", j.at[0], j.at[1], j.at[2])
	for _, t := range slices.Backward(texts) {
		if i := strings.LastIndex(t, placed); i >= 0 {
			return strings.LastIndex(t, dug) < i
		}
		if strings.Contains(t, dug) {
			return false
		}
	}
	return false
}

func strs(l []any) []string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i] = villager.Repr(v)
	}
	return out
}

// occupiedBy reads place_block_op's answer that another block holds the
// cell: "... the position is occupied by glass, do you need to mine it
// first?".
func occupiedBy(msg string) (string, bool) {
	_, rest, ok := strings.Cut(msg, "the position is occupied by ")
	if !ok {
		return "", false
	}
	what, _, _ := strings.Cut(rest, ",")
	return what, what != ""
}

// cellArgs are a tool's x, y, z arguments (prefixed: top_x ...).
func cellArgs(prefix string, p [3]int) villager.Dict {
	return villager.Dict{{Key: prefix + "x", Value: p[0]}, {Key: prefix + "y", Value: p[1]}, {Key: prefix + "z", Value: p[2]}}
}

// startsOn reports whether the steps begin on job j (its tool, or the
// walk to its furnace): then they say whether it is done, not the bag.
func startsOn(steps []stepRecord, j job) bool {
	if len(steps) == 0 {
		return false
	}
	s := steps[0]
	switch j.kind {
	case jobCraft:
		return s.act.Tool == "craftBlock" && s.arg("item_name") == j.item
	case jobSmelt:
		return s.act.Tool == "SmeltingCooking" && s.arg("item_name") == j.item ||
			j.atKnown && s.act.Tool == "navigateTo" && atoi(s.arg("x")) == j.at[0] && atoi(s.arg("z")) == j.at[2]
	}
	return false
}

// single is a job of one tool call: done once it succeeded, failed after
// two failures, else the call. A station out of reach ("cannot reach
// furnace, or there is no furnace") is looked for and walked to before
// the next try.
func (w words) single(steps []stepRecord, tool string, call toolCall, thought string) (progress, int) {
	return w.singleAt(steps, tool, call, thought, nil, nil)
}

// singleAt is single at a station: walked to first when start is given;
// a furnace still burning its last fuel is left for the next of alts
// (VillagerBench's kitchens have three).
func (w words) singleAt(steps []stepRecord, tool string, call toolCall, thought string, start *[3]int, alts [][3]int) (progress, int) {
	walk := func(at [3]int, why string) *progress {
		c := toolCall{"navigateTo", villager.Dict{{Key: "x", Value: at[0]}, {Key: "y", Value: at[1] + 1}, {Key: "z", Value: at[2]}}}
		return &progress{next: &c, thought: w.say(why)}
	}
	if start != nil && len(steps) == 0 {
		return *walk(*start, "{First I go to|I walk over to} the furnace at "+pos(*start)+"."), 0
	}
	fails, moves := 0, 0
	var visited [][3]int
	station := "" // a station looked for, until walked to
	for i, s := range steps {
		last := i+1 == len(steps)
		switch {
		case s.act.Tool == "navigateTo" && (i == 0 && start != nil || station != ""):
			visited = append(visited, [3]int{atoi(s.arg("x")), atoi(s.arg("y")) - 1, atoi(s.arg("z"))})
			station = ""
			moves++
			if last {
				t := thought
				if i > 0 {
					t = w.say("{Now I am by it|I am there now}; {I try again|once more}.")
				}
				return progress{next: &call, thought: t}, i + 1
			}
		case s.act.Tool == "scanNearbyEntities" && station != "":
			cells := cellsOf(s.obs)
			if len(cells) == 0 {
				return progress{failed: "there is no " + station + " near"}, i + 1
			}
			if last {
				return *walk(cells[0], "{There is a|I found a} "+station+" at "+pos(cells[0])+"; {I walk over|I go to it}."), i + 1
			}
		case s.act.Tool != tool:
			return progress{failed: "my steps went astray"}, i
		case s.ok():
			return progress{ok: true}, i + 1
		default:
			fails++
			msg := strings.TrimSpace(s.message())
			if tool == "SmeltingCooking" && (busyFurnace(msg) || strings.HasPrefix(msg, "the furnace is still working")) {
				station = "furnace"
				if !last {
					continue // the steps go on, to another furnace
				}
				var next *[3]int
				for _, a := range alts {
					if !slices.Contains(visited, a) && (start == nil || a != *start) {
						next = &a
						break
					}
				}
				if next == nil || moves >= 3 {
					return progress{failed: msg}, i + 1
				}
				return *walk(*next, "{This furnace is still burning its last fuel|The fire here is still going from the last batch}; {I use the one at|another furnace will do:} "+pos(*next)+"."), i + 1
			}
			if st, far := outOfReach(msg); far && moves < 3 {
				station = st
				if last {
					scan := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: st}, {Key: "radius", Value: 32}, {Key: "item_num", Value: 1}}}
					return progress{next: &scan, thought: w.say("{The " + st + " is out of reach|I am too far from the " + st + "}; {I look for it|a scan will show where it is}.")}, i + 1
				}
				continue
			}
			if got, want := s.arg("item_name"), str(field(call.args, "item_name")); got != want && want != "" {
				fails-- // a misspelt name is put right, not counted
				thought = w.say("{I had the name wrong|That name was off} (" + got + "); {it is|the item is} " + want + ".")
				continue
			}
			if fails >= 2 {
				return progress{failed: msg}, i + 1
			}
			thought = w.say("{That did not work|It failed} (" + msg + "); {I try once more|one more try}.")
		}
	}
	return progress{next: &call, thought: thought}, len(steps)
}

// cellsOf is the cells a scan's answer lists.
func cellsOf(obs villager.Dict) [][3]int {
	var out [][3]int
	for _, d := range listOf(field(obs, "data")) {
		dd := dictOf(d)
		if p, ok := posOf([]any{field(dd, "x"), field(dd, "y"), field(dd, "z")}); ok {
			out = append(out, p)
		}
	}
	return out
}

// outOfReach reads a tool's answer that a station is too far away or
// missing: "cannot reach furnace, or there is no furnace".
func outOfReach(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(msg), "cannot reach ")
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, ", or there is no ")
	return name, ok && name != ""
}

// craftsFor is how many crafts make count of item: the game's recipe
// makes its count a craft.
func craftsFor(item string, count int) int {
	if r, ok := mcdata.DefaultRecipe(item); ok && r.Count > 0 {
		return int(math.Ceil(float64(count) / float64(r.Count)))
	}
	return count
}

// held is what the subtask's data says name holds: its entry of a
// retrieved inventory ({agent: {item: count}}).
func held(relevant any, name string) villager.Dict {
	var found villager.Dict
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e)
			}
		case villager.Dict:
			if d, ok := v.Get(name); ok && found == nil {
				found = dictOf(d)
			}
		}
	}
	walk(relevant)
	return found
}

// repeat is a job of count successful calls of one tool.
func (w words) repeat(steps []stepRecord, j job, call toolCall, thought string) (progress, int) {
	done, fails := 0, 0
	for i, s := range steps {
		if s.act.Tool != call.tool {
			return progress{failed: "my steps went astray"}, i
		}
		if s.ok() {
			done++
		} else if fails++; fails >= 2 {
			return progress{failed: s.message()}, i + 1
		}
		if done >= j.count {
			return progress{ok: true}, i + 1
		}
	}
	return progress{next: &call, thought: thought}, len(steps)
}

// kill attacks the mob once per count.
func (w words) kill(steps []stepRecord, j job) (progress, int) {
	killed, fails := 0, 0
	for i, s := range steps {
		if s.act.Tool != "attackTarget" {
			return progress{failed: "my steps went astray"}, i
		}
		if s.ok() {
			killed++
		} else if fails++; fails >= 2 {
			return progress{failed: s.message()}, i + 1
		}
		if killed >= j.count {
			return progress{ok: true}, i + 1
		}
	}
	call := toolCall{"attackTarget", villager.Dict{{Key: "target_name", Value: j.item}}}
	return progress{next: &call, thought: w.say("{I go after|Hunting} the " + j.item + "{| nearby}.")}, len(steps)
}

// mine finds the block with scanNearbyEntities, then digs the cells found,
// lowest first, equipping a tool the block needs.
func (w words) mine(c villager.ExecutorCall, steps []stepRecord, j job) (progress, int) {
	b, _ := mcdata.LookupBlock(j.item)
	var cells [][3]int
	dug, fails, scans := 0, 0, 0
	tried := map[[3]int]bool{}
	equipped := false
	// A tool fetched from a chest after the game said one is needed.
	needTool, walked, fetched, looked := false, false, "", false
	var offered []string // what a chest's answer listed
	var chests [][3]int  // chests a scan found
	for i, s := range steps {
		if s.act.Tool == "scanNearbyEntities" && s.arg("item_name") == "chest" {
			looked, chests = true, cellsOf(s.obs)
			continue
		}
		switch s.act.Tool {
		case "navigateTo":
			walked = true
		case "withdrawItem":
			if s.ok() {
				fetched = s.arg("item_name")
			}
			offered = offered[:0]
			for _, d := range listOf(field(s.obs, "data")) {
				offered = append(offered, str(field(dictOf(d), "name")))
			}
		case "equipItem":
			equipped = true
		case "scanNearbyEntities":
			scans++
			cells = cells[:0]
			for _, d := range listOf(field(s.obs, "data")) {
				dd := dictOf(d)
				p, ok := posOf([]any{field(dd, "x"), field(dd, "y"), field(dd, "z")})
				if ok {
					cells = append(cells, p)
				}
			}
			slices.SortStableFunc(cells, func(a, b [3]int) int { return a[1] - b[1] })
		case "MineBlock":
			x, y, z := s.arg("x"), s.arg("y"), s.arg("z")
			tried[[3]int{atoi(x), atoi(y), atoi(z)}] = true
			if s.ok() {
				dug++
			} else if strings.Contains(s.message(), "you need to hold a tool") && !needTool {
				needTool = true
			} else if fails++; fails >= 3 {
				return progress{failed: s.message()}, i + 1
			}
		default:
			if dug >= j.count {
				return progress{ok: true}, i
			}
			return progress{failed: "my steps went astray"}, i
		}
		if dug >= j.count {
			return progress{ok: true}, i + 1
		}
	}
	for _, a := range c.Actions {
		for _, t := range b.HarvestTools {
			if strings.TrimSpace(str(a)) == "equip "+t || strings.Contains(str(a), "already has "+t+" in hand") {
				equipped = true // the last subtask left it in hand
			}
		}
	}
	if needTool && !equipped {
		// The game said a tool is needed ("... try find it in chest"):
		// the chest a map of the way showed, its tool, in hand.
		bag := have(c, steps)
		if fetched == "" {
			for _, t := range b.HarvestTools {
				if bag[t] > 0 {
					fetched = t
				}
			}
		}
		switch {
		case fetched != "":
			call := toolCall{"equipItem", villager.Dict{{Key: "slot", Value: "hand"}, {Key: "item_name", Value: fetched}}}
			return progress{next: &call, thought: w.say("{Now I hold|I take} the " + fetched + "{| in hand} {for the|to dig the} " + j.item + ".")}, len(steps)
		case !walked:
			if seen := chestsSeen(steps); len(seen) > 0 && !looked {
				chests = seen[len(seen)-1:]
			}
			if len(chests) == 0 && !looked {
				call := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: "chest"}, {Key: "radius", Value: 32}, {Key: "item_num", Value: 1}}}
				return progress{next: &call, thought: w.say("{" + j.item + " needs a tool I lack|I have nothing to dig " + j.item + " with}; {a chest nearby may hold one|let me look for a chest}.")}, len(steps)
			}
			if len(chests) == 0 {
				return progress{failed: "I hold no tool that digs " + j.item + " and find no chest"}, len(steps)
			}
			at := chests[0]
			call := toolCall{"navigateTo", villager.Dict{{Key: "x", Value: at[0]}, {Key: "y", Value: at[1] + 1}, {Key: "z", Value: at[2]}}}
			return progress{next: &call, thought: w.say("{" + j.item + " needs a tool I lack|I have nothing to dig " + j.item + " with}; {the chest I saw at|there was a chest at} " + pos(at) + "{ may hold one| might have one}.")}, len(steps)
		case len(offered) > 0:
			for _, t := range offered {
				if slices.Contains(b.HarvestTools, t) {
					call := toolCall{"withdrawItem", villager.Dict{{Key: "item_name", Value: t}, {Key: "from_name", Value: "chest"}, {Key: "item_count", Value: 1}}}
					return progress{next: &call, thought: w.say("{The chest holds|There is} a " + t + "; {I take it|that will do}.")}, len(steps)
				}
			}
			return progress{failed: "no chest I saw holds a tool that digs " + j.item}, len(steps)
		default:
			t := b.HarvestTools[0]
			for _, pref := range []string{"iron_pickaxe", "stone_pickaxe", "wooden_pickaxe"} {
				if slices.Contains(b.HarvestTools, pref) {
					t = pref
					break
				}
			}
			call := toolCall{"withdrawItem", villager.Dict{{Key: "item_name", Value: t}, {Key: "from_name", Value: "chest"}, {Key: "item_count", Value: 1}}}
			return progress{next: &call, thought: w.say("{I look in the chest for a|Let me take a} " + t + ".")}, len(steps)
		}
	}
	if b.RequiresTool && !equipped {
		for _, t := range slices.Backward(b.HarvestTools) {
			if held(c.Relevant, c.Name).Has(t) {
				call := toolCall{"equipItem", villager.Dict{{Key: "slot", Value: "hand"}, {Key: "item_name", Value: t}}}
				return progress{next: &call, thought: w.say("{" + j.item + " needs a tool|Digging " + j.item + " takes a " + t + "}, so I {hold|equip} the " + t + " first.")}, len(steps)
			}
		}
		if inv := held(c.Relevant, c.Name); inv != nil {
			return progress{failed: "I hold no tool that digs " + j.item}, len(steps)
		}
	}
	for _, p := range cells {
		if !tried[p] {
			call := toolCall{"MineBlock", villager.Dict{{Key: "x", Value: p[0]}, {Key: "y", Value: p[1]}, {Key: "z", Value: p[2]}}}
			return progress{next: &call, thought: w.say("{There is|I found} " + j.item + " at " + pos(p) + "; {I dig it|digging it}.")}, len(steps)
		}
	}
	if scans >= j.count+2 {
		return progress{failed: "I found no more " + j.item + " within reach"}, len(steps)
	}
	call := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: j.item}, {Key: "radius", Value: 32}, {Key: "item_num", Value: j.count + 2}}}
	return progress{next: &call, thought: w.say("{I need|First I look for} " + j.item + "{| nearby}; {let me scan around|a scan will show where it is}.")}, len(steps)
}

// chestsSeen are the chests the maps in the steps' answers showed
// ("[chest:45 -60 142]"), in the order seen.
func chestsSeen(steps []stepRecord) [][3]int {
	var out [][3]int
	for _, s := range steps {
		for _, e := range listOf(field(s.obs, "new_events")) {
			rest := str(e)
			for {
				i := strings.Index(rest, "[chest:")
				if i < 0 {
					break
				}
				rest = rest[i+len("[chest:"):]
				end := strings.IndexByte(rest, ']')
				if end < 0 {
					break
				}
				if p, ok := bracketPos("[" + rest[:end] + "]"); ok && !slices.Contains(out, p) {
					out = append(out, p)
				}
				rest = rest[end:]
			}
		}
	}
	return out
}

func atoi(s string) int {
	n := 0
	neg := strings.HasPrefix(s, "-")
	for _, r := range strings.TrimPrefix(s, "-") {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	if neg {
		return -n
	}
	return n
}

// fixReply answers LangChain's output fixer: the reply's action, in a
// clean fenced block.
func (w words) fixReply(prompt string) string {
	return w.final("I could not act on my last reply.")
}

// collect takes a furnace's output until the inventory holds count of the
// item: the furnace smelts on after the call that filled it. It looks at
// each furnace near in turn, staying with one still working on the item.
func (w words) collect(c villager.ExecutorCall, steps []stepRecord, j job, before villager.Dict) (progress, int) {
	if j.atKnown {
		return w.collectAt(steps, j)
	}
	if inventoryIn(before)[j.item] >= j.count || have(c, nil)[j.item] >= j.count {
		return progress{ok: true}, 0 // the smelt gave everything
	}
	var cells, looked [][3]int
	if j.atKnown {
		cells = append(cells, j.at)
	}
	for _, at := range stationsIn(c.Env, "furnace") {
		if !slices.Contains(cells, at) {
			cells = append(cells, at)
		}
	}
	scans, fetches, stay := 0, 0, false
	for i, s := range steps {
		switch s.act.Tool {
		case "fetchContainerContents":
			fetches++
			at, _ := posOf(listOf(field(dictOf(s.act.Input), "position")))
			stay = strings.Contains(s.message(), "still working")
			if !stay && !slices.Contains(looked, at) {
				looked = append(looked, at)
			}
		case "scanNearbyEntities":
			scans++
			cells = cellsOf(s.obs)
		default:
			return progress{failed: "my steps went astray"}, i
		}
		if inventoryIn(s.obs)[j.item] >= j.count {
			return progress{ok: true}, i + 1
		}
		if fetches >= 5 {
			return progress{failed: "no furnace has the " + j.item + " ready"}, i + 1
		}
	}
	var next *[3]int
	if stay && len(steps) > 0 {
		at, _ := posOf(listOf(field(dictOf(steps[len(steps)-1].act.Input), "position")))
		next = &at
	}
	for _, cell := range cells {
		if next == nil && !slices.Contains(looked, cell) {
			next = &cell
		}
	}
	if next == nil {
		if scans > 0 {
			return progress{failed: "no furnace near has the " + j.item}, len(steps)
		}
		call := toolCall{"scanNearbyEntities", villager.Dict{{Key: "item_name", Value: "furnace"}, {Key: "radius", Value: 16}, {Key: "item_num", Value: 3}}}
		return progress{next: &call, thought: w.say("{Where are the furnaces|I need the furnace}; {a scan will tell|let me look}.")}, len(steps)
	}
	call := toolCall{"fetchContainerContents", villager.Dict{{Key: "item_name", Value: "furnace"}, {Key: "position", Value: listAny(*next)}}}
	thought := w.say("{The furnace should have|Let me see if the furnace has} {the|my} " + j.item + "{| by now}.")
	switch {
	case stay:
		thought = w.say("{Still smelting|Not done yet}; {I check the furnace again|one more look at the furnace}.")
	case fetches > 0:
		thought = w.say("{Not in that one|That furnace has none of it}; {I try the next furnace|the one at " + pos(*next) + " then}.")
	}
	return progress{next: &call, thought: thought}, len(steps)
}

// collectAt empties the furnace at j.at: done once it answers with its
// output taken or nothing in it, fetched again while it still works on
// the batch.
func (w words) collectAt(steps []stepRecord, j job) (progress, int) {
	fetches := 0
	for i, s := range steps {
		if s.act.Tool != "fetchContainerContents" {
			return progress{failed: "my steps went astray"}, i
		}
		fetches++
		if !s.ok() {
			return progress{failed: s.message()}, i + 1
		}
		if !strings.Contains(s.message(), "still working") {
			return progress{ok: true}, i + 1
		}
		if fetches >= 5 {
			return progress{failed: "the furnace at " + pos(j.at) + " has not finished the " + j.item}, i + 1
		}
	}
	call := toolCall{"fetchContainerContents", villager.Dict{{Key: "item_name", Value: "furnace"}, {Key: "position", Value: listAny(j.at)}}}
	thought := w.say("{I take the|Time to collect the} " + j.item + " {from the furnace at|out of the furnace at} " + pos(j.at) + ".")
	if fetches > 0 {
		thought = w.say("{Still smelting|Not done yet}; {I check the furnace again|one more look at the furnace}.")
	}
	return progress{next: &call, thought: thought}, len(steps)
}

// stationsIn finds the cells of "<block> at [x, y, z], [x, y, z] and
// [x, y, z]" in a text (the environment summary).
func stationsIn(text, block string) [][3]int {
	i := strings.Index(text, block+" at [")
	if i < 0 {
		return nil
	}
	rest := text[i+len(block)+4:]
	var out [][3]int
	for {
		p, ok := bracketPos(rest)
		if !ok {
			return out
		}
		out = append(out, p)
		end := strings.IndexByte(rest, ']')
		rest = rest[end+1:]
		switch {
		case strings.HasPrefix(rest, ", ["):
			rest = rest[2:]
		case strings.HasPrefix(rest, " and ["):
			rest = rest[5:]
		default:
			return out
		}
	}
}

// inventoryIn reads the inventory line of a tool answer's new events
// ("My inventory: coal: 1 stick: 4 heldItem: ..."), item -> count.
func inventoryIn(obs villager.Dict) map[string]int {
	out := map[string]int{}
	for _, e := range listOf(field(obs, "new_events")) {
		line, ok := strings.CutPrefix(str(e), "My inventory: ")
		if !ok {
			continue
		}
		if i := strings.Index(line, " Player-Center"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		for k := 0; k+1 < len(f); k += 2 {
			name := strings.TrimSuffix(f[k], ":")
			if name == "heldItem" {
				break
			}
			out[name] += atoi(f[k+1])
		}
	}
	return out
}

// lastObs is the answer of the last step, nil for none.
func lastObs(steps []stepRecord) villager.Dict {
	if len(steps) == 0 {
		return nil
	}
	return steps[len(steps)-1].obs
}

// busyFurnace is the furnace's answer while its last fire still burns.
func busyFurnace(msg string) bool {
	return strings.Contains(msg, "mostly because material is not enough")
}
