// Command exportbench makes the inputs of bench/export/run.sh.
//
//	exportbench run -n 100000 -o RUN         # a MINDcraft-like run of exactly n transitions (trajectory writer)
//	exportbench jsonl -in RUN -o corpus.jsonl # its examples as JSONL (messages + metadata columns) for DuckDB
//	exportbench read -in RUN                  # only read the run's trials as export does (filter.Open): the reading floor
package main

import (
	"flag"
	"fmt"
	"os"

	"collabcraft/filter"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: exportbench run|jsonl|read [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "run":
		fs := flag.NewFlagSet("run", flag.ExitOnError)
		n := fs.Int("n", 100000, "transitions")
		out := fs.String("o", "run", "run directory to create")
		seed := fs.Uint64("seed", 1, "seed")
		fs.Parse(os.Args[2:])
		err = genRun(*out, *n, *seed)
	case "jsonl":
		fs := flag.NewFlagSet("jsonl", flag.ExitOnError)
		in := fs.String("in", "run", "run directory")
		out := fs.String("o", "corpus.jsonl", "JSONL file to write")
		fs.Parse(os.Args[2:])
		err = writeJSONL(*in, *out)
	case "read":
		fs := flag.NewFlagSet("read", flag.ExitOnError)
		in := fs.String("in", "run", "run directory")
		fs.Parse(os.Args[2:])
		err = readRun(*in)
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "exportbench:", err)
		os.Exit(1)
	}
}

// readRun decodes every trial of a run through filter.Open, the way
// `collabcraft export` reads its input, and does nothing else with them.
func readRun(dir string) error {
	in, err := filter.Open(dir)
	if err != nil {
		return err
	}
	n := 0
	for t, err := range in.Trials() {
		if err != nil {
			return err
		}
		for _, a := range t.Agents {
			n += len(a.Transitions)
		}
	}
	fmt.Fprintf(os.Stderr, "read %d transitions\n", n)
	return nil
}
