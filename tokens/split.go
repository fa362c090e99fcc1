package tokens

import (
	"iter"
	"unicode"
	"unicode/utf8"
)

// pieces yields the pieces cl100k_base's pre-tokenizer splits s into,
// reading s as regexp2 does: each byte of invalid UTF-8 as U+FFFD.
func pieces(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if !utf8.ValidString(s) {
			s = string([]rune(s))
		}
		for len(s) > 0 {
			if s[0] == del {
				s = s[1:]
				continue
			}
			k := pieceEnd(s)
			if !yield(s[:k]) {
				return
			}
			s = s[k:]
		}
	}
}

// del (U+007F) is in no piece: the generated code's ASCII bitmaps leave
// it out of [^\r\n\p{L}\p{N}] and [^\s\p{L}\p{N}], so no branch matches
// it and regexp2 steps over it. It adds no token.
const del = 0x7f

// pieceEnd is the length in bytes of the first piece s (valid UTF-8, not
// empty, not starting with del) splits into under cl100k_base's pre-tokenizer,
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// as tiktoken-go runs it: regexp2's code generated for the pattern
// (codec/regexp.gen.go), over runes. A hand-written scanner, since Go's
// regexp has no look-ahead and regexp2 costs a match set-up per text.
// Where that generated code differs from the pattern's .NET meaning it is
// followed, for the counts to stay those tiktoken-go gives (see the
// branch of \s*[\r\n]+ below, and del). split_test.go checks it piece by
// piece against regexp2 on every rune, real and drawn texts: an upgrade of
// tiktoken-go or regexp2 that cuts otherwise fails there.
func pieceEnd(s string) int {
	r0, n0 := decode(s)
	c0 := classOf(r0)
	if r0 == '\'' && n0 < len(s) {
		if k := contraction(s[n0:]); k > 0 {
			return n0 + k
		}
	}
	switch c0 {
	case letter:
		return n0 + run(s[n0:], letter)
	case number:
		i := n0
		for range 2 {
			r, n := decode(s[i:])
			if i == len(s) || classOf(r) != number {
				break
			}
			i += n
		}
		return i
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+: one character that is neither, then letters.
	r1, n1 := decode(s[n0:])
	c1 := classOf(r1)
	if n0 < len(s) && c1 == letter && r0 != '\r' && r0 != '\n' {
		return n0 + n1 + run(s[n0+n1:], letter)
	}
	// " ?[^\s\p{L}\p{N}]+[\r\n]*"
	if c0 == other || (r0 == ' ' && n0 < len(s) && c1 == other) {
		i := n0
		if c0 != other {
			i += n1
		}
		i += run(s[i:], other)
		for i < len(s) && (s[i] == '\r' || s[i] == '\n') {
			i++
		}
		return i
	}
	// White space from here on: the run of it, where its first line break
	// is, and where its last character starts.
	end, brk, last := 0, -1, 0
	for end < len(s) {
		r, n := decode(s[end:])
		if classOf(r) != space {
			break
		}
		if brk < 0 && (r == '\r' || r == '\n') {
			brk = end
		}
		last = end
		end += n
	}
	if brk >= 0 {
		// \s*[\r\n]+: the generated code backtracks \s* to the run's
		// first line break, not its last as .NET would.
		for brk < end && (s[brk] == '\r' || s[brk] == '\n') {
			brk++
		}
		return brk
	}
	if end < len(s) && last > 0 {
		return last // \s+(?!\S) leaves the last space for the word after it
	}
	return end
}

// contraction is the length of the contraction t starts with after its
// apostrophe ('s, 're, 'LL...), or 0. (?i) matches ſ (long s) for s, as
// its case folding has it.
func contraction(t string) int {
	switch t[0] {
	case 'S', 'T', 's', 't', 'M', 'm', 'D', 'd':
		return 1
	case 'R', 'r', 'V', 'v':
		if len(t) > 1 && t[1]|0x20 == 'e' {
			return 2
		}
	case 'L', 'l':
		if len(t) > 1 && t[1]|0x20 == 'l' {
			return 2
		}
	}
	if r, n := utf8.DecodeRuneInString(t); r == 'ſ' {
		return n
	}
	return 0
}

// class is what the pattern tells characters apart by: \p{L}, \p{N}, \s
// (regexp2's is unicode.IsSpace) and the rest, but for del.
type class uint8

const (
	other class = iota
	letter
	number
	space
	none // del
)

var asciiClass = func() (t [utf8.RuneSelf]class) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = slowClass(r)
	}
	return t
}()

func classOf(r rune) class {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	return slowClass(r)
}

func slowClass(r rune) class {
	switch {
	case unicode.IsLetter(r):
		return letter
	case unicode.IsNumber(r):
		return number
	case unicode.IsSpace(r):
		return space
	case r == del:
		return none
	}
	return other
}

// decode is utf8.DecodeRuneInString with ASCII inline; s empty gives 0, 0.
func decode(s string) (rune, int) {
	if len(s) > 0 && s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if len(s) == 0 {
		return 0, 0
	}
	return utf8.DecodeRuneInString(s)
}

// run is the length of s's leading characters of class c.
func run(s string, c class) int {
	i := 0
	for i < len(s) {
		r, n := decode(s[i:])
		if classOf(r) != c {
			break
		}
		i += n
	}
	return i
}
