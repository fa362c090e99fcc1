package quality

import (
	"compress/gzip"
	"encoding/json"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"collabcraft/mcdata"
)

// mindcraftParagraphs are the distinct paragraphs of the MINDcraft
// prompts rendered by its own code (testdata/mindcraft/calls.json.gz).
func mindcraftParagraphs(tb testing.TB) []string {
	f, err := os.Open("../testdata/mindcraft/calls.json.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var fixtures struct {
		Calls []struct {
			Requests struct {
				OpenAI []struct{ Content string } `json:"openai"`
			} `json:"requests"`
		} `json:"calls"`
	}
	if err := json.NewDecoder(z).Decode(&fixtures); err != nil {
		tb.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for _, c := range fixtures.Calls {
		for _, m := range c.Requests.OpenAI {
			for rest := m.Content; rest != ""; {
				seg := rest
				if i := strings.Index(rest, "\n\n"); i >= 0 {
					seg = rest[:i+2]
				}
				rest = rest[len(seg):]
				if !seen[seg] {
					seen[seg] = true
					out = append(out, seg)
				}
			}
		}
	}
	return out
}

// BenchmarkItemScan scans the distinct paragraphs of MINDcraft's prompts
// for item names, as the grounder does each paragraph it has not seen.
func BenchmarkItemScan(b *testing.B) {
	paras := mindcraftParagraphs(b)
	n := 0
	for _, p := range paras {
		n += len(p)
	}
	b.SetBytes(int64(n))
	found := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for _, p := range paras {
			sc := itemScan{names: itemNames(), found: func(int32) { found++ }}
			sc.text(p)
		}
	}
	// CPU time is the steady figure on a shared machine.
	b.ReportMetric(float64(n)*float64(b.N)/(cpuTime()-cpu0).Seconds()/1e6, "MB/cpu-s")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestItemsInAsEveryWindow: the scan finds exactly the names that one,
// two or three consecutive words spell, lower-cased and joined with
// underscores, on MINDcraft's prompts and on random texts of names,
// capitals and the bytes around words.
func TestItemsInAsEveryWindow(t *testing.T) {
	names := map[string]bool{}
	for _, it := range mcdata.Items() {
		names[it.Name] = true
	}
	for _, b := range mcdata.Blocks() {
		names[b] = true
	}
	word := regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*`)
	want := func(text string) []string {
		var words []string
		for _, w := range word.FindAllString(text, -1) {
			// A capital after a small letter starts a new word.
			start := 0
			for i := 1; i < len(w); i++ {
				if isUpper(w[i]) && isSmall(w[i-1]) {
					words = append(words, strings.ToLower(w[start:i]))
					start = i
				}
			}
			words = append(words, strings.ToLower(w[start:]))
		}
		seen := map[string]bool{}
		var out []string
		for i := range words {
			for k := 1; k <= 3 && k <= i+1; k++ {
				if n := strings.Join(words[i+1-k:i+1], "_"); names[n] && !seen[n] {
					seen[n] = true
					out = append(out, n)
				}
			}
		}
		slices.Sort(out)
		return out
	}
	check := func(text string) {
		got := ItemsIn(text)
		slices.Sort(got)
		if w := want(text); !slices.Equal(got, w) {
			t.Fatalf("ItemsIn(%q) = %q, want %q", text, got, w)
		}
	}
	for _, p := range mindcraftParagraphs(t) {
		check(p)
	}
	parts := []string{"Oak", "oak", "planks", "LOG", "red", "Nether", "bricks", "sugar", "cane", "brick_wall", "craftA", "wall", "3", "x9", "_", " ", "\n", ".", "é", "IRON", "ingot", "stone", "the", "Andy_0", "You", "acacia_planks"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		var b strings.Builder
		for k := rng.IntN(9); k > 0; k-- {
			b.WriteString(parts[rng.IntN(len(parts))])
			if rng.IntN(3) > 0 {
				b.WriteString([]string{" ", "\n", ", ", "-"}[rng.IntN(4)])
			}
		}
		check(b.String())
	}
}

// TestIsNameIsItemOrBlock: IsName agrees with mcdata on every name, each
// name's words and capitalised spelling, words that are none, and drawn
// words.
func TestIsNameIsItemOrBlock(t *testing.T) {
	var words []string
	for _, name := range itemNames().list {
		words = append(words, name, strings.ToUpper(name[:1])+name[1:], name+"s", name[1:])
		words = append(words, strings.Split(name, "_")...)
	}
	words = append(words, "", "_", "the", "é", "oak_log\n", strings.Repeat("a", 70), "oak_log"+strings.Repeat("s", 60))
	rng := rand.New(rand.NewPCG(13, 14))
	for range 100000 { // words of names' bytes, most of them no name
		b := make([]byte, 1+rng.IntN(20))
		for i := range b {
			b[i] = "abcdefghijklmnopqrstuvwxyz_0123456789"[rng.IntN(37)]
		}
		words = append(words, string(b))
	}
	for _, w := range words {
		if got, want := IsName(w), mcdata.IsItem(w) || mcdata.IsBlock(w); got != want {
			t.Fatalf("IsName(%q) = %v, want %v", w, got, want)
		}
	}
}
