package scripted

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/villagerbench"
	"collabcraft/world/texts"
)

// VillagerBench construction under p2p: MINDcraft builders read the
// blueprint's lines in their goal, agree a split in chat (the first name
// proposes it: bands of rows, layers or block types, whichever the
// blueprint allows), take their blocks from the chest and place them
// with code, turning each block with placeBlock's placeOn. A block
// nothing holds up yet is placed on a dirt column the same program takes
// down again.

func vbConstructionRoles(k *call) []Role { return []Role{newVBBuilder(k)} }

// vbBuilder is one builder of a VillagerBench blueprint.
type vbBuilder struct {
	k      *call
	blocks []villagerbench.Block // the blueprint as the goal describes it (nil: unread)
	team   []string              // the builders in name order
	scheme string                // chat.SplitSchemes
	shares map[string]vbShare
}

// vbShare is one builder's part of the blueprint: the blocks in the
// order they go in, where they are ("z -2 to 0"), the items they take and
// the dirt for scaffolding.
type vbShare struct {
	cells []vbCell
	where string
	items map[string]int
	dirt  int
}

// vbCell is one block to place: the blueprint block, the item placed for
// it and the side placeBlock's placeOn names for its facing.
type vbCell struct {
	b    villagerbench.Block
	item string
	side string
}

// The VillagerBench builder's intents' facts.
type (
	vbPropose struct { // the first builder tells To the split
		To     string
		Scheme string
		Team   []string
		Shares map[string]vbShare
	}
	vbAck struct { // a builder takes its share and leaves the chat
		From  string
		Share vbShare
	}
	vbAwait struct{ From string } // a builder waits for the split
	vbLook  struct{}              // into the chest
	vbTake  struct {              // a share's blocks from the chest
		Item  string
		Count int
	}
	vbBuild struct { // the share's program; Again after a run left blocks missing
		Share vbShare
		Again bool
	}
	vbTidy    struct{}              // the first builder clears the house's box of what the blueprint leaves empty
	vbWaitRun struct{ Missing int } // blocks of the share wait for a teammate's
	vbDone    struct {              // the share is built (Missing: blocks left after every try)
		To      string
		Missing int
	}
)

// vbFloor is the layer under the site: the ground every column rests on.
var vbFloor = villagerbench.Site.Min[1] - 1

func newVBBuilder(k *call) *vbBuilder {
	c := k.c
	r := &vbBuilder{k: k, team: slices.Sorted(slices.Values(append([]string{c.Name()}, c.Others()...)))}
	lines := vbDescription(c.Goal())
	if len(lines) == 0 {
		return r
	}
	blocks, err := villagerbench.ParseDescription(lines)
	if err != nil {
		return r
	}
	r.blocks = blocks
	r.scheme, r.shares = vbSplit(blocks, r.team)
	if said := r.heardScheme(); said != "" && said != r.scheme {
		r.scheme, r.shares = said, vbSplitBy(said, blocks, r.team)
	}
	return r
}

// vbDescription is the blueprint's lines in a goal: every line after the
// decomposer's task text, less the collaboration sentence MINDcraft adds
// to the last.
func vbDescription(goal string) []string {
	lines := strings.Split(goal, "\n")
	if len(lines) < 2 {
		return nil
	}
	lines = slices.Clone(lines[1:])
	last := &lines[len(lines)-1]
	if i := strings.Index(*last, "You have to collaborate"); i >= 0 {
		*last = strings.TrimSpace((*last)[:i])
	}
	return slices.DeleteFunc(lines, func(s string) bool { return strings.TrimSpace(s) == "" })
}

// heardScheme is the scheme of the split the first builder said ("" when
// none is in the window).
func (r *vbBuilder) heardScheme() string {
	for _, m := range r.k.c.Messages() {
		if m.From == r.team[0] && m.Has(chat.BlueprintSplit) {
			return m.SplitBy
		}
	}
	return ""
}

// vbSplit chooses how to split the blueprint: bands of rows along the
// longer side when it has a row for everyone (each block's column stays
// with one builder, so it holds itself up), else layers, else block types.
func vbSplit(blocks []villagerbench.Block, team []string) (string, map[string]vbShare) {
	rows, layers := map[int]bool{}, map[int]bool{}
	for _, b := range blocks {
		rows[b.Position[vbRowAxis(blocks)]] = true
		layers[b.Position[1]] = true
	}
	scheme := "block type"
	switch {
	case len(rows) >= len(team):
		scheme = "rows"
	case len(layers) >= len(team):
		scheme = "layers"
	}
	return scheme, vbSplitBy(scheme, blocks, team)
}

// vbRowAxis is the horizontal axis (0: x, 2: z) the blueprint spans more
// values of: rows are cut across it.
func vbRowAxis(blocks []villagerbench.Block) int {
	xs, zs := map[int]bool{}, map[int]bool{}
	for _, b := range blocks {
		xs[b.Position[0]], zs[b.Position[2]] = true, true
	}
	if len(xs) > len(zs) {
		return 0
	}
	return 2
}

// vbSplitBy cuts the placeable blocks into one share per builder in name
// order: contiguous bands of rows or layers of about equal block counts,
// or whole block types, the most numerous first, each to the builder with
// the fewest blocks so far.
func vbSplitBy(scheme string, blocks []villagerbench.Block, team []string) map[string]vbShare {
	cells := vbCells(blocks)
	shares := map[string]vbShare{}
	owner := map[[3]int]string{}
	where := map[string]string{}
	switch scheme {
	case "rows", "layers":
		axis, name := vbRowAxis(blocks), "xyz"[vbRowAxis(blocks):vbRowAxis(blocks)+1]
		if scheme == "layers" {
			axis, name = 1, "y"
		}
		count := map[int]int{}
		for _, c := range cells {
			count[c.b.Position[axis]]++
		}
		vals := slices.Sorted(maps.Keys(count))
		band, sum := 0, 0
		lo, hi := map[int]int{}, map[int]int{}
		for i, v := range vals {
			// Move on to the next builder once this one has its share,
			// leaving every later builder a value at least.
			if _, ok := lo[band]; ok && band < len(team)-1 && (sum*len(team) >= len(cells)*(band+1) || len(vals)-i <= len(team)-1-band) {
				band++
			}
			if _, ok := lo[band]; !ok {
				lo[band] = v
			}
			hi[band] = v
			sum += count[v]
			for _, c := range cells {
				if c.b.Position[axis] == v {
					owner[c.b.Position] = team[band]
				}
			}
		}
		for b, l := range lo {
			where[team[b]] = fmt.Sprintf("%s %d", name, l)
			if hi[b] != l {
				where[team[b]] = fmt.Sprintf("%s %d to %d", name, l, hi[b])
			}
		}
	default:
		byItem := map[string]int{}
		for _, c := range cells {
			byItem[c.item]++
		}
		items := slices.SortedFunc(maps.Keys(byItem), func(a, b string) int {
			return cmp.Or(byItem[b]-byItem[a], strings.Compare(a, b))
		})
		load := map[string]int{}
		mine := map[string][]string{}
		for _, it := range items {
			who := team[0]
			for _, n := range team {
				if load[n] < load[who] {
					who = n
				}
			}
			load[who] += byItem[it]
			mine[who] = append(mine[who], it)
			for _, c := range cells {
				if c.item == it {
					owner[c.b.Position] = who
				}
			}
		}
		for n, its := range mine {
			where[n] = "the " + joinAnd(its)
		}
	}
	for _, c := range cells {
		n := owner[c.b.Position]
		s := shares[n]
		if s.items == nil {
			s.items = map[string]int{}
		}
		s.cells = append(s.cells, c)
		s.items[c.item]++
		shares[n] = s
	}
	for n, s := range shares {
		s.where = where[n]
		if s.dirt = vbScaffoldDirt(s.cells); s.dirt > 0 {
			s.items["dirt"] += s.dirt
		}
		shares[n] = s
	}
	return shares
}

// vbCells are the blueprint's blocks a builder places, lowest layer
// first: each with its item (a wall torch is a torch) and placeOn side.
// A door's top half comes with its bottom, and a block that is no item
// (fire) cannot be placed.
func vbCells(blocks []villagerbench.Block) []vbCell {
	at := map[[3]int]string{}
	for _, b := range blocks {
		at[b.Position] = b.Name
	}
	var out []vbCell
	for _, b := range blocks {
		item := b.Name
		if standing, ok := mcdata.StandingOf(item); ok {
			item = standing
		}
		if strings.HasSuffix(b.Name, "_door") && at[[3]int{b.Position[0], b.Position[1] - 1, b.Position[2]}] == b.Name {
			continue
		}
		if !mcdata.IsItem(item) {
			continue
		}
		out = append(out, vbCell{b: b, item: item, side: vbSide(b.Facing)})
	}
	slices.SortStableFunc(out, func(a, b vbCell) int { return villagerbench.CompareBlocks(a.b, b.b) })
	return out
}

// vbSide is the placeOn side that gives facing f: placeBlock turns a
// block away from the side it is placed on (world/js.PlaceOnState), so a
// stair facing north is placed on its south side.
func vbSide(f villagerbench.Facing) string {
	switch f {
	case villagerbench.North:
		return "south"
	case villagerbench.South:
		return "north"
	case villagerbench.West:
		return "east"
	case villagerbench.East:
		return "west"
	}
	return "bottom"
}

// vbScaffoldDirt is the dirt a share's program needs: the tallest column
// under a block that nothing of the share holds up when its turn comes
// (each column comes down before the next goes up).
func vbScaffoldDirt(cells []vbCell) int {
	filled := map[[3]int]bool{}
	solid := func(p [3]int) bool { return p[1] <= vbFloor || filled[p] }
	todo := slices.Clone(cells)
	tallest := 0
	for len(todo) > 0 {
		progress := false
		var rest []vbCell
		for _, c := range todo {
			p := c.b.Position
			if !slices.ContainsFunc(vbNeighbours, func(d [3]int) bool { return solid([3]int{p[0] + d[0], p[1] + d[1], p[2] + d[2]}) }) {
				rest = append(rest, c)
				continue
			}
			filled[p], progress = true, true
		}
		todo = rest
		if progress || len(todo) == 0 {
			continue
		}
		p := todo[0].b.Position
		h := 0
		for y := p[1] - 1; !solid([3]int{p[0], y, p[2]}); y-- {
			h++
		}
		tallest = max(tallest, h)
		filled[p] = true
		todo = todo[1:]
	}
	return tallest
}

var vbNeighbours = [][3]int{{0, -1, 0}, {0, 1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}}

func (r *vbBuilder) Decide() (Intent, bool) {
	c := r.k.c
	if r.blocks == nil {
		return Intent{}, false
	}
	me, lead := c.Name(), r.team[0]
	share := r.shares[me]
	if me == lead {
		for _, h := range r.team[1:] {
			if !r.toldSplit(h) {
				return tell(vbPropose{To: h, Scheme: r.scheme, Team: r.team, Shares: r.shares}, h), true
			}
		}
	} else if !r.agreed() {
		if !r.lookedIntoChest() {
			return do(vbLook{}, "viewChest"), true
		}
		if stayedLast(c) && !newsSinceStay(c) {
			return chatOnly(silence{}), true
		}
		return do(vbAwait{lead}, "stay", 5), true
	} else if r.splitIsNews() && c.InConversationWith(lead) && c.Has("!endConversation") {
		return do(vbAck{lead, share}, "endConversation", lead), true
	}
	if r.finished() {
		if to := r.reportTo(); to != "" && !r.reported(to) {
			return tell(vbDone{To: to, Missing: r.missing()}, to), true
		}
		if r.tidyDue() {
			return do(vbTidy{}, "newAction"), true
		}
		return standBy(c), true
	}
	if !r.building() {
		if !r.lookedIntoChest() {
			return do(vbLook{}, "viewChest"), true
		}
		for _, it := range slices.Sorted(maps.Keys(share.items)) {
			if n := share.items[it]; c.Count(it) < n && !r.took(it) {
				return do(vbTake{it, n}, "takeFromChest", it, n), true
			}
		}
	}
	if len(share.cells) == 0 {
		return standBy(c), true
	}
	if a, ok := c.LastAct(); ok && a.Name == "!newAction" && r.missing() > 0 {
		// Some blocks wait for a teammate's: give them time first.
		return do(vbWaitRun{r.missing()}, "stay", 15), true
	}
	return do(vbBuild{Share: share, Again: r.building()}, "newAction"), true
}

// The builder's progress as its memory keeps it (know.Notes.DoneSoFar).
const (
	vbNoteAgreed = "agreed the split"
	vbNoteTook   = "took my blocks"
	vbNoteBuilt  = "built my share"
	vbNoteTold   = "reported my share"
	vbNoteTidied = "cleared the house's box"
	// The first builder keeps "<name> built their share" for each
	// teammate that said so.
	vbNoteHeardDone = " built their share"
)

func (r *vbBuilder) noted(fact string) bool {
	return slices.Contains(r.k.c.Notes().DoneSoFar, fact)
}

// agreed reports whether the builder heard the split, or, the first
// builder, told it to everyone (or its memory says so).
func (r *vbBuilder) agreed() bool {
	if r.noted(vbNoteAgreed) || r.building() {
		return true
	}
	if r.k.c.Name() == r.team[0] {
		return !slices.ContainsFunc(r.team[1:], func(h string) bool { return !r.toldSplit(h) })
	}
	return r.heardScheme() != ""
}

// splitIsNews reports whether the first builder's split came in after
// the builder last ended a conversation: it has not answered it yet.
func (r *vbBuilder) splitIsNews() bool {
	c := r.k.c
	at := -1
	for _, m := range c.Messages() {
		if m.From == r.team[0] && m.Has(chat.BlueprintSplit) {
			at = m.Turn
		}
	}
	if at < 0 {
		return false
	}
	for _, a := range c.Acts() {
		if a.Name == "!endConversation" && a.Turn > at {
			return false
		}
	}
	return true
}

// toldSplit reports whether the first builder told h the split.
func (r *vbBuilder) toldSplit(h string) bool { return r.sent(h, chat.BlueprintSplit, vbNoteAgreed) }

// sent reports whether the builder sent to a message of kind k, or its
// memory notes the fact.
func (r *vbBuilder) sent(to string, k chat.Kind, fact string) bool {
	if r.noted(fact) {
		return true
	}
	for _, s := range r.k.c.Sent() {
		if s.To == to && s.Said.Has(k) {
			return true
		}
	}
	return false
}

// lookedIntoChest reports whether a !viewChest showed the chest (or the
// memory keeps what it held).
func (r *vbBuilder) lookedIntoChest() bool {
	_, ok := r.chest()
	return ok || r.noted(vbNoteTook)
}

// chest is what the chest held when the builder last looked, from the
// window or the memory.
func (r *vbBuilder) chest() (map[string]int, bool) {
	acts := r.k.c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!viewChest" && strings.Contains(a.Output, texts.ChestContains) {
			return texts.ChestItems(a.Output), true
		}
	}
	if n := r.k.c.Notes(); n.ChestSeen && len(n.ChestHolds) > 0 {
		return n.ChestHolds, true
	}
	return nil, false
}

// took reports whether the builder took item from the chest already.
func (r *vbBuilder) took(item string) bool {
	for _, a := range r.k.c.Acts() {
		if a.Name == "!takeFromChest" && a.Arg(0) == item && a.Output != "" {
			return true
		}
	}
	return false
}

// building reports whether the builder started placing its share.
func (r *vbBuilder) building() bool {
	return r.noted(vbNoteTook) || slices.ContainsFunc(r.k.c.Acts(), func(a know.Act) bool { return a.Name == "!newAction" })
}

// vbMaxRuns is how many programs a builder runs for its share before it
// says what is still missing and stops.
const vbMaxRuns = 8

// runOutputs are what the share's programs printed, in order (not the
// program that cleared the house's box).
func (r *vbBuilder) runOutputs() []string {
	var out []string
	for _, a := range r.k.c.Acts() {
		if a.Name != "!newAction" || a.Output == "" || vbTidied(a.Output) {
			continue
		}
		o := a.Output
		if i := strings.LastIndex(o, "Code Output:"); i >= 0 {
			o = o[i:]
		}
		out = append(out, o)
	}
	return out
}

// finished reports whether the share is built, as the last program
// said, or the builder gave up on it after vbMaxRuns programs.
func (r *vbBuilder) finished() bool {
	if r.noted(vbNoteBuilt) || r.noted(vbNoteTold) { // a builder reports only a built share
		return true
	}
	runs := r.runOutputs()
	return len(runs) > 0 && strings.Contains(runs[len(runs)-1], vbAllPlaced) || len(runs) >= vbMaxRuns
}

// missing is how many blocks the last program said are still missing.
func (r *vbBuilder) missing() int {
	runs := r.runOutputs()
	if len(runs) == 0 {
		return 0
	}
	n := 0
	if i := strings.Index(runs[len(runs)-1], vbStillMissing); i >= 0 {
		fmt.Sscan(runs[len(runs)-1][i+len(vbStillMissing):], &n)
	}
	return n
}

// tidyDue reports whether the first builder should clear the house's box:
// its share is in and every teammate said theirs is (or it has waited a
// while), yet the trial goes on, so something the blueprint leaves empty stands in the box (the
// enclosure's glass where the house reaches a wall) and would spoil a
// view of it. It does so once.
func (r *vbBuilder) tidyDue() bool {
	c := r.k.c
	if c.Name() != r.team[0] || r.missing() > 0 || r.noted(vbNoteTidied) {
		return false
	}
	for _, a := range c.Acts() {
		if a.Name == "!newAction" && vbTidied(a.Output) {
			return false
		}
	}
	heard := true
	for _, h := range r.team[1:] {
		heard = heard && r.heardDone(h)
	}
	return heard || r.standBys() >= vbPatience
}

// vbPatience is how many times the first builder stands by, its share
// in, before it clears the box without every teammate's word (a report
// can go astray while it talks with another).
const vbPatience = 3

// standBys counts the builder's stands-by (!stay(30)) in the window: a
// builder that runs its share again after a wait stood by all the same.
func (r *vbBuilder) standBys() int {
	n := 0
	for _, a := range r.k.c.Acts() {
		if a.Name == "!stay" && a.Arg(0) == "30" {
			n++
		}
	}
	return n
}

// heardDone reports whether teammate h said its share is built, in the
// window or as the memory keeps it.
func (r *vbBuilder) heardDone(h string) bool {
	return r.noted(h+vbNoteHeardDone) || slices.ContainsFunc(r.k.c.Messages(), func(m know.Message) bool { return m.From == h && m.Has(chat.PartDone) })
}

// vbTidied reports whether a program's output is the tidy program's.
func vbTidied(out string) bool {
	return strings.Contains(out, vbClearedBox) || strings.Contains(out, vbBoxClean)
}

// reportTo is whom a finished builder tells: the first builder, or, for
// the first, nobody.
func (r *vbBuilder) reportTo() string {
	if r.k.c.Name() == r.team[0] {
		return ""
	}
	return r.team[0]
}

// reported reports whether the builder told to its share is done.
func (r *vbBuilder) reported(to string) bool { return r.sent(to, chat.PartDone, vbNoteTold) }

func (r *vbBuilder) Notes(n *know.Notes) {
	var done []string
	for _, f := range []struct {
		fact string
		ok   bool
	}{
		{vbNoteAgreed, r.agreed()},
		{vbNoteTook, r.building()},
		{vbNoteBuilt, r.finished()},
		{vbNoteTold, r.reportTo() != "" && r.reported(r.reportTo())},
		{vbNoteTidied, slices.ContainsFunc(r.k.c.Acts(), func(a know.Act) bool { return a.Name == "!newAction" && vbTidied(a.Output) })},
	} {
		if f.ok {
			done = append(done, f.fact)
		}
	}
	if r.k.c.Name() == r.team[0] {
		for _, h := range r.team[1:] {
			if r.heardDone(h) {
				done = append(done, h+vbNoteHeardDone)
			}
		}
	}
	for _, f := range progressNote(r.k.c) {
		if !slices.Contains(done, f) && !slices.Contains([]string{vbNoteAgreed, vbNoteTook, vbNoteBuilt, vbNoteTold, vbNoteTidied}, f) && !strings.HasSuffix(f, vbNoteHeardDone) {
			done = append(done, f)
		}
	}
	n.DoneSoFar = done
	if held, ok := r.chest(); ok {
		n.ChestSeen, n.ChestHolds = true, held
	}
	// The share's counts outlive the split's message.
	if s := r.shares[r.k.c.Name()]; len(s.items) > 0 && r.agreed() {
		n.Parts = map[string]string{r.k.c.Name(): s.where + ", " + vbItemsText(s)}
	}
}

func (r *vbBuilder) Phrasebook(v *voice) Phrasebook { return &vbWords{words{k: r.k, v: v}, r} }

// vbAllPlaced and vbStillMissing are what a builder's program prints at
// its end, which the builder reads back.
const (
	vbAllPlaced    = "of my share are in place."
	vbStillMissing = "Still missing: "
	vbClearedBox   = "Cleared from the house's box: "
	vbBoxClean     = "Nothing in the house's box but the house."
)
