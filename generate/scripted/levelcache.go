package scripted

import (
	"sync"

	"collabcraft/blueprints"
)

// A builder reads the levels it was shown from its history at every
// decision (which are placed, the level below a door), so the same
// !getBlueprintLevel outputs are parsed again and again. Parsing is a
// pure function of the text, so the levels are shared between calls,
// keyed by the text. The cache is bounded: when full it starts over.
var levels = struct {
	sync.Mutex
	m map[string]parsedLevel
}{m: map[string]parsedLevel{}}

type parsedLevel struct {
	lv blueprints.Level
	ok bool
}

const maxCachedLevels = 1 << 10

// parseLevel is blueprints.ParseLevel through the cache. The level
// returned is shared: callers only read it.
func parseLevel(s string) (blueprints.Level, bool) {
	levels.Lock()
	p, seen := levels.m[s]
	levels.Unlock()
	if seen {
		return p.lv, p.ok
	}
	p.lv, p.ok = blueprints.ParseLevel(s)
	levels.Lock()
	if len(levels.m) >= maxCachedLevels {
		clear(levels.m)
	}
	levels.m[s] = p
	levels.Unlock()
	return p.lv, p.ok
}
