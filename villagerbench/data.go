package villagerbench

//go:generate sh -c "cd .. && make villagerbench-data"

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"collabcraft/plainjson"
)

// The paper's 100 blueprints, rebuilt from VillagerAgent's
// data/blueprint_description_all.json (its data/building_blue_print.json is
// not in the snapshot) by generator/main.go: make villagerbench-data.
//
//go:embed data/paper.json
var paperJSON []byte

// File is a blueprint file: where the blueprints come from, and the
// blueprints.
type File struct {
	Source     string      `json:"source"`
	Blueprints []Blueprint `json:"blueprints"`
}

// ParseFile reads a blueprint file, refusing unknown fields and trailing
// data, and validates every blueprint; errors name the file.
func ParseFile(name string, data []byte) (*File, error) {
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("villagerbench: blueprint file %s: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("villagerbench: blueprint file %s: data after the file's object", name)
	}
	ids := map[string]bool{}
	for i := range f.Blueprints {
		bp := &f.Blueprints[i]
		if bp.ID == "" || ids[bp.ID] {
			return nil, fmt.Errorf("villagerbench: blueprint file %s: blueprints[%d].id: %q, expected a unique id", name, i, bp.ID)
		}
		ids[bp.ID] = true
		if err := bp.Validate(); err != nil {
			return nil, fmt.Errorf("villagerbench: blueprint file %s: %w", name, err)
		}
	}
	return &f, nil
}

// Marshal writes a blueprint file: one description line and one block per
// line, so that diffs of the committed data stay readable.
func (f *File) Marshal() ([]byte, error) {
	var b bytes.Buffer
	str := func(s string) error {
		j, err := plainjson.Marshal(s)
		b.Write(j)
		return err
	}
	b.WriteString("{\n \"source\": ")
	if err := str(f.Source); err != nil {
		return nil, err
	}
	b.WriteString(",\n \"blueprints\": [")
	for i, bp := range f.Blueprints {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  {\"id\": ")
		if err := str(bp.ID); err != nil {
			return nil, err
		}
		b.WriteString(",\n   \"description\": [")
		for j, line := range bp.Description {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n    ")
			if err := str(line); err != nil {
				return nil, err
			}
		}
		if len(bp.Description) > 0 {
			b.WriteString("\n   ")
		}
		b.WriteString("],\n   \"blocks\": [")
		for j, bl := range bp.Blocks {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n    {\"name\": ")
			if err := str(bl.Name); err != nil {
				return nil, err
			}
			p := bl.Position
			fmt.Fprintf(&b, ", \"position\": [%d, %d, %d], \"facing\": %s}", p[0], p[1], p[2], strconv.Quote(string(bl.Facing)))
		}
		b.WriteString("\n   ]}")
	}
	b.WriteString("\n ]\n}\n")
	return b.Bytes(), nil
}

var paper = sync.OnceValues(func() ([]Blueprint, error) {
	f, err := ParseFile("data/paper.json", paperJSON)
	if err != nil {
		return nil, err
	}
	return f.Blueprints, nil
})

// Paper returns the paper's 100 construction blueprints, task_0 to
// task_99 in order (a copy: changing it changes nothing here).
func Paper() []Blueprint {
	bps, err := paper()
	if err != nil {
		// The embedded file is part of the build; TestPaperBlueprints catches this.
		panic(err)
	}
	out := make([]Blueprint, len(bps))
	for i, bp := range bps {
		out[i] = bp.Clone()
	}
	return out
}

// Clone returns a deep copy.
func (bp Blueprint) Clone() Blueprint {
	bp.Description = slices.Clone(bp.Description)
	bp.Blocks = slices.Clone(bp.Blocks)
	return bp
}
