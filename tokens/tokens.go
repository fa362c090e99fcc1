// Package tokens counts the tokens of training examples with a real
// tokenizer: OpenAI's cl100k_base byte-pair encoding, whose vocabulary the
// module github.com/tiktoken-go/tokenizer embeds, so counting needs no
// download. Another model's tokenizer counts somewhat differently; the
// figures are for sizing a trainer's length limit, with room to spare.
package tokens

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// Encoding is the tokenizer the counts are in.
const Encoding = "cl100k_base"

// PerMessage is what a chat template adds around each message's content,
// counted as ChatML (Qwen's template) frames a message:
// "<|im_start|>", the role, a newline, then after the content
// "<|im_end|>" and a newline.
const PerMessage = 5

// maxCached bounds each cache; past it the cache starts over. 64Ki
// chunks hold a run's repeated prompt lines as well as 256Ki did (the same
// CPU time exporting 100k bench examples) in a quarter of the memory: 25 MB
// less of export's live heap. A run's texts hold fewer distinct pieces.
const maxCached = 1 << 16

// Counter counts tokens. Texts are counted chunk by chunk (see chunkEnd),
// and the count of each chunk is cached: an agent's prompts repeat most of
// their lines from call to call. A chunk not seen yet is split into the
// pre-tokenizer's pieces (see pieceEnd), whose counts are cached too:
// words, numbers and spaces repeat far more than lines do, so a new line
// is mostly counted by looking its pieces up. A Counter is not safe for
// concurrent use.
type Counter struct {
	codec          tokenizer.Codec
	chunks, pieces map[string]int
}

// codec is got when the package initialises (tokenizer.Get compiles it
// once per process, 8 ms). Its pre-tokenizer is a regexp2 pattern, and
// world/js sets regexp2's process-wide match timeout when it first
// compiles a program's pattern: compiled before that, the tokenizer's
// pattern keeps regexp2's default, no timeout, so a piece is counted
// however loaded the machine.
var codec, codecErr = tokenizer.Get(tokenizer.Cl100kBase)

// New returns a Counter in Encoding.
func New() (*Counter, error) {
	if codecErr != nil {
		return nil, fmt.Errorf("tokens: %w", codecErr)
	}
	return &Counter{codec: codec, chunks: map[string]int{}, pieces: map[string]int{}}, nil
}

// Text is the number of tokens the encoding makes of s, exactly.
func (c *Counter) Text(s string) int {
	n := 0
	for len(s) > 0 {
		chunk := s[:chunkEnd(s)]
		s = s[len(chunk):]
		n += cached(c.chunks, chunk, c.chunk)
	}
	return n
}

// chunk counts s piece by piece: byte-pair encoding works within a piece.
// A piece is counted by the codec alone, which splits it into itself
// (checkSplit), so its count is the piece's tokens.
func (c *Counter) chunk(s string) int {
	n := 0
	for piece := range pieces(s) {
		n += cached(c.pieces, piece, c.count)
	}
	return n
}

// cached is m's count of s, or else count's, which m keeps.
func cached(m map[string]int, s string, count func(string) int) int {
	if k, ok := m[s]; ok {
		return k
	}
	k := count(s)
	if len(m) >= maxCached {
		clear(m)
	}
	m[strings.Clone(s)] = k // a key must not keep the caller's buffer alive
	return k
}

func (c *Counter) count(s string) int {
	n, err := c.codec.Count(s)
	if err != nil { // only an invalid UTF-8 mode fails, and the codec's is lenient
		panic(fmt.Sprintf("tokens: %v", err))
	}
	return n
}

// chunkEnd is the end of s's first chunk: its first line, with the line
// breaks and indentation that follow it, up to the next character that is
// not white space. No piece of the encoding's pre-tokenizer crosses such
// a point (a piece holding a line break ends with it, or is all white
// space), and where a piece ends depends on no text before it, so the
// tokens of a text are the tokens of its chunks (checkCounts).
func chunkEnd(s string) int {
	for i := strings.IndexByte(s, '\n'); i >= 0 && i+1 < len(s); {
		j := i + 1
		r, _ := utf8.DecodeRuneInString(s[j:])
		if !unicode.IsSpace(r) {
			return j
		}
		k := strings.IndexByte(s[j:], '\n')
		if k < 0 {
			break
		}
		i = j + k
	}
	return len(s)
}
