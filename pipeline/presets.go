package pipeline

import (
	"embed"
	"fmt"
	"path"
	"strings"
)

//go:embed presets/*.yaml
var presetFS embed.FS

// Presets are the built-in configs, by name: the embedded files, so a new
// preset file is listed without a second edit (villagerbench once was not).
func Presets() []string {
	entries, err := presetFS.ReadDir("presets")
	if err != nil { // the embedded directory is part of the binary
		panic(fmt.Sprintf("pipeline: embedded presets: %v", err))
	}
	var names []string // ReadDir sorts by name
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
	}
	return names
}

// Preset returns a built-in config's YAML, comments included.
func Preset(name string) ([]byte, error) {
	b, err := presetFS.ReadFile("presets/" + name + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("pipeline: unknown preset %q (want %s)", name, strings.Join(Presets(), " or "))
	}
	return b, nil
}
