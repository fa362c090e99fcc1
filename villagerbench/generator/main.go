// Command generator writes villagerbench/data/paper.json, the paper's 100
// construction blueprints, from VillagerAgent's
// data/blueprint_description_all.json in a git mirror. Its
// data/building_blue_print.json (the blueprints its judge loads, at least
// 4 MiB) is not in the snapshot; the descriptions are what its agents were
// given, and every position, material and facing is in them. Each task's
// lines are kept verbatim as the blueprint's description and read into
// blocks with villagerbench.ParseDescription.
//
//	go run ./villagerbench/generator -mirror M -rev dd1ecc1 -out villagerbench/data/paper.json
//
// With -farm it also writes the farm-to-table data (farm.go).
//
// With -sample it also writes one generated blueprint of each knob
// combination (the test split's first 12, seed 1), the sample judge.py
// scores with VillagerBench's own judge beside the paper's.
//
// Run it with `make villagerbench-data`, which also writes the independent
// check file (check.py) and the judge's cases (judge.py).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"collabcraft/atomicfile"
	"collabcraft/villagerbench"
)

const source = "data/blueprint_description_all.json"

func main() {
	mirror := flag.String("mirror", "", "VillagerAgent git mirror")
	rev := flag.String("rev", "dd1ecc1", "VillagerAgent revision")
	out := flag.String("out", "", "the file to write")
	sample := flag.String("sample", "", "also write the generated sample here")
	farm := flag.String("farm", "", "also write the farm-to-table settings and structures here")
	flag.Parse()
	if *mirror == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: generator -mirror DIR [-rev REV] -out FILE")
		os.Exit(2)
	}
	if err := run(*mirror, *rev, *out); err != nil {
		fmt.Fprintln(os.Stderr, "generator:", err)
		os.Exit(1)
	}
	if *farm != "" {
		commit, err := exec.Command("git", "-C", *mirror, "rev-parse", *rev+"^{commit}").Output()
		if err == nil {
			err = runFarm(*mirror, *rev, strings.TrimSpace(string(commit)), *farm)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "generator:", err)
			os.Exit(1)
		}
	}
	if *sample != "" {
		if err := writeSample(*sample); err != nil {
			fmt.Fprintln(os.Stderr, "generator:", err)
			os.Exit(1)
		}
	}
}

// writeSample writes villagerbench.Sample().
func writeSample(path string) error {
	f := villagerbench.File{Source: villagerbench.SampleSource, Blueprints: villagerbench.Sample()}
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, data); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d generated blueprints\n", path, len(f.Blueprints))
	return nil
}

func run(mirror, rev, out string) error {
	raw, err := exec.Command("git", "-C", mirror, "show", rev+":"+source).Output()
	if err != nil {
		return fmt.Errorf("reading %s at %s: %w", source, rev, err)
	}
	commit, err := exec.Command("git", "-C", mirror, "rev-parse", rev+"^{commit}").Output()
	if err != nil {
		return fmt.Errorf("resolving %s: %w", rev, err)
	}
	var descriptions map[string][]string
	if err := json.Unmarshal(raw, &descriptions); err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	f := villagerbench.File{Source: fmt.Sprintf("VillagerAgent %s %s", strings.TrimSpace(string(commit)), source)}
	for i := range len(descriptions) {
		id := fmt.Sprintf("task_%d", i)
		lines, ok := descriptions[id]
		if !ok {
			return fmt.Errorf("%s: no %s among %d tasks", source, id, len(descriptions))
		}
		blocks, err := villagerbench.ParseDescription(lines)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		f.Blueprints = append(f.Blueprints, villagerbench.Blueprint{ID: id, Description: lines, Blocks: blocks})
	}
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	if _, err := villagerbench.ParseFile(out, data); err != nil {
		return err
	}
	if err := atomicfile.Write(out, data); err != nil {
		return err
	}
	n := 0
	for _, bp := range f.Blueprints {
		n += len(bp.Blocks)
	}
	fmt.Printf("wrote %s: %d blueprints, %d blocks\n", out, len(f.Blueprints), n)
	return nil
}
