package generate

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"collabcraft/cuisine"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// RunConfig is run.json "config": the settings that decide a run's
// trials, whose fingerprint a resumed run must match. Settings that do
// not change what a trial records (workers, limit, shard, timeouts,
// retries, rate limits, the key's variable) are left out.
type RunConfig struct {
	TaskFiles []string `json:"task_files"` // SHA-256 of each file, in order
	// SkippedTasks are the ids of the files' invalid tasks, which the run
	// does not play; recorded so that a resume that would play another set
	// of tasks (say, after a validator change) is a configuration change.
	SkippedTasks  []string `json:"skipped_tasks,omitempty"`
	TrialsPerTask int      `json:"trials_per_task"`
	Seed          uint64   `json:"seed"`
	Backends
	// Profile is --profile: "minecollab", or a profile file as
	// "name sha256:…"; the paper's prompts leave it out, so runs made
	// before profiles existed keep their fingerprint.
	Profile   string  `json:"profile,omitempty"`
	API       string  `json:"api,omitempty"` // --api: whose shaping Wire is
	Dialect   string  `json:"dialect"`
	Wire      string  `json:"wire"`
	ThinkTime float64 `json:"think_time"`
	// Latency is the latency model's spec (--latency); left out when no
	// model is on, so runs made before it keep their fingerprint.
	Latency  string `json:"latency,omitempty"`
	MaxTurns int    `json:"max_turns"`
	// Coding is "on" or "off"; auto is left out, so the runs made before
	// coding mode existed keep their fingerprint.
	Coding string `json:"coding,omitempty"`
	// Org is the organisation (--org); p2p is left out, so the runs made
	// before organisations existed keep their fingerprint.
	Org string `json:"org,omitempty"`
	// OrgConfig is the organisation's own settings that change what a
	// trial records (OrgSettings), if any.
	OrgConfig any `json:"org_config,omitempty"`
}

// Backends is how a run's agents are played, as its configuration
// records it. The seating itself is Seating's.
type Backends struct {
	Default string `json:"backend"` // the backend of the agents Team leaves out
	// Team is the per-agent seating as its maker records it (the team
	// package's assignments); nil when every agent plays Default.
	Team     any             `json:"team,omitempty"`
	OpenAI   *OpenAIConfig   `json:"openai,omitempty"`   // set when an agent calls a model
	Scripted *ScriptedConfig `json:"scripted,omitempty"` // set when an agent is scripted
	Voice    *VoiceConfig    `json:"voice,omitempty"`    // set when a voice rewrites the scripted agents' words
}

// VoiceConfig is what decides a voice's rewrites (generate --voice): the
// model and endpoint, and the instructions it is given (sent at
// temperature 0 with each call's seed).
type VoiceConfig struct {
	BaseURL      string `json:"base_url"`
	Model        string `json:"model"`
	Instructions string `json:"instructions"` // "sha256:" and the instructions' hash
}

// OpenAIConfig is what decides the answers of a run's model calls.
type OpenAIConfig struct {
	BaseURL     string   `json:"base_url"`
	Model       string   `json:"model,omitempty"`
	Temperature *float64 `json:"temperature,omitempty"`
	TopP        *float64 `json:"top_p,omitempty"`
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Seed        *int     `json:"seed,omitempty"`
}

// ScriptedConfig is how a run's scripted agents play.
type ScriptedConfig struct {
	Skill float64 `json:"skill"`
	Noise float64 `json:"noise"`
}

// ConfigChangedError refuses to write into a run made with another
// configuration (BatchConfig.Force overrides it).
type ConfigChangedError struct {
	Dir  string
	Diff string // the top-level settings that differ: "seed 1, now 2; ..."
}

func (e *ConfigChangedError) Error() string {
	return fmt.Sprintf("generate: %s was generated with another configuration (%s)", e.Dir, e.Diff)
}

// taskSet is what a batch reads from its task files.
type taskSet struct {
	tasks   []procgen.Task // the valid tasks, in file order
	files   []trajectory.TaskFile
	skipped []string          // ids of the invalid tasks left out, in file order
	invalid []procgen.Problem // what is wrong with them
	ignored []procgen.Problem // warnings: entries of valid tasks MINDcraft ignores, left out
}

// readTasks reads the task files in order; a task id may appear only once
// over all of them, since it names its trials. Every task is checked as
// `collabcraft validate` does, so that a task the world cannot build or
// the players cannot finish is never played: an invalid task is left out,
// or with strict its whole file is refused. A valid task is played as
// MINDcraft plays it, without the entries MINDcraft ignores (warnings, not
// refused even with strict).
func readTasks(paths []string, strict bool, limits procgen.Limits) (*taskSet, error) {
	var ts taskSet
	from := map[string]string{}
	for _, p := range paths {
		tasks, err := procgen.ReadTaskFileWith(p, limits)
		var undecoded []procgen.Problem // tasks that did not decode: invalid, as one that fails validation
		var de *procgen.DecodeError
		if errors.As(err, &de) {
			undecoded, err = de.Problems, nil
		}
		if err != nil {
			return nil, err
		}
		tf, err := trajectory.HashTaskFile(p)
		if err != nil {
			return nil, fmt.Errorf("generate: %w", err)
		}
		tf.Tasks = len(tasks) + len(undecoded)
		ts.files = append(ts.files, tf)
		invalid := undecoded
		for _, pr := range undecoded {
			ts.skipped = append(ts.skipped, pr.TaskID)
		}
		for i := range tasks {
			t := &tasks[i]
			if prev, ok := from[t.ID]; ok {
				return nil, fmt.Errorf("generate: task %q is in both %s and %s; task ids name trials, so they must be unique", t.ID, prev, p)
			}
			from[t.ID] = p
			ps, ws := procgen.SplitWarnings(procgen.ValidateTaskWith(t, limits))
			for _, w := range ws {
				w.File = p
				ts.ignored = append(ts.ignored, w)
			}
			if len(ps) == 0 {
				t.DropIgnored() // played as MINDcraft plays it
				ts.tasks = append(ts.tasks, *t)
				continue
			}
			for _, pr := range ps {
				pr.File = p
				invalid = append(invalid, pr)
			}
			ts.skipped = append(ts.skipped, t.ID)
		}
		if strict && len(invalid) > 0 {
			return nil, invalidFileError(p, invalid)
		}
		ts.invalid = append(ts.invalid, invalid...)
	}
	switch {
	case len(ts.tasks) > 0:
		return &ts, nil
	case len(ts.skipped) > 0:
		return nil, fmt.Errorf("generate: %s: no valid tasks (%d invalid; collabcraft validate lists their problems)", strings.Join(paths, ", "), len(ts.skipped))
	default:
		return nil, fmt.Errorf("generate: %s: no tasks", strings.Join(paths, ", "))
	}
}

// leaveOutUnplayed leaves out, with the invalid tasks, the tasks org
// cannot play though it plays their kind (a VillagerBench blueprint with a
// block state MINDcraft cannot set, under p2p), and returns why for each:
// a batch plays the rest rather than stopping at the first.
func (ts *taskSet) leaveOutUnplayed(org string) []string {
	var whys []string
	kept := ts.tasks[:0]
	for _, t := range ts.tasks {
		// A kind the organisation does not play at all stays an error at
		// its first trial.
		if k, ok := procgen.KindOfType(t.Type); ok && k.PlayedBy(org) && k.TaskNotPlayedWhy(&t, org) != "" {
			ts.skipped = append(ts.skipped, t.ID)
			whys = append(whys, NotPlayedBy("generate", org, &t).Error())
			continue
		}
		kept = append(kept, t)
	}
	ts.tasks = kept
	return whys
}

// invalidFileError refuses a task file in strict mode, naming its first
// problems, on one line.
func invalidFileError(path string, ps []procgen.Problem) error {
	const shown = 3
	var list []string
	for _, p := range ps[:min(len(ps), shown)] {
		list = append(list, strings.TrimPrefix(p.String(), path+": "))
	}
	if len(ps) > shown {
		list = append(list, fmt.Sprintf("and %d more (collabcraft validate %s lists them)", len(ps)-shown, path))
	}
	return fmt.Errorf("generate: %s has invalid tasks, and strict mode refuses the whole file: %s", path, strings.Join(list, "; "))
}

// runConfig is the configuration a batch records.
func (c *BatchConfig) runConfig(files []trajectory.TaskFile, skipped []string) RunConfig {
	rc := RunConfig{
		SkippedTasks: skipped, TrialsPerTask: c.TrialsPerTask, Seed: c.Seed, Backends: c.Backends,
		Dialect: string(cmp.Or(c.Dialect, c.Profiles.Dialect())), Wire: string(c.Wire), ThinkTime: c.ThinkTime, MaxTurns: c.MaxTurns,
		Profile: c.Profiles.orDefault().id, API: c.API,
	}
	if c.Coding != CodingAuto {
		rc.Coding = string(c.Coding)
	}
	if c.Latency != nil {
		rc.Latency = c.Latency.String()
	}
	rc.Org = orgField(orgOrP2P(c.Org))
	if s, ok := c.Org.(OrgSettings); ok {
		rc.OrgConfig = s.Settings()
	}
	for _, f := range files {
		rc.TaskFiles = append(rc.TaskFiles, f.SHA256)
	}
	return rc
}

// manifest is run.json for this batch: the configuration, versions, task
// files, backends, prompt templates and the static prompt texts
// (templates, examples, every agent's command docs) stored once per run;
// tasks are the ones played, ts's valid tasks up to the limit.
func (c *BatchConfig) manifest(ts *taskSet, tasks []procgen.Task) (*trajectory.Manifest, error) {
	raw, err := json.Marshal(c.runConfig(ts.files, ts.skipped))
	if err != nil {
		return nil, fmt.Errorf("generate: config: %w", err)
	}
	set := c.Profiles.orDefault()
	var types []string
	for i := range tasks {
		if !slices.Contains(types, tasks[i].Type) {
			types = append(types, tasks[i].Type)
		}
	}
	slices.Sort(types)
	var texts []string
	templates := map[string]string{}
	for _, typ := range types {
		if k, ok := procgen.KindOfType(typ); ok && !k.InMinecraft() {
			texts = append(texts, cuisineStaticTexts()...) // no MINDcraft prompts there
			continue
		}
		prompts := set.For(typ)
		texts = append(texts, prompts.StaticTexts(typ)...)
		named := prompts.Templates()
		if c.Coding.enabled(typ) {
			texts = append(texts, prompts.CodingStaticTexts()...)
			named["coding"] = prompts.Coding
		}
		for name, text := range named {
			if len(types) > 1 && !set.single() { // per type: "techtree/conversing"
				name = typ + "/" + name
			}
			templates[name] = text
		}
	}
	docs, err := commandDocs(tasks, cmp.Or(c.Dialect, set.Dialect()))
	if err != nil {
		return nil, err
	}
	blobs := map[string]string{}
	for _, t := range append(texts, docs...) {
		blobs[trajectory.BlobID(t)] = t
	}
	return &trajectory.Manifest{
		Name:               filepath.Base(filepath.Clean(c.Dir)),
		CollabcraftVersion: c.Version,
		MCDataVersion:      mcdata.DataVersion(),
		Config:             raw,
		TaskFiles:          ts.files,
		Backends:           c.Seating.Manifest(),
		Seed:               c.Seed,
		PromptTemplates:    templates,
		Blobs:              blobs,
	}, nil
}

// commandDocs returns every distinct $COMMAND_DOCS text the agents of
// tasks will see. Docs depend on the task kind (which commands it
// unblocks), goal and conversation and on the agent's blocked commands, so
// one world is built per distinct combination rather than per task.
func commandDocs(tasks []procgen.Task, dialect world.Dialect) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for i := range tasks {
		t := &tasks[i]
		if k, ok := procgen.KindOfType(t.Type); ok && !k.InMinecraft() {
			continue
		}
		fresh := false
		for _, id := range t.AgentIDs() {
			key := fmt.Sprintf("%q\x00%t\x00%t\x00%q", t.Type, t.Goal.IsZero(), t.Conversation == "", t.BlockedActions[id])
			if !seen[key] {
				seen[key], fresh = true, true
			}
		}
		if !fresh {
			continue
		}
		names := AgentNames(max(t.AgentCount, 1), 0)
		w, err := world.Build(*t, 0, world.Options{AgentNames: names, Dialect: dialect})
		if err != nil {
			return nil, fmt.Errorf("generate: %w", err)
		}
		for _, n := range names {
			if d := w.Docs(n); !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// cuisineStaticTexts are the dispatcher's one-shot demo turns, every team
// size's, which its calls send as they are.
func cuisineStaticTexts() []string {
	var out []string
	for _, human := range []bool{false, true} {
		for _, n := range cuisine.DemoTeams(human) {
			turns, _ := cuisine.Demos(n, human)
			out = append(out, turns...)
		}
	}
	return out
}

// checkResume refuses to write into a run made with another
// configuration, naming what changed, unless forced.
func checkResume(dir string, config json.RawMessage, force bool) error {
	if _, err := os.Stat(filepath.Join(dir, trajectory.ManifestFile)); err != nil {
		return nil // a new run
	}
	old, err := trajectory.ReadManifest(dir)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	fp, err := trajectory.Fingerprint(config)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	if old.Fingerprint == fp || force {
		return nil
	}
	return &ConfigChangedError{Dir: dir, Diff: configDiff(old.Config, config)}
}

// configDiff names the settings that differ: "seed 1, now 2"; within a
// group set in both, the group's settings: "voice.model "a", now "b"".
func configDiff(old, cur json.RawMessage) string {
	var a, b map[string]any
	if json.Unmarshal(old, &a) != nil || json.Unmarshal(cur, &b) != nil {
		return "the configuration differs"
	}
	diffs := mapDiff("", a, b)
	if len(diffs) == 0 {
		return "the configuration differs"
	}
	return strings.Join(diffs, "; ")
}

func mapDiff(prefix string, a, b map[string]any) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diffs []string
	for _, k := range keys {
		if reflect.DeepEqual(a[k], b[k]) {
			continue
		}
		ma, okA := a[k].(map[string]any)
		mb, okB := b[k].(map[string]any)
		if okA && okB {
			diffs = append(diffs, mapDiff(prefix+k+".", ma, mb)...)
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s%s %s, now %s", prefix, k, shortJSON(a[k]), shortJSON(b[k])))
	}
	return diffs
}

func shortJSON(v any) string {
	if v == nil {
		return "unset"
	}
	b, _ := json.Marshal(v)
	if s := string(b); len(s) <= 60 {
		return s
	}
	return string(b[:57]) + "..."
}
