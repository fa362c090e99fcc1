// Package team seats agent backends for `collabcraft generate`: it parses
// a team spec such as "Andy=openai:llama-3.3-70b,Jill=scripted", builds
// the backends once per run (one OpenAI-compatible client per model, all
// sharing one rate limit) and hands each trial its seats.
package team

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/llm"
	"collabcraft/trajectory"
)

// Backend names.
const (
	Scripted = "scripted"
	OpenAI   = "openai"
)

// Assignment seats one agent on a backend.
type Assignment struct {
	Agent   string `json:"agent"`           // "Andy" (any session) or "Andy_0"
	Backend string `json:"backend"`         // Scripted | OpenAI
	Model   string `json:"model,omitempty"` // openai: the model ("" = the default model)
}

// Parse reads a team spec: comma-separated NAME=BACKEND[:MODEL] entries,
// e.g. "Andy=openai:llama-3.3-70b,Jill=scripted". An empty spec seats
// every agent on the default backend.
func Parse(spec string) ([]Assignment, error) {
	var out []Assignment
	if strings.TrimSpace(spec) == "" {
		return nil, nil
	}
	for entry := range strings.SplitSeq(spec, ",") {
		entry = strings.TrimSpace(entry)
		name, back, ok := strings.Cut(entry, "=")
		name, back = strings.TrimSpace(name), strings.TrimSpace(back)
		if !ok || name == "" || back == "" {
			return nil, fmt.Errorf("team: entry %q: expected NAME=BACKEND[:MODEL], e.g. Andy=openai:gpt-4o or Jill=scripted", entry)
		}
		back, model, hasModel := strings.Cut(back, ":")
		a := Assignment{Agent: name, Backend: back, Model: strings.TrimSpace(model)}
		switch {
		case back != Scripted && back != OpenAI:
			return nil, fmt.Errorf("team: entry %q: unknown backend %q (expected scripted or openai)", entry, back)
		case back == Scripted && hasModel:
			return nil, fmt.Errorf("team: entry %q: the scripted backend takes no model", entry)
		case hasModel && a.Model == "":
			return nil, fmt.Errorf("team: entry %q: empty model after %q", entry, back+":")
		}
		for _, b := range out {
			if b.Agent == a.Agent {
				return nil, fmt.Errorf("team: agent %q is seated twice", a.Agent)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// String writes a spec back in Parse's form.
func String(spec []Assignment) string {
	parts := make([]string, len(spec))
	for i, a := range spec {
		parts[i] = a.Agent + "=" + a.Backend
		if a.Model != "" {
			parts[i] += ":" + a.Model
		}
	}
	return strings.Join(parts, ",")
}

// matches reports whether spec name n names agent name (e.g. "Andy" or
// "Andy_0" for "Andy_0").
func matches(n, name string) bool {
	if n == name {
		return true
	}
	base, _, ok := cutSession(name)
	return ok && n == base
}

// cutSession splits "Andy_0" into "Andy" and "0".
func cutSession(name string) (base, session string, ok bool) {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || i == len(name)-1 {
		return name, "", false
	}
	for _, r := range name[i+1:] {
		if r < '0' || r > '9' {
			return name, "", false
		}
	}
	return name[:i], name[i+1:], true
}

// ScriptedFactory makes the scripted backend of one seat of one trial.
type ScriptedFactory func() generate.Backend

// Options configure a Team.
type Options struct {
	Default string       // backend of agents the spec leaves out: Scripted (if "") or OpenAI
	Spec    []Assignment // per-agent backends
	// OpenAI is the endpoint of every openai seat; Model is the default
	// model. Its Limiter, if set, is shared by all openai seats.
	OpenAI llm.Config
	// Scripted makes scripted seats; with nil, a team with a scripted
	// seat is refused.
	Scripted ScriptedFactory
	// ScriptedParams describe the scripted agents in the run manifest.
	ScriptedParams map[string]any
	// ExtraParams are more openai settings for the manifest (rate limits).
	ExtraParams map[string]any
}

// Team seats the agents of each trial. It is safe for concurrent use.
type Team struct {
	opts    Options
	clients map[string]generate.Backend // openai model -> backend (one client each)
}

// New checks opts and builds the backends: one OpenAI-compatible client
// per distinct model, created now so that a bad endpoint, model or key
// fails before any trial starts.
func New(opts Options) (*Team, error) {
	if opts.Default == "" {
		opts.Default = Scripted
	}
	if opts.Default != Scripted && opts.Default != OpenAI {
		return nil, fmt.Errorf("team: unknown backend %q (expected scripted or openai)", opts.Default)
	}
	t := &Team{opts: opts, clients: map[string]generate.Backend{}}
	seats := append([]Assignment{{Backend: opts.Default}}, opts.Spec...)
	for _, a := range seats {
		switch a.Backend {
		case Scripted:
			if opts.Scripted == nil {
				return nil, fmt.Errorf("team: the scripted backend is not available in this build")
			}
		case OpenAI:
			model := t.model(a)
			if model == "" {
				if a.Agent == "" {
					return nil, errors.New("team: --backend openai needs --model (e.g. --model gpt-4o-mini)")
				}
				return nil, fmt.Errorf("team: %s=openai needs a model: %s=openai:MODEL or --model", a.Agent, a.Agent)
			}
			if _, ok := t.clients[model]; ok {
				continue
			}
			cfg := opts.OpenAI
			cfg.Model = model
			c, err := llm.New(cfg)
			if err != nil {
				return nil, fmt.Errorf("team: %w", err)
			}
			t.clients[model] = generate.OpenAIBackend(c)
		default:
			return nil, fmt.Errorf("team: unknown backend %q (expected scripted or openai)", a.Backend)
		}
	}
	return t, nil
}

// or is a, or b when a is empty.
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// model is the model of an openai assignment.
func (t *Team) model(a Assignment) string {
	if a.Model != "" {
		return a.Model
	}
	return t.opts.OpenAI.Model
}

// assignment is the backend seating agent name.
func (t *Team) assignment(name string) Assignment {
	for _, a := range t.opts.Spec {
		if matches(a.Agent, name) {
			return a
		}
	}
	return Assignment{Agent: name, Backend: t.opts.Default}
}

// Check makes sure every agent the spec names plays in a team of names
// (the largest team of the run), so a misspelt name is caught before the
// run starts.
func (t *Team) Check(names []string) error {
	for _, a := range t.opts.Spec {
		if !slices.ContainsFunc(names, func(n string) bool { return matches(a.Agent, n) }) {
			return fmt.Errorf("team: no agent %q plays in these tasks (agents: %s)", a.Agent, strings.Join(names, ", "))
		}
	}
	return nil
}

// UsesOpenAI reports whether some seat calls a model endpoint.
func (t *Team) UsesOpenAI() bool { return len(t.clients) > 0 }

// Seats seats a trial's agents; it is generate.Player's Team function.
func (t *Team) Seats(names []string) ([]generate.Seat, []trajectory.Member, error) {
	seats := make([]generate.Seat, len(names))
	members := make([]trajectory.Member, len(names))
	for i, name := range names {
		a := t.assignment(name)
		m := trajectory.Member{Name: name, Backend: a.Backend}
		var b generate.Backend
		switch a.Backend {
		case OpenAI:
			m.Model = t.model(a)
			b = t.clients[m.Model]
		case Scripted:
			b = t.opts.Scripted()
		}
		seats[i], members[i] = generate.Seat{Name: name, Backend: b}, m
	}
	return seats, members, nil
}

// Manifest describes the backends for run.json: the default one first
// (Agent ""), then one per seated agent. Never a key: only the name of
// the environment variable that holds it.
func (t *Team) Manifest() []trajectory.Backend {
	out := []trajectory.Backend{t.describe(Assignment{Backend: t.opts.Default})}
	for _, a := range t.opts.Spec {
		out = append(out, t.describe(a))
	}
	return out
}

func (t *Team) describe(a Assignment) trajectory.Backend {
	b := trajectory.Backend{Agent: a.Agent, Name: a.Backend}
	switch a.Backend {
	case Scripted:
		b.Params = t.opts.ScriptedParams
	case OpenAI:
		c := t.opts.OpenAI
		b.Model, b.BaseURL = t.model(a), c.BaseURL
		if b.BaseURL == "" {
			b.BaseURL = llm.DefaultBaseURL
		}
		p := map[string]any{"api_key_env": or(c.APIKeyEnv, llm.DefaultAPIKeyEnv)}
		if c.Temperature != nil {
			p["temperature"] = *c.Temperature
		}
		if c.TopP != nil {
			p["top_p"] = *c.TopP
		}
		if c.MaxTokens > 0 {
			p["max_tokens"] = c.MaxTokens
		}
		if c.Seed != nil {
			p["seed"] = *c.Seed
		}
		if c.Timeout > 0 {
			p["timeout"] = c.Timeout.String()
		}
		if c.MaxAttempts > 0 {
			p["max_attempts"] = c.MaxAttempts
		}
		for k, v := range t.opts.ExtraParams {
			p[k] = v
		}
		b.Params = p
	}
	return b
}
