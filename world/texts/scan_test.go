package texts

import (
	"maps"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"collabcraft/scan"
)

// The hand-written readers read exactly what the patterns they document
// read, on the texts themselves and on near misses.
func TestScannersMatch(t *testing.T) {
	samples := []string{
		"", ".", "Collected", "Collected 3 oak_log.", "Action output:\nCollected 0 wheat.\n", "Collected x oak_log. Collected 12 stone.",
		"Collected 3 Oak.", "Collected 3 oak_log", "Collected 3 oak_log,", "Collected 99999999999999999999 dirt.", "xCollected 3 dirt.",
		"Successfully killed cow.\nPicked up 1 items.", "Successfully killed .", "Successfully killed Cow.", "Successfully killed player.",
		"Successfully killed cow", "Successfully killed a.Successfully killed b.",
		"Successfully crafted stick, you now have 4 stick.", "Successfully crafted stick, you now have stick.", "Successfully crafted music_disc_13, you now have 1 music_disc_13.",
		"Successfully crafted oak_planks, you now have 12 oak_planks. Found crafting_table at (1, 2, 3).", "Successfully crafted x, you now have 4 ",
		"Successfully smelted raw_iron, got 3 iron_ingot.", "Successfully smelted beef, got 1 cooked_beef", "Successfully smelted beef, got one cooked_beef.",
		"Jill_0 received bread.", "Cleared furnace, received 1 iron_ingot, no input items, and no fuel items.", " received bread.", "Jill_0 received Bread.",
		"Jill_0 received bread", "Failed to give bread to Jill_0, it was never received.", "a received b. c received d.", "x received .",
		"You do not have the resources to craft a ladder. It requires: stick: 7.", "You do not have the resources to craft an oak_door. It requires: oak_planks: 6.",
		"You do not have the resources to craft a name_tag. It requires: .", "You do not have the resources to craft anvil. It requires: iron: 1.",
		"You do not have the resources to craft a ladder. It requires: stick: 7\nmore", "You do not have the resources to craft a Ladder. It requires: x.",
	}
	for _, c := range []struct {
		re   string
		read func(string) []string
	}{
		{`Collected (\d+) ([a-z_]+)\.`, func(s string) []string {
			n, b, ok := ParseCollected(s)
			return got(ok, strconv.Itoa(n), b)
		}},
		{`Successfully killed ([a-z_]+)\.`, func(s string) []string { k, ok := ParseKilled(s); return got(ok, k) }},
		{`Successfully crafted ([a-z_]+), you now have (\d+) [a-z_]+`, func(s string) []string {
			item, n, ok := ParseCrafted(s)
			return got(ok, item, strconv.Itoa(n))
		}},
		{`Successfully smelted ([a-z_]+), got (\d+) ([a-z_]+)`, func(s string) []string {
			in, n, out, ok := ParseSmelted(s)
			return got(ok, in, strconv.Itoa(n), out)
		}},
		{`(\w+) received ([a-z_]+)\.`, func(s string) []string { p, it, ok := ParseReceived(s); return got(ok, p, it) }},
		{`You do not have the resources to craft an? ([a-z_]+)\. It requires: ([^.\n]+)`, func(s string) []string {
			it, req, ok := ParseCannotCraft(s)
			return got(ok, it, req)
		}},
	} {
		re := regexp.MustCompile(c.re)
		for _, s := range samples {
			want := re.FindStringSubmatch(s)
			if want != nil {
				want = want[1:]
				for i, w := range want { // counts as strconv.Atoi reads them
					if n, err := strconv.Atoi(w); err == nil {
						want[i] = strconv.Itoa(n)
					} else if scan.Digit(w[0]) {
						want[i] = "0"
					}
				}
			}
			if g := c.read(s); !equal(g, want) && (g != nil || want != nil) {
				t.Errorf("%s on %q: read %q, the pattern %q", c.re, s, g, want)
			}
		}
	}
	checkReadersOf(t, samples)
}

// checkReadersOf checks the readers that were patterns before on samples
// and texts of their own.
func checkReadersOf(t *testing.T, samples []string) {
	found := regexp.MustCompile(`Found ([a-z_]+) at \((-?\d+), (-?\d+), (-?\d+)\)\.`)
	position := regexp.MustCompile(`Position: x: (-?[\d.]+), y: (-?[\d.]+), z: (-?[\d.]+)`)
	line := regexp.MustCompile(`(?m)^- (\w+): (\d+)$`)
	for _, s := range append(samples,
		"Found smoker at (2004, -60, 1233). Navigating...", "Found crafting_table at (1, 2, 3).Found furnace at (-4, -5, -6).", "Found x at (1, 2, 3)", "Found X at (1, 2, 3).",
		"Found smoker at (1, 2).", "Found smoker at (-, 2, 3).", "\nSTATS\n- Position: x: 12.50, y: -60.00, z: -7.50\n", "Position: x: 1.2.3, y: 4, z: 5", "Position: x: , y: 1, z: 2 Position: x: 1, y: 2, z: 3",
		"\nINVENTORY\n- oak_planks: 4\n- stick: 2\nWEARING: Nothing\n", "- a: 1\n-  b: 2\n- c: 3x\n- d_1: 04\n- e: \n- f: 5\r\n- f: 6", "WEARING\n- a: 1",
	) {
		b, at, ok := ParseFound(s)
		var want []string
		if ms := found.FindAllStringSubmatch(s, -1); ms != nil {
			want = ms[len(ms)-1][1:]
		}
		if got := got(ok, b, strconv.Itoa(at[0]), strconv.Itoa(at[1]), strconv.Itoa(at[2])); !equal(got, want) && (got != nil || want != nil) {
			t.Errorf("found %q: %q, the pattern %q", s, got, want)
		}
		p, ok := ParsePosition(s)
		wantOK := false
		if m := position.FindStringSubmatch(s); m != nil {
			wantOK = true
			for _, v := range m[1:] {
				if _, err := strconv.ParseFloat(v, 64); err != nil {
					wantOK = false
				}
			}
		}
		if ok != wantOK {
			t.Errorf("position %q: %v %v, the pattern %v", s, p, ok, wantOK)
		}
		inv, wantInv := Inventory(s), map[string]int{}
		text := s
		if i := strings.Index(text, Wearing); i >= 0 {
			text = text[:i]
		}
		for _, m := range line.FindAllStringSubmatch(text, -1) {
			wantInv[m[1]] += atoi(m[2])
		}
		if !maps.Equal(inv, wantInv) {
			t.Errorf("inventory %q: %v, the pattern %v", s, inv, wantInv)
		}
	}
}

func got(ok bool, parts ...string) []string {
	if !ok {
		return nil
	}
	return parts
}
