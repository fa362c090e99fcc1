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

// maxCached bounds the chunk cache; past it the cache starts over. 64Ki
// chunks hold a run's repeated prompt lines as well as 256Ki did (the same
// CPU time exporting 100k bench examples) in a quarter of the memory: 25 MB
// less of export's live heap.
const maxCached = 1 << 16

// Counter counts tokens. Texts are counted chunk by chunk (see chunks),
// and the count of each chunk is cached: an agent's prompts repeat most of
// their lines from call to call, so a dataset's text is mostly counted
// once. A Counter is not safe for concurrent use.
type Counter struct {
	codec tokenizer.Codec
	cache map[string]int
}

// codec is got when the package initialises (tokenizer.Get compiles it
// once per process, 8 ms). Its pre-tokenizer is a regexp2 pattern, and
// world/js sets regexp2's process-wide match timeout when it first
// compiles a program's pattern: compiled before that, the tokenizer's
// pattern keeps regexp2's default, no timeout, so a long text is counted
// however loaded the machine.
var codec, codecErr = tokenizer.Get(tokenizer.Cl100kBase)

// New returns a Counter in Encoding.
func New() (*Counter, error) {
	if codecErr != nil {
		return nil, fmt.Errorf("tokens: %w", codecErr)
	}
	return &Counter{codec: codec, cache: map[string]int{}}, nil
}

// Text is the number of tokens the encoding makes of s, exactly.
func (c *Counter) Text(s string) int {
	n := 0
	for len(s) > 0 {
		chunk := s[:chunkEnd(s)]
		s = s[len(chunk):]
		k, ok := c.cache[chunk]
		if !ok {
			k = c.count(chunk)
			if len(c.cache) >= maxCached {
				clear(c.cache)
			}
			c.cache[strings.Clone(chunk)] = k // a key must not keep the caller's buffer alive
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

// chunkEnd is the end of s's first chunk: its first line, with the line
// breaks and indentation that follow it, up to the next character that is
// not white space. No piece of the encoding's pre-tokenizer crosses such
// a point (a piece holding a line break ends with it, or is all white
// space), and the pre-tokenizer matches at every position, so the tokens
// of a text are the tokens of its chunks: TestChunksCountAsTheWhole.
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
