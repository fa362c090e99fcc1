package js

import (
	"strings"
	"testing"
)

// TestGoVec3IsNewVec3: the positions the API makes in Go (world.getPosition,
// a block's position) are what new Vec3 makes: the same prototype, the same
// own properties in the same order with the same attributes, the same
// methods and text.
func TestGoVec3IsNewVec3(t *testing.T) {
	w := testWorld(t)
	code := `const shape = (v) => [Object.getPrototypeOf(v) === Vec3.prototype, v instanceof Vec3, Object.isExtensible(v),
    JSON.stringify(Object.getOwnPropertyNames(v).map(k => [k, Object.getOwnPropertyDescriptor(v, k)])),
    String(v), v.offset(1, 2, 3).toString(), v.floored().equals(v)].join(' ');
const p = world.getPosition(bot);
const b = world.getNearestBlocks(bot, 'stone', 8)[0].position;
log(bot, shape(p) + '\n' + shape(new Vec3(p.x, p.y, p.z)));
log(bot, shape(b) + '\n' + shape(new Vec3(b.x, b.y, b.z)));
await skills.wait(bot, 1);`
	res := run(t, w, code)
	lines := strings.Split(strings.TrimSpace(res.Log), "\n")
	if len(lines) < 4 || lines[0] != lines[1] || lines[2] != lines[3] || !strings.HasPrefix(lines[0], "true true true [[\"x\"") {
		t.Fatalf("Go-made and script-made Vec3s differ:\n%s", res.Log)
	}
}
