package js

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"collabcraft/world"
)

func jsPos(p world.Pos) string {
	return strconv.Itoa(p.X) + ", " + strconv.Itoa(p.Y) + ", " + strconv.Itoa(p.Z)
}

func TestAttackEntityKills(t *testing.T) {
	w := cookingWorld(t, nil)
	cows := countKind(w, "cow")
	res := run(t, w, `const cow = world.getNearestEntityWhere(bot, e => e.name === 'cow', 64);
const r = await skills.attackEntity(bot, cow);
log(bot, r + ' ' + world.getNearbyEntities(bot, 64).includes(cow));`)
	finished(t, res)
	if !strings.HasPrefix(res.Log, "Successfully killed cow.\nPicked up ") || !strings.HasSuffix(res.Log, " items.\ntrue false\nCode finished.\n") {
		t.Errorf("log %q", res.Log)
	}
	if got := countKind(w, "cow"); got != cows-1 {
		t.Errorf("%d cows left of %d", got, cows)
	}
	if w.Agent("Andy_0").Inventory().Count("beef") == 0 {
		t.Error("no beef taken")
	}
	if res.Duration < time.Duration(10*0.625*float64(time.Second)) { // 10 health, bare hands
		t.Errorf("killing a cow took %v", res.Duration)
	}
	// An object that is no entity is not in the list: killed at once.
	res = run(t, w, `await skills.attackEntity(bot, {name: 'ghost', position: new Vec3(0, 0, 0)});`)
	if res.Log != "Successfully killed ghost.\nPicked up 0 items.\nCode finished.\n" {
		t.Errorf("log %q", res.Log)
	}
	res = run(t, w, `await skills.attackEntity(bot, null);`)
	if res.Kind != Threw || res.Error != "TypeError: Cannot read properties of null (reading 'position')" {
		t.Errorf("null entity: %v %q", res.Kind, res.Error)
	}
}

func TestAttackEntityOnce(t *testing.T) {
	w := cookingWorld(t, nil)
	chickens := countKind(w, "chicken")
	// A chicken has 4 health; a bare hand deals 1.
	res := run(t, w, `const c = world.getNearestEntityWhere(bot, e => e.name === 'chicken', 64);
for (let i = 0; i < 4; i++) {
  const r = await skills.attackEntity(bot, c, false);
  log(bot, r + ' ' + world.getNearbyEntities(bot, 64).includes(c));
}`)
	finished(t, res)
	if !strings.HasSuffix(res.Log, "undefined true\nundefined true\nundefined true\nundefined false\nCode finished.\n") {
		t.Errorf("log %q", res.Log)
	}
	if got := countKind(w, "chicken"); got != chickens-1 {
		t.Errorf("%d chickens left of %d", got, chickens)
	}
	if w.Agent("Andy_0").Inventory().Count("chicken") != 1 {
		t.Error("the chicken's drop was not taken")
	}
	if res.Duration < time.Duration(4*0.625*float64(time.Second)) {
		t.Errorf("4 blows took %v", res.Duration)
	}
}

func TestDefendSelf(t *testing.T) {
	w := clearedWorld(t)
	cows := countKind(w, "cow")
	p := w.Agent("Andy_0").Pos().Block()
	for _, m := range []struct {
		kind string
		at   world.Pos
	}{{"zombie", p.Add(4, 0, 3)}, {"skeleton", p.Add(6, 0, 5)}, {"cow", p.Add(2, 0, 2)}, {"zombie", p.Add(30, 0, 0)}} {
		if _, err := w.AddMob(m.kind, m.at.Center()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.AddMob("dragon", p.Center()); err == nil {
		t.Error("AddMob took an unknown kind")
	}
	res := run(t, w, `log(bot, await skills.defendSelf(bot));
log(bot, await skills.defendSelf(bot));`)
	finished(t, res)
	if want := "Successfully defended self.\ntrue\nNo enemies nearby to defend self from.\nfalse\nCode finished.\n"; res.Log != want {
		t.Errorf("log %q\nwant %q", res.Log, want)
	}
	if countKind(w, "zombie") != 1 || countKind(w, "skeleton") != 0 || countKind(w, "cow") != cows+1 {
		t.Errorf("zombies %d, skeletons %d, cows %d left; want 1, 0, %d", countKind(w, "zombie"), countKind(w, "skeleton"), countKind(w, "cow"), cows+1)
	}
	// 20 health each, 7 blows of the stone pickaxe (3).
	if res.Duration < 2*time.Duration(7*0.625*float64(time.Second)) || w.Agent("Andy_0").Held() != "stone_pickaxe" {
		t.Errorf("two 20-health mobs fell in %v", res.Duration)
	}
}

func TestAvoidEnemies(t *testing.T) {
	w := clearedWorld(t)
	p := w.Agent("Andy_0").Pos().Block()
	z := p.Add(2, 0, 1).Center()
	if _, err := w.AddMob("zombie", z); err != nil {
		t.Fatal(err)
	}
	res := run(t, w, `log(bot, await skills.avoidEnemies(bot, 8));`)
	finished(t, res)
	if res.Log != "Moved 8 away from enemies.\ntrue\nCode finished.\n" {
		t.Errorf("log %q", res.Log)
	}
	if d := w.Agent("Andy_0").Pos().Dist(z); d < 8 {
		t.Errorf("%.1f blocks from the zombie", d)
	}
	if res.Duration <= 0 {
		t.Error("no time spent")
	}
	res = run(t, w, `log(bot, await skills.avoidEnemies(bot));`)
	if res.Log != "Moved 16 away from enemies.\ntrue\nCode finished.\n" || w.Agent("Andy_0").Pos().Dist(z) < 16 {
		t.Errorf("log %q, %.1f blocks away", res.Log, w.Agent("Andy_0").Pos().Dist(z))
	}
}

func TestMoveAwayFromEntity(t *testing.T) {
	w := cookingWorld(t, nil)
	res := run(t, w, `const cow = world.getNearestEntityWhere(bot, e => e.name === 'cow', 64);
log(bot, await skills.moveAwayFromEntity(bot, cow, 30));
log(bot, bot.entity.position.distanceTo(cow.position) > 30);`)
	finished(t, res)
	if res.Log != "true\ntrue\nCode finished.\n" || res.Duration <= 0 {
		t.Errorf("log %q, %v", res.Log, res.Duration)
	}
	res = run(t, w, `await skills.moveAwayFromEntity(bot, {});`)
	if res.Kind != Threw || res.Error != "TypeError: Cannot read properties of undefined (reading 'x')" {
		t.Errorf("no position: %v %q", res.Kind, res.Error)
	}
}

// lowerDoor finds the lower half of the cooking house's oak door.
func lowerDoor(t *testing.T, w *world.World) world.Pos {
	t.Helper()
	c := w.Agent("Andy_0").Pos().Block()
	for x := c.X - 40; x <= c.X+40; x++ {
		for z := c.Z - 40; z <= c.Z+40; z++ {
			if w.BlockAt(x, c.Y, z) == "oak_door" && w.BlockAt(x, c.Y-1, z) != "oak_door" {
				return world.Pos{X: x, Y: c.Y, Z: z}
			}
		}
	}
	t.Fatal("no door")
	return world.Pos{}
}

func TestUseDoor(t *testing.T) {
	w := cookingWorld(t, nil)
	d := lowerDoor(t, w)
	// The door is in the house's south wall: outside is +z.
	res := run(t, w, `await skills.goToPosition(bot, `+jsPos(d.Add(0, 0, 3))+`, 0);
log(bot, await skills.useDoor(bot));`)
	finished(t, res)
	if !strings.HasSuffix(res.Log, "Used door at ("+jsPos(d)+").\ntrue\nCode finished.\n") {
		t.Errorf("log %q", res.Log)
	}
	// 0.6 s forward at walking speed is 2.6 blocks: from the cell in
	// front of the door to the second cell past it.
	if got := w.Agent("Andy_0").Pos().Block(); got != d.Add(0, 0, -2) {
		t.Errorf("at %v after going in, want %v", got, d.Add(0, 0, -2))
	}
	res = run(t, w, `log(bot, await skills.useDoor(bot, new Vec3(`+jsPos(d)+`)));`)
	if res.Log != "Used door at ("+jsPos(d)+").\ntrue\nCode finished.\n" {
		t.Errorf("log %q", res.Log)
	}
	if got := w.Agent("Andy_0").Pos().Block(); got != d.Add(0, 0, 2) {
		t.Errorf("at %v after going out, want %v", got, d.Add(0, 0, 2))
	}
	if res.Duration < 2*time.Second {
		t.Errorf("using a door took %v", res.Duration)
	}
	// With no oak door within 16 blocks, reading .position of null throws.
	res = run(t, testWorld(t), `await skills.useDoor(bot);`)
	if res.Kind != Threw || res.Error != "TypeError: Cannot read properties of null (reading 'position')" {
		t.Errorf("no door: %v %q", res.Kind, res.Error)
	}
}

// tillable finds a grass block with air above near Andy_0.
func tillable(t *testing.T, w *world.World, skip ...world.Pos) world.Pos {
	t.Helper()
	c := w.Agent("Andy_0").Pos().Block()
	for dx := -3; dx <= 3; dx++ {
		for dz := -3; dz <= 3; dz++ {
			p := c.Add(dx, -1, dz)
			if w.BlockAt(p.X, p.Y, p.Z) == "grass_block" && w.BlockAt(p.X, p.Y+1, p.Z) == "air" && !slicesContains(skip, p) {
				return p
			}
		}
	}
	t.Fatal("nothing to till")
	return world.Pos{}
}

func slicesContains(ps []world.Pos, p world.Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func fixed(p world.Pos) string {
	return "x:" + strconv.Itoa(p.X) + ".0, y:" + strconv.Itoa(p.Y) + ".0, z:" + strconv.Itoa(p.Z) + ".0"
}

func TestTillAndSow(t *testing.T) {
	w := cookingWorld(t, map[string]int{"wooden_hoe": 1, "wheat_seeds": 3})
	p := tillable(t, w)
	res := run(t, w, `log(bot, await skills.tillAndSow(bot, `+strconv.Itoa(p.X)+`.4, `+strconv.Itoa(p.Y)+`, `+strconv.Itoa(p.Z)+`-0.3));
log(bot, bot.heldItem.name);
log(bot, await skills.tillAndSow(bot, `+jsPos(p)+`, 'beetroot_seeds'));`)
	finished(t, res)
	if want := "Tilled block " + fixed(p) + ".\ntrue\nwooden_hoe\nNo beetroot_seeds to plant.\nfalse\nCode finished.\n"; res.Log != want {
		t.Errorf("log %q\nwant %q", res.Log, want)
	}
	if got := w.BlockAt(p.X, p.Y, p.Z); got != "farmland" {
		t.Errorf("tilled block is %s", got)
	}
	// Sowing: the seeds go against the block's bottom face, as MINDcraft
	// places them, and nothing is placed below it.
	q := tillable(t, w, p)
	res = run(t, w, `await skills.tillAndSow(bot, `+jsPos(q)+`, 'wheat_seed');`)
	wantErr := "Error: Event blockUpdate:(" + jsPos(q.Add(0, -1, 0)) + ") did not fire within timeout of 5000ms"
	if res.Kind != Threw || res.Error != wantErr || res.Log != "Tilled block "+fixed(q)+".\n" {
		t.Errorf("sowing: %v %q %q", res.Kind, res.Log, res.Error)
	}
	if w.BlockAt(q.X, q.Y, q.Z) != "farmland" || w.Agent("Andy_0").Held() != "wheat_seeds" || res.Duration < 5*time.Second {
		t.Errorf("sowing: block %s, held %s, %v", w.BlockAt(q.X, q.Y, q.Z), w.Agent("Andy_0").Held(), res.Duration)
	}

	r := tillable(t, w, p, q)
	w.SetBlock(r, "stone")
	res = run(t, w, `log(bot, await skills.tillAndSow(bot, `+jsPos(r)+`));`)
	if res.Log != "Cannot till stone, must be grass_block or dirt.\nfalse\nCode finished.\n" {
		t.Errorf("stone: %q", res.Log)
	}
	w.SetBlock(r, "dirt")
	w.SetBlock(r.Add(0, 1, 0), "oak_planks")
	res = run(t, w, `log(bot, await skills.tillAndSow(bot, `+jsPos(r)+`));`)
	if res.Log != "Cannot till, there is oak_planks above the block.\nfalse\nCode finished.\n" {
		t.Errorf("covered: %q", res.Log)
	}
	res = run(t, w, `await skills.tillAndSow(bot);`)
	if res.Kind != Threw || res.Error != "TypeError: Cannot read properties of null (reading 'name')" {
		t.Errorf("no coordinates: %v %q", res.Kind, res.Error)
	}

	w = cookingWorld(t, nil)
	p = tillable(t, w)
	res = run(t, w, `log(bot, await skills.tillAndSow(bot, `+jsPos(p)+`, 'wheat_seeds'));`)
	if res.Log != "Cannot till, no hoes.\nfalse\nCode finished.\n" || w.BlockAt(p.X, p.Y, p.Z) != "grass_block" {
		t.Errorf("no hoe: %q, block %s", res.Log, w.BlockAt(p.X, p.Y, p.Z))
	}
}
