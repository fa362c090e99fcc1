package audit

import (
	"iter"

	"collabcraft/export"
	"collabcraft/filter"
)

// Open reads runs, filtered views and exported datasets as one stream of
// examples: a run's or view's trials become one example per model call,
// as export makes them; a dataset's rows are read back from its Parquet
// files.
func Open(dirs ...string) (iter.Seq2[export.Example, error], error) {
	var runs []string
	var sources []export.Source
	for _, d := range dirs {
		if export.IsDataset(d) {
			src, err := export.ReadDataset(d)
			if err != nil {
				return nil, err
			}
			sources = append(sources, src)
			continue
		}
		runs = append(runs, d)
	}
	if len(runs) > 0 {
		in, err := filter.Open(runs...)
		if err != nil {
			return nil, err
		}
		sources = append(sources, export.FromTrials(in.Trials(), export.UnitTransition))
	}
	return func(yield func(export.Example, error) bool) {
		for _, src := range sources {
			for ex, err := range src {
				if !yield(ex, err) {
					return
				}
			}
		}
	}, nil
}
