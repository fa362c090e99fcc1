package generate

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
	"collabcraft/world/js"
)

// The profiles MineCollab's harness runs with, as MINDcraft keeps them
// (profiles/defaults/_default.json and survival.json, profiles/tasks/*.json
// at 0012750), byte for byte: they are data, the texts and examples the
// model is shown.
//
//go:embed profiles/*.json
var profileFiles embed.FS

// Profile names --profile accepts besides a file.
const (
	// ProfileMineCollab renders what MineCollab's harness renders: the task
	// profile of each task type (profiles/tasks/{crafting,cooking,
	// construction}_profile.json) merged as MINDcraft's Prompter merges it.
	ProfileMineCollab = "minecollab"
	// ProfilePaper keeps the paper's prompts (seed 002 §7): the task goal
	// and starting inventory in the prompt, fixed examples per task type,
	// "Code output:".
	ProfilePaper = "paper"
)

// MINDcraft texts the profiles do not hold.
const (
	// mindcraftInitMessage is settings.js init_message, sent to every agent
	// on spawn.
	mindcraftInitMessage = "Respond with hello world and your name"
	// mindcraftSelfPrompt is self_prompter.js's system turn.
	mindcraftSelfPrompt = "You are self-prompting with the goal: '$GOAL'. Your next response MUST contain a command with this syntax: !commandName. Respond:"
)

// IsInitMessage reports whether a turn holds MINDcraft's init message,
// the greeting every agent gets on spawn, before its goal.
func IsInitMessage(turn string) bool { return strings.Contains(turn, mindcraftInitMessage) }

// minecollabProfiles are the task profiles by task type, as
// tasks/evaluation_script.py's --template_profile names them in
// minecollab.md.
var minecollabProfiles = map[*procgen.Kind]string{
	procgen.Crafting:     "crafting_profile.json",
	procgen.Cooking:      "cooking_profile.json",
	procgen.Construction: "construction_profile.json",
}

// Profile is a MINDcraft profile (profiles/*.json) as its Prompter sees it
// after the merge: the fields the engine uses. Other fields (name, model,
// cooldown, ...) are read and ignored.
type Profile struct {
	Conversing           string                 `json:"conversing"`
	Coding               string                 `json:"coding"`
	SavingMemory         string                 `json:"saving_memory"`
	BotResponder         string                 `json:"bot_responder"`
	Modes                map[string]bool        `json:"modes"`
	ConversationExamples [][]trajectory.Message `json:"conversation_examples"`
	CodingExamples       [][]trajectory.Message `json:"coding_examples"`
}

// ParseProfile reads a profile in MINDcraft's format and fills what it
// leaves out as MINDcraft's Prompter does: from the survival base profile,
// itself filled from _default.json (whole keys: a profile's "modes"
// replaces the base's). name is the file, for errors.
func ParseProfile(name string, data []byte) (Profile, error) {
	var own map[string]json.RawMessage
	if err := json.Unmarshal(data, &own); err != nil {
		return Profile{}, fmt.Errorf("generate: profile %s: %w (expected a JSON object in MINDcraft's profile format)", name, err)
	}
	merged := baseProfile()
	for k, v := range own {
		merged[k] = v
	}
	var p Profile
	for _, f := range []struct {
		key string
		dst any
	}{
		{"conversing", &p.Conversing}, {"coding", &p.Coding}, {"saving_memory", &p.SavingMemory},
		{"bot_responder", &p.BotResponder}, {"modes", &p.Modes},
		{"conversation_examples", &p.ConversationExamples}, {"coding_examples", &p.CodingExamples},
	} {
		raw, ok := merged[f.key]
		if !ok {
			continue
		}
		if err := json.Unmarshal(raw, f.dst); err != nil {
			return Profile{}, fmt.Errorf("generate: profile %s: field %q: %w", name, f.key, err)
		}
	}
	if strings.TrimSpace(p.Conversing) == "" {
		return Profile{}, fmt.Errorf("generate: profile %s: field \"conversing\" is empty (expected the conversing prompt)", name)
	}
	for key, pool := range map[string][][]trajectory.Message{"conversation_examples": p.ConversationExamples, "coding_examples": p.CodingExamples} {
		for i, ex := range pool {
			for j, m := range ex {
				if m.Role != "user" && m.Role != "assistant" && m.Role != "system" {
					return Profile{}, fmt.Errorf("generate: profile %s: %s[%d][%d]: role %q (expected user, assistant or system)", name, key, i, j, m.Role)
				}
			}
		}
	}
	for mode := range p.Modes {
		if !slices.Contains(world.ModeNames(), mode) {
			return Profile{}, fmt.Errorf("generate: profile %s: modes: unknown mode %q (expected one of %s)", name, mode, strings.Join(world.ModeNames(), ", "))
		}
	}
	return p, nil
}

// baseProfile is survival.json filled from _default.json, as Prompter
// builds it for settings.base_profile "survival" (a fresh map per call).
var baseProfileOnce = sync.OnceValue(func() map[string]json.RawMessage {
	var def, base map[string]json.RawMessage
	mustUnmarshal("_default.json", &def)
	mustUnmarshal("survival.json", &base)
	for k, v := range def {
		if _, ok := base[k]; !ok {
			base[k] = v
		}
	}
	return base
})

func baseProfile() map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	for k, v := range baseProfileOnce() {
		m[k] = v
	}
	return m
}

func mustUnmarshal(file string, dst any) {
	data, err := profileFiles.ReadFile("profiles/" + file)
	if err == nil {
		err = json.Unmarshal(data, dst)
	}
	if err != nil {
		panic("generate: embedded profiles/" + file + ": " + err.Error()) // build-time data
	}
}

// Prompts turns a profile into the engine's texts: MINDcraft's init
// message and self-prompt, examples chosen per call by word overlap, the
// profile's modes, "Action output:", goals as tasks.js sets them.
func (p Profile) Prompts() Prompts {
	return Prompts{
		Conversing: p.Conversing, SavingMemory: p.SavingMemory, Coding: p.Coding, BotResponder: p.BotResponder,
		SelfPrompt: mindcraftSelfPrompt, InitMessage: mindcraftInitMessage,
		ExamplePool: p.ConversationExamples, CodingExamples: p.CodingExamples,
		CodeDocs: js.SkillDocs(), NumExamples: 2,
		Modes: p.Modes, Dialect: world.DialectCurrent,
	}
}

// ProfileSet is what --profile names: the prompts for each task type.
type ProfileSet struct {
	// Name is "minecollab", "paper", or the profile file as given.
	Name   string
	id     string             // RunConfig.Profile
	byType map[string]Prompts // task type -> prompts; "" = every other type
}

// LoadProfiles resolves --profile: "minecollab" (also ""), "paper", or a
// profile file in MINDcraft's format used for every task type.
func LoadProfiles(spec string) (*ProfileSet, error) {
	switch spec {
	case "", ProfileMineCollab:
		return minecollabSet(), nil
	case ProfilePaper:
		return &ProfileSet{Name: ProfilePaper, byType: map[string]Prompts{"": PaperPrompts()}}, nil
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		return nil, fmt.Errorf("generate: --profile %s: %w (expected minecollab, paper or a MINDcraft profile file)", spec, err)
	}
	p, err := ParseProfile(spec, data)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	id := filepath.Base(spec) + " sha256:" + hex.EncodeToString(sum[:])
	return &ProfileSet{Name: spec, id: id, byType: map[string]Prompts{"": p.Prompts()}}, nil
}

var minecollabSet = sync.OnceValue(func() *ProfileSet {
	s := &ProfileSet{Name: ProfileMineCollab, id: ProfileMineCollab, byType: map[string]Prompts{}}
	for k, file := range minecollabProfiles {
		data, err := profileFiles.ReadFile("profiles/" + file)
		if err != nil {
			panic("generate: embedded profiles/" + file + ": " + err.Error())
		}
		p, err := ParseProfile(file, data)
		if err != nil {
			panic(err.Error()) // build-time data
		}
		s.byType[k.TaskType] = p.Prompts()
	}
	// A type no kind has (MINDcraft would be given some profile): crafting's.
	s.byType[""] = s.byType[procgen.Crafting.TaskType]
	return s
})

// For returns the prompts of a task type. The example pools are shared:
// the engine sorts its own copies.
func (s *ProfileSet) For(taskType string) Prompts {
	if p, ok := s.byType[taskType]; ok {
		return p
	}
	return s.byType[""]
}

// orDefault is s, or minecollab's set when s is nil.
func (s *ProfileSet) orDefault() *ProfileSet {
	if s == nil {
		return minecollabSet()
	}
	return s
}

// single reports whether every task type gets the same prompts.
func (s *ProfileSet) single() bool { _, ok := s.byType[""]; return ok && len(s.byType) == 1 }

// Dialect is the wording the set's profiles use for action outputs.
func (s *ProfileSet) Dialect() world.Dialect {
	return s.orDefault().For("").Dialect
}
