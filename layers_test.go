package collabcraft_test

import (
	"go/build"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layers is the package graph of docs/dev/ARCHITECTURE.md: a package may
// import only packages of a lower layer. Data flows one way (procgen ->
// generate -> filter -> export), the leaf data packages sit at the bottom,
// and only the CLI and the pipeline see everything. A new package must be
// placed here, which is the moment to decide where it belongs.
var layers = map[string]int{
	"atomicfile":                       0,
	"plainjson":                        0,
	"suggest":                          -1,
	"plural":                           -1,
	"pyrand":                           -1,
	"scan":                             -1,
	"tokens":                           0,
	"mcdata":                           0,
	"world/texts":                      0,
	"villager":                         0,
	"voyager":                          1,
	"sagents":                          1,
	"covoyager":                        2,
	"generate/latency":                 0,
	"trajectory":                       1,
	"world/command":                    1,
	"escape":                           1,
	"blueprints":                       1,
	"villagerbench":                    1,
	"procgen":                          2,
	"world":                            3,
	"cuisine":                          0,
	"mckitchen":                        1,
	"generate/scripted/dispatcher":     2,
	"generate/scripted/chat":           3,
	"generate/llm":                     3,
	"generate/llm/llmtest":             3,
	"world/js":                         4,
	"world/js/hostile":                 4,
	"generate":                         5,
	"generate/team":                    6,
	"generate/scripted/dagexpert":      5,
	"generate/scripted/treeexpert":     5,
	"generate/scripted/queueexpert":    5,
	"generate/scripted/know":           6,
	"generate/scripted":                7,
	"quality":                          6,
	"generate/dag":                     6,
	"generate/dispatch":                6,
	"generate/tree":                    6,
	"generate/queue":                   6,
	"filter":                           7,
	"generate/voice":                   7,
	"generate/orgs":                    7,
	"stats":                            8,
	"export":                           8,
	"audit":                            9,
	"pipeline":                         10,
	"cmd/collabcraft":                  11,
	"bench/export":                     11,
	"scripts/voyager-fixtures/harvest": 11,
	"world/js/gendocs":                 11,
	"villagerbench/generator":          11,
}

const module = "collabcraft"

func TestPackagesAreLayered(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if _, ok := err.(*build.NoGoError); ok || path == "." {
			return nil
		}
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(path)
		seen[rel] = true
		layer, ok := layers[rel]
		if !ok {
			t.Errorf("package %s has no layer: place it in layers (layers_test.go) and in docs/dev/ARCHITECTURE.md", rel)
			return nil
		}
		for _, imp := range pkg.Imports {
			dep, ours := strings.CutPrefix(imp, module+"/")
			if !ours {
				continue
			}
			if dl, ok := layers[dep]; ok && dl >= layer {
				t.Errorf("%s (layer %d) imports %s (layer %d): a package may import only lower layers", rel, layer, dep, dl)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range slices.Sorted(maps.Keys(layers)) {
		if !seen[p] {
			t.Errorf("layers names %s, which is not a package any more", p)
		}
	}
}
