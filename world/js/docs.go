package js

import (
	_ "embed"
	"encoding/json"
	"slices"
	"sync"
)

//go:generate go run ./gendocs -mindcraft $MINDCRAFT -o skilldocs.json

// skillDocsJSON is the docs of MINDcraft's library as its getSkillDocs
// renders them, generated from MINDcraft's source by gendocs.
//
//go:embed skilldocs.json
var skillDocsJSON []byte

var skillDocs = sync.OnceValue(func() []string {
	var docs []string
	if err := json.Unmarshal(skillDocsJSON, &docs); err != nil {
		panic("js: embedded skilldocs.json: " + err.Error()) // build-time data
	}
	return docs
})

// SkillDocs returns the docs of the skills and world library in
// MINDcraft's order ("skills.placeBlock\n* Place the given block ..."),
// from which the coding prompt's $CODE_DOCS is chosen.
func SkillDocs() []string { return slices.Clone(skillDocs()) }
