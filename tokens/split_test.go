package tokens

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
)

// splitPattern is tiktoken-go's cl100k_base pattern, to the byte: compiled
// with the same options it runs the code tiktoken-go generated for it.
var splitPattern = regexp2.MustCompile(`(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`, regexp2.None)

// regexpSplit is the pieces tiktoken-go's pre-tokenizer makes of s.
func regexpSplit(t testing.TB, s string) []string {
	var pieces []string
	m, err := splitPattern.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = splitPattern.FindNextMatch(m) {
		pieces = append(pieces, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return pieces
}

// checkSplit fails unless split and the regexp cut every text alike, and
// unless each piece, alone, is one piece to the regexp (what lets Text
// count a piece with the codec). seen holds the pieces checked alone; nil
// checks none.
func checkSplit(t *testing.T, texts []string, seen map[string]bool) {
	t.Helper()
	for _, s := range texts {
		got, want := slices.Collect(pieces(s)), regexpSplit(t, s)
		if !slices.Equal(got, want) {
			i := 0
			for i < min(len(got), len(want)) && got[i] == want[i] {
				i++
			}
			t.Fatalf("pieces(%.200q): piece %d is %q, the regexp's is %q (of %d, %d pieces)",
				s, i, at(got, i), at(want, i), len(got), len(want))
		}
		for _, p := range got {
			if seen != nil && !seen[p] {
				seen[p] = true
				if alone := regexpSplit(t, p); len(alone) != 1 {
					t.Fatalf("piece %q is %q to the regexp alone", p, alone)
				}
			}
		}
	}
}

func at(pieces []string, i int) string {
	if i < len(pieces) {
		return pieces[i]
	}
	return "(none)"
}

// checkCounts fails unless Text counts every text as the codec does, from
// an empty cache and from a warm one.
func checkCounts(t *testing.T, texts []string) {
	t.Helper()
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, s := range texts {
			want, err := c.codec.Count(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Text(s); got != want {
				t.Fatalf("Text(%.200q) = %d, the codec counts %d", s, got, want)
			}
		}
	}
}

// edgeTexts are the pattern's corners: contractions in any case (ſ folds
// to s; the Kelvin sign is no k), white space of every kind before words,
// line breaks, the end and other white space, digit runs, invalid UTF-8.
var edgeTexts = []string{
	"", "a", " ", "\n", "'", "''", "'s", "'S", "'ſ", "'ſt", "'K", "'re", "'RE", "'rE", "'r", "'ve", "'vE",
	"'m", "'ll", "'lL", "'l", "'d", "'t", "'T", "'x", "don't", "I'M", "we'LL", "it'ſ", "'sa", "''s", " 's",
	"hello world", " hello", "  hello", "\thello", "\u00a0hello", "\u3000漢字", "\nhello", "\r\nhello",
	"x  y", "x   y", "x \t y", "x\u2003\u2003y", "end   ", "end \n", " \n \n x", "a \n\n  \n b", "\r\r\n\n  \r x",
	"  \n", "\n ", "\n  x", "\u0085x", "\u2028\u2029x", "\x1c\x1fx", "\v\fx", "\u180ex", "\u200bx",
	"123456789", "12a", "a12", "٣٤٥٦", "½⅓¼", "ⅫⅪ", "1,000.5", "-60", " -60", "!!\n\n\nx", " !!\r\n", " ! x",
	"é", "a\x7fb", "\x7f", " \x7f", "!\x7f!", "\x7f\x7f's", "e\u0301", "\u0301a", "a\u0301b", "ǅx", "ʰa", "🙂🙂 x", " 🙂", "x🙂y",
	"\xff", "a\xffb", "\xe6\x97", "\xe6\x97\xa5", "\xed\xa0\x80", " \xc3", "\xc3\n", "'\xff", "\xffabc",
}

// randomText draws from pieces of every class the pattern tells apart.
func randomText(rng *rand.Rand) string {
	alphabet := []string{"a", "Z", "é", "ß", "ǅ", "ʰ", "漢", "ſ", "K", "\u0301", "7", "42", "٣", "½", "Ⅻ",
		" ", "  ", "\t", "\n", "\n\n", "\r", "\r\n", "\v", "\u00a0", "\u0085", "\u1680", "\u2003", "\u2028",
		"\u202f", "\u3000", "\u200b", "\x1c", ".", "!", ",", "-", "_", "\"", "(", ")", "{", "```", "'", "'s",
		"'S", "'re", "'LL", "'ve", "'m", "'d", "'t", "🙂", "\xff", "\xe6\x97", "\x00", "\x7f"}
	var b strings.Builder
	for range rng.IntN(40) {
		b.WriteString(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

// runeTexts puts every rune in contexts each branch of the pattern sees:
// after a letter, a space, itself, an apostrophe, punctuation, a line
// break and a run of white space, and before a letter and a digit.
func runeTexts() []string {
	var texts []string
	var b strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		c := string(r)
		b.WriteString("a" + c + "b " + c + c + "1'" + c + "e!" + c + "\n" + c + "  " + c + "x")
		if r%256 == 255 {
			texts = append(texts, b.String())
			b.Reset()
		}
	}
	return append(texts, b.String())
}

// fixtureTexts are the repository's recorded prompts of the seed systems
// (MINDcraft, MindAgent, VillagerAgent, Voyager): every string in them.
func fixtureTexts(t testing.TB) []string {
	var texts []string
	for _, name := range []string{"mindcraft/calls.json.gz", "mindagent/calls.json.gz", "villageragent/calls.json", "voyager/first-calls.json"} {
		f, err := os.Open(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		var r io.Reader = f
		if strings.HasSuffix(name, ".gz") {
			if r, err = gzip.NewReader(f); err != nil {
				t.Fatal(err)
			}
		}
		var v any
		err = json.NewDecoder(r).Decode(&v)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		texts = appendStrings(texts, v)
	}
	return texts
}

// appendStrings appends every string in a decoded JSON value.
func appendStrings(texts []string, v any) []string {
	switch v := v.(type) {
	case string:
		return append(texts, v)
	case []any:
		for _, e := range v {
			texts = appendStrings(texts, e)
		}
	case map[string]any:
		for _, e := range v {
			texts = appendStrings(texts, e)
		}
	}
	return texts
}

func TestSplitIsTheRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	texts := slices.Clone(edgeTexts)
	for range 20000 {
		texts = append(texts, randomText(rng))
	}
	checkSplit(t, texts, map[string]bool{})
	checkCounts(t, texts)
}

func TestSplitEveryRune(t *testing.T) {
	checkSplit(t, runeTexts(), nil)
}

func TestSplitRecordedPrompts(t *testing.T) {
	texts := fixtureTexts(t)
	pieces := map[string]bool{}
	checkSplit(t, texts, pieces)
	checkCounts(t, texts)
	t.Logf("%d texts, %d distinct pieces", len(texts), len(pieces))
}

// TOKENS_JSONL names JSON Lines files (a glob, e.g. an export's
// openai/*.jsonl) whose every string is checked as the recorded prompts
// are: for a dataset too big to keep in the repository.
func TestSplitJSONL(t *testing.T) {
	glob := os.Getenv("TOKENS_JSONL")
	if glob == "" {
		t.Skip("TOKENS_JSONL not set")
	}
	names, err := filepath.Glob(glob)
	if err != nil || len(names) == 0 {
		t.Fatalf("TOKENS_JSONL=%s: no files (%v)", glob, err)
	}
	n, bytes, pieces := 0, 0, map[string]bool{}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<30)
		for sc.Scan() {
			var v any
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			texts := appendStrings(nil, v)
			checkSplit(t, texts, pieces)
			checkCounts(t, texts)
			n++
			bytes += len(sc.Bytes())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d lines, %d bytes of JSON", n, bytes)
}

// FuzzPieces checks any text as TestSplitIsTheRegexp does:
// go test ./tokens -fuzz FuzzPieces.
func FuzzPieces(f *testing.F) {
	for _, s := range edgeTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSplit(t, []string{s}, map[string]bool{})
		checkCounts(t, []string{s})
	})
}
