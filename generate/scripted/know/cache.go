package know

import (
	"sync"

	"collabcraft/generate/scripted/chat"
	"collabcraft/world/command"
)

// A turn stays in an agent's window for many calls, so what is read from
// a text is kept for the next call: both readers are pure functions of
// the text. The caches are bounded: when full they start over.

const maxCached = 1 << 14

type cache[V any] struct {
	sync.Mutex
	m map[string]V
}

func (c *cache[V]) get(text string, read func(string) V) V {
	c.Lock()
	v, ok := c.m[text]
	c.Unlock()
	if ok {
		return v
	}
	v = read(text)
	c.Lock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = map[string]V{}
	}
	c.m[text] = v
	c.Unlock()
	return v
}

var (
	chats    cache[chat.Message]
	commands cache[found]
	memories cache[Notes]
)

// found is command.Find's answer.
type found struct {
	m  command.Match
	ok bool
}

// parseChat is chat.Parse through the cache; the lists of the message it
// returns are shared: callers only read them.
func parseChat(text string) chat.Message { return chats.get(text, chat.Parse) }

// parseNotes is ParseNotes through the cache (a memory stays the same
// from one memory call to the next); the notes' lists and maps are
// shared: callers only read them.
func parseNotes(memory string) Notes { return memories.get(memory, ParseNotes) }

// findCommand is command.Find through the cache.
func findCommand(text string) (command.Match, bool) {
	f := commands.get(text, func(t string) found {
		m, ok := command.Find(t)
		return found{m, ok}
	})
	return f.m, f.ok
}
