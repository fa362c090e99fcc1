package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"

	"collabcraft/atomicfile"
	"collabcraft/villagerbench"
)

// The farm-to-table data: VillagerAgent's data/farm_setting.json (the
// paper's 100 settings) and data/farm_blue_print.json (the 16 structures
// they are built from), rewritten in our format (villagerbench.FarmFile)
// with their keys' order kept: a setting's option keys, a block's state
// properties and the structures in the file's order.
const (
	farmSettingSource   = "data/farm_setting.json"
	farmBlueprintSource = "data/farm_blue_print.json"
)

// kv is one member of a JSON object, in the file's order.
type kv struct {
	key   string
	value json.RawMessage
}

// members reads a JSON object's members in order.
func members(raw json.RawMessage) ([]kv, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if t != json.Delim('{') {
		return nil, fmt.Errorf("expected an object, got %v", t)
	}
	var out []kv
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, kv{t.(string), v})
	}
	return out, nil
}

func gitShow(mirror, rev, path string) ([]byte, error) {
	raw, err := exec.Command("git", "-C", mirror, "show", rev+":"+path).Output()
	if err != nil {
		return nil, fmt.Errorf("reading %s at %s: %w", path, rev, err)
	}
	return raw, nil
}

func runFarm(mirror, rev, commit, out string) error {
	rawSettings, err := gitShow(mirror, rev, farmSettingSource)
	if err != nil {
		return err
	}
	rawBlueprints, err := gitShow(mirror, rev, farmBlueprintSource)
	if err != nil {
		return err
	}
	f := villagerbench.FarmFile{Source: fmt.Sprintf("VillagerAgent %s %s, %s", commit, farmSettingSource, farmBlueprintSource)}
	structs, err := members(rawBlueprints)
	if err != nil {
		return fmt.Errorf("%s: %w", farmBlueprintSource, err)
	}
	for _, m := range structs {
		st, err := readStructure(m.key, m.value)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", farmBlueprintSource, m.key, err)
		}
		f.Structures = append(f.Structures, st)
	}
	var settings []json.RawMessage
	if err := json.Unmarshal(rawSettings, &settings); err != nil {
		return fmt.Errorf("%s: %w", farmSettingSource, err)
	}
	for i, raw := range settings {
		s, err := readSetting(raw)
		if err != nil {
			return fmt.Errorf("%s: setting %d: %w", farmSettingSource, i, err)
		}
		f.Settings = append(f.Settings, s)
	}
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	if _, err := villagerbench.ParseFarmFile(out, data); err != nil {
		return err
	}
	if err := atomicfile.Write(out, data); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d settings, %d structures\n", out, len(f.Settings), len(f.Structures))
	return nil
}

// readSetting reads one setting: name, target, the option keys in order,
// component and check_point.
func readSetting(raw json.RawMessage) (villagerbench.FarmSetting, error) {
	var s villagerbench.FarmSetting
	ms, err := members(raw)
	if err != nil {
		return s, err
	}
	for _, m := range ms {
		var err error
		switch m.key {
		case "name":
			err = json.Unmarshal(m.value, &s.Name)
		case "target":
			err = json.Unmarshal(m.value, &s.Dish)
		case "component":
			var cs []map[string]json.RawMessage
			if err = json.Unmarshal(m.value, &cs); err == nil {
				for _, c := range cs {
					comp, cerr := readComponent(c)
					if cerr != nil {
						return s, cerr
					}
					s.Components = append(s.Components, comp)
				}
			}
		case "check_point":
			var cps []struct {
				Name  string   `json:"name"`
				Count int      `json:"count"`
				Score int      `json:"score"`
				Sub   []string `json:"sub_check_point"`
			}
			if err = json.Unmarshal(m.value, &cps); err == nil {
				for _, c := range cps {
					s.Checkpoints = append(s.Checkpoints, villagerbench.FarmCheckpoint{Name: c.Name, Count: c.Count, Score: c.Score, Sub: c.Sub})
				}
			}
		default:
			var supply string
			err = json.Unmarshal(m.value, &supply)
			s.Options = append(s.Options, villagerbench.FarmOption{Ingredient: m.key, Supply: supply})
		}
		if err != nil {
			return s, fmt.Errorf("%s: %w", m.key, err)
		}
	}
	return s, nil
}

func readComponent(c map[string]json.RawMessage) (villagerbench.FarmComponent, error) {
	var comp villagerbench.FarmComponent
	for k, v := range c {
		var err error
		switch k {
		case "name":
			err = json.Unmarshal(v, &comp.Name)
		case "type":
			err = json.Unmarshal(v, &comp.Type)
		case "position":
			err = json.Unmarshal(v, &comp.Position)
		case "facing":
			err = json.Unmarshal(v, &comp.Facing)
		case "items":
			err = json.Unmarshal(v, &comp.Items)
		default:
			err = fmt.Errorf("a key the format does not know")
		}
		if err != nil {
			return comp, fmt.Errorf("component %s: %w", k, err)
		}
	}
	return comp, nil
}

// readStructure reads a structure: size, blocks (name, position, then
// their state properties in order, and a chest's items), entities.
func readStructure(name string, raw json.RawMessage) (villagerbench.Structure, error) {
	st := villagerbench.Structure{Name: name}
	var s struct {
		Size     [3]int            `json:"size"`
		Blocks   []json.RawMessage `json:"blocks"`
		Entities []struct {
			Name     string     `json:"name"`
			Position [3]float64 `json:"position"`
		} `json:"entities"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return st, err
	}
	st.Size = s.Size
	for _, e := range s.Entities {
		st.Entities = append(st.Entities, villagerbench.StructureEntity{Name: e.Name, Position: e.Position})
	}
	for i, rb := range s.Blocks {
		ms, err := members(rb)
		if err != nil {
			return st, err
		}
		var b villagerbench.StructureBlock
		for _, m := range ms {
			var err error
			switch m.key {
			case "name":
				err = json.Unmarshal(m.value, &b.Name)
			case "position":
				err = json.Unmarshal(m.value, &b.Position)
			case "items":
				err = json.Unmarshal(m.value, &b.Items)
			default:
				var v any
				if err = json.Unmarshal(m.value, &v); err == nil {
					b.Props = append(b.Props, m.key+"="+strings.TrimSpace(fmt.Sprint(v)))
				}
			}
			if err != nil {
				return st, fmt.Errorf("blocks[%d].%s: %w", i, m.key, err)
			}
		}
		st.Blocks = append(st.Blocks, b)
	}
	return st, nil
}
