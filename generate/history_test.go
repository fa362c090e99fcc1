package generate

import (
	"strings"
	"testing"
)

func TestHistoryRolesAndFold(t *testing.T) {
	h := history{name: "Andy_0"}
	h.add("system", "init")
	h.add("Jill_0", "(FROM OTHER BOT)hi")
	h.add("Andy_0", "hello")
	if got := h.turns[1]; got.Role != "user" || got.Content != "Jill_0: (FROM OTHER BOT)hi" {
		t.Errorf("bot turn = %+v", got)
	}
	if h.turns[2].Role != "assistant" || h.turns[0].Role != "system" {
		t.Errorf("roles: %+v", h.turns)
	}
	for i := 0; i < 12; i++ {
		if i == 2 || i == 3 {
			h.add("Andy_0", "more") // turns 5 and 6: assistants right after the first five
		} else {
			h.add("system", "out")
		}
	}
	if !h.needsFold(15) || h.needsFold(16) {
		t.Fatalf("needsFold with %d turns", len(h.turns))
	}
	chunk := h.foldChunk()
	if len(chunk) != 7 {
		t.Fatalf("chunk of %d turns, want 5 plus the 2 assistant turns after them", len(chunk))
	}
	h.fold(len(chunk), "<think>x</think>\nsummary")
	if len(h.turns) != 8 || h.memory != "summary" || len(h.log) != 15 {
		t.Errorf("after fold: %d turns, memory %q, log %d", len(h.turns), h.memory, len(h.log))
	}
}

func TestCleanMemoryTruncates(t *testing.T) {
	long := strings.Repeat("é", 600)
	got := cleanMemory(long)
	if want := strings.Repeat("é", 500) + memoryTruncated; got != want {
		t.Errorf("truncated memory has %d runes", len([]rune(got)))
	}
	// A surrogate pair counts two units, as JavaScript's length does.
	got = cleanMemory(strings.Repeat("😀", 300))
	if want := strings.Repeat("😀", 250) + memoryTruncated; got != want {
		t.Errorf("emoji memory: %d runes", len([]rune(got)))
	}
	if cleanMemory("short") != "short" {
		t.Error("short memory changed")
	}
}
