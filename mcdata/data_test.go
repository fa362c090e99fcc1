package mcdata

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestEmbeddedData decodes the embedded file and checks its size is what
// Minecraft 1.21.1 has.
func TestEmbeddedData(t *testing.T) {
	d, err := decode(rawData)
	if err != nil {
		t.Fatalf("decode embedded data: %v", err)
	}
	if n := len(d.items); n < 1200 {
		t.Errorf("items = %d, want >= 1200", n)
	}
	if n := len(d.blocks); n < 1000 {
		t.Errorf("blocks = %d, want >= 1000", n)
	}
	if n := len(d.recipes); n < 700 {
		t.Errorf("craftable items = %d, want >= 700", n)
	}
	if n := len(d.foods); n < 40 {
		t.Errorf("foods = %d, want >= 40", n)
	}
}

// TestDataVersionMatchesPin checks the committed data was generated from the
// minecraft-data version pinned in generator/package.json, and that the pin
// is exact and agrees with the lock file.
func TestDataVersionMatchesPin(t *testing.T) {
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	readJSON(t, "generator/package.json", &pkg)
	pin := pkg.Dependencies["minecraft-data"]
	if pin == "" || strings.ContainsAny(pin, "^~<>=* ") {
		t.Fatalf("generator/package.json: minecraft-data %q: want an exact version", pin)
	}
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
	}
	readJSON(t, "generator/package-lock.json", &lock)
	if got := lock.Packages["node_modules/minecraft-data"].Version; got != pin {
		t.Errorf("package-lock.json has minecraft-data %q, package.json pins %q", got, pin)
	}
	want := "minecraft-data " + pin + " (Minecraft " + MinecraftVersion + ")"
	if got := DataVersion(); got != want {
		t.Errorf("DataVersion() = %q, want %q: run `make mcdata` after changing the pin", got, want)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestDecodeRejectsBadData(t *testing.T) {
	for name, raw := range map[string]string{
		"not json":      `{"items": [`,
		"wrong version": `{"source":"x","minecraftVersion":"1.19","items":[],"blocks":[],"recipes":[],"foods":[]}`,
		"bad item":      `{"source":"x","minecraftVersion":"1.21.1","items":[["stone"]],"blocks":[],"recipes":[],"foods":[]}`,
		"unknown ingredient": `{"source":"x","minecraftVersion":"1.21.1","items":[["stick",64]],"blocks":[],` +
			`"recipes":[{"result":"stick","count":4,"ingredients":[["oak_planks",2]]}],"foods":[]}`,
		"zero count": `{"source":"x","minecraftVersion":"1.21.1","items":[["stick",64]],"blocks":[],` +
			`"recipes":[{"result":"stick","count":0,"ingredients":[["stick",2]]}],"foods":[]}`,
	} {
		if _, err := decode([]byte(raw)); err == nil {
			t.Errorf("%s: decode succeeded, want an error", name)
		}
	}
}
