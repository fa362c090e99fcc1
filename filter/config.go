package filter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"collabcraft/trajectory"
)

// Config is the set of rules of a Filter, as flags or a YAML file give it.
// The zero value has every rule off and keeps everything.
type Config struct {
	// DropErrors drops trials that ended with end reason "error": they were
	// not played to the end, whatever their score says.
	DropErrors bool `yaml:"drop_errors" json:"drop_errors"`
	// Success keeps only successful trials of the binary task types (every
	// type but the scored ones, such as construction, which TopQuantile
	// judges by score) and complete trials of the scored kinds whose judge
	// says so (procgen Kind.Complete: VillagerBench's construction).
	Success bool `yaml:"success" json:"success"`
	// MinScore, if set, drops trials of any type scoring below it.
	MinScore *float64 `yaml:"min_score" json:"min_score,omitempty"`
	// TopQuantile, if set, keeps construction trials scoring at or above the
	// Q-th quantile of their group's construction scores.
	TopQuantile *Quantile `yaml:"top_quantile" json:"top_quantile,omitempty"`
	// MaxTurns, if positive, drops trials in which some agent made more than
	// this many model calls (its trajectory is that long).
	MaxTurns int `yaml:"max_turns" json:"max_turns,omitempty"`
	// MaxViolations, if set, drops trials whose conversation calls hold
	// more grounding violations than this (quality.Grounder: commands
	// naming what nothing the agent may know supports).
	MaxViolations *int `yaml:"max_violations" json:"max_violations,omitempty"`
	// DropLooping drops trials in which an agent repeats its response 3
	// times in a row with nothing new in between (quality.Repeats).
	DropLooping bool `yaml:"drop_looping" json:"drop_looping,omitempty"`
	// Kinds, if not empty, keeps only transitions of these kinds
	// (trajectory.Kinds: conversation, ..., and the DAG's react, ...).
	Kinds []string `yaml:"kinds" json:"kinds,omitempty"`
	// Agents, if set, keeps only the transitions of the agents it matches.
	Agents *Agents `yaml:"agents" json:"agents,omitempty"`
}

// Quantile configures the top-quantile rule.
type Quantile struct {
	// Q is the quantile in [0, 1]; 0.75 keeps the top quarter.
	Q float64 `yaml:"q" json:"q"`
	// GroupBy lists task knobs (difficulty keys such as "rooms" or
	// "materials"); each combination of their values is its own group with
	// its own threshold, so hard blueprints are not crowded out by easy ones.
	// Groups never span runs or splits: the threshold is of one split of a
	// run's scores.
	GroupBy []string `yaml:"group_by" json:"group_by,omitempty"`
}

// Agents selects agents of a team by backend or by name. An agent passes if
// it matches any entry of either list (an empty list matches nothing).
type Agents struct {
	Backends []string `yaml:"backends" json:"backends,omitempty"` // e.g. ["openai"]: only LLM-played agents
	Names    []string `yaml:"names" json:"names,omitempty"`       // agent names or path.Match patterns ("Andy_*")
}

// DefaultQuantile is the paper's: construction keeps its top 25%.
const DefaultQuantile = 0.75

// DefaultGroupBy gives every rooms level its own threshold (within each
// split, always): one threshold over all houses would keep mostly the
// smallest, which score highest.
var DefaultGroupBy = []string{"rooms"}

// Paper is the MineCollab recipe: no errored trials, successful crafting and
// cooking trials, construction trials in the top 25% of the run's scores.
func Paper() Config {
	return Config{DropErrors: true, Success: true, TopQuantile: &Quantile{Q: DefaultQuantile, GroupBy: DefaultGroupBy}}
}

// Kinds a transition can have.
var knownKinds = trajectory.Kinds

// Validate reports the first setting that makes no sense.
func (c *Config) Validate() error {
	if c.MinScore != nil && (*c.MinScore < 0 || *c.MinScore > 1) {
		return fmt.Errorf("filter: min_score %g: expected a score in [0, 1]", *c.MinScore)
	}
	if q := c.TopQuantile; q != nil {
		if q.Q < 0 || q.Q > 1 {
			return fmt.Errorf("filter: top_quantile.q %g: expected a quantile in [0, 1]", q.Q)
		}
		for _, k := range q.GroupBy {
			if k == "" {
				return errors.New("filter: top_quantile.group_by: empty knob name")
			}
		}
	}
	if c.MaxViolations != nil && *c.MaxViolations < 0 {
		return fmt.Errorf("filter: max_violations %d: expected 0 or more", *c.MaxViolations)
	}
	if c.MaxTurns < 0 {
		return fmt.Errorf("filter: max_turns %d: expected 0 (off) or a positive count", c.MaxTurns)
	}
	for _, k := range c.Kinds {
		if !slices.Contains(knownKinds, k) {
			return fmt.Errorf("filter: kinds: %q: expected one of %s", k, strings.Join(knownKinds, ", "))
		}
	}
	if a := c.Agents; a != nil {
		if len(a.Backends) == 0 && len(a.Names) == 0 {
			return errors.New("filter: agents: give backends or names (an empty selection keeps no agent)")
		}
		for _, n := range a.Names {
			if _, err := matchName(n, ""); err != nil {
				return fmt.Errorf("filter: agents.names: %q: %v", n, err)
			}
		}
	}
	return nil
}

// LoadConfig reads a YAML rules file over base: fields the file leaves out
// keep base's values, so `success: false` over Paper() turns one rule off.
// Unknown fields are errors naming their line.
func LoadConfig(path string, base Config) (Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("filter: %w", err)
	}
	cfg, err := ParseConfig(b, base)
	if err != nil {
		return Config{}, fmt.Errorf("filter: %s: %s", path, strings.TrimPrefix(err.Error(), "filter: "))
	}
	return cfg, nil
}

// ParseConfig is LoadConfig on YAML bytes.
func ParseConfig(data []byte, base Config) (Config, error) {
	cfg := base
	if base.TopQuantile != nil { // do not write through to the caller's value
		q := *base.TopQuantile
		cfg.TopQuantile = &q
	}
	// `top_quantile: {group_by: [rooms]}` means the default q: decode into a
	// rule preset to it, and drop that preset again if the file has no such key.
	var keys map[string]yaml.Node
	if err := yaml.Unmarshal(data, &keys); err != nil {
		return Config{}, fmt.Errorf("filter: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	_, mentioned := keys["top_quantile"]
	if cfg.TopQuantile == nil && mentioned {
		cfg.TopQuantile = &Quantile{Q: DefaultQuantile}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		var te *yaml.TypeError
		if errors.As(err, &te) { // "unmarshal errors:\n  line 2: ..." on one line
			return Config{}, fmt.Errorf("filter: %s", strings.Join(te.Errors, "; "))
		}
		return Config{}, fmt.Errorf("filter: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}
