package quality

import (
	"regexp"
	"strconv"

	"collabcraft/escape"
	"collabcraft/procgen"
)

// KindHiddenBlock is an escape room's mechanism named with its position
// ("the lever at 129 -60 122") that the agent has neither seen (no output
// of its own commands, nor its memory, shows it) nor been told of (no
// teammate's message describes it): a block in a room it cannot see.
// Rooms hide what is in them from the other rooms' agents, so a block
// only a hidden state could show is a grounding violation.
const KindHiddenBlock = "hidden_block"

// The ways a mechanism and its position are written: "lever at 1 -60 3"
// (a scan, a message), "Found lever at (1, -60, 3)" (!searchForBlock),
// "Activated lever at x:1.0, y:-60.0, z:3.0" (!activate), "[lever:1 -60
// 3]" (the 5x3x5 map of VillagerAgent's answers), "lever at (1.0, -60.0,
// 3.0)" (its scan's block map).
var (
	blockAtRE   = regexp.MustCompile(`\b([a-z_]+) at \(?(-?[0-9]+),? (-?[0-9]+),? (-?[0-9]+)\)?`)
	blockAtXYZ  = regexp.MustCompile(`\b([a-z_]+) at x:(-?[0-9]+)(?:\.[0-9]+)?, y:(-?[0-9]+)(?:\.[0-9]+)?, z:(-?[0-9]+)(?:\.[0-9]+)?`)
	blockInMap  = regexp.MustCompile(`\[([a-z_]+):(-?[0-9]+) (-?[0-9]+) (-?[0-9]+)\]`)
	blockAtF    = regexp.MustCompile(`\b([a-z_]+) at \((-?[0-9]+)\.[0-9]+, (-?[0-9]+)\.[0-9]+, (-?[0-9]+)\.[0-9]+\)`)
	blockAtForm = []*regexp.Regexp{blockAtRE, blockAtXYZ, blockInMap, blockAtF}
)

// placedBlock is a block name at a position.
type placedBlock struct {
	name    string
	x, y, z int
}

func (b placedBlock) String() string {
	return b.name + " at " + strconv.Itoa(b.x) + " " + strconv.Itoa(b.y) + " " + strconv.Itoa(b.z)
}

// mechanismsIn are the escape mechanisms (levers, buttons, plates, doors,
// signs, chests: escape.KindOf) a text names with a position.
func mechanismsIn(text string) []placedBlock {
	var out []placedBlock
	for _, re := range blockAtForm {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if k := escape.KindOf(m[1]); (k == escape.KindBlock || k == escape.KindAir) && !isSign(m[1]) {
				continue
			}
			x, _ := strconv.Atoi(m[2])
			y, _ := strconv.Atoi(m[3])
			z, _ := strconv.Atoi(m[4])
			out = append(out, placedBlock{m[1], x, y, z})
		}
	}
	return out
}

func isSign(name string) bool {
	return len(name) > 5 && name[len(name)-5:] == "_sign"
}

// hiddenBlocks are the mechanisms an escape agent's response names with
// a position that nothing it may know shows: the outputs of its own
// commands and its memory (system turns and the system prompt), and its
// teammates' messages (the other turns that are not its own).
func hiddenBlocks(c *Call) []Violation {
	if c.TaskType != procgen.TypeEscape {
		return nil
	}
	named := mechanismsIn(c.Response)
	if len(named) == 0 {
		return nil
	}
	known := map[placedBlock]bool{}
	for _, m := range c.Context {
		if m.Role == "assistant" {
			continue // what it said itself grounds nothing
		}
		for _, b := range mechanismsIn(m.Content) {
			known[b] = true
		}
	}
	var out []Violation
	for _, b := range named {
		if !known[b] {
			out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: c.Response, Kind: KindHiddenBlock, Value: b.String()})
		}
	}
	return out
}
