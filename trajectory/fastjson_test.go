package trajectory

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"collabcraft/plainjson"
)

// The string table's fast path must write exactly what encoding/json writes.
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", `a "quote"`, `back\slash`, "tab\tnew\nline\r", "\x00\x1f\x7f",
		"<html> & 'x'", "é ü 中文 😀", "line\u2028sep\u2029para", "\u2027\u202a", "!craftRecipe(\"oak_planks\", 4)"}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune{'a', ' ', '"', '\\', '\n', '\x01', '\x7f', '<', 'é', '\u2028', '\u2029', '\u2030', '😀', 0xE2}
	for range 5000 {
		rs := make([]rune, r.IntN(12))
		for i := range rs {
			rs[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(rs))
	}
	e := newTableEncoder(newBlobSet(nil))
	for _, s := range cases {
		if !utf8.ValidString(s) {
			continue
		}
		want, err := plainjson.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, encoding/json gives %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("a\u2028\"b\\")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		want, _ := plainjson.Marshal(s)
		if got := newTableEncoder(newBlobSet(nil)).appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, encoding/json gives %s", s, got, want)
		}
	})
}
