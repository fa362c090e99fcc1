package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"collabcraft/procgen"
	"collabcraft/suggest"
)

// Config is a pipeline: where it writes, which tasks it makes, and the
// flags of each later stage. The generate, filter and export sections are
// flag maps ("workers: 8") checked against the stage's own flag set, so a
// config can set every flag a stage has, under the flag's own name.
type Config struct {
	// Name names the run and the dataset ("demo": run <out>/runs/demo).
	Name string `yaml:"name"`
	// Out is the directory everything is written under: tasks/, runs/,
	// dataset/ and .pipeline/ (the stage stamps that make reruns resume).
	Out      string  `yaml:"out"`
	Procgen  Procgen `yaml:"procgen"`
	Generate Flags   `yaml:"generate"`
	Filter   Flags   `yaml:"filter"`
	Export   Flags   `yaml:"export"`
}

// Procgen selects the task files: files of a built-in suite (`procgen
// suite`) and any number of files made with the flags of `procgen tasks`.
type Procgen struct {
	// Suite is "demo" (a few dozen tasks per file), "paper" (the MineCollab
	// sizes) or "none".
	Suite string `yaml:"suite"`
	// Seed of the suite; the same seed gives byte-identical task files.
	Seed uint64 `yaml:"seed"`
	// Types, Splits and Agents keep the suite files that match (empty: all).
	Types  []string `yaml:"types"`
	Splits []string `yaml:"splits"`
	Agents []int    `yaml:"agents"`
	// Tasks are extra files, each the flags of `procgen tasks`
	// ({type: crafting, split: train, n: 500, max-depth: 3}); output, if
	// given, is a file name under <out>/tasks.
	Tasks []Flags `yaml:"tasks"`
}

// Suites a pipeline can draw its task files from.
const (
	SuiteDemo  = "demo"
	SuitePaper = "paper"
	SuiteNone  = "none"
)

// Flags are a stage's flags as a YAML mapping, in file order, each with
// the line it came from (0 for a --set override).
type Flags []Flag

// Flag is one flag value. A YAML list becomes the comma-separated form the
// command line uses.
type Flag struct {
	Name, Value string
	Line        int
}

// UnmarshalYAML reads a mapping of flag names to scalars or lists of scalars.
func (f *Flags) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		*f = nil
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: want a mapping of flag names to values", n.Line)
	}
	out := Flags{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		var val string
		switch v.Kind {
		case yaml.ScalarNode:
			val = v.Value
		case yaml.SequenceNode:
			parts := make([]string, 0, len(v.Content))
			for _, e := range v.Content {
				if e.Kind != yaml.ScalarNode {
					return fmt.Errorf("line %d: flag %q: want a value or a list of values", e.Line, k.Value)
				}
				parts = append(parts, e.Value)
			}
			val = strings.Join(parts, ",")
		default:
			return fmt.Errorf("line %d: flag %q: want a value or a list of values", v.Line, k.Value)
		}
		out = out.With(Flag{Name: k.Value, Value: val, Line: k.Line})
	}
	*f = out
	return nil
}

// MarshalYAML writes the flags back as a mapping, in order.
func (f Flags) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, fl := range f {
		n.Content = append(n.Content,
			&yaml.Node{Kind: yaml.ScalarNode, Value: fl.Name},
			&yaml.Node{Kind: yaml.ScalarNode, Value: fl.Value})
	}
	return n, nil
}

// With returns the flags with fl set, replacing an earlier value.
func (f Flags) With(fl Flag) Flags {
	out := slices.DeleteFunc(slices.Clone(f), func(x Flag) bool { return x.Name == fl.Name })
	return append(out, fl)
}

// Get returns a flag's value.
func (f Flags) Get(name string) (string, bool) {
	for _, fl := range f {
		if fl.Name == name {
			return fl.Value, true
		}
	}
	return "", false
}

// Parse decodes a config strictly: unknown fields, bad values and flags
// are errors naming file and line. sets are --set overrides
// ("generate.workers=8", "procgen.types=[crafting]", "out=out/x"), applied
// over the file in order; each value is YAML.
func Parse(file string, data []byte, sets []string) (*Config, error) {
	var cfg Config
	if err := decodeStrict(data, &cfg); err != nil {
		return nil, fmt.Errorf("pipeline: %s: %w", file, err)
	}
	for _, s := range sets {
		if err := cfg.set(s); err != nil {
			return nil, fmt.Errorf("pipeline: --set %s: %w", s, err)
		}
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("pipeline: %s: %s", file, strings.TrimPrefix(err.Error(), "pipeline: "))
	}
	return &cfg, nil
}

// UnknownKeyError is a config key that names no field: Section is "" at
// the top, or the section it is in ("procgen"); Valid lists the keys
// there.
type UnknownKeyError struct {
	Line    int // 0 for a --set
	Section string
	Key     string
	Valid   []string
}

func (e *UnknownKeyError) Error() string {
	where := "at the top level"
	if e.Section != "" {
		where = "in " + e.Section
	}
	msg := fmt.Sprintf("unknown key %q %s: want one of %s%s", e.Key, where, strings.Join(e.Valid, ", "),
		suggest.DidYouMean(e.Key, e.Valid, strconv.Quote))
	if e.Line > 0 {
		msg = fmt.Sprintf("line %d: %s", e.Line, msg)
	}
	return msg
}

// decodeStrict decodes YAML into v (over what v holds), refusing unknown
// fields; errors carry the line and the key, in the config's words rather
// than Go's.
func decodeStrict(data []byte, v any) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	keys := map[int]string{}
	if len(doc.Content) > 0 {
		if err := checkKeys(doc.Content[0], reflect.TypeOf(v).Elem(), "", keys); err != nil {
			return err
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			msgs := make([]string, len(te.Errors))
			for i, m := range te.Errors {
				msgs[i] = typeMessage(m, keys)
			}
			return errors.New(strings.Join(msgs, "; "))
		}
		return errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return nil
}

// checkKeys refuses a mapping key of n that names no field of the struct
// type t (by its yaml tag), and notes each key's line in keys.
func checkKeys(n *yaml.Node, t reflect.Type, section string, keys map[int]string) error {
	if n.Kind != yaml.MappingNode || t.Kind() != reflect.Struct {
		return nil
	}
	fields := map[string]reflect.Type{}
	var valid []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			fields[name] = t.Field(i).Type
			valid = append(valid, name)
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		ft, ok := fields[k.Value]
		if !ok {
			return &UnknownKeyError{Line: k.Line, Section: section, Key: k.Value, Valid: valid}
		}
		path := k.Value
		if section != "" {
			path = section + "." + k.Value
		}
		keys[k.Line] = path
		if err := checkKeys(n.Content[i+1], ft, path, keys); err != nil {
			return err
		}
	}
	return nil
}

// lineRe is the line of a --set's one-field document, which means nothing
// to the user.
var lineRe = regexp.MustCompile(`^line \d+: `)

var typeErrRe = regexp.MustCompile("^line (\\d+): cannot unmarshal !!\\w+ `(.*)` into (\\S+)$")

// typeMessage rewords yaml's "line 5: cannot unmarshal !!str `lots` into
// uint64" as "line 5: procgen.seed: want a whole number, got "lots"".
func typeMessage(m string, keys map[int]string) string {
	g := typeErrRe.FindStringSubmatch(m)
	if g == nil {
		return m
	}
	want := "a " + g[3]
	switch g[3] {
	case "uint64", "uint":
		want = "a whole number, 0 or more"
	case "int":
		want = "an integer"
	case "[]string":
		want = "a list of names"
	case "[]int":
		want = "a list of integers"
	case "string":
		want = "a string"
	}
	line, _ := strconv.Atoi(g[1])
	if key, ok := keys[line]; ok {
		return fmt.Sprintf("line %s: %s: want %s, got %q", g[1], key, want, g[2])
	}
	return fmt.Sprintf("line %s: want %s, got %q", g[1], want, g[2])
}

var setRe = regexp.MustCompile(`^([a-z_]+)(?:\.([A-Za-z0-9_-]+))?=(.*)$`)

// set applies one --set override.
func (c *Config) set(s string) error {
	m := setRe.FindStringSubmatch(s)
	if m == nil {
		return errors.New("want section.field=value (e.g. generate.workers=8) or field=value (out=out/x)")
	}
	section, key, value := m[1], m[2], m[3]
	var stage *Flags
	switch section {
	case "generate":
		stage = &c.Generate
	case "filter":
		stage = &c.Filter
	case "export":
		stage = &c.Export
	}
	if stage != nil && key != "" {
		var v any
		if err := yaml.Unmarshal([]byte(value), &v); err != nil {
			return fmt.Errorf("value: %s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if list, ok := v.([]any); ok {
			parts := make([]string, len(list))
			for i, e := range list {
				parts[i] = fmt.Sprint(e)
			}
			value = strings.Join(parts, ",")
		}
		*stage = stage.With(Flag{Name: key, Value: value})
		return nil
	}
	// A typed field: decode a one-field document strictly over the config.
	doc := section + ": " + value
	if key != "" {
		doc = section + ":\n  " + key + ": " + value
	}
	var probe yaml.Node
	if err := yaml.Unmarshal([]byte(value), &probe); err != nil {
		return fmt.Errorf("value: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	err := decodeStrict([]byte(doc), c)
	var unknown *UnknownKeyError
	if errors.As(err, &unknown) {
		unknown.Line = 0
		return unknown
	}
	if err != nil {
		return errors.New(lineRe.ReplaceAllString(err.Error(), ""))
	}
	return nil
}

// Validate checks the typed fields; stage flags are checked by the stages.
func (c *Config) Validate() error {
	if c.Name == "" || strings.ContainsAny(c.Name, `/\`) || c.Name == "." || c.Name == ".." {
		return fmt.Errorf("pipeline: name %q: want a plain name for the run and dataset, e.g. demo", c.Name)
	}
	if c.Out == "" {
		return errors.New("pipeline: out: want the directory to write under, e.g. out/demo")
	}
	p := &c.Procgen
	switch p.Suite {
	case SuiteDemo, SuitePaper, SuiteNone:
	case "":
		p.Suite = SuiteNone
	default:
		return fmt.Errorf("pipeline: procgen.suite %q: want demo, paper or none", p.Suite)
	}
	for _, t := range p.Types {
		if !slices.Contains(procgen.Kinds(), t) {
			return fmt.Errorf("pipeline: procgen.types: %q: want %s", t, strings.Join(procgen.Kinds(), ", "))
		}
	}
	for _, s := range p.Splits {
		if s != procgen.SplitTrain && s != procgen.SplitDev && s != procgen.SplitTest {
			return fmt.Errorf("pipeline: procgen.splits: %q: want train, dev or test", s)
		}
	}
	for _, a := range p.Agents {
		if a < procgen.MinAgents || a > procgen.MaxAgents {
			return fmt.Errorf("pipeline: procgen.agents: %s: want %d to %d", strconv.Itoa(a), procgen.MinAgents, procgen.MaxAgents)
		}
	}
	if p.Suite == SuiteNone && len(p.Tasks) == 0 {
		return errors.New("pipeline: procgen: no task files: set suite (demo or paper) or list tasks")
	}
	return nil
}
