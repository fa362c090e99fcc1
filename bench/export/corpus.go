package main

import (
	"bufio"
	"os"

	"collabcraft/export"
	"collabcraft/trajectory"
)

// writeJSONL writes one line per transition of the run, the same examples
// `collabcraft export --keep-all` makes (export.FromTrials), in the same
// order, with the dataset's columns (export.WriteJSONRows), so DuckDB's
// read_json turns it into the table `collabcraft export` writes.
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
	if _, err := export.WriteJSONRows(bw, export.FromTrials(r.Trials(), export.UnitTransition)); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
