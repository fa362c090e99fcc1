package scripted

import (
	"sync"

	"collabcraft/blueprints"
)

// boundedCache shares the results of a pure function of a text key
// between calls and workers; when full it starts over.
type boundedCache[V any] struct {
	mu  sync.Mutex
	m   map[string]V
	max int
}

func (c *boundedCache[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *boundedCache[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = map[string]V{}
	}
	c.m[key] = v
}

// A builder reads the levels it was shown from its history at every
// decision (which are placed, the level below a door), so the same
// !getBlueprintLevel outputs are parsed again and again. Parsing is a
// pure function of the text, so the levels are shared, keyed by it.
var levels = boundedCache[parsedLevel]{max: 1 << 10}

type parsedLevel struct {
	lv blueprints.Level
	ok bool
}

// parseLevel is blueprints.ParseLevel through the cache. The level
// returned is shared: callers only read it.
func parseLevel(s string) (blueprints.Level, bool) {
	if p, seen := levels.get(s); seen {
		return p.lv, p.ok
	}
	var p parsedLevel
	p.lv, p.ok = blueprints.ParseLevel(s)
	levels.put(s, p)
	return p.lv, p.ok
}
