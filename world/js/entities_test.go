package js

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/world"
)

// cookingWorld is a cooking farm (animals, crop plots, a house with an
// oak door) for Andy_0 and Jill_0; Andy_0 holds inv.
func cookingWorld(t testing.TB, inv map[string]int) *world.World {
	t.Helper()
	w, err := world.Build(procgen.Task{
		ID: "js_cooking", Type: procgen.TypeCooking, AgentCount: 2,
		Goal:             procgen.Goal{Text: "Collaborate to make 1 mushroom_stew."},
		Target:           procgen.Target{Counts: map[string]int{"mushroom_stew": 1}},
		InitialInventory: map[string]map[string]int{"0": inv, "1": {"bowl": 1}},
		Timeout:          500,
	}, 3, world.Options{Dialect: world.DialectCurrent})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// nearby is what getNearbyEntities must give: the entities within dist
// of Andy_0, nearest first.
func nearby(w *world.World, dist float64) []world.Entity {
	me := w.Agent("Andy_0").Pos()
	var out []world.Entity
	for _, e := range w.Entities() {
		if e.Pos.Dist(me) <= dist {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b world.Entity) int { return cmp.Compare(a.Pos.Dist(me), b.Pos.Dist(me)) })
	return out
}

func countKind(w *world.World, kind string) int {
	n := 0
	for _, e := range w.Entities() {
		if e.Name == kind {
			n++
		}
	}
	return n
}

func finished(t *testing.T, res Result) {
	t.Helper()
	if res.Kind != Finished {
		t.Fatalf("kind %v: %s", res.Kind, res.Message)
	}
}

// runQuery runs code that awaits nothing (the lint wants an await) and
// returns the result with the log's "Code finished." line cut.
func runQuery(t *testing.T, w *world.World, code string) Result {
	t.Helper()
	res := run(t, w, code+"\nawait skills.wait(bot, 0);")
	res.Log = strings.TrimSuffix(res.Log, "Code finished.\n")
	return res
}

func TestGetNearbyEntities(t *testing.T) {
	w := cookingWorld(t, nil)
	want := nearby(w, 32)
	if len(want) < 10 {
		t.Fatalf("only %d entities within 32 blocks of the spawn", len(want))
	}
	res := runQuery(t, w, `const es = world.getNearbyEntities(bot, 32);
log(bot, es.map(e => e.name + ' ' + e.type + ' ' + e.id).join(','));
log(bot, es[0] === bot.entity);
log(bot, world.getNearbyEntities(bot, 32)[3] === es[3]);
log(bot, es[1].position.distanceTo(bot.entity.position) <= es[2].position.distanceTo(bot.entity.position));
log(bot, world.getNearbyEntities(bot).length);`)
	finished(t, res)
	var names []string
	for _, e := range want {
		names = append(names, e.Name+" "+e.Type+" "+strconv.Itoa(e.ID))
	}
	wantLog := strings.Join(names, ",") + "\ntrue\ntrue\ntrue\n" + strconv.Itoa(len(nearby(w, 16))) + "\n"
	if res.Log != wantLog {
		t.Errorf("log %q\nwant %q", res.Log, wantLog)
	}
	if !strings.HasPrefix(res.Log, "player player 0,") {
		t.Errorf("the agent's own entity should come first: %q", res.Log)
	}
	if !strings.Contains(res.Log, "cow animal") {
		t.Errorf("no cow in %q", res.Log)
	}
}

func TestGetNearbyEntityTypes(t *testing.T) {
	w := cookingWorld(t, nil)
	var want []string
	for _, e := range nearby(w, 16) {
		if !slices.Contains(want, e.Name) {
			want = append(want, e.Name)
		}
	}
	res := runQuery(t, w, `log(bot, world.getNearbyEntityTypes(bot).join(','));`)
	finished(t, res)
	if got := strings.TrimSuffix(res.Log, "\n"); got != strings.Join(want, ",") || want[0] != "player" || len(want) < 2 {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestGetNearestEntityWhere(t *testing.T) {
	w := cookingWorld(t, nil)
	me := w.Agent("Andy_0").Pos()
	best, bestD := -1, math.Inf(1)
	for _, e := range w.Entities() {
		if d := e.Pos.Dist(me); e.Name == "pig" && d < 64 && d < bestD {
			best, bestD = e.ID, d
		}
	}
	if best < 0 {
		t.Fatal("no pig")
	}
	res := runQuery(t, w, `let seen = 0;
const pig = world.getNearestEntityWhere(bot, e => { seen++; return e.name === 'pig'; }, 64);
log(bot, pig.id + ' ' + pig.name + ' ' + pig.displayName);
log(bot, seen);
log(bot, world.getNearestEntityWhere(bot, e => e.name === 'pig', 0));
log(bot, world.getNearestEntityWhere(bot, e => e.type === 'hostile'));
world.getNearestEntityWhere(bot, 'pig');`)
	// The predicate sees every entity but the agent's own.
	want := strconv.Itoa(best) + " pig Pig\n" + strconv.Itoa(len(w.Entities())-1) + "\nnull\nnull\n"
	if res.Kind != Threw || res.Log != want || res.Error != "TypeError: predicate is not a function" {
		t.Errorf("got %v %q %q\nwant log %q", res.Kind, res.Log, res.Error, want)
	}
}

func TestGetCraftableItems(t *testing.T) {
	w := testWorld(t)
	cmd, err := w.Execute("Andy_0", "!craftable")
	if err != nil {
		t.Fatal(err)
	}
	res := runQuery(t, w, `const items = world.getCraftableItems(bot);
log(bot, items.join(','));`)
	finished(t, res)
	got := strings.Split(strings.TrimSuffix(res.Log, "\n"), ",")
	for _, item := range []string{"stick", "oak_button", "crafting_table", "stone_bricks"} {
		if !slices.Contains(got, item) {
			t.Errorf("%s missing from %v", item, got)
		}
	}
	// bookshelf needs books; oak_slab, a 3-wide recipe, a crafting table.
	if slices.Contains(got, "bookshelf") || slices.Contains(got, "oak_slab") {
		t.Errorf("bookshelf or oak_slab craftable: %v", got)
	}
	if want := "- " + strings.Join(got, "\n- "); !strings.Contains(cmd.Output, want) {
		t.Errorf("!craftable says %q, getCraftableItems %v", cmd.Output, got)
	}
	w.SetBlock(w.Agent("Andy_0").Pos().Block().Add(3, 0, 0), "crafting_table")
	res = runQuery(t, w, `log(bot, world.getCraftableItems(bot).includes('oak_slab'));`)
	if res.Log != "true\n" {
		t.Errorf("with a crafting table nearby: %q", res.Log)
	}
}

func TestIsClearPath(t *testing.T) {
	w := clearedWorld(t)
	p := w.Agent("Andy_0").Pos().Block()
	target := p.Add(5, 0, 4)
	code := `const t = {position: new Vec3(` + target.String()[1:len(target.String())-1] + `)};
const r = world.isClearPath(bot, t);
log(bot, r instanceof Promise);
log(bot, await r);`
	res := runQuery(t, w, code)
	finished(t, res)
	if res.Log != "true\ntrue\n" {
		t.Errorf("open ground: %q", res.Log)
	}
	// Wall the target in: a stone box around and over its two cells.
	for dx := -2; dx <= 2; dx++ {
		for dz := -2; dz <= 2; dz++ {
			for dy := 0; dy <= 3; dy++ {
				if max(abs(dx), abs(dz)) == 2 || dy == 3 {
					w.SetBlock(target.Add(dx, dy, dz), "stone")
				}
			}
		}
	}
	res = runQuery(t, w, code)
	finished(t, res)
	if res.Log != "true\nfalse\n" {
		t.Errorf("walled in: %q", res.Log)
	}
	res = run(t, w, `await world.isClearPath(bot, null);`)
	if res.Kind != Threw || res.Error != "TypeError: Cannot read properties of null (reading 'position')" {
		t.Errorf("null target: %v %q", res.Kind, res.Error)
	}
}

func abs(n int) int { return max(n, -n) }

// TestLibraryComplete: every function of skills.js and world.js is there.
func TestLibraryComplete(t *testing.T) {
	if len(skillTable)+1 != 33 || len(worldTable) != 19 { // + skills.log
		t.Errorf("%d skills, %d world functions; MINDcraft has 33 and 19", len(skillTable)+1, len(worldTable))
	}
	var missing []string
	for n := range libraryNames {
		if _, ok := skillTable[n]; !ok && n != "log" && worldTable[n] == nil {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		t.Errorf("missing: %v", missing)
	}
	res := runQuery(t, testWorld(t), `log(bot, Object.keys(skills).filter(k => typeof skills[k] === 'function').length + Object.keys(world).filter(k => typeof world[k] === 'function').length);`)
	if res.Log != "52\n" {
		t.Errorf("functions in scope: %q", res.Log)
	}
}
