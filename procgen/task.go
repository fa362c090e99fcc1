package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"collabcraft/blueprints"
	"collabcraft/cuisine"
	"collabcraft/plainjson"
	"collabcraft/villagerbench"
)

// Task types as MINDcraft names them.
const (
	TypeCrafting     = "techtree"
	TypeCooking      = "cooking"
	TypeConstruction = "construction"
	TypeCuisine      = "cuisine"
	TypeMCKitchen    = "mckitchen"
	TypeFarm         = "farm_to_table"
	// TypeVBConstruction is VillagerBench's construction (collabcraft's own
	// task type: MINDcraft has no blocks with facings).
	TypeVBConstruction = "vb_construction"
	// TypeEscape is VillagerBench's escape rooms (collabcraft's own).
	TypeEscape = "escape_room"
	// TypeCollection is S-Agents' collective collection (collabcraft's own).
	TypeCollection = "collection"
	// TypeShelter is S-Agents' shelter (collabcraft's own).
	TypeShelter = "shelter"
	// TypeCoVoyager is Co-Voyager's tasks (collabcraft's own).
	TypeCoVoyager = "co_voyager"
)

// Task is one MINDcraft task. Its JSON form is MINDcraft's; the fields
// marked as collabcraft additions are ignored by MINDcraft.
type Task struct {
	ID               string                    // the key in the task file (not a JSON field)
	Type             string                    // "techtree" | "cooking" | "construction"
	Goal             Goal                      // string, or per-agent {"0": "...", "1": "..."}
	Conversation     string                    // agent 0 opens the conversation with this
	AgentCount       int                       // number of agents
	HumanCount       *int                      // human_count: human players besides the agents; nil when absent
	InitialInventory map[string]map[string]int // agent id "0".. -> item -> count
	// InventoryOrder is each agent's items in the task file's key order,
	// the order MINDcraft gives them in (Inventory reads it); nil for an
	// agent whose items are in name order.
	InventoryOrder map[string][]string
	// IgnoredInventory holds initial_inventory entries that are no
	// agent's items (a flat {item: count}), verbatim: MINDcraft gives
	// nothing for them.
	IgnoredInventory map[string]json.RawMessage
	BlockedActions   map[string][]string // agent id -> commands hidden from it
	Timeout          int                 // seconds; 0 = absent (MINDcraft then uses 300)

	// crafting
	Target         Target // crafting: an item; cooking: {"cake": 1} or a list (Hell's Kitchen)
	NumberOfTarget int
	MaxDepth       *int
	Depth          *int
	MissingItems   []string
	RequiresCtable bool

	// cooking
	Recipes               map[string][]string // dish -> step strings
	BlockedAccessToRecipe []string            // agent ids that do not see the recipes

	// construction: the blueprint object, kept verbatim (compact) so any
	// blueprint round-trips unchanged; ParsedBlueprint decodes it.
	Blueprint json.RawMessage

	// cuisine (MindAgent's CuisineWorld, collabcraft's own task type): the
	// level (dishes ordered and kitchen), α (the order interval and
	// lifetime factor) and the episodes a trial plays (MindAgent's runs
	// play 3 of 60 steps each setting; 0 means 3). human_count 1 makes
	// agent 0 the scripted human of MindAgent's human variant.
	Level    *cuisine.Level
	Alpha    float64
	Episodes int

	// farm_to_table (VillagerBench's farm-to-table, collabcraft's own task
	// type): the setting, whole (dish, supply options, scene components,
	// the judge's checkpoints).
	Farm *villagerbench.FarmSetting

	// escape_room (VillagerBench's escape rooms, collabcraft's own task
	// type): what lays the rooms out again (escape.go).
	Escape *EscapeSpec

	// collection (S-Agents' collective collection, collabcraft's own task
	// type): the material, quantity and distance (collection.go).
	Collection *CollectionSpec

	// shelter (S-Agents' shelter, collabcraft's own task type): the plot,
	// size, height and materials (shelter.go).
	Shelter *ShelterSpec

	// co_voyager (Co-Voyager's tasks, collabcraft's own task type): the
	// family, target, count and arena (covoyager.go).
	CoVoyager *CoVoyagerSpec

	// collabcraft additions
	Split      string
	Seed       uint64
	Difficulty map[string]any
	Generator  *Generator
	// ChestItems are placed in a chest in the task's world (cooking: the
	// hard-to-get ingredients such as milk_bucket, egg, bowl).
	ChestItems map[string]int

	// Extra holds fields this version does not know, kept verbatim for
	// lossless round trips (e.g. MINDcraft's "task_type",
	// "difficulty_metrics", or a non-object "difficulty").
	Extra map[string]json.RawMessage
}

// Generator names the generator (and its version) that produced a task.
type Generator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Goal is a task goal: one text for every agent, or one per agent id.
type Goal struct {
	Text     string
	PerAgent map[string]string // non-nil: per-agent goals
}

// IsZero reports whether the goal is unset.
func (g Goal) IsZero() bool { return g.Text == "" && g.PerAgent == nil }

// ForAgent returns the goal text agent id sees ("" when it has none).
func (g Goal) ForAgent(id int) string {
	if g.PerAgent != nil {
		return g.PerAgent[strconv.Itoa(id)]
	}
	return g.Text
}

// MarshalJSON writes a string or an object.
func (g Goal) MarshalJSON() ([]byte, error) {
	if g.PerAgent != nil {
		return plainjson.Marshal(g.PerAgent)
	}
	return plainjson.Marshal(g.Text)
}

// UnmarshalJSON reads a string or an object of agent id -> string.
func (g *Goal) UnmarshalJSON(b []byte) error {
	*g = Goal{}
	switch firstByte(b) {
	case '"':
		return json.Unmarshal(b, &g.Text)
	case '{':
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("expected a string or an object of agent id -> string")
		}
		g.PerAgent = m
		return nil
	}
	return fmt.Errorf("expected a string or an object of agent id -> string, got %s", abbrev(b))
}

// Target is what a task must produce: one item (crafting), item counts
// (cooking) or an ordered list of items (cooking, Hell's Kitchen).
type Target struct {
	Item   string         // crafting
	Counts map[string]int // cooking: dish -> count
	List   []string       // Hell's Kitchen: dish per agent, in agent order
}

// IsZero reports whether the target is unset.
func (t Target) IsZero() bool { return t.Item == "" && t.Counts == nil && t.List == nil }

// Items returns the target items: the item, the sorted keys of Counts, or
// the list.
func (t Target) Items() []string {
	switch {
	case t.Counts != nil:
		return slices.Sorted(maps.Keys(t.Counts))
	case t.List != nil:
		return slices.Clone(t.List)
	case t.Item != "":
		return []string{t.Item}
	}
	return nil
}

// MarshalJSON writes a string, an object or a list.
func (t Target) MarshalJSON() ([]byte, error) {
	switch {
	case t.Counts != nil:
		return plainjson.Marshal(t.Counts)
	case t.List != nil:
		return plainjson.Marshal(t.List)
	}
	return plainjson.Marshal(t.Item)
}

// UnmarshalJSON reads a string, an object of item -> count or a list.
func (t *Target) UnmarshalJSON(b []byte) error {
	*t = Target{}
	const want = `expected an item name, an object of item -> count, or a list of items`
	var err error
	switch firstByte(b) {
	case '"':
		err = json.Unmarshal(b, &t.Item)
	case '{':
		t.Counts = map[string]int{}
		err = json.Unmarshal(b, &t.Counts)
	case '[':
		t.List = []string{}
		err = json.Unmarshal(b, &t.List)
	default:
		return fmt.Errorf("%s, got %s", want, abbrev(b))
	}
	if err != nil {
		return fmt.Errorf("%s", want)
	}
	return nil
}

// ParsedBlueprint decodes and validates the task's blueprint; nil, nil
// when the task has none.
func (t *Task) ParsedBlueprint() (*blueprints.Blueprint, error) {
	if t.Blueprint == nil {
		return nil, nil
	}
	return blueprints.Parse(t.Blueprint)
}

// AgentIDs returns "0" .. agent_count-1.
func (t *Task) AgentIDs() []string {
	ids := make([]string, max(t.AgentCount, 0))
	for i := range ids {
		ids[i] = strconv.Itoa(i)
	}
	return ids
}

// IntPtr returns a pointer to v (for MaxDepth and Depth).
func IntPtr(v int) *int { return &v }

// field is one JSON member in output order.
type field struct {
	name  string
	value any
}

// fields lists t's members in the order they are written. Fields that
// MINDcraft always writes for a task type are written even when empty,
// so MINDcraft's own files round-trip unchanged.
func (t *Task) fields() []field {
	var fs []field
	add := func(name string, v any) { fs = append(fs, field{name, v}) }
	var always []string // fields MINDcraft writes for the kind even when empty
	if k, ok := KindOfType(t.Type); ok {
		always = k.alwaysWritten
	}
	writeEmpty := func(name string) bool { return slices.Contains(always, name) }

	add("type", t.Type)
	if !t.Goal.IsZero() {
		add("goal", t.Goal)
	}
	if t.Conversation != "" {
		add("conversation", t.Conversation)
	}
	add("agent_count", t.AgentCount)
	if t.HumanCount != nil {
		add("human_count", *t.HumanCount)
	}
	add("initial_inventory", inventoryJSON{t})
	if t.BlockedActions != nil {
		add("blocked_actions", t.BlockedActions)
	}
	if t.Timeout != 0 { // absent: MINDcraft's default of 300 s applies
		add("timeout", t.Timeout)
	}
	if !t.Target.IsZero() {
		add("target", t.Target)
	}
	if t.NumberOfTarget != 0 || writeEmpty("number_of_target") {
		add("number_of_target", t.NumberOfTarget)
	}
	if t.MaxDepth != nil {
		add("max_depth", *t.MaxDepth)
	}
	if t.Depth != nil {
		add("depth", *t.Depth)
	}
	if t.MissingItems != nil || writeEmpty("missing_items") {
		add("missing_items", nonNil(t.MissingItems))
	}
	if t.RequiresCtable || writeEmpty("requires_ctable") {
		add("requires_ctable", t.RequiresCtable)
	}
	if t.Recipes != nil {
		add("recipes", t.Recipes)
	}
	if t.BlockedAccessToRecipe != nil || writeEmpty("blocked_access_to_recipe") {
		add("blocked_access_to_recipe", nonNil(t.BlockedAccessToRecipe))
	}
	if t.ChestItems != nil {
		add("chest_items", t.ChestItems)
	}
	if t.Blueprint != nil {
		add("blueprint", t.Blueprint)
	}
	if t.Level != nil {
		add("level", t.Level)
	}
	if t.Alpha != 0 {
		add("alpha", t.Alpha)
	}
	if t.Episodes != 0 {
		add("episodes", t.Episodes)
	}
	if t.Farm != nil {
		add("farm", t.Farm)
	}
	if t.Escape != nil {
		add("escape", t.Escape)
	}
	if t.Collection != nil {
		add("collection", t.Collection)
	}
	if t.Shelter != nil {
		add("shelter", t.Shelter)
	}
	if t.CoVoyager != nil {
		add("covoyager", t.CoVoyager)
	}
	if t.Split != "" {
		add("split", t.Split)
	}
	if t.Seed != 0 {
		add("seed", t.Seed)
	}
	if t.Difficulty != nil {
		add("difficulty", t.Difficulty)
	}
	if t.Generator != nil {
		add("generator", t.Generator)
	}
	for _, k := range slices.Sorted(maps.Keys(t.Extra)) {
		add(k, t.Extra[k])
	}
	return fs
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// MarshalJSON writes the task's fields (not its ID) in a fixed order.
func (t Task) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, f := range t.fields() {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := plainjson.Marshal(f.name)
		buf.Write(k)
		buf.WriteByte(':')
		v, err := plainjson.Marshal(f.value)
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", f.name, err)
		}
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads a task object. Errors name the field and what was
// expected; unknown fields go to Extra.
func (t *Task) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || raw == nil {
		return fmt.Errorf("expected a task object, got %s", abbrev(b))
	}
	id := t.ID
	*t = Task{ID: id}
	get := func(name string, dst any, want string) error {
		v, ok := raw[name]
		if !ok {
			return nil
		}
		delete(raw, name)
		if err := json.Unmarshal(v, dst); err != nil {
			if want == "" {
				return fmt.Errorf("field %q: %v", name, err)
			}
			return fmt.Errorf("field %q: expected %s, got %s", name, want, abbrev(v))
		}
		return nil
	}
	var depth, maxDepth, humans int
	_, hasHumans := raw["human_count"]
	_, hasDepth := raw["depth"]
	_, hasMaxDepth := raw["max_depth"]
	steps := []error{
		get("type", &t.Type, "a string"),
		get("goal", &t.Goal, ""),
		get("conversation", &t.Conversation, "a string"),
		get("agent_count", &t.AgentCount, "an integer"),
		get("human_count", &humans, "an integer"),
		get("blocked_actions", &t.BlockedActions, "an object of agent id -> list of commands"),
		get("timeout", &t.Timeout, "an integer number of seconds"),
		get("target", &t.Target, ""),
		get("number_of_target", &t.NumberOfTarget, "an integer"),
		get("max_depth", &maxDepth, "an integer"),
		get("depth", &depth, "an integer"),
		get("missing_items", &t.MissingItems, "a list of item names"),
		get("requires_ctable", &t.RequiresCtable, "true or false"),
		get("recipes", &t.Recipes, "an object of item -> list of step strings"),
		get("blocked_access_to_recipe", &t.BlockedAccessToRecipe, "a list of agent ids"),
		get("chest_items", &t.ChestItems, "an object of item -> count"),
		get("alpha", &t.Alpha, "a number (the order interval factor, e.g. 1.5)"),
		get("episodes", &t.Episodes, "an integer number of episodes"),
		get("split", &t.Split, "a string"),
		get("seed", &t.Seed, "a non-negative integer"),
		get("generator", &t.Generator, `an object {"name": ..., "version": ...}`),
	}
	for _, err := range steps {
		if err != nil {
			return err
		}
	}
	if v, ok := raw["initial_inventory"]; ok {
		delete(raw, "initial_inventory")
		if err := t.decodeInventory(v); err != nil {
			return err
		}
	}
	if hasHumans {
		t.HumanCount = &humans
	}
	if hasDepth {
		t.Depth = &depth
	}
	if hasMaxDepth {
		t.MaxDepth = &maxDepth
	}
	if v, ok := raw["level"]; ok {
		delete(raw, "level")
		l, err := cuisine.DecodeLevel(v)
		if err != nil {
			return fmt.Errorf("field %q: expected a CuisineWorld level {\"name\", \"dishes\", \"kitchen\", \"agents\"}: %v", "level", err)
		}
		t.Level = &l
	}
	if v, ok := raw["farm"]; ok {
		delete(raw, "farm")
		var s villagerbench.FarmSetting
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return fmt.Errorf("field %q: expected a farm-to-table setting {\"name\", \"dish\", \"options\", \"components\", \"checkpoints\"}: %v", "farm", err)
		}
		t.Farm = &s
	}
	if v, ok := raw["escape"]; ok {
		delete(raw, "escape")
		s, err := decodeEscapeSpec(v)
		if err != nil {
			return err
		}
		t.Escape = s
	}
	if v, ok := raw["collection"]; ok {
		delete(raw, "collection")
		s, err := decodeCollectionSpec(v)
		if err != nil {
			return err
		}
		t.Collection = s
	}
	if v, ok := raw["shelter"]; ok {
		delete(raw, "shelter")
		s, err := decodeShelterSpec(v)
		if err != nil {
			return err
		}
		t.Shelter = s
	}
	if v, ok := raw["covoyager"]; ok {
		delete(raw, "covoyager")
		s, err := decodeCoVoyagerSpec(v)
		if err != nil {
			return err
		}
		t.CoVoyager = s
	}
	if v, ok := raw["blueprint"]; ok {
		delete(raw, "blueprint")
		if firstByte(v) != '{' {
			return fmt.Errorf("field %q: expected a blueprint object, got %s", "blueprint", abbrev(v))
		}
		t.Blueprint = compactCopy(v)
	}
	// MINDcraft writes "difficulty" as a word ("medium"); ours is an
	// object of generator knobs. Keep a non-object verbatim in Extra.
	if v, ok := raw["difficulty"]; ok && firstByte(v) == '{' {
		delete(raw, "difficulty")
		if err := json.Unmarshal(v, &t.Difficulty); err != nil {
			return fmt.Errorf("field %q: %v", "difficulty", err)
		}
	}
	if len(raw) > 0 {
		t.Extra = make(map[string]json.RawMessage, len(raw))
		for k, v := range raw {
			t.Extra[k] = compactCopy(v)
		}
	}
	return nil
}

func compactCopy(b []byte) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return slices.Clone(b)
	}
	// Compact sizes buf for b, indented as a task file holds it: the copy
	// keeps only the compact bytes (a run holds every task's blueprint,
	// 60 MB of them in the paper suite's construction train file).
	return bytes.Clone(buf.Bytes())
}

func firstByte(b []byte) byte {
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 {
		return 0
	}
	return b[0]
}

// abbrev shows a JSON value in an error message, shortened.
func abbrev(b []byte) string {
	s := string(bytes.TrimSpace(b))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
