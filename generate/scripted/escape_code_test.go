package scripted

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"collabcraft/audit"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world"
	"collabcraft/world/js"
)

// escScanReference is the one scan every escape agent wrote before the
// scans were drawn (aaa90da): what every drawn scan must print the same
// read-back lines as.
const escScanReference = `await skills.wait(bot, 500); // look round once
const types = world.getNearbyBlockTypes(bot, 12).filter(n =>
  n === 'lever' || n === 'chest' || n.endsWith('_button') || n.endsWith('_pressure_plate') || (n.endsWith('_sign') && !n.includes('wall')));
const me = bot.entity.position;
log(bot, ` + "`I am at ${Math.floor(me.x)} ${Math.floor(me.y)} ${Math.floor(me.z)}`" + `);
const found = types.length ? world.getNearestBlocks(bot, types, 12, 32) : [];
if (found.length === 0) log(bot, 'No mechanism in view.');
for (const b of found) {
  log(bot, ` + "`In view: ${b.name} at ${b.position.x} ${b.position.y} ${b.position.z}${b.getProperties().powered ? ' (on)' : ''}`" + `);
}
const mates = world.getNearbyPlayerNames(bot, 16);
if (mates.length) log(bot, 'Teammates in view: ' + mates.join(', ') + '.');
`

// readBack are the lines of a scan's log the agent reads back (and the
// line for none), in order.
func readBack(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if escReadBackLine(l) || l == escScanNone {
			out = append(out, l)
		}
	}
	return out
}

func escReadBackLine(l string) bool {
	l = strings.TrimSpace(l)
	return strings.HasPrefix(l, escScanAt) || strings.HasPrefix(l, escScanMech) || strings.HasPrefix(l, escScanMates)
}

// TestScanProgramsReadTheSame: in the rooms of escape tasks (the code's
// 22 and generated ones, teams of 2 and 3), before and after each agent
// pulls the lever or presses the button nearest it, every drawn scan
// lints, runs in the same simulated time as the reference scan and logs
// the reference's read-back lines, in its order, and nothing else that
// reads back (parseEscOutput gives the same scan); no line of its code
// reads back; its log stays under MINDcraft's 500 characters, past which
// the middle of the output is cut.
func TestScanProgramsReadTheSame(t *testing.T) {
	perAgent := 6
	n := 20
	if testing.Short() {
		perAgent, n = 3, 8
	}
	seed := uint64(0)
	programs, withOn, extras := 0, 0, 0
	for _, agents := range []int{2, 3} {
		for _, task := range genTasks(t, procgen.KindEscape, procgen.SplitTest, agents, n) {
			w, err := world.Build(task, 7, world.Options{})
			if err != nil {
				t.Fatal(err)
			}
			names := w.Agents()
			for round := 0; round < 2; round++ {
				for _, name := range names {
					run := func(code string) js.Result {
						res, err := js.Execute(context.Background(), w, name, code, js.Options{Seed: 1})
						if err != nil {
							t.Fatal(err)
						}
						if res.Kind != js.Finished {
							t.Fatalf("%s %s: %s\n%s", task.ID, name, res.Message, code)
						}
						return res
					}
					ref := run(escScanReference)
					want, _ := parseEscOutput(ref.Message, 0)
					if strings.Contains(ref.Log, "(on)") {
						withOn++
					}
					for range perAgent {
						seed++
						code := scanProgram(testVoice(seed, 3))
						programs++
						for _, l := range strings.Split(code, "\n") {
							if escReadBackLine(l) {
								t.Fatalf("a line of the code reads back: %q\n%s", l, code)
							}
						}
						got := run(code)
						if got.Duration != ref.Duration {
							t.Errorf("%s %s: the scan took %v, the reference %v\n%s", task.ID, name, got.Duration, ref.Duration, code)
						}
						if g, r := readBack(got.Log), readBack(ref.Log); !slices.Equal(g, r) {
							t.Fatalf("%s %s: read-back lines\n%q\nwant\n%q\n%s", task.ID, name, g, r, code)
						}
						if s, _ := parseEscOutput(got.Message, 0); !reflect.DeepEqual(s, want) {
							t.Fatalf("%s %s: scan %+v, want %+v\n%s", task.ID, name, s, want, code)
						}
						if len(got.Log) > 500 {
							t.Errorf("%s %s: a log of %d characters is cut\n%s", task.ID, name, len(got.Log), got.Log)
						}
						if len(got.Log) > len(ref.Log) {
							extras++
						}
					}
				}
				for _, name := range names {
					for _, m := range []string{"lever", "stone_button", "oak_button", "birch_button"} {
						if _, err := w.Execute(name, fmt.Sprintf("!activate(%q)", m)); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
	t.Logf("%d scans drawn; %d reference scans with a lever on; %d scans logged more than the reference", programs, withOn, extras)
	if withOn == 0 || extras == 0 {
		t.Errorf("no scan saw a lever on (%d) or logged an extra line (%d): the test shows nothing", withOn, extras)
	}
}

// TestScanMechTestsAgree: every drawn test for a mechanism keeps the
// same block names as the reference scan's, over every block Minecraft
// has.
func TestScanMechTestsAgree(t *testing.T) {
	task := genTasks(t, procgen.KindEscape, procgen.SplitTest, 2, 1)[0]
	w, err := world.Build(task, 7, world.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := mcdata.Blocks()
	list := "['" + strings.Join(all, "', '") + "']"
	keep := func(pred string, helper []string) string {
		code := strings.Join(helper, "\n") + "\nawait skills.wait(bot, 1);\nconst all = " + list + ";\nlog(bot, all.filter(" + pred + ").join(' '));\n"
		res, err := js.Execute(context.Background(), w, w.Agents()[0], code, js.Options{Limits: js.Limits{Steps: 1 << 30}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Kind != js.Finished {
			t.Fatalf("%s\n%s", res.Message, code)
		}
		return res.Log
	}
	want := keep("n => n === 'lever' || n === 'chest' || n.endsWith('_button') || n.endsWith('_pressure_plate') || (n.endsWith('_sign') && !n.includes('wall'))", nil)
	if !strings.Contains(want, "oak_sign") || strings.Contains(want, "wall_sign") || !strings.Contains(want, "stone_pressure_plate") {
		t.Fatalf("the reference keeps %q", want)
	}
	forms := map[string]bool{}
	for seed := range uint64(60) {
		v := testVoice(seed, 5)
		pred, helper := mechTest(v, drawScanStyle(v))
		forms[strings.Join(helper, "\n")+pred] = true
		if got := keep(pred, helper); got != want {
			t.Fatalf("%s\n%s keeps\n%s\nwant\n%s", strings.Join(helper, "\n"), pred, got, want)
		}
	}
	if len(forms) < 40 {
		t.Errorf("%d forms of the test in 60 draws", len(forms))
	}
}

// TestScanProgramsVary: the scans of 1,300 calls (the coding calls of the
// test split's 122 tasks with teams of 3) are at least 95% distinct, and
// no template (audit's: names, items and numbers masked) holds more than
// 2% of them; the swaps of a sign for the gold block vary too. It fails
// on the one scan all agents wrote before.
func TestScanProgramsVary(t *testing.T) {
	const n = 1300
	distinct, templates := map[string]bool{}, map[string]int{}
	for seed := range uint64(n) {
		p := scanProgram(testVoice(seed, 9))
		distinct[p] = true
		templates[audit.Template(p)]++
	}
	top := slices.Max(slices.Collect(maps.Values(templates)))
	t.Logf("%d scans: %d distinct, %d templates, the commonest %d", n, len(distinct), len(templates), top)
	if len(distinct) < n*95/100 {
		t.Errorf("%d of %d scans distinct, want at least 95%%", len(distinct), n)
	}
	if top > n*2/100 {
		t.Errorf("the commonest template holds %d of %d scans, want at most 2%%", top, n)
	}
	swaps := map[string]bool{}
	for seed := range uint64(50) {
		swaps[audit.Template(swapProgram(testVoice(seed, 9), "oak_sign", 1, -60, 3))] = true
	}
	if len(swaps) < 8 {
		t.Errorf("%d forms of the swap in 50 draws", len(swaps))
	}
}

// TestSwapProgramsDoTheSame: every drawn swap of a floor sign for the gold
// block leaves the world as the one swap written before did (the gold
// block in the sign's place, none left in hand), in the same simulated
// time, and says so.
func TestSwapProgramsDoTheSame(t *testing.T) {
	task := genTasks(t, procgen.KindEscape, procgen.SplitTest, 2, 1)[0]
	task.InitialInventory = map[string]map[string]int{"0": {"gold_block": 1}}
	swap := func(code func(x, y, z int) string) (string, int, js.Result) {
		w, err := world.Build(task, 7, world.Options{})
		if err != nil {
			t.Fatal(err)
		}
		name := w.Agents()[0]
		p := w.Agent(name).Pos().Block()
		x, y, z := p.X+1, p.Y, p.Z
		w.SetBlock(world.Pos{X: x, Y: y, Z: z}, "oak_sign")
		res, err := js.Execute(context.Background(), w, name, code(x, y, z), js.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return w.BlockAt(x, y, z), w.Agent(name).Inventory().Count("gold_block"), res
	}
	refBlock, refLeft, ref := swap(func(x, y, z int) string {
		return fmt.Sprintf("await skills.breakBlockAt(bot, %d, %d, %d);\nawait skills.placeBlock(bot, 'gold_block', %d, %d, %d);\nlog(bot, 'Put a gold_block at %d %d %d.');\n", x, y, z, x, y, z, x, y, z)
	})
	if refBlock != "gold_block" || refLeft != 0 {
		t.Fatalf("the reference swap left %s with %d gold blocks in hand: %s", refBlock, refLeft, ref.Log)
	}
	for seed := range uint64(30) {
		var code string
		block, left, res := swap(func(x, y, z int) string {
			code = swapProgram(testVoice(seed, 9), "oak_sign", x, y, z)
			return code
		})
		if res.Kind != js.Finished || block != refBlock || left != refLeft || res.Duration != ref.Duration || res.Log != ref.Log {
			t.Fatalf("%v: %s with %d in hand after %v, logged %q; the reference %s, %d, %v, %q\n%s", res.Kind, block, left, res.Duration, res.Log, refBlock, refLeft, ref.Duration, ref.Log, code)
		}
	}
}
