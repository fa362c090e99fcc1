package export

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"collabcraft/trajectory"
)

// Manifest is manifest.json: how the dataset was made and what it holds.
type Manifest struct {
	FormatVersion int      `json:"format_version"`
	Name          string   `json:"name"`
	Unit          string   `json:"unit"`
	Layout        Layout   `json:"layout"`
	Roles         Roles    `json:"roles"`
	Formats       []Format `json:"formats"`
	// JSONLCompression is how the OpenAI JSONL files are compressed, if
	// they are.
	JSONLCompression Compression       `json:"jsonl_compression,omitempty"`
	SplitRule        SplitRule         `json:"split_rule"`
	Dedup            string            `json:"dedup"`
	Counts           Counts            `json:"counts"`
	Versions         map[string]string `json:"versions"`
	Inputs           any               `json:"inputs"`
	Filters          any               `json:"filters"`
	Files            []FileInfo        `json:"files"`
	// Tokens are the examples' token lengths and the card's training limit.
	Tokens *TokenFigures `json:"tokens,omitempty"`
	// TaskTargets are what each task's splits never share (a farm dish, a
	// VillagerBench structure), by task id, for the kinds that have one:
	// the audit checks that no target is in two splits.
	TaskTargets map[string]string `json:"task_targets,omitempty"`
	// DemoTurns is "dropped" when the dispatch examples leave out their
	// one-shot demo turns (Options.DropDemos).
	DemoTurns string `json:"demo_turns,omitempty"`
	// Skipped are the damaged run records left out: their trials are not
	// in the dataset.
	Skipped []trajectory.Damage `json:"skipped_damaged_records,omitempty"`
}

const dedupText = "exact: 128-bit XXH3 of the written messages (roles and contents); one copy kept across the whole dataset, " +
	"train copies of examples also in another split removed"

func writeManifest(dir string, o Options, r *Dataset) error {
	m := Manifest{
		FormatVersion: 1, Name: o.Name, Unit: o.Unit, Layout: o.Layout, Roles: o.Roles,
		Formats: o.Formats, JSONLCompression: o.Compress, SplitRule: o.Split, Dedup: dedupText, Counts: r.Counts,
		Versions: o.Versions, Inputs: o.Inputs, Filters: o.Filters, Files: r.Files,
		Tokens: r.Tokens, Skipped: skipped(o), TaskTargets: r.Counts.TaskTargets,
	}
	if o.DropDemos {
		m.DemoTurns = "dropped"
	}
	if m.Versions == nil {
		m.Versions = map[string]string{}
	}
	if m.Files == nil {
		m.Files = []FileInfo{}
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("export: manifest: %w", err)
	}
	_, _, err = writeSmallFile(filepath.Join(dir, "manifest.json"), append(data, '\n'))
	return err
}

// skipped lists the lost damaged records the input skipped.
func skipped(o Options) []trajectory.Damage {
	if o.Skipped == nil {
		return nil
	}
	var out []trajectory.Damage
	for _, d := range o.Skipped() {
		if d.Lost() {
			out = append(out, d)
		}
	}
	return out
}
