package scripted

import (
	"fmt"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/chat"
)

// builderWords say the builder's intents.
type builderWords struct{ words }

func (w *builderWords) Words(i Intent) (string, string) {
	v := w.v
	switch f := i.Facts.(type) {
	case readBlueprint:
		return w.blueprintIntent(), ""
	case goQuiet:
		share := w.planText() + " "
		if statedPlan(w.ctx()) {
			share = v.pick("Thanks, carrying on with my share. ", "Got it, back to my share. ")
		}
		return share + v.pick("I'll build quietly and only ask if I run out of blocks.", "Building now; I'll shout if I need blocks.", "Heads down till my part is done."), ""
	case withPlan:
		then, prompt := w.Words(f.Then)
		plan := ""
		if f.Agree {
			plan = v.pick(chat.Agrees...)
		} else {
			plan = w.planText()
		}
		if f.Then.Act.To != "" { // the message is the command's argument
			return plan, then
		}
		if then == "" {
			return plan, prompt
		}
		return plan + " " + then, prompt
	case tellPlan:
		w.Words(f.Decided) // drawn, then left unsaid
		return w.planText(), ""
	case awaitPlan:
		return v.compose(v.pick("I'll wait for "+f.From+"'s split before I place anything", "nothing goes down until "+f.From+" says how we split the levels", "I'm holding off until "+f.From+" shares the plan"),
			[]string{v.pick("two builders placing the same cells waste blocks", "we need to agree who builds which rows", "")}), ""
	case readLevelK:
		return w.levelIntent(f.K), ""
	case buildShare:
		return w.buildIntent(f.Level, f.Cells), w.actionText(f.Level.Level, f.Cells)
	case repair:
		return w.repairIntent(f.Mine, f.All), w.repairText(f.Mine)
	case check:
		return w.checkIntent(), ""
	case climbDown:
		return v.compose(v.pick("I'll take down the dirt I climbed on to reach "+f.To+", if the walk put any up",
				"before I check, any dirt tower my walk to "+f.To+" left comes down",
				"first the dirt I may have towered on to reach "+f.To+" goes"),
				[]string{v.pick("the check should see the house, not my scaffolding", "the pathfinder towers on dirt to reach someone up high", "")}),
			v.pick("Take down the dirt I towered on to reach "+f.To+", top first, if there is any.",
				"Dig back down off the dirt scaffolding my walk to "+f.To+" left, if any.",
				"Remove any dirt my walk to "+f.To+" put up, highest first.")
	case houseDone:
		return v.pick("The house matches the blueprint.", "All done here."), ""
	case askBlocks:
		return chat.RequestOf(v.pick(chat.Requests...), f.N, f.Block) + " The house still needs them and my share is done.", ""
	case waitForTeam:
		left := materialsText(f.Fixes)
		return v.compose(v.pick("the rest is my teammates' part; I'll give them a moment", "I'll wait for the others to finish their share"),
			nil, v.pick("what's left needs "+left, "the check still wants "+left)), ""
	}
	if s, ok := w.requestWords(i); ok {
		return s, ""
	}
	s, _ := w.idleWords(i)
	return s, ""
}

// Progress says how many levels have the builder's blocks in.
func (w *builderWords) Progress() string {
	c := w.ctx()
	if n := levelCount(c); n > 0 {
		placed := len(placedLevels(c))
		return w.v.pick(fmt.Sprintf("%d of the %d levels %s my blocks", placed, n, agree(placed, "has", "have")), fmt.Sprintf("my part is in on %s of %d", plural(placed, "level"), n))
	}
	return ""
}

// Nod is nothing: in a conversation every reply of the partner arrives,
// and a bare nod to each says nothing.
func (w *builderWords) Nod(string) string { return "" }

// blueprintIntent opens a builder's work: the blueprint first.
func (w *builderWords) blueprintIntent() string {
	v := w.v
	intent := v.pick("I need the blueprint first", "let me look at the blueprint", "what does the blueprint look like?",
		"I'll start by reading the blueprint", "before placing anything I need the blueprint", "it's time to see what we're building")
	var note string
	if others := w.ctx().Others(); len(others) > 0 {
		note = v.pick(
			joinAnd(others)+" and I are building this house together",
			"the house is a job for me and "+joinAnd(others),
			"I'm building with "+joinAnd(others),
			joinAnd(others)+" will need the same plan as me",
		)
	}
	reason := v.maybe(v.pick("nothing is placed yet", "we start from an empty site", "the goal names a blueprint but not its levels"))
	notes := []string{note}
	if c := w.holdingClause(); c != "" {
		notes = append(notes, c)
	}
	return v.compose(intent, []string{reason}, notes...)
}

// levelIntent is reading level k, with where the level starts and how
// the builder's last level went.
func (w *builderWords) levelIntent(k int) string {
	v := w.v
	n := levelCount(w.ctx())
	intent := v.gen(fmt.Sprintf("{I'll read|let me read|I'll look at|let me check|I'll pull up|next I'll read|now I need|on to|I'll open} {level %[1]d|level %[1]d's layout|the layout of level %[1]d|what level %[1]d holds|level %[1]d of the blueprint}", k))
	if v.rng.IntN(4) == 0 {
		intent = fmt.Sprintf(v.pick("next comes level %d", "I'm moving on to level %d", "level %d's layout is what I need now", "time for level %d"), k)
	}
	var reasons, notes []string
	// Where the level starts, some of the time: the level's own output
	// says it next.
	if o, ok := blueprints.ExplainedOrigin(blueprintText(w.ctx()), k); ok && v.rng.IntN(2) == 0 {
		notes = append(notes, v.pick(
			fmt.Sprintf("level %d's corner is at %d, %d, %d", k, o[0], o[1], o[2]),
			fmt.Sprintf("level %d's first row starts at (%d, %d, %d)", k, o[0], o[1], o[2]),
			fmt.Sprintf("level %d begins at %d, %d, %d", k, o[0], o[1], o[2]),
		))
	}
	var left string
	switch {
	case len(placedLevels(w.ctx())) > 0:
		// What the last program placed says more than a count of levels.
		reasons = append(reasons, lastLevelFact(v, w.ctx()))
		if reasons[0] == "" {
			reasons[0] = fmt.Sprintf("level %d is behind me", k-1)
		}
		left = levelPlace(v, k, n)
	case k == 0 && n > 0:
		reasons = append(reasons, v.pick("the floor comes first", "we build from the bottom up", "nothing stands on the site yet", "every level rests on the one below"))
		left = v.pick(
			fmt.Sprintf("the blueprint has %s", plural(n, "level")),
			fmt.Sprintf("%s in all, from the floor up", plural(n, "level")),
			fmt.Sprintf("the house is %s tall", plural(n, "level")),
		)
	}
	return v.addNote(v.compose(intent, reasons, notes...), left)
}

// checkIntent is checking the whole house once this builder's share of
// every level is in.
func (w *builderWords) checkIntent() string {
	v := w.v
	intent := v.pick("my share of every level is in; time to check the whole house", "I'm done with my part; let me check the blueprint",
		"I'll check what the house still needs", "it's time to compare the house with the blueprint",
		"let me see what still differs from the blueprint", "I'll check the build against the plan")
	n := levelCount(w.ctx())
	var reasons []string
	if n > 0 {
		reasons = append(reasons, v.pick(
			fmt.Sprintf("all %d levels have my blocks in", n),
			fmt.Sprintf("my runs of the %d levels are placed", n),
			fmt.Sprintf("level %d was my last one", n-1),
			"",
		))
	}
	if a, ok := w.ctx().LastAct(); ok && a.Name == "!newAction" && (strings.Contains(strings.Join(a.Args, " "), "Fix") || strings.Contains(strings.Join(a.Args, " "), "Repair")) {
		reasons = []string{v.pick("the repair has run", "I just fixed what the last check listed", "my fixes are done")}
	}
	var notes []string
	acts := w.ctx().Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!checkBlueprint" && a.Output != "" && !blueprints.IsCorrect(a.Output) {
			n := len(parseFixes(a.Output))
			notes = append(notes, v.pick("the last check listed "+plural(n, "cell"), "last time the check found "+plural(n, "cell")))
			break
		}
	}
	if c := w.holdingClause(); c != "" {
		notes = append(notes, c)
	}
	return v.compose(intent, reasons, notes...)
}

// buildIntent is placing this builder's share (cells) of level lv, with
// what the level looks like and where the share lies.
func (w *builderWords) buildIntent(lv blueprints.Level, cells []fix) string {
	v := w.v
	k := lv.Level
	intent := v.gen("{I'll|let me|time to} {place|put down|lay|build|set} {my part|my blocks|my runs|what's mine}{| now| next| in one program}")
	if v.rng.IntN(4) == 0 {
		intent = v.pick("on to building", "I'll write the code for my part", "building starts now", "my part goes in next")
	}
	// The share as a part of the level: a figure the teammates can check.
	l := lookAt(lv)
	n, m := len(cells), l.blocks
	reasons := []string{
		v.gen(fmt.Sprintf("{my share of level %[1]d|my part of level %[1]d|what I place on level %[1]d} {is|comes to|makes} %[2]d of its %[3]d blocks", k, n, m)),
		fmt.Sprintf("%d of level %d's %d blocks %s mine", n, k, m, agree(n, "is", "are")),
		v.gen(fmt.Sprintf("I {place|lay|have} %[2]d of the %[3]d blocks on level %[1]d", k, n, m)),
		v.gen(fmt.Sprintf("level %[1]d {needs|takes|has} %[3]d blocks, and %[2]d of them are {mine|for me|my job}", k, n, m)),
		v.gen(fmt.Sprintf("the split {gives me|leaves me|hands me} %[2]d of level %[1]d's %[3]d blocks", k, n, m)),
	}
	reasons = []string{reasons[v.rng.IntN(len(reasons))]}
	var notes []string
	if others := w.ctx().Others(); len(others) > 0 && v.rng.IntN(4) == 0 {
		o := joinAnd(others)
		notes = append(notes, v.pick(o+" "+agree(len(others), "builds", "build")+" the rest", o+" "+agree(len(others), "has", "have")+" the other runs"))
	}
	// Where the runs lie: figures the coder can check. What the level is
	// made of, or how it differs from the one below, some of the time.
	if v.rng.IntN(3) == 0 {
		notes = append(notes, materialFact(v, l))
		if below, ok := readLevel(w.ctx(), k-1); ok {
			notes = append(notes, belowFact(v, l, lookAt(below)))
		}
	}
	return v.compose(intent, reasons, notes...) + " " + sentence(mineFact(v, l, cells))
}

// repairIntent is fixing the cells of the last check this builder holds
// the blocks for.
func (w *builderWords) repairIntent(mine, all []fix) string {
	v := w.v
	intent := v.pick("I'll fix those", "let me repair what I can", "time to set those cells right", "fixing them now")
	if len(mine) == 1 {
		intent = v.pick("I'll fix that one", "let me repair it", "time to set that cell right", "fixing it now")
	}
	reasons := []string{fmt.Sprintf("I can fix %s of the %d the check lists", plural(len(mine), "cell"), len(all))}
	if len(mine) == len(all) {
		which := fmt.Sprintf("all %s are", plural(len(all), "cell"))
		switch len(mine) {
		case 1:
			which = "the one cell is"
		case 2:
			which = "both cells are"
		}
		reasons = []string{v.pick("I hold the blocks for every fix", which+" mine to fix")}
	}
	return v.compose(intent, reasons)
}

// planText is the division of labour builders agree on.
func (w *builderWords) planText() string {
	return fmt.Sprintf(w.v.pick(chat.Plans...), strings.Join(w.ctx().Team(), ", "))
}

// actionText is the `!newAction` request for a level's share: the
// blocks and the rows they go in (what a coder needs to know beyond the
// level's layout). The coder reads the level back from "level N".
func (w *builderWords) actionText(k int, cells []fix) string {
	v := w.v
	what := materialsText(cells)
	lvl := "level " + itoa(k)
	if len(cells) > 0 {
		z0, z1 := cells[0].z, cells[0].z
		for _, f := range cells {
			z0, z1 = min(z0, f.z), max(z1, f.z)
		}
		y := cells[0].y
		at := v.pick(fmt.Sprintf(" (y %d, z %d to %d)", y, z0, z1), fmt.Sprintf(" at y %d, rows z %d..%d", y, z0, z1),
			fmt.Sprintf(" at height %d, from z %d to z %d", y, z0, z1), fmt.Sprintf(" (rows z = %d through %d, y = %d)", z0, z1, y))
		if z0 == z1 {
			at = fmt.Sprintf(" (y %d, the row at z %d)", cells[0].y, z0)
		}
		lvl += at
	}
	if v.rng.IntN(3) == 0 {
		return v.pick("Place my part of "+lvl+": "+what+".",
			"Build my share of "+lvl+" from the blueprint: "+what+".",
			"Put my "+what+" down on "+lvl+", bottom up.",
			"Fill my cells of "+lvl+" with "+what+", as the blueprint shows.",
			"On "+lvl+", place "+what+" where the blueprint wants them.")
	}
	return v.gen("{Place|Put|Lay|Set|Build} {my|the} " + what + " {of my share of|of my part of|on|for|into} " + lvl +
		"{, lowest blocks first| bottom up|, row by row| where the blueprint has them|, skipping cells already right|, propping up anything that floats}.")
}

// repairText is the `!newAction` request for repairs.
func (w *builderWords) repairText(cells []fix) string {
	v := w.v
	what := materialsText(cells)
	return v.pick("Fix what the blueprint check reports: "+what+".",
		"Repair the house from the check ("+what+").",
		"Fix the cells the last check listed: "+what+".",
		"Repair the blocks the blueprint check found wrong ("+what+").")
}

func materialsText(cells []fix) string {
	mats := map[string]int{}
	for _, f := range cells {
		mats[cmpBlock(f.block)]++
	}
	var parts []string
	for _, m := range sortedKeys(mats) {
		parts = append(parts, itoa(mats[m])+" "+m)
	}
	return strings.Join(parts, ", ")
}

func cmpBlock(b string) string {
	if b == "" {
		return "air"
	}
	return b
}

// countedWords are the "20 stone" counts of a text such as actionText's
// materials: a number, then a word of at least two letters (and
// underscores) that starts and ends with a letter, as written.
func countedWords(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		d := digits(text[i:])
		if d == 0 || i+d >= len(text) || text[i+d] != ' ' {
			continue
		}
		w := i + d + 1
		e := w
		for e < len(text) && (text[e] == '_' || 'a' <= text[e] && text[e] <= 'z') {
			e++
		}
		if e-w >= 2 && text[w] != '_' && text[e-1] != '_' && (e == len(text) || !isWordByte(text[e])) {
			out = append(out, text[i:e])
			i = e - 1
		}
	}
	return out
}
