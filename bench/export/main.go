// Command exportbench drives the export package for bench/export/run.sh
// until the `collabcraft export` command exists.
//
//	exportbench gen -n 100000 -o corpus.jsonl     # a realistic MINDcraft-like corpus
//	exportbench export -in corpus.jsonl -out ds   # corpus -> Parquet dataset via package export
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"

	"collabcraft/export"

	json "github.com/goccy/go-json" // about 2x encoding/json on these long strings
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: exportbench gen|export [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		fs := flag.NewFlagSet("gen", flag.ExitOnError)
		n := fs.Int("n", 100000, "examples")
		out := fs.String("o", "corpus.jsonl", "output file")
		seed := fs.Uint64("seed", 1, "seed")
		fs.Parse(os.Args[2:])
		err = generate(*out, *n, *seed)
	case "export":
		fs := flag.NewFlagSet("export", flag.ExitOnError)
		in := fs.String("in", "corpus.jsonl", "corpus")
		out := fs.String("out", "ds", "dataset directory")
		formats := fs.String("format", "parquet", "formats")
		cpuprofile := fs.String("cpuprofile", "", "write a CPU profile here")
		memprofile := fs.String("memprofile", "", "write a heap profile here (taken every 20,000 examples; the last one is kept)")
		fs.Parse(os.Args[2:])
		if *cpuprofile != "" {
			pf, perr := os.Create(*cpuprofile)
			if perr != nil {
				err = perr
				break
			}
			pprof.StartCPUProfile(pf)
			defer pprof.StopCPUProfile()
		}
		err = runExport(*in, *out, *formats, *memprofile)
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "exportbench:", err)
		os.Exit(1)
	}
}

func runExport(in, out, formats, memprofile string) error {
	fs, err := export.ParseFormats(formats)
	if err != nil {
		return err
	}
	src := readCorpus(in)
	if memprofile != "" {
		src = withHeapProfile(src, memprofile)
	}
	res, err := export.Write(context.Background(), src, out, export.Options{
		Formats: fs, Overwrite: true, Split: export.SplitRule{By: "task", ValidationFraction: 0.05}})
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "exported %d of %d examples (%d duplicates, %d cross-split) into %d files\n",
		res.Counts.Written, res.Counts.In, res.Counts.Duplicates, res.Counts.CrossSplitDropped, len(res.Files))
	return nil
}

// readCorpus streams the corpus, decoding lines on every core but yielding
// them in file order, as the run reader will.
func readCorpus(path string) export.Source {
	return func(yield func(export.Example, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(export.Example{}, err)
			return
		}
		defer f.Close()
		type batch struct {
			lines [][]byte
			out   []export.Example
			err   error
			done  chan struct{}
		}
		work := make(chan *batch, 4)
		order := make(chan *batch, 4)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for b := range work {
					b.out = make([]export.Example, len(b.lines))
					for i, raw := range b.lines {
						var l line
						if err := json.Unmarshal(raw, &l); err != nil {
							b.err = fmt.Errorf("%s: %w", path, err)
							break
						}
						b.out[i] = l.example()
					}
					close(b.done)
				}
			}()
		}
		stop := make(chan struct{})
		go func() {
			defer close(order)
			defer close(work)
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<28)
			cur := &batch{done: make(chan struct{})}
			send := func() bool {
				select {
				case order <- cur:
				case <-stop:
					return false
				}
				work <- cur
				cur = &batch{done: make(chan struct{})}
				return true
			}
			for sc.Scan() {
				cur.lines = append(cur.lines, append([]byte(nil), sc.Bytes()...))
				if len(cur.lines) == 64 && !send() {
					return
				}
			}
			if err := sc.Err(); err != nil {
				cur.err = err
				close(cur.done)
				select {
				case order <- cur:
				case <-stop:
				}
				return
			}
			if len(cur.lines) > 0 {
				send()
			}
		}()
		defer func() {
			close(stop)
			for b := range order { // drain so the producer and workers finish
				<-b.done
			}
			wg.Wait()
		}()
		for b := range order {
			<-b.done
			if b.err != nil {
				yield(export.Example{}, b.err)
				return
			}
			for _, ex := range b.out {
				if !yield(ex, nil) {
					return
				}
			}
		}
	}
}

// withHeapProfile snapshots the heap every 20,000 examples.
func withHeapProfile(src export.Source, path string) export.Source {
	return func(yield func(export.Example, error) bool) {
		n := 0
		for ex, err := range src {
			if n++; n%20000 == 0 {
				if f, err := os.Create(path); err == nil {
					runtime.GC()
					pprof.WriteHeapProfile(f)
					f.Close()
				}
			}
			if !yield(ex, err) {
				return
			}
		}
	}
}
