package collabcraft_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures under testdata/mindcraft are written by MINDcraft's own code
// (make mindcraft-fixtures); each must parse and name the MINDcraft commit
// and Minecraft version our data reproduces.
func TestMindcraftFixturesNameCommit(t *testing.T) {
	files, err := filepath.Glob("testdata/mindcraft/*.json*")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/mindcraft")
	}
	for _, f := range files {
		var doc struct {
			Header struct {
				MindcraftCommit  string `json:"mindcraft_commit"`
				MinecraftVersion string `json:"minecraft_version"`
			} `json:"header"`
		}
		readJSON(t, f, &doc)
		if !strings.HasPrefix(doc.Header.MindcraftCommit, "0012750") {
			t.Errorf("%s: mindcraft_commit %q, want 0012750...", f, doc.Header.MindcraftCommit)
		}
		if doc.Header.MinecraftVersion != "1.21.1" {
			t.Errorf("%s: minecraft_version %q, want 1.21.1", f, doc.Header.MinecraftVersion)
		}
	}
}
