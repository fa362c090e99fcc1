package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Collective collection tasks (S-Agents, seed 000, §IV.A): the team mines
// N logs, stones or iron, starting with no equipment, in a world with
// terrain to search (trees, stone outcrops, ores underground in pits; the
// world's build_collection.go). The task's "collection" field says what
// and how many, and how far from the spawn the material starts. A target
// is a material and a quantity: test holds the paper's quantities (50 and
// 100, Fig. 7), dev the other multiples of 25, train the rest, so no
// target is in two splits.
const (
	DefaultCollectionTrain = 600
	DefaultCollectionDev   = 60
	DefaultCollectionTest  = 60
	collectionGenerator    = "collabcraft/collection"
	// MaxCollectionQuantity bounds a task's quantity: ten stacks.
	MaxCollectionQuantity = 640
)

// Collection materials, as S-Agents' goals name them ("Mine 50 logs").
const (
	MaterialLogs   = "logs"
	MaterialStones = "stones"
	MaterialIron   = "iron"
)

// CollectionMaterials lists the materials in generation order.
var CollectionMaterials = []string{MaterialLogs, MaterialStones, MaterialIron}

// CollectionDistances are the generated tasks' distances from the spawn
// to the nearest source of the material: near (in mineBlock's 32-block
// reach from the spawn), mid and far (found only by exploring).
var CollectionDistances = []int{8, 24, 40}

var collectionDefaultCounts = map[string]int{SplitTrain: DefaultCollectionTrain, SplitDev: DefaultCollectionDev, SplitTest: DefaultCollectionTest}

// CollectionSpec is a collection task's "collection" field.
type CollectionSpec struct {
	Material string `json:"material"` // logs, stones or iron
	Quantity int    `json:"quantity"` // how many the team must hold
	// Distance is how far from the spawn, in blocks, the nearest source
	// of the material lies (trees, stone, the iron pits).
	Distance int `json:"distance"`
}

// CollectionCounts reports whether holding item counts towards a
// collection of material: any log for logs; cobblestone (what mining
// stone gives) or stone for stones; raw iron, iron ore or an ingot
// smelted from them for iron.
func CollectionCounts(material, item string) bool {
	switch material {
	case MaterialLogs:
		return strings.HasSuffix(item, "_log")
	case MaterialStones:
		return item == "cobblestone" || item == "stone"
	case MaterialIron:
		return item == "raw_iron" || item == "iron_ore" || item == "iron_ingot"
	}
	return false
}

// CollectionSplit is the split a quantity belongs to.
func CollectionSplit(quantity int) string {
	switch {
	case quantity == 50 || quantity == 100:
		return SplitTest
	case quantity%25 == 0:
		return SplitDev
	}
	return SplitTrain
}

// collectionQuantities are the quantities a split's generated tasks take
// in turn.
func collectionQuantities(split string) []int {
	switch split {
	case SplitTest:
		return []int{50, 100}
	case SplitDev:
		return []int{25, 75, 125}
	}
	var qs []int
	for q := 10; q <= 120; q += 5 {
		if CollectionSplit(q) == SplitTrain {
			qs = append(qs, q)
		}
	}
	return qs
}

// Collection is S-Agents' collective collection kind.
var Collection = &Kind{
	Name: KindCollection, TaskType: TypeCollection,
	Family: FamilySAgents, World: WorldMinecraft,
	// S-Agents' tree organisation and its chain and graph baselines
	// (generate/tree) play them; the other organisations' agents have no entry for them.
	Orgs:          []string{"tree", "chain", "graph"},
	NotPlayedWhy:  "S-Agents' goals, typed in the chat for a team that plans, writes Voyager programs and reports on a message pool; the other organisations' agents have no entry for them",
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: collectionDefaultCounts,
	Scored:        true,
	solo:          true,
	Knobs: []Knob{
		{Name: "material", Type: KnobString, read: fromDifficulty("material")},
		{Name: "quantity", Type: KnobInt, read: fromDifficulty("quantity")},
		{Name: "distance", Type: KnobInt, read: fromDifficulty("distance")},
	},
	generate: GenerateCollection,
	target: func(d map[string]any) string {
		m, _ := d["material"].(string)
		q, ok := d["quantity"].(float64)
		if m == "" || !ok {
			return ""
		}
		return fmt.Sprintf("collect:%s:%d", m, int(q))
	},
	validate: (*validator).collection,
	breakdown: func(t *Task) string {
		if t.Collection == nil {
			return ""
		}
		return fmt.Sprintf("%d %s", t.Collection.Quantity, t.Collection.Material)
	},
}

// GenerateCollection makes collection tasks of one split: the materials
// (o.Material, or all three) in turn, each over the split's quantities
// (o.Quantity, or the split's own) and the distances.
func GenerateCollection(o GenerateOptions) ([]Task, error) {
	if err := o.checkSolo(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: collection: %w", err)
	}
	materials := CollectionMaterials
	if o.Material != "" {
		if !slices.Contains(CollectionMaterials, o.Material) {
			return nil, fmt.Errorf("procgen: collection: material %q, expected one of %s", o.Material, strings.Join(CollectionMaterials, ", "))
		}
		materials = []string{o.Material}
	}
	quantities := collectionQuantities(o.Split)
	if o.Quantity != 0 {
		if o.Quantity < 1 || o.Quantity > MaxCollectionQuantity {
			return nil, fmt.Errorf("procgen: collection: quantity %d, expected 1 to %d", o.Quantity, MaxCollectionQuantity)
		}
		if s := CollectionSplit(o.Quantity); s != o.Split {
			return nil, fmt.Errorf("procgen: collection: quantity %d belongs to the %s split (test: 50 and 100, the paper's; dev: other multiples of 25; train: the rest), not %s", o.Quantity, s, o.Split)
		}
		quantities = []int{o.Quantity}
	}
	n := o.N
	if n == 0 {
		n = collectionDefaultCounts[o.Split]
	}
	tasks := make([]Task, 0, n)
	seen := map[string]int{}
	for i := range n {
		m := materials[i%len(materials)]
		k := i / len(materials)
		q := quantities[k%len(quantities)]
		d := CollectionDistances[(k/len(quantities))%len(CollectionDistances)]
		base := fmt.Sprintf("collection_%s_%d_d%d", m, q, d)
		id := fmt.Sprintf("%s_%d", base, seen[base])
		seen[base]++
		tasks = append(tasks, CollectionTask(id, CollectionSpec{Material: m, Quantity: q, Distance: d}, o.Options))
	}
	return tasks, nil
}

// CollectionGoal is the goal as S-Agents' user typed it ("Mine 50 logs").
func CollectionGoal(s CollectionSpec) string {
	return fmt.Sprintf("Mine %d %s", s.Quantity, s.Material)
}

// collectionSeconds is the time a unit of material takes one agent, tools
// made and the source found (iron: the pit, the stone pickaxe first).
var collectionSeconds = map[string]int{MaterialLogs: 30, MaterialStones: 30, MaterialIron: 60}

// CollectionTask makes one collection task: every agent starts with an
// empty inventory; the timeout leaves room for S-Agents' NaN rule (no
// progress for 40 minutes) and grows with the quantity.
func CollectionTask(id string, s CollectionSpec, o Options) Task {
	inv := map[string]map[string]int{}
	for i := range o.Agents {
		inv[agentID(i)] = map[string]int{}
	}
	t := Task{
		ID: id, Type: TypeCollection,
		Goal:       Goal{Text: CollectionGoal(s)},
		AgentCount: o.Agents, HumanCount: IntPtr(0),
		InitialInventory: inv,
		Timeout:          1800 + s.Quantity*collectionSeconds[s.Material],
		Collection:       &s,
		Split:            o.Split,
		Difficulty:       map[string]any{"material": s.Material, "quantity": s.Quantity, "distance": s.Distance},
		Generator:        &Generator{Name: collectionGenerator, Version: GeneratorVersion},
	}
	t.Seed = taskSeed(o.Seed, t.ID)
	return t
}

func decodeCollectionSpec(v json.RawMessage) (*CollectionSpec, error) {
	return decodeStrict[CollectionSpec](v, "collection", `{"material", "quantity", "distance"}`)
}

// decodeStrict decodes a task's field of shape T, refusing unknown
// fields; shape is what the error says the field should be.
func decodeStrict[T any](v json.RawMessage, field, shape string) (*T, error) {
	var s T
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("field %q: expected %s: %v", field, shape, err)
	}
	return &s, nil
}

// collection checks a collection task's field.
func (v *validator) collection() {
	s := v.t.Collection
	if s == nil {
		v.add("collection", "missing (expected {\"material\", \"quantity\", \"distance\"})")
		return
	}
	if !slices.Contains(CollectionMaterials, s.Material) {
		v.add("collection.material", fmt.Sprintf("%q, expected one of %s", s.Material, strings.Join(CollectionMaterials, ", ")))
	}
	if s.Quantity < 1 || s.Quantity > MaxCollectionQuantity {
		v.add("collection.quantity", fmt.Sprintf("%d, expected 1 to %d", s.Quantity, MaxCollectionQuantity))
	}
	if s.Distance < 0 || s.Distance > MaxCollectionDistance {
		v.add("collection.distance", fmt.Sprintf("%d, expected 0 to %d blocks", s.Distance, MaxCollectionDistance))
	}
}

// MaxCollectionDistance bounds how far the material may start: the world
// grows with it.
const MaxCollectionDistance = 64
