package trajectory

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var long = flag.Bool("long", false, "inject faults over many more seeds")

// faultJob is one job's trials written twice: run a in two sessions (two
// trials files, as after a resume), run b in one session in reverse order.
type faultJob struct {
	trials map[string]*Trial
	ids    []string // sorted
	a, b   string   // run directories
}

func newFaultJob(t *testing.T) *faultJob {
	blobs := realisticBlobs(t)
	r := rand.New(rand.NewPCG(7, 7))
	j := &faultJob{trials: map[string]*Trial{}, a: t.TempDir(), b: t.TempDir()}
	var all []*Trial
	for i := range 12 {
		tr := randomTrial(r, i, blobs)
		tr.Outcome = Outcome{EndReason: EndSuccess, Success: true, Score: 1}
		all = append(all, tr)
		j.trials[tr.TrialID] = tr
		j.ids = append(j.ids, tr.TrialID)
	}
	write := func(dir string, trials []*Trial) {
		w := openTestWriter(t, dir, blobs...)
		for _, tr := range trials {
			if err := w.Write(tr); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write(j.a, all[:7])
	write(j.a, all[7:])
	rev := slices.Clone(all)
	slices.Reverse(rev)
	write(j.b, rev)
	return j
}

// span is a byte range [off, end) of a trials file.
type span struct{ off, end int64 }

func recordSpans(t *testing.T, dir string) map[string][]span {
	_, files, err := scanRun(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]span{}
	for _, sf := range files {
		if len(sf.damage) > 0 {
			t.Fatalf("%s: damaged before any fault: %v", sf.name, sf.damage)
		}
		for _, e := range sf.entries {
			out[sf.name] = append(out[sf.name], span{e.Offset, e.end()})
		}
	}
	return out
}

func copyRun(t *testing.T, src, dst string) {
	names, _ := trialsFiles(src)
	if err := os.MkdirAll(filepath.Join(dst, TrialsDir), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range append(names, ManifestFile) {
		b, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFaultInjection flips bytes in, truncates, and splices the trials
// files of a run. Every reader must account for every record: a record is
// read intact (and equal to what was written), lies wholly in damage, or
// (truncation, splice) is gone and named as missing by its file's seal;
// a record spliced in from another file is never read. Damage that costs
// a recorded trial, or is foreign, fails a default reader. After Repair
// and a resumed writer, the run holds exactly the job's trials.
func TestFaultInjection(t *testing.T) {
	// Every seed is read; every repairEvery-th is also merged, repaired
	// and resumed, which fsyncs a lot.
	seeds, repairEvery := 300, uint64(10) // 10: coprime with the 3 kinds of fault
	if *long {
		seeds, repairEvery = 5000, 5
	}
	if testing.Short() {
		seeds = 120
	}
	captureWarnings(t)
	job := newFaultJob(t)
	specA, specB := recordSpans(t, job.a), recordSpans(t, job.b)
	namesA, _ := trialsFiles(job.a)
	namesB, _ := trialsFiles(job.b)
	idAt := func(dir string) map[string]map[int64]string { // file -> offset -> trial id
		ix, _ := ReadIndex(dir)
		out := map[string]map[int64]string{}
		for _, e := range ix.Entries() {
			if out[e.File] == nil {
				out[e.File] = map[int64]string{}
			}
			out[e.File][e.Offset] = e.TrialID
		}
		return out
	}
	idsA := idAt(job.a)
	root := t.TempDir()
	for seed := range uint64(seeds) {
		r := rand.New(rand.NewPCG(seed, 11))
		dir := filepath.Join(root, fmt.Sprint(seed))
		copyRun(t, job.a, dir)
		name := namesA[r.IntN(len(namesA))]
		path := filepath.Join(dir, name)
		data, _ := os.ReadFile(path)
		recs := specA[name]

		// Apply one fault; note which of the file's records must still be
		// read (by offset in the faulted file), and which trials that gives.
		keep := map[int64]string{} // offset in the faulted file -> trial id
		var fault string
		var touched []span  // records of the file the fault reached
		var foreign []int64 // offsets of records of another file spliced in
		switch seed % 3 {
		case 0: // flip 1 to 3 runs of 1 to 16 bytes
			var flipped []int64
			for range 1 + r.IntN(3) {
				at, n := r.Int64N(int64(len(data))), 1+r.IntN(16)
				for i := at; i < min(at+int64(n), int64(len(data))); i++ {
					data[i] ^= byte(1 + r.IntN(255))
					flipped = append(flipped, i)
				}
			}
			fault = fmt.Sprintf("flip %d bytes", len(flipped))
			for _, s := range recs {
				if slices.ContainsFunc(flipped, func(i int64) bool { return i >= s.off && i < s.end }) {
					touched = append(touched, s)
				} else {
					keep[s.off] = idsA[name][s.off]
				}
			}
		case 1: // truncate
			cut := r.Int64N(int64(len(data)))
			data = data[:cut]
			fault = fmt.Sprintf("truncate at %d", cut)
			for _, s := range recs {
				if s.end <= cut {
					keep[s.off] = idsA[name][s.off]
				} else {
					touched = append(touched, s) // cut or gone: named by the seal
				}
			}
		default: // splice a file of run a with a file of run b
			other := namesB[r.IntN(len(namesB))]
			ob, _ := os.ReadFile(filepath.Join(job.b, other))
			x, y := r.Int64N(int64(len(data))+1), r.Int64N(int64(len(ob)))
			fault = fmt.Sprintf("splice a[:%d] b[%d:]", x, y)
			for _, s := range recs {
				if s.end <= x {
					keep[s.off] = idsA[name][s.off]
				} else {
					touched = append(touched, s)
				}
			}
			for _, s := range specB[other] {
				if s.off >= y {
					foreign = append(foreign, x+s.off-y) // b's records are never read as a's
				}
			}
			data = append(data[:x:x], ob[y:]...)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("seed %d (%s in %s): %s", seed, fault, name, fmt.Sprintf(format, args...))
		}
		want := map[string]bool{} // trials every reader must yield
		for _, id := range keep {
			want[id] = true
		}
		for f, m := range idsA {
			if f != name {
				for _, id := range m {
					want[id] = true
				}
			}
		}

		// The index: records and damage tile the file; the kept records
		// are there, and damage costs nothing else.
		_, files, err := scanRun(dir)
		if err != nil {
			fail("scan: %v", err)
		}
		for _, sf := range files {
			if sf.name != name {
				continue
			}
			var pos int64
			ents, dams := sf.entries, sf.damage
			for len(ents) > 0 || len(dams) > 0 {
				if len(dams) == 0 || len(ents) > 0 && ents[0].Offset < dams[0].Offset {
					if ents[0].Offset != pos || keep[pos] != ents[0].TrialID {
						fail("record %q at %d, want %q at %d", ents[0].TrialID, ents[0].Offset, keep[pos], pos)
					}
					pos = ents[0].end()
					ents = ents[1:]
					continue
				}
				if dams[0].Missing {
					dams = dams[1:] // a record gone, named where it was
					continue
				}
				if dams[0].Offset != pos || dams[0].Len <= 0 {
					fail("damage %v does not start at %d", dams[0], pos)
				}
				pos += dams[0].Len
				dams = dams[1:]
			}
			if pos != int64(len(data)) {
				fail("records and damage cover %d of %d bytes", pos, len(data))
			}
			// Every record the fault touched lies wholly in damage or is
			// named missing by the seal; so read + damaged + missing =
			// written. A record spliced in lies in damage too.
			for _, s := range touched {
				id := idsA[name][s.off]
				in := slices.ContainsFunc(sf.damage, func(d Damage) bool {
					return d.TrialID == id || !d.Missing && s.off >= d.Offset && min(s.end, int64(len(data))) <= d.Offset+d.Len
				})
				if !in {
					fail("record [%d,%d) (%s) touched by the fault is not in damage %v", s.off, s.end, id, sf.damage)
				}
			}
			for _, off := range foreign {
				if !slices.ContainsFunc(sf.damage, func(d Damage) bool { return off >= d.Offset && off < d.Offset+d.Len }) {
					fail("a spliced-in record at %d is not in damage %v", off, sf.damage)
				}
			}
		}
		ix, err := ReadIndex(dir)
		if err != nil {
			fail("ReadIndex: %v", err)
		}
		lostDamage := len(lost(ix.Damaged())) > 0
		harmfulDamage := len(harmful(ix.Damaged())) > 0
		if len(touched) > 0 && !lostDamage {
			fail("records the fault reached are not reported as lost: %v", ix.Damaged())
		}
		if len(touched) == 0 && lostDamage {
			fail("lost damage though the fault reached no record: %v", ix.Damaged())
		}

		// Readers: a default reader fails on harmful damage, naming it; a
		// skipping one reads exactly the kept trials, intact.
		var de *DamageError
		if _, err := Open(dir); (err != nil) != harmfulDamage || err != nil && !errors.As(err, &de) {
			fail("Open: err = %v with harmful damage %v", err, harmfulDamage)
		}
		rd, err := OpenWith(OpenOptions{SkipDamaged: true}, dir)
		if err != nil {
			fail("OpenWith: %v", err)
		}
		read := map[string]bool{}
		for tr, err := range rd.Trials() {
			if err != nil {
				fail("Trials: %v", err)
			}
			sameTrial(t, job.trials[tr.TrialID], tr)
			read[tr.TrialID] = true
		}
		if len(read) != len(want) {
			fail("read %d trials, want %d", len(read), len(want))
		}
		rep, err := Check(dir)
		if err != nil || rep.Trials != len(want) || (len(rep.Lost()) > 0) != lostDamage {
			fail("Check: %+v, %v", rep, err)
		}
		if seed%repairEvery != 0 { // writing is slow (fsyncs); see below
			os.RemoveAll(dir)
			continue
		}
		if err := Merge(filepath.Join(root, fmt.Sprint(seed, "-merged")), []string{dir}, MergeOptions{}); (err != nil) != harmfulDamage ||
			err != nil && !errors.As(err, &de) {
			fail("Merge: err = %v with harmful damage %v", err, harmfulDamage)
		}

		// Repair, then resume: exactly the job's trials.
		repaired, err := Repair(dir)
		if err != nil {
			fail("Repair: %v", err)
		}
		for _, d := range repaired.Damaged {
			if d.Missing {
				continue
			}
			if st, err := os.Stat(filepath.Join(dir, d.MovedTo)); err != nil || st.Size() != d.Len {
				fail("damage %v not moved aside whole: %v", d, err)
			}
		}
		if rep, err := Check(dir); err != nil || len(rep.Damaged) > 0 {
			fail("Check after Repair: %+v, %v", rep, err)
		}
		ix, _ = ReadIndex(dir)
		w := openTestWriter(t, dir)
		for _, id := range job.ids {
			if !ix.Done(id) {
				if err := w.Write(job.trials[id]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got := readAll(t, dir)
		if len(got) != len(job.ids) {
			fail("after repair and resume: %d trials, want %d", len(got), len(job.ids))
		}
		for i, tr := range got {
			sameTrial(t, job.trials[job.ids[i]], tr)
		}
		os.RemoveAll(dir)
	}
}
