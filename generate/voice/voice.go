// Package voice rewrites the words of scripted agents' responses through
// an OpenAI-compatible model (`collabcraft generate --voice openai:MODEL`),
// so that a dataset's language varies as a model's would while what the
// agents do stays the experts' play.
//
// A voice is a generate.Backend around the scripted one. Of each
// conversation response it sends the words before the command to the
// model, at temperature 0 with the call's seed, and puts the rewrite in
// their place; the command and whatever follows it are kept byte for
// byte. The world and the teammates get the voiced response, and
// Reply.Scripted keeps the scripted one for the record. A response that is
// only a command, a !startConversation (its message to a teammate is a
// command argument) or silence is left alone and makes no call. A rewrite
// Check refuses leaves the scripted response as it is (Reply.Voice counts
// it). A failed call fails the agent's call: the trial ends with an error
// and is played again on resume.
package voice

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/llm"
	"collabcraft/quality"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

// Instructions is the system message of every rewrite; the user message
// is the words.
const Instructions = `You rewrite what a Minecraft player says to its teammates so that it sounds natural and varies from one message to the next. ` +
	`Rewrite the message you are given in your own words, keeping its meaning, its first person and its tone. ` +
	`Keep every item name exactly as it is written (like oak_planks), every number and count in digits, every player name (like Andy_0) and every coordinate. ` +
	`Add nothing: no new facts, no commands, never an exclamation mark directly before a word, no quotation marks around the message, no notes. ` +
	`Answer with the rewritten message only, on one line.`

// Provider is the only kind of voice: an OpenAI-compatible endpoint.
const Provider = "openai"

// ParseSpec reads a --voice value, "openai:MODEL", and returns the model.
func ParseSpec(spec string) (string, error) {
	provider, model, ok := strings.Cut(spec, ":")
	switch {
	case !ok || provider != Provider:
		return "", fmt.Errorf("voice: %q: want openai:MODEL, e.g. openai:gpt-4o-mini", spec)
	case strings.TrimSpace(model) == "":
		return "", fmt.Errorf("voice: %q: no model, want openai:MODEL", spec)
	}
	return strings.TrimSpace(model), nil
}

// Client is the voice's endpoint: cfg (the base URL, key variable,
// timeouts, retries and rate limiter of the openai backend) with model and
// the voice's sampling, temperature 0 and the server's defaults else (no
// top_p, max_tokens, seed or stop sequences: the seed is each call's).
func Client(cfg llm.Config, model string) (*llm.Client, error) {
	cfg.Model, cfg.Temperature = model, new(0.0)
	cfg.TopP, cfg.MaxTokens, cfg.Seed, cfg.Stop = nil, 0, nil, nil
	return llm.New(cfg)
}

// RunConfig is how run.json records a voice calling c.
func RunConfig(c *llm.Client) *generate.VoiceConfig {
	cfg := c.Config()
	return &generate.VoiceConfig{BaseURL: cfg.BaseURL, Model: cfg.Model, Instructions: "sha256:" + trajectory.BlobID(Instructions)}
}

// New returns inner with its conversation responses voiced through c.
// It is safe for concurrent use if inner is.
func New(inner generate.Backend, c *llm.Client) generate.Backend {
	return &backend{inner: inner, c: c}
}

type backend struct {
	inner generate.Backend
	c     *llm.Client
}

func (b *backend) Complete(ctx context.Context, req generate.Request) (generate.Reply, error) {
	r, err := b.inner.Complete(ctx, req)
	if err != nil || req.Kind != trajectory.KindConversation {
		return r, err
	}
	p, ok := split(r.Text)
	if !ok {
		return r, nil
	}
	// The call's seed, in the 31 bits every server takes.
	seed := int(req.Seed >> 33)
	resp, err := b.c.ChatWith(ctx, Messages(p.words), llm.CallOptions{Seed: &seed})
	if err != nil {
		return generate.Reply{}, fmt.Errorf("voice: %w", err)
	}
	r.Voice = generate.VoiceUsage{Calls: 1, Usage: resp.Usage}
	words, err := Check(p.words, resp.Content, req.View.Team)
	if err == nil && resp.FinishReason == "length" {
		err = fmt.Errorf("voice: the rewrite was cut short")
	}
	if err != nil {
		r.Voice.Rejected = 1
		return r, nil
	}
	if text := p.lead + words + p.rest; text != r.Text {
		r.Scripted, r.Text = r.Text, text
	}
	return r, nil
}

// Messages are a rewrite call's messages.
func Messages(words string) []trajectory.Message {
	return []trajectory.Message{{Role: "system", Content: Instructions}, {Role: "user", Content: words}}
}

// parts is a response cut around its words: lead + words + rest.
type parts struct {
	lead  string // whitespace before the words
	words string
	rest  string // whitespace after the words, then the command and what follows it
}

// split finds the words a voice rewrites: the text before the response's
// first command (all of it without one), less surrounding whitespace. It
// returns false for a response with no such words (a command alone,
// silence) and for a !startConversation, whose words are its argument.
func split(text string) (parts, bool) {
	end := len(text)
	if m, ok := command.Find(text); ok {
		if m.Name == "!startConversation" {
			return parts{}, false
		}
		end = m.Start
	}
	words := strings.TrimSpace(text[:end])
	if words == "" {
		return parts{}, false
	}
	i := strings.Index(text, words)
	return parts{lead: text[:i], words: words, rest: text[i+len(words):]}, true
}

// numberRE finds numbers standing alone: counts, coordinates, seconds;
// not the digits of a name such as Andy_0.
var numberRE = regexp.MustCompile(`-?\b\d+(?:\.\d+)?\b`)

// fromOtherBot is the tag of a bot's message as its teammates get it; a
// response holding it makes the engine ask again (MINDcraft's prompter).
const fromOtherBot = "(FROM OTHER BOT)"

// Check returns rewrite, trimmed, as the words that replace words, or why
// it is refused: it is empty, holds a command (any "!word") or speaks as
// another bot, breaks a line that words did not, is absurdly long (more
// than 3 times words plus 200 bytes), drops or adds a number, or drops an
// item name or a player name (of names) that words have. An item name
// may take a plural ending or be written with spaces for underscores.
func Check(words, rewrite string, names []string) (string, error) {
	if strings.TrimSpace(words) == "" {
		return "", fmt.Errorf("voice: no words to rewrite")
	}
	rewrite = strings.TrimSpace(rewrite)
	if len(rewrite) >= 2 && rewrite[0] == '"' && rewrite[len(rewrite)-1] == '"' && !strings.HasPrefix(words, `"`) {
		rewrite = strings.TrimSpace(rewrite[1 : len(rewrite)-1])
	}
	if rewrite == "" {
		return "", fmt.Errorf("voice: empty rewrite")
	}
	if m, ok := command.Find(rewrite); ok {
		return "", fmt.Errorf("voice: the rewrite holds a command, %s", m.Name)
	}
	if strings.Contains(rewrite, fromOtherBot) {
		return "", fmt.Errorf("voice: the rewrite speaks as another bot")
	}
	if strings.Contains(rewrite, "\n") && !strings.Contains(words, "\n") {
		return "", fmt.Errorf("voice: the rewrite breaks lines")
	}
	if len(rewrite) > 3*len(words)+200 {
		return "", fmt.Errorf("voice: the rewrite is %d bytes for %d", len(rewrite), len(words))
	}
	had, has := numberRE.FindAllString(words, -1), numberRE.FindAllString(rewrite, -1)
	for _, n := range had {
		if !slices.Contains(has, n) {
			return "", fmt.Errorf("voice: the rewrite drops the number %s", n)
		}
	}
	for _, n := range has {
		if !slices.Contains(had, n) {
			return "", fmt.Errorf("voice: the rewrite adds the number %s", n)
		}
	}
	for _, n := range names {
		if strings.Contains(words, n) && !strings.Contains(rewrite, n) {
			return "", fmt.Errorf("voice: the rewrite drops the player %s", n)
		}
	}
	lower := strings.ToLower(rewrite)
	for _, item := range quality.ItemsIn(words) {
		if !mentions(lower, item) && !mentions(lower, strings.ReplaceAll(item, "_", " ")) {
			return "", fmt.Errorf("voice: the rewrite drops the item %s", item)
		}
	}
	return rewrite, nil
}

// mentions reports whether name begins a word of text: "stick" is in
// "2 sticks", not in "lipstick".
func mentions(text, name string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], name)
		if k < 0 {
			return false
		}
		at := i + k
		if at == 0 || !isWordByte(text[at-1]) {
			return true
		}
		i = at + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
