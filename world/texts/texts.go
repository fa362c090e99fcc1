// Package texts holds the texts the world writes that agents read back.
// Each text is formatted here, by the function the world calls, and
// recognised here, by the matcher the scripted experts call, so rewording
// an output changes both sides at once; TestRoundTrip formats every text
// and parses it back. The wording is MINDcraft's, so these texts do not
// change for style.
//
// Positions are block cells printed as Vec3.toString does for whole
// numbers: "(x, y, z)".
package texts

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"collabcraft/scan"
)

// The word an action's result starts with: "Code" in the paper's
// dialect, "Action" in the later MINDcraft.
const (
	PaperWord   = "Code"
	CurrentWord = "Action"
)

// Output wraps an action's log as the agent receives it.
func Output(word, log string) string { return word + " output:\n" + log }

func pos(x, y, z int) string {
	return "(" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + ", " + strconv.Itoa(z) + ")"
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// cells reads the (x, y, z) captured at groups i, i+1, i+2 of each match.
func cells(re *regexp.Regexp, s string, i int) [][3]int {
	var out [][3]int
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		out = append(out, [3]int{atoi(m[i]), atoi(m[i+1]), atoi(m[i+2])})
	}
	return out
}

// captures returns capture group i of each match of re in s, after a cheap
// test for the literal part: unanchored patterns like `(\w+) is ...` are
// slow on long texts.
func captures(re *regexp.Regexp, literal, s string, i int) []string {
	if !strings.Contains(s, literal) {
		return nil
	}
	var out []string
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		out = append(out, m[i])
	}
	return out
}

// Placing blocks (!placeHere, and the crafting table a craft sets down).

// Placed is a block placed at a cell.
func Placed(block string, x, y, z int) string { return "Placed " + block + " at " + pos(x, y, z) + "." }

// AlreadyAt is a block that needed no placing.
func AlreadyAt(block string, x, y, z int) string { return block + " already at " + pos(x, y, z) + "." }

// PlacedSome reports whether s tells of a block placed.
func PlacedSome(s string) bool { return strings.Contains(s, "Placed ") }

var placedRE = regexp.MustCompile(`(?:Placed ([a-z_]+) at|([a-z_]+) already at) \((-?\d+), (-?\d+), (-?\d+)\)`)

// FilledCells are the cells s reports as holding their block now (Placed
// or AlreadyAt).
func FilledCells(s string) [][3]int { return cells(placedRE, s, 3) }

// DontHaveToPlace is a placement without the block in the inventory.
func DontHaveToPlace(block string) string { return "Don't have any " + block + " to place." }

// CannotPlace is a placement refused for a reason ("block in the way",
// "nothing to place on").
func CannotPlace(block string, x, y, z int, reason string) string {
	return "Cannot place " + block + " at " + pos(x, y, z) + ": " + reason + "."
}

// FailedToPlace is a placement on a cell someone stands in.
func FailedToPlace(block string, x, y, z int) string {
	return "Failed to place " + block + " at " + pos(x, y, z) + "."
}

var unplacedRE = regexp.MustCompile(`(?:Cannot place|Failed to place) [a-z_]+ at \((-?\d+), (-?\d+), (-?\d+)\)`)

// UnplacedCells are the cells s reports a block could not be placed on
// (CannotPlace or FailedToPlace).
func UnplacedCells(s string) [][3]int { return cells(unplacedRE, s, 1) }

// Moving.

// NoPath is the pathfinder's failure to find a way to a goal
// (mineflayer-pathfinder's words), as an error's message.
const NoPath = "No path to the goal!"

// Reached is the end of a walk; the coordinates are as the command was
// given them, in JavaScript's number format.
func Reached(x, y, z string) string { return "You have reached at " + x + ", " + y + ", " + z + "." }

var reachedRE = regexp.MustCompile(`You have reached at (-?[\d.]+), (-?[\d.]+), (-?[\d.]+)\.`)

// ParseReached returns the coordinates of the first Reached in s.
func ParseReached(s string) (x, y, z string, ok bool) {
	m := reachedRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", "", false
	}
	return m[1], m[2], m[3], true
}

// FoundNothing reports whether s tells of a search or a chest, station
// or entity command that found nothing: "Could not find ..." (NotFoundIn,
// NotInChest, NoChestNearby, NoneToAttack) or "No ... nearby" (NoFurnace
// and the world's other "no such thing nearby" texts).
func FoundNothing(s string) bool {
	return strings.Contains(s, "Could not find") || strings.Contains(s, "No ") && strings.Contains(s, "nearby")
}

// Found is a block search's find, before the walk there (the current
// dialect adds " Navigating...").
func Found(block string, x, y, z int) string { return "Found " + block + " at " + pos(x, y, z) + "." }

// ParseFound returns the block and cell of the last Found in s
// (`Found ([a-z_]+) at \((-?\d+), (-?\d+), (-?\d+)\)\.`).
func ParseFound(s string) (block string, at [3]int, ok bool) {
	each(s, "Found ", func(i int) bool {
		n := scan.Span(s[i:], scan.Lower)
		if n == 0 {
			return false
		}
		cell, end, found := readCell(s, i+n, " at (", ")")
		if found && strings.HasPrefix(s[end:], ".") {
			block, at, ok = s[i:i+n], cell, true
		}
		return false // the last one counts
	})
	return block, at, ok
}

// readCell reads "<open>x, y, z<close>" (integers, maybe negative) at
// s[i:]: the cell and the index after it.
func readCell(s string, i int, open, close string) (cell [3]int, end int, ok bool) {
	if !strings.HasPrefix(s[i:], open) {
		return cell, 0, false
	}
	i += len(open)
	for k, sep := range []string{", ", ", ", close} {
		neg := strings.HasPrefix(s[i:], "-")
		if neg {
			i++
		}
		v, d := number(s, i)
		if d == 0 || !strings.HasPrefix(s[i+d:], sep) {
			return cell, 0, false
		}
		if neg {
			v = -v
		}
		cell[k], i = v, i+d+len(sep)
	}
	return cell, i, true
}

// ParsePosition returns the block cell $STATS puts the agent in, from its
// "- Position: x: 1984.50, y: -60.00, z: 1216.50" (`Position: x:
// (-?[\d.]+), y: (-?[\d.]+), z: (-?[\d.]+)`).
func ParsePosition(stats string) (at [3]int, ok bool) {
	var coords [3]string
	each(stats, "Position: x: ", func(i int) bool {
		for k, sep := range []string{", y: ", ", z: ", ""} {
			n := 0
			if strings.HasPrefix(stats[i:], "-") {
				n = 1
			}
			d := scan.Span(stats[i+n:], func(c byte) bool { return scan.Digit(c) || c == '.' })
			if d == 0 || !strings.HasPrefix(stats[i+n+d:], sep) {
				return false
			}
			coords[k], i = stats[i:i+n+d], i+n+d+len(sep)
		}
		ok = true
		return true
	})
	if !ok {
		return at, false
	}
	for i := range at {
		f, err := strconv.ParseFloat(coords[i], 64)
		if err != nil {
			return at, false
		}
		at[i] = int(math.Floor(f))
	}
	return at, true
}

// Stayed is !stay's result.
func Stayed(seconds int) string { return "Stayed for " + strconv.Itoa(seconds) + " seconds." }

// IsStayed reports whether an action output (either dialect) is !stay's.
func IsStayed(output string) bool {
	return strings.HasPrefix(output, Output(PaperWord, "Stayed for")) || strings.HasPrefix(output, Output(CurrentWord, "Stayed for"))
}

// Items, chests and furnaces.

// Received is a !givePlayer that arrived.
func Received(player, item string) string { return player + " received " + item + "." }

// ParseReceived returns the player and item of the first Received in s
// (`(\w+) received ([a-z_]+)\.`).
func ParseReceived(s string) (player, item string, ok bool) {
	each(s, " received ", func(at int) bool {
		start := at - len(" received ")
		who := scan.SpanBack(s, start, scan.Word)
		n := scan.Span(s[at:], scan.Lower)
		if who == 0 || n == 0 || at+n >= len(s) || s[at+n] != '.' {
			return false
		}
		player, item, ok = s[start-who:start], s[at:at+n], true
		return true
	})
	return player, item, ok
}

// NeverReceived is a !givePlayer that did not arrive.
func NeverReceived(item, player string) string {
	return "Failed to give " + item + " to " + player + ", it was never received."
}

// SaysReceived reports whether s mentions "received": Received, but also
// NeverReceived and FurnaceCleared, as the experts have always read it.
func SaysReceived(s string) bool { return strings.Contains(s, "received") }

// FurnaceCleared is !clearFurnace's result.
func FurnaceCleared(output, input, fuel string) string {
	return "Cleared furnace, received " + output + ", " + input + ", and " + fuel + "."
}

// ChestEmpty is !viewChest's result for an empty chest; otherwise it is
// ChestContains and a ChestLine per stack.
const (
	ChestEmpty    = "The chest is empty."
	ChestContains = "The chest contains:"
)

// ChestLine is one stack of a chest's contents.
func ChestLine(n int, item string) string { return strconv.Itoa(n) + " " + item }

// ChestItems reads the stacks s lists after ChestContains ("3 egg"
// lines), by item; empty when it lists none.
func ChestItems(s string) map[string]int {
	items := map[string]int{}
	_, list, _ := strings.Cut(s, ChestContains)
	for _, line := range strings.Split(list, "\n") {
		if n, item, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			if c, err := strconv.Atoi(n); err == nil {
				items[item] += c
			}
		}
	}
	return items
}

// NoChestNearby is a chest command without a chest in reach.
const NoChestNearby = "Could not find a chest nearby."

// IsNoChestNearby reports whether s holds NoChestNearby.
func IsNoChestNearby(s string) bool { return strings.Contains(s, NoChestNearby) }

// Smelted is a !smeltItem that smelted all it was asked to; MINDcraft
// restarts the agent after it.
func Smelted(item string, total int, output string) string {
	return fmt.Sprintf("Successfully smelted %s, got %d %s.", item, total, output)
}

// IsSmelted reports whether s holds Smelted.
func IsSmelted(s string) bool { return strings.Contains(s, "Successfully smelted ") }

// ParseSmelted returns what the first Smelted in s smelted, how many came
// out and of what (`Successfully smelted ([a-z_]+), got (\d+) ([a-z_]+)`).
func ParseSmelted(s string) (item string, total int, output string, ok bool) {
	each(s, "Successfully smelted ", func(at int) bool {
		in, n, out, ok2 := itemCountItem(s, at, ", got ")
		if ok2 {
			item, total, output, ok = in, n, out, true
		}
		return ok2
	})
	return item, total, output, ok
}

// itemCountItem reads `([a-z_]+)<mid>(\d+) ([a-z_]+)` at s[i:].
func itemCountItem(s string, i int, mid string) (a string, n int, b string, ok bool) {
	k := scan.Span(s[i:], scan.Lower)
	if k == 0 || !strings.HasPrefix(s[i+k:], mid) {
		return "", 0, "", false
	}
	a, i = s[i:i+k], i+k+len(mid)
	n, d := number(s, i)
	if d == 0 || i+d >= len(s) || s[i+d] != ' ' {
		return "", 0, "", false
	}
	i += d + 1
	k = scan.Span(s[i:], scan.Lower)
	if k == 0 {
		return "", 0, "", false
	}
	return a, n, s[i : i+k], true
}

// NotFoundIn is a search (!searchForBlock, !searchForEntity) that found
// nothing of kind within rng blocks (rng as JavaScript prints it).
func NotFoundIn(kind, rng string) string {
	return "Could not find any " + kind + " in " + rng + " blocks."
}

var notFoundInRE = regexp.MustCompile(`Could not find any ([a-z_]+) in [0-9.e+]+ blocks\.`)

// IsNotFound reports whether s holds NotFoundIn for kind.
func IsNotFound(s, kind string) bool {
	for _, m := range notFoundInRE.FindAllStringSubmatch(s, -1) {
		if m[1] == kind {
			return true
		}
	}
	return false
}

// NotInChest is a !takeFromChest for an item the chest lacks.
func NotInChest(item string) string { return "Could not find any " + item + " in the chest." }

var notInChestRE = regexp.MustCompile(`Could not find any ([a-z_]+) in the chest`)

// IsNotInChest reports whether s holds NotInChest.
func IsNotInChest(s string) bool { return notInChestRE.MatchString(s) }

// NoFurnace is a !smeltItem without a furnace.
const NoFurnace = "There is no furnace nearby and you have no furnace."

// IsNoFurnace reports whether s holds NoFurnace.
func IsNoFurnace(s string) bool { return strings.Contains(s, "no furnace nearby") }

// FurnaceBusy is a !smeltItem at a furnace smelting something else.
func FurnaceBusy(item string) string { return "The furnace is currently smelting " + item + "." }

// IsFurnaceBusy reports whether s holds FurnaceBusy.
func IsFurnaceBusy(s string) bool { return strings.Contains(s, "currently smelting") }

// Gathering.

// Collected ends a !collectBlocks (and the block a station was mined
// from): how many blocks of kind it collected.
func Collected(n int, block string) string { return "Collected " + strconv.Itoa(n) + " " + block + "." }

// ParseCollected returns the count and block of the first Collected in s
// (`Collected (\d+) ([a-z_]+)\.`).
func ParseCollected(s string) (n int, block string, ok bool) {
	each(s, "Collected ", func(at int) bool {
		v, d := number(s, at)
		if d == 0 || at+d >= len(s) || s[at+d] != ' ' {
			return false
		}
		j := at + d + 1
		k := scan.Span(s[j:], scan.Lower)
		if k == 0 || j+k >= len(s) || s[j+k] != '.' {
			return false
		}
		n, block, ok = v, s[j:j+k], true
		return true
	})
	return n, block, ok
}

// Fighting.

// NoneToAttack is an !attack without the entity in reach.
func NoneToAttack(kind string) string { return "Could not find any " + kind + " to attack." }

var noneToAttackRE = regexp.MustCompile(`Could not find any ([a-z_]+) to attack`)

// Killed is an !attack that killed its target.
func Killed(kind string) string { return "Successfully killed " + kind + "." }

// ParseKilled returns the kind of the first Killed in s
// (`Successfully killed ([a-z_]+)\.`).
func ParseKilled(s string) (kind string, ok bool) {
	each(s, "Successfully killed ", func(at int) bool {
		if n := scan.Span(s[at:], scan.Lower); n > 0 && at+n < len(s) && s[at+n] == '.' {
			kind, ok = s[at:at+n], true
		}
		return ok
	})
	return kind, ok
}

// ParseNoneToAttack returns the entity kind of the first NoneToAttack in s.
func ParseNoneToAttack(s string) (kind string, ok bool) {
	m := noneToAttackRE.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Crafting.

// Crafted is a craft done as asked; have is the count now held.
func Crafted(item string, have int) string {
	return fmt.Sprintf("Successfully crafted %s, you now have %d %s.", item, have, item)
}

// ParseCrafted returns the item and the count now held of the first
// Crafted in s (`Successfully crafted ([a-z_]+), you now have (\d+)
// ([a-z_]+)`; the item is named twice).
func ParseCrafted(s string) (item string, have int, ok bool) {
	each(s, "Successfully crafted ", func(at int) bool {
		a, n, _, ok2 := itemCountItem(s, at, ", you now have ")
		if ok2 {
			item, have, ok = a, n, true
		}
		return ok2
	})
	return item, have, ok
}

// CraftedSome is a craft cut short by the limiting ingredient.
func CraftedSome(limiting string, asked, made, have int, item string) string {
	return fmt.Sprintf("Not enough %s to craft %d, crafted %d. You now have %d %s.", limiting, asked, made, have, item)
}

var craftedRE = regexp.MustCompile(`(?:Successfully crafted (\w+),|crafted \d+\. You now have \d+ (\w+)\.)`)

// CraftedItems are the items s reports crafted (Crafted or CraftedSome).
func CraftedItems(s string) []string {
	if !strings.Contains(s, "rafted") {
		return nil
	}
	var out []string
	for _, m := range craftedRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1]+m[2])
	}
	return out
}

// CannotCraft is a craft without the ingredients; requires lists them.
func CannotCraft(item, requires string) string {
	return "You do not have the resources to craft a " + item + ". It requires: " + requires + "."
}

var cannotCraftRE = regexp.MustCompile(`You do not have the resources to craft an? (\w+)\. It requires: ([^.\n]*)\.`)

// ParseCannotCraft returns the item and the ingredient list of the first
// CannotCraft in s (`You do not have the resources to craft an?
// ([a-z_]+)\. It requires: ([^.\n]+)`).
func ParseCannotCraft(s string) (item, requires string, ok bool) {
	each(s, "You do not have the resources to craft a", func(at int) bool {
		switch {
		case strings.HasPrefix(s[at:], "n "):
			at += 2
		case strings.HasPrefix(s[at:], " "):
			at++
		default:
			return false
		}
		n := scan.Span(s[at:], scan.Lower)
		if n == 0 || !strings.HasPrefix(s[at+n:], ". It requires: ") {
			return false
		}
		j := at + n + len(". It requires: ")
		k := scan.Span(s[j:], func(c byte) bool { return c != '.' && c != '\n' })
		if k == 0 {
			return false
		}
		item, requires, ok = s[at:at+n], s[j:j+k], true
		return true
	})
	return item, requires, ok
}

// CannotCraftItems are the items s reports lacking ingredients for.
func CannotCraftItems(s string) []string {
	return captures(cannotCraftRE, "You do not have the resources to craft", s, 1)
}

// NeedsTable is a craft that needs a crafting table.
func NeedsTable(item string) string { return "Crafting " + item + " requires a crafting table." }

var needsTableRE = regexp.MustCompile(`Crafting (\w+) requires a crafting table`)

// IsNeedsTable reports whether s holds NeedsTable.
func IsNeedsTable(s string) bool { return strings.Contains(s, "requires a crafting table") }

// NeedsTableItems are the items s reports needing a crafting table.
func NeedsTableItems(s string) []string {
	return captures(needsTableRE, " requires a crafting table", s, 1)
}

// NoRecipe is a craft of something without a recipe.
func NoRecipe(item string) string {
	return item + " is either not an item, or it does not have a crafting recipe!"
}

var noRecipeRE = regexp.MustCompile(`(\w+) is either not an item, or it does not have a crafting recipe`)

// NoRecipeItems are the names s reports without a recipe.
func NoRecipeItems(s string) []string {
	return captures(noRecipeRE, " is either not an item, or it does not have a crafting recipe", s, 1)
}

// Queries.

// InventoryLine is one item of the !inventory text.
func InventoryLine(item string, count int) string { return "- " + item + ": " + strconv.Itoa(count) }

// Wearing starts the armour part of the !inventory text.
const Wearing = "WEARING"

// Inventory reads the item counts of an !inventory text: its
// InventoryLine lines before Wearing (`(?m)^- (\w+): (\d+)$`).
func Inventory(text string) map[string]int {
	inv := map[string]int{}
	if i := strings.Index(text, Wearing); i >= 0 {
		text = text[:i]
	}
	for line := range strings.SplitSeq(text, "\n") {
		rest, ok := strings.CutPrefix(line, "- ")
		n := scan.Span(rest, scan.Word)
		if !ok || n == 0 || !strings.HasPrefix(rest[n:], ": ") {
			continue
		}
		if v, d := number(rest, n+2); d > 0 && n+2+d == len(rest) {
			inv[rest[:n]] += v
		}
	}
	return inv
}

// Checked arguments (world/command).

// InvalidBlock and InvalidItem are arguments that name no block or item.
func InvalidBlock(name string) string { return "Invalid block type: " + name + "." }
func InvalidItem(name string) string  { return "Invalid item type: " + name + "." }

// NoSuchCommand is a command the agent does not have.
func NoSuchCommand(name string) string { return "Command " + name + " does not exist." }

// Failures and mistakes, over the texts above.

// failureRE matches InvalidBlock, InvalidItem, NoRecipe, CraftedSome,
// CannotCraft and the other "You do not have ..." texts, DontHaveToPlace,
// NoSuchCommand and the unknown mode of !setMode.
var failureRE = regexp.MustCompile(`Invalid (?:item|block) type|is either not an item|Not enough|You do not have|Don't have any|does not exist`)

// IsFailure reports whether s tells of a command that failed for a bad
// name or missing items.
func IsFailure(s string) bool { return failureRE.MatchString(s) }

// mistakeRE matches InvalidBlock, InvalidItem, CraftedSome and NoRecipe.
var mistakeRE = regexp.MustCompile(`Invalid (?:item|block) type|Not enough [a-z_]+ to craft|is either not an item`)

// IsMistake reports whether s tells of a misspelt name or a short craft,
// the failures the experts' noise makes on purpose.
func IsMistake(s string) bool { return mistakeRE.MatchString(s) }

// Using a tool (the later MINDcraft's !useOn, skills.useToolOn).

// Used is a tool used on nothing.
func Used(tool string) string { return "Used " + tool + "." }

// UsedOn is a tool (or "hand") used on an entity or block type.
func UsedOn(tool, target string) string { return "Used " + tool + " on " + target + "." }

// NoneFound is !useOn without its target within reach.
func NoneFound(target string) string { return "Could not find any " + target + "." }

var usedOnRE = regexp.MustCompile(`Used ([a-z_]+) on ([a-z_]+)\.`)

// ParseUsedOn returns the tool and target of the first UsedOn in s.
func ParseUsedOn(s string) (tool, target string, ok bool) {
	m := usedOnRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// NearbyBlocks is !nearbyBlocks' answer: the block types around the agent,
// nearest first, then its surroundings (the blocks below, at its legs and
// head).
func NearbyBlocks(types, surroundings []string) string {
	if len(types) == 0 {
		return nearbyNone
	}
	return nearbyHead + "\n- " + strings.Join(types, "\n- ") + "\n" + strings.Join(surroundings, "\n")
}

const (
	nearbyHead = "NEARBY_BLOCKS"
	nearbyNone = nearbyHead + ": none"
)

// ListsBlock reports whether s holds a NearbyBlocks answer that lists
// block.
func ListsBlock(s, block string) bool {
	i := strings.Index(s, nearbyHead+"\n")
	if i < 0 {
		return false
	}
	for _, line := range strings.Split(s[i+len(nearbyHead)+1:], "\n") {
		name, ok := strings.CutPrefix(line, "- ")
		if !ok {
			break
		}
		if name == block {
			return true
		}
	}
	return false
}
