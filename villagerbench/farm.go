package villagerbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/suggest"
)

// VillagerBench's farm-to-table family (env/farm_craft_judger.py,
// data/farm_setting.json, data/farm_blue_print.json): a dish to cook, the
// way each of its ingredients is supplied (an option per ingredient: in
// the chest, or a step or two back along its supply chain, or from a farm,
// pasture or mine), the scene's components (blocks and structures), and the
// judge's checkpoints.

// FarmSetting is one farm-to-table task setting.
type FarmSetting struct {
	Name string `json:"name"` // "cake_0", "rabbit_stew_63", "bread_2"
	Dish string `json:"dish"` // the target item: "cake"
	// Options are the setting's supply options in the file's key order:
	// "milk" -> "bucket in chest". D sums their indices (FarmOptions).
	Options     []FarmOption     `json:"options"`
	Components  []FarmComponent  `json:"components"`
	Checkpoints []FarmCheckpoint `json:"checkpoints"`
}

// FarmOption is how one ingredient is supplied.
type FarmOption struct {
	Ingredient string `json:"ingredient"` // the setting's key: "milk", "cooked_rabbit"
	Supply     string `json:"supply"`     // the option: "bucket in chest"
}

// FarmComponent is a block or a structure of the scene, its position
// relative to the scene's base (FarmBase).
type FarmComponent struct {
	Name     string     `json:"name"`
	Type     string     `json:"type"` // "block" or "structure"
	Position [3]int     `json:"position"`
	Facing   string     `json:"facing,omitempty"` // a block's facing property
	Items    []FarmItem `json:"items,omitempty"`  // a chest's contents, slot order
}

// FarmItem is an item and its count.
type FarmItem struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// FarmCheckpoint is one of the judge's checkpoints: an agent holding Count
// of Name achieves it, for Score points, once and for good; an achieved
// checkpoint cancels its Sub checkpoints' points, and theirs, recursively.
type FarmCheckpoint struct {
	Name  string   `json:"name"`
	Count int      `json:"count"`
	Score int      `json:"score"`
	Sub   []string `json:"sub"`
}

// Component types.
const (
	ComponentBlock     = "block"
	ComponentStructure = "structure"
)

// FarmBase is where farm_craft_judger.py lays its scene (x_b, y_b, z_b),
// and FarmBoxMin, FarmBoxMax the box around it, relative to the base
// (farm_craft_judger.py:48-50): glass walls on its sides, grass below, the
// players inside it are the ones the judge checks.
var (
	FarmBase   = [3]int{41, -60, 122}
	FarmBoxMin = [3]int{-11, 0, 0}
	FarmBoxMax = [3]int{11, 15, 25}
	// FarmSpawn is where the judge teleports the agents, relative to the
	// base: /tp @e[type=minecraft:player, gamemode=survival] x_b y_b z_b+2.
	FarmSpawn = [3]int{0, 0, 2}
)

// Structure is one of farm_blue_print.json's structures: blocks and
// entities relative to the component's position.
type Structure struct {
	Name     string            `json:"name"`
	Size     [3]int            `json:"size"`
	Blocks   []StructureBlock  `json:"blocks"`
	Entities []StructureEntity `json:"entities,omitempty"`
}

// StructureBlock is a block of a structure. Props are its block state as
// the file lists them ("age=7", "facing=east"), which the judge writes as
// /setblock name[props]; Items fill a chest.
type StructureBlock struct {
	Name     string     `json:"name"`
	Position [3]int     `json:"position"`
	Props    []string   `json:"props,omitempty"`
	Items    []FarmItem `json:"items,omitempty"`
}

// StructureEntity is an animal the judge /summons.
type StructureEntity struct {
	Name     string     `json:"name"`
	Position [3]float64 `json:"position"`
}

// Option returns the setting's supply of an ingredient ("" when it has no
// such key).
func (s *FarmSetting) Option(ingredient string) string {
	for _, o := range s.Options {
		if o.Ingredient == ingredient {
			return o.Supply
		}
	}
	return ""
}

// Checkpoint returns the checkpoint of an item.
func (s *FarmSetting) Checkpoint(name string) (FarmCheckpoint, bool) {
	for _, c := range s.Checkpoints {
		if c.Name == name {
			return c, true
		}
	}
	return FarmCheckpoint{}, false
}

// ChestItems are the items of the setting's chest components, in order.
func (s *FarmSetting) ChestItems() []FarmItem {
	var out []FarmItem
	for _, c := range s.Components {
		if c.Name == "chest" {
			out = append(out, c.Items...)
		}
	}
	return out
}

// Clone returns a deep copy.
func (s FarmSetting) Clone() FarmSetting {
	s.Options = slices.Clone(s.Options)
	s.Components = slices.Clone(s.Components)
	for i := range s.Components {
		s.Components[i].Items = slices.Clone(s.Components[i].Items)
	}
	s.Checkpoints = slices.Clone(s.Checkpoints)
	for i := range s.Checkpoints {
		s.Checkpoints[i].Sub = slices.Clone(s.Checkpoints[i].Sub)
	}
	return s
}

// Validate checks a setting against the structures it may use
// (FarmStructures for the paper's 16): known items, blocks and structures; options the dish's
// supply chains know; components inside the scene's box; a chest that
// fits; checkpoints whose sub-checkpoints exist and do not loop; and a
// supply chain the world can complete (FarmSolvable). Errors name the
// setting and the field.
func (s *FarmSetting) Validate(structures map[string]*Structure) error {
	fail := func(field, format string, args ...any) error {
		return &FarmError{Setting: s.Name, Field: field, Message: fmt.Sprintf(format, args...)}
	}
	if s.Name == "" {
		return fmt.Errorf("villagerbench: farm setting: name: empty, expected a name such as \"cake_0\"")
	}
	if !mcdata.IsItem(s.Dish) {
		return fail("dish", "%s", unknownItem(s.Dish))
	}
	if len(s.Checkpoints) == 0 || s.Checkpoints[0].Name != s.Dish {
		return fail("checkpoints", "expected the dish %s first, worth %d", s.Dish, FarmFullScore)
	}
	seen := map[string]bool{}
	for i, o := range s.Options {
		field := fmt.Sprintf("options[%d]", i)
		if seen[o.Ingredient] {
			return fail(field+".ingredient", "%q given twice", o.Ingredient)
		}
		seen[o.Ingredient] = true
		opts, ok := FarmOptions[o.Ingredient]
		if !ok {
			return fail(field+".ingredient", "unknown ingredient %q (expected one of %s)", o.Ingredient, strings.Join(FarmIngredients(), ", "))
		}
		if !slices.Contains(opts, o.Supply) {
			return fail(field+".supply", "%q is not a supply of %s (expected one of %q)", o.Supply, o.Ingredient, opts)
		}
	}
	boxMin, boxMax := FarmBoxMin, FarmBoxMax
	inside := func(p [3]int) bool {
		for k := range 3 {
			// The glass walls stand on the box's faces: inside means within them.
			if p[k] < boxMin[k] || p[k] > boxMax[k] || (k != 1 && (p[k] == boxMin[k] || p[k] == boxMax[k])) {
				return false
			}
		}
		return true
	}
	for i, c := range s.Components {
		field := fmt.Sprintf("components[%d]", i)
		switch c.Type {
		case ComponentBlock:
			if !mcdata.IsBlock(c.Name) {
				return fail(field+".name", "%s", unknownBlock(c.Name))
			}
			if !inside(c.Position) {
				return fail(field+".position", "%v is outside the scene (x %d..%d, y %d..%d, z %d..%d inside the glass walls)",
					c.Position, boxMin[0]+1, boxMax[0]-1, boxMin[1], boxMax[1], boxMin[2]+1, boxMax[2]-1)
			}
			if c.Facing != "" {
				if err := mcdata.CheckState(c.Name, mcdata.State{Facing: c.Facing}); err != nil {
					return fail(field+".facing", "%v", err)
				}
			}
		case ComponentStructure:
			st, ok := structures[c.Name]
			if !ok {
				return fail(field+".name", "unknown structure %q%s", c.Name, suggest.DidYouMean(c.Name, structureNames(structures), strconv.Quote))
			}
			for _, b := range st.Blocks {
				p := [3]int{c.Position[0] + b.Position[0], c.Position[1] + b.Position[1], c.Position[2] + b.Position[2]}
				if !inside(p) {
					return fail(field+".position", "%v puts %s's %s at %v, outside the scene (x %d..%d, y %d..%d, z %d..%d inside the glass walls)",
						c.Position, c.Name, b.Name, p, boxMin[0]+1, boxMax[0]-1, boxMin[1], boxMax[1], boxMin[2]+1, boxMax[2]-1)
				}
			}
			if c.Facing != "" || len(c.Items) > 0 {
				return fail(field, "a structure takes no facing or items")
			}
		default:
			return fail(field+".type", "%q, expected %q or %q", c.Type, ComponentBlock, ComponentStructure)
		}
		if len(c.Items) > 0 && c.Name != "chest" {
			return fail(field+".items", "only a chest holds items, not %s", c.Name)
		}
		slots := 0
		for j, it := range c.Items {
			if !mcdata.IsItem(it.Name) {
				return fail(fmt.Sprintf("%s.items[%d].name", field, j), "%s", unknownItem(it.Name))
			}
			if it.Count < 1 || it.Count > 64 {
				return fail(fmt.Sprintf("%s.items[%d].count", field, j), "%d, expected 1 to 64", it.Count)
			}
			slots += chestSlots(it)
		}
		if slots > 27 {
			return fail(field+".items", "%d slots, a chest has 27", slots)
		}
	}
	for i, c := range s.Checkpoints {
		field := fmt.Sprintf("checkpoints[%d]", i)
		if !mcdata.IsItem(c.Name) {
			return fail(field+".name", "%s", unknownItem(c.Name))
		}
		if _, ok := s.Checkpoint(c.Name); !ok || slices.IndexFunc(s.Checkpoints, func(o FarmCheckpoint) bool { return o.Name == c.Name }) != i {
			return fail(field+".name", "%s given twice", c.Name)
		}
		if c.Count < 1 {
			return fail(field+".count", "%d, expected at least 1", c.Count)
		}
		if c.Score < 1 || c.Score > FarmFullScore {
			return fail(field+".score", "%d, expected 1 to %d", c.Score, FarmFullScore)
		}
	}
	for i, c := range s.Checkpoints {
		for j, sub := range c.Sub {
			if _, ok := s.Checkpoint(sub); !ok {
				return fail(fmt.Sprintf("checkpoints[%d].sub[%d]", i, j), "no checkpoint %q", sub)
			}
		}
	}
	if s.Checkpoints[0].Score != FarmFullScore {
		return fail("checkpoints[0].score", "%d, expected %d for the dish", s.Checkpoints[0].Score, FarmFullScore)
	}
	if loop := checkpointLoop(s.Checkpoints); loop != nil {
		return fail("checkpoints", "the sub-checkpoints loop: %s", strings.Join(loop, " -> "))
	}
	if err := FarmSolvable(s, structures); err != nil {
		return fail("components", "impossible supply chain: %v", err)
	}
	return nil
}

// FarmError is a setting's problem: its field and what was expected.
type FarmError struct {
	Setting, Field, Message string
}

func (e *FarmError) Error() string {
	return fmt.Sprintf("villagerbench: farm setting %s: %s: %s", e.Setting, e.Field, e.Message)
}

// chestSlots is how many chest slots an item takes as the judge fills it:
// a bucket or milk bucket per slot, anything else one slot.
func chestSlots(it FarmItem) int {
	if it.Name == "milk_bucket" || it.Name == "bucket" {
		return it.Count
	}
	return 1
}

// checkpointLoop returns a cycle of two or more checkpoints through their
// subs, or nil. A checkpoint naming itself is no loop here: eight of the
// paper's settings give brown_mushroom itself as its sub (farm_craft_
// judger.py then cancels it, and loops forever: FarmJudge stops).
func checkpointLoop(cps []FarmCheckpoint) []string {
	subs := map[string][]string{}
	for _, c := range cps {
		subs[c.Name] = c.Sub
	}
	state := map[string]int{} // 1 on the path, 2 done
	var path []string
	var visit func(n string) []string
	visit = func(n string) []string {
		state[n] = 1
		path = append(path, n)
		for _, s := range subs[n] {
			if s == n {
				continue
			}
			switch state[s] {
			case 1:
				i := slices.Index(path, s)
				return append(slices.Clone(path[i:]), s)
			case 0:
				if l := visit(s); l != nil {
					return l
				}
			}
		}
		path = path[:len(path)-1]
		state[n] = 2
		return nil
	}
	for _, c := range cps {
		if state[c.Name] == 0 {
			if l := visit(c.Name); l != nil {
				return l
			}
		}
	}
	return nil
}

func unknownItem(name string) string {
	_, err := mcdata.LookupItem(name)
	if err == nil {
		return fmt.Sprintf("%q is not an item", name)
	}
	return err.Error()
}

func unknownBlock(name string) string {
	_, err := mcdata.LookupBlock(name)
	if err == nil {
		return fmt.Sprintf("%q is not a block", name)
	}
	return err.Error()
}

func structureNames(m map[string]*Structure) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Validate checks a structure: known blocks and entities, block states the
// file's way (key=value), positions within its size.
func (st *Structure) Validate() error {
	fail := func(field, format string, args ...any) error {
		return fmt.Errorf("villagerbench: farm structure %s: %s: %s", st.Name, field, fmt.Sprintf(format, args...))
	}
	for i, b := range st.Blocks {
		field := fmt.Sprintf("blocks[%d]", i)
		if !mcdata.IsBlock(b.Name) {
			return fail(field+".name", "%s", unknownBlock(b.Name))
		}
		for j, p := range b.Props {
			if k, v, ok := strings.Cut(p, "="); !ok || k == "" || v == "" {
				return fail(fmt.Sprintf("%s.props[%d]", field, j), "%q, expected key=value", p)
			}
		}
		for j, it := range b.Items {
			if !mcdata.IsItem(it.Name) {
				return fail(fmt.Sprintf("%s.items[%d].name", field, j), "%s", unknownItem(it.Name))
			}
		}
	}
	for i, e := range st.Entities {
		if !FarmAnimal(e.Name) {
			return fail(fmt.Sprintf("entities[%d].name", i), "%q, expected an animal the world keeps (cow, rabbit, ...)", e.Name)
		}
	}
	return nil
}

// FarmAnimal reports whether a structure may hold the animal: the kinds
// the world's farms keep.
func FarmAnimal(name string) bool {
	return slices.Contains([]string{"cow", "rabbit", "chicken", "pig", "sheep"}, name)
}

// Prop returns a structure block's property value ("" when absent).
func (b StructureBlock) Prop(key string) string {
	for _, p := range b.Props {
		if k, v, _ := strings.Cut(p, "="); k == key {
			return v
		}
	}
	return ""
}

// FarmFile is the farm data file: the settings and the structures they are
// built from.
type FarmFile struct {
	Source     string        `json:"source"`
	Settings   []FarmSetting `json:"settings"`
	Structures []Structure   `json:"structures"`
}

// ParseFarmFile reads a farm file, refusing unknown fields and trailing
// data, and validates every structure and setting; errors name the file.
func ParseFarmFile(name string, data []byte) (*FarmFile, error) {
	var f FarmFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("villagerbench: farm file %s: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("villagerbench: farm file %s: data after the file's object", name)
	}
	structures := map[string]*Structure{}
	for i := range f.Structures {
		st := &f.Structures[i]
		if st.Name == "" || structures[st.Name] != nil {
			return nil, fmt.Errorf("villagerbench: farm file %s: structures[%d].name: %q, expected a unique name", name, i, st.Name)
		}
		if err := st.Validate(); err != nil {
			return nil, fmt.Errorf("villagerbench: farm file %s: %w", name, err)
		}
		structures[st.Name] = st
	}
	names := map[string]bool{}
	for i := range f.Settings {
		s := &f.Settings[i]
		if names[s.Name] {
			return nil, fmt.Errorf("villagerbench: farm file %s: settings[%d].name: %q given twice", name, i, s.Name)
		}
		names[s.Name] = true
		if err := s.Validate(structures); err != nil {
			return nil, fmt.Errorf("villagerbench: farm file %s: %w", name, err)
		}
	}
	return &f, nil
}

// Marshal writes the farm file a setting, a structure block or entity per
// line, so that diffs of the committed data stay readable.
func (f *FarmFile) Marshal() ([]byte, error) {
	var b bytes.Buffer
	line := func(prefix string, v any) error {
		j, err := marshalCompact(v)
		if err != nil {
			return err
		}
		b.WriteString(prefix)
		b.Write(j)
		return nil
	}
	b.WriteString("{\n \"source\": " + strconv.Quote(f.Source) + ",\n \"settings\": [")
	for i, s := range f.Settings {
		sep := "\n  "
		if i > 0 {
			sep = ",\n  "
		}
		if err := line(sep, s); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n ],\n \"structures\": [")
	for i, st := range f.Structures {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  {\"name\": %s, \"size\": [%d, %d, %d],\n   \"blocks\": [", strconv.Quote(st.Name), st.Size[0], st.Size[1], st.Size[2])
		for j, bl := range st.Blocks {
			sep := "\n    "
			if j > 0 {
				sep = ",\n    "
			}
			if err := line(sep, bl); err != nil {
				return nil, err
			}
		}
		b.WriteString("\n   ]")
		if len(st.Entities) > 0 {
			b.WriteString(",\n   \"entities\": [")
			for j, e := range st.Entities {
				sep := "\n    "
				if j > 0 {
					sep = ",\n    "
				}
				if err := line(sep, e); err != nil {
					return nil, err
				}
			}
			b.WriteString("\n   ]")
		}
		b.WriteString("}")
	}
	b.WriteString("\n ]\n}\n")
	return b.Bytes(), nil
}

func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
