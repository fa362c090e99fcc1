package pipeline

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed presets/*.yaml
var presetFS embed.FS

// Presets are the built-in configs, by name.
func Presets() []string { return []string{"cuisineworld", "demo", "minecollab"} }

// Preset returns a built-in config's YAML, comments included.
func Preset(name string) ([]byte, error) {
	b, err := presetFS.ReadFile("presets/" + name + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("pipeline: unknown preset %q (want %s)", name, strings.Join(Presets(), " or "))
	}
	return b, nil
}
