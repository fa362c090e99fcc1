package scripted

import (
	"fmt"
	"strings"
)

// The escape agent's programs: the scan of its room (what it prints is
// read back by parseEscScan) and putting its gold block where the floor
// sign was.

// escScanProgram lists the levers, buttons, pressure plates, floor signs
// and chests the agent can see, where it stands and the teammates it
// sees.
const escScanProgram = `await skills.wait(bot, 500); // look round once
const types = world.getNearbyBlockTypes(bot, 12).filter(n =>
  n === 'lever' || n === 'chest' || n.endsWith('_button') || n.endsWith('_pressure_plate') || (n.endsWith('_sign') && !n.includes('wall')));
const me = bot.entity.position;
log(bot, ` + "`" + escScanAt + "${Math.floor(me.x)} ${Math.floor(me.y)} ${Math.floor(me.z)}`" + `);
const found = types.length ? world.getNearestBlocks(bot, types, 12, 32) : [];
if (found.length === 0) log(bot, '` + escScanNone + `');
for (const b of found) {
  log(bot, ` + "`" + escScanMech + "${b.name} at ${b.position.x} ${b.position.y} ${b.position.z}${b.getProperties().powered ? ' (on)' : ''}`" + `);
}
const mates = world.getNearbyPlayerNames(bot, 16);
if (mates.length) log(bot, '` + escScanMates + `' + mates.join(', ') + '.');
`

// escReplaceMark opens the replacement's prompt; the program reads the
// sign's position after it.
const escReplaceMark = "Break the "

func (r *escaper) Program(v *voice) string {
	c := r.k.c
	acts := c.Acts()
	prompt := ""
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Name == "!newAction" {
			prompt = acts[i].Arg(0)
			break
		}
	}
	if i := strings.Index(prompt, escReplaceMark); i >= 0 {
		var name string
		var x, y, z int
		if n, _ := fmt.Sscanf(prompt[i+len(escReplaceMark):], "%s at %d %d %d", &name, &x, &y, &z); n == 4 {
			return v.pick("Swapping the sign for the gold block.", "Sign out, gold block in.", "") + "\n```\n" +
				fmt.Sprintf("await skills.breakBlockAt(bot, %d, %d, %d);\nawait skills.placeBlock(bot, 'gold_block', %d, %d, %d);\nlog(bot, 'Put a gold_block at %d %d %d.');\n", x, y, z, x, y, z, x, y, z) + "```"
		}
	}
	return v.pick("Let me list what's around me.", "A quick scan of the room.", "This prints the mechanisms I can see and where.", "") + "\n```\n" + escScanProgram + "```"
}
