// Command exportbench makes the inputs of bench/export/run.sh.
//
//	exportbench run -n 100000 -o RUN         # a MINDcraft-like run of exactly n transitions (trajectory writer)
//	exportbench jsonl -in RUN -o corpus.jsonl # its examples as JSONL (messages + metadata columns) for DuckDB
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: exportbench run|jsonl [flags]")
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
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "exportbench:", err)
		os.Exit(1)
	}
}
