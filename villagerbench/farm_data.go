package villagerbench

import (
	_ "embed"
	"sync"
)

// The paper's 100 farm-to-table settings and the 16 structures they are
// built from, in our format, written from VillagerAgent's
// data/farm_setting.json and data/farm_blue_print.json by
// generator/main.go (make villagerbench-data).
//
//go:embed data/farm.json
var farmJSON []byte

var farmPaper = sync.OnceValues(func() (*FarmFile, error) {
	return ParseFarmFile("data/farm.json", farmJSON)
})

func farmFile() *FarmFile {
	f, err := farmPaper()
	if err != nil {
		// The embedded file is part of the build; TestFarmPaper catches this.
		panic(err)
	}
	return f
}

// FarmPaper returns the paper's 100 farm-to-table settings in the file's
// order: cake_0 to cake_35, then rabbit_stew_0 to rabbit_stew_63 (a copy).
func FarmPaper() []FarmSetting {
	f := farmFile()
	out := make([]FarmSetting, len(f.Settings))
	for i, s := range f.Settings {
		out[i] = s.Clone()
	}
	return out
}

// FarmStructures returns the structures by name (shared: do not change
// them).
func FarmStructures() map[string]*Structure { return farmStructures() }

var farmStructures = sync.OnceValue(func() map[string]*Structure {
	f := farmFile()
	m := make(map[string]*Structure, len(f.Structures))
	for i := range f.Structures {
		m[f.Structures[i].Name] = &f.Structures[i]
	}
	return m
})
