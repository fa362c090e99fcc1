package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"collabcraft/export"
	"collabcraft/trajectory"
)

// line is one example as JSON: the messages and the metadata columns, flat,
// so DuckDB's read_json turns it into the table `collabcraft export` writes.
type line struct {
	ID           string           `json:"id"`
	Messages     []export.Message `json:"messages"`
	TrialID      string           `json:"trial_id"`
	TaskID       string           `json:"task_id"`
	TaskType     string           `json:"task_type"`
	Split        string           `json:"split"`
	Agent        string           `json:"agent"`
	Step         int              `json:"step"`
	Kind         string           `json:"kind"`
	Score        float64          `json:"score"`
	Success      bool             `json:"success"`
	Model        string           `json:"model"`
	NumAgents    int              `json:"num_agents"`
	Depth        *int             `json:"depth"`
	Plan         *string          `json:"plan"`
	MissingItems *int             `json:"missing_items"`
	HellsKitchen *bool            `json:"hells_kitchen"`
	Materials    *int             `json:"materials"`
	Rooms        *int             `json:"rooms"`
	Windows      *int             `json:"windows"`
	Carpets      *int             `json:"carpets"`
	Variant      *int             `json:"variant"`
}

// writeJSONL writes one line per transition of the run, the same examples
// `collabcraft export --keep-all` makes (the context sent plus the response
// as the last assistant turn), in the same order.
func writeJSONL(run, path string) error {
	r, err := trajectory.Open(run)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for t, err := range r.Trials() {
		if err != nil {
			f.Close()
			return err
		}
		for _, a := range t.Agents {
			l := line{TrialID: t.TrialID, TaskID: t.TaskID, TaskType: t.TaskType, Split: t.Split, Agent: a.Name,
				Score: t.Outcome.Score, Success: t.Outcome.Success, NumAgents: len(t.Team)}
			for _, m := range t.Team {
				if m.Name == a.Name {
					l.Model = m.Model
				}
			}
			knobs(t, &l)
			for _, tr := range a.Transitions {
				l.ID = filepath.Base(run) + "/" + t.TrialID + "/" + a.Name + "/" + strconv.Itoa(tr.Step)
				l.Step, l.Kind = tr.Step, tr.Kind
				l.Messages = append(append(l.Messages[:0], tr.Messages...), export.Message{Role: "assistant", Content: tr.Response})
				if err := enc.Encode(&l); err != nil {
					f.Close()
					return err
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// knobs fills the difficulty columns from the trial's difficulty map.
func knobs(t *trajectory.Trial, l *line) {
	num := func(k string) *int {
		if v, ok := t.Difficulty[k].(float64); ok {
			i := int(v)
			return &i
		}
		return nil
	}
	switch t.TaskType {
	case "techtree":
		l.Depth, l.MissingItems = num("depth"), num("missing")
		if p, ok := t.Difficulty["plan"].(string); ok {
			l.Plan = &p
		}
	case "cooking":
		hk := fmt.Sprint(t.Difficulty["variant"]) == "hells_kitchen"
		l.HellsKitchen = &hk
	case "construction":
		l.Materials, l.Rooms, l.Windows, l.Carpets, l.Variant = num("materials"), num("rooms"), num("windows"), num("carpets"), num("variant")
	}
}
