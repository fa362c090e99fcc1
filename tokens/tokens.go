// Package tokens counts the tokens of training examples with a real
// tokenizer: OpenAI's cl100k_base byte-pair encoding, whose vocabulary the
// module github.com/tiktoken-go/tokenizer embeds, so counting needs no
// download. Another model's tokenizer counts somewhat differently; the
// figures are for sizing a trainer's length limit, with room to spare.
package tokens

import (
	"fmt"
	"strings"

	"github.com/tiktoken-go/tokenizer"
)

// Encoding is the tokenizer the counts are in.
const Encoding = "cl100k_base"

// PerMessage is what a chat template adds around each message's content,
// counted as ChatML (Qwen's template) frames a message:
// "<|im_start|>", the role, a newline, then after the content
// "<|im_end|>" and a newline.
const PerMessage = 5

// maxCached bounds the piece cache; past it the cache starts over. A
// run's examples hold far fewer distinct pieces (words, numbers, runs of
// punctuation or space) than that.
const maxCached = 1 << 16

// Counter counts tokens. A text is split into the pre-tokenizer's pieces
// (see pieceEnd), and the count of each piece is cached: words repeat
// enormously, so a dataset's text is mostly counted by looking its pieces
// up. A Counter is not safe for concurrent use.
type Counter struct {
	codec tokenizer.Codec
	cache map[string]int
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
	return &Counter{codec: codec, cache: map[string]int{}}, nil
}

// Text is the number of tokens the encoding makes of s, exactly: the sum
// of its pieces' counts, since byte-pair encoding works within a piece.
// A piece is counted by the codec alone, which splits it into itself
// (TestPiecesSplitIntoThemselves), so its count is the piece's tokens.
func (c *Counter) Text(s string) int {
	n := 0
	for piece := range pieces(s) {
		k, ok := c.cache[piece]
		if !ok {
			k = c.count(piece)
			if len(c.cache) >= maxCached {
				clear(c.cache)
			}
			c.cache[strings.Clone(piece)] = k // a key must not keep the caller's buffer alive
		}
		n += k
	}
	return n
}

func (c *Counter) count(s string) int {
	n, err := c.codec.Count(s)
	if err != nil { // only an invalid UTF-8 mode fails, and the codec's is lenient
		panic(fmt.Sprintf("tokens: %v", err))
	}
	return n
}
