package trajectory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
)

func testManifest() *Manifest {
	return &Manifest{Name: "r1", CollabcraftVersion: "test", MCDataVersion: "1.21.1",
		Config: json.RawMessage(`{"backend":"scripted","seed":1}`), Seed: 1,
		Backends: []Backend{{Name: "scripted"}}}
}

func openTestWriter(t *testing.T, dir string, blobs ...string) *Writer {
	t.Helper()
	w, err := OpenWriter(dir, testManifest(), WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.AddBlobs(blobs...); err != nil {
		t.Fatal(err)
	}
	return w
}

// die ends a writer as a crash would: its file closed, its lock dropped,
// run.json left as it was (no seal, no counts).
func (w *Writer) die() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.f.Close()
	w.lock.unlock()
}

func readAll(t *testing.T, dirs ...string) []*Trial {
	t.Helper()
	r, err := Open(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	var out []*Trial
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tr)
	}
	return out
}

// sameTrial fails the test at the first difference, naming it.
func sameTrial(t *testing.T, want, got *Trial) {
	t.Helper()
	if len(want.Agents) != len(got.Agents) {
		t.Fatalf("trial %s: %d agents, want %d", want.TrialID, len(got.Agents), len(want.Agents))
	}
	for i, wa := range want.Agents {
		ga := got.Agents[i]
		if !reflect.DeepEqual(wa.History, ga.History) || wa.Memory != ga.Memory {
			t.Fatalf("trial %s agent %s: history or memory differs", want.TrialID, wa.Name)
		}
		if len(wa.Transitions) != len(ga.Transitions) {
			t.Fatalf("trial %s agent %s: %d transitions, want %d", want.TrialID, wa.Name, len(ga.Transitions), len(wa.Transitions))
		}
		for j, wt := range wa.Transitions {
			gt := ga.Transitions[j]
			if len(wt.Messages) != len(gt.Messages) {
				t.Fatalf("trial %s agent %s step %d: %d messages, want %d", want.TrialID, wa.Name, j, len(gt.Messages), len(wt.Messages))
			}
			for k := range wt.Messages {
				if wt.Messages[k] != gt.Messages[k] {
					t.Fatalf("trial %s agent %s step %d message %d:\n got %q\nwant %q", want.TrialID, wa.Name, j, k, gt.Messages[k], wt.Messages[k])
				}
			}
			if !reflect.DeepEqual(wt, gt) {
				t.Fatalf("trial %s agent %s step %d:\n got %+v\nwant %+v", want.TrialID, wa.Name, j, gt, wt)
			}
		}
	}
	w, g := *want, *got
	w.Agents, g.Agents, g.Run = nil, nil, ""
	w.StartedAt = w.StartedAt.UTC()
	if !reflect.DeepEqual(w, g) {
		t.Fatalf("trial %s:\n got %+v\nwant %+v", want.TrialID, g, w)
	}
}

func TestRealisticRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir, realisticBlobs(t)...)
	var want []*Trial
	for seed := range uint64(6) {
		tr := realisticTrial(t, seed, 30)
		want = append(want, tr)
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != len(want) {
		t.Fatalf("read %d trials, want %d", len(got), len(want))
	}
	for i := range want {
		sameTrial(t, want[i], got[i])
		if got[i].Run != dir {
			t.Errorf("Run = %q, want %q", got[i].Run, dir)
		}
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Counts.Trials != 6 || m.Counts.Successes != 6 || m.Counts.Transitions != 6*2*30+countMemory(want) || m.EndedAt.IsZero() {
		t.Errorf("manifest counts %+v ended %v", m.Counts, m.EndedAt)
	}
}

func countMemory(ts []*Trial) int {
	n := 0
	for _, t := range ts {
		for _, a := range t.Agents {
			for _, tr := range a.Transitions {
				if tr.Kind == KindMemory {
					n++
				}
			}
		}
	}
	return n
}

// TestBytesPerTransition checks the storage target on realistic contexts:
// each call adds only its new content.
func TestBytesPerTransition(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir, realisticBlobs(t)...)
	n := 0
	for seed := range uint64(10) {
		tr := realisticTrial(t, seed, 40)
		n += len(tr.Agents[0].Transitions) + len(tr.Agents[1].Transitions)
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, w.File()))
	if err != nil {
		t.Fatal(err)
	}
	per := float64(st.Size()) / float64(n)
	t.Logf("%d transitions, %d bytes, %.0f bytes/transition", n, st.Size(), per)
	if per > 2048 {
		t.Errorf("%.0f bytes per transition, want under 2048", per)
	}
}

// randomText draws from the cases that break naive encodings.
func randomText(r *rand.Rand, blobs []string) string {
	atoms := []string{"", "a", "hello world", "\n", "\t", "\"quoted\" \\ back\\slash", "<b>&amp;</b>",
		"héllo wörld", "日本語のテキスト", "emoji 🧱🪓⛏️", "e\u0301", "\u2028\u2029", "\x00nul\x01", "\x7f",
		"\xff\xfe invalid", "\xe6\x97", "SYSTEM: Code output:\n", "Jill_1: (FROM OTHER BOT)", "$NAME $$ $&"}
	var sb strings.Builder
	for range r.IntN(6) {
		if len(blobs) > 0 && r.IntN(3) == 0 {
			b := blobs[r.IntN(len(blobs))]
			switch r.IntN(3) {
			case 0:
				sb.WriteString(b)
			case 1:
				sb.WriteString(b[:r.IntN(len(b))]) // a blob's prefix: must not match
			default:
				sb.WriteString(b[r.IntN(len(b)):]) // a suffix, may complete an overlap
			}
			continue
		}
		sb.WriteString(atoms[r.IntN(len(atoms))])
	}
	return sb.String()
}

func randomTrial(r *rand.Rand, id int, blobs []string) *Trial {
	tr := &Trial{TrialID: fmt.Sprintf("t%04d", id), TaskID: "task", Outcome: Outcome{EndReason: EndTimeout}}
	for a := range r.IntN(4) {
		ag := Agent{Name: fmt.Sprintf("A%d", a), Memory: randomText(r, blobs)}
		for range r.IntN(3) {
			ag.History = append(ag.History, Message{Role: "user", Content: randomText(r, blobs)})
		}
		for s := range r.IntN(5) {
			tn := Transition{Step: s, Kind: KindConversation, Response: randomText(r, blobs), Command: randomText(r, nil), Output: randomText(r, blobs)}
			if r.IntN(3) == 0 {
				tn.Scripted = randomText(r, blobs)
			}
			for range r.IntN(5) {
				role := []string{"system", "user", "assistant", "", "tool\xff"}[r.IntN(5)]
				tn.Messages = append(tn.Messages, Message{Role: role, Content: randomText(r, blobs)})
			}
			ag.Transitions = append(ag.Transitions, tn)
		}
		tr.Agents = append(tr.Agents, ag)
	}
	return tr
}

func TestRandomExactness(t *testing.T) {
	// Overlapping blobs: one a prefix of another, one overlapping another's end.
	blobs := []string{
		strings.Repeat("static command docs line\n", 4),
		strings.Repeat("static command docs line\n", 4) + "and a longer continuation of it",
		"continuation of it, overlapping the end of the previous blob text",
		"Examples of how to respond:\nExample 1:\n🧱 unicode inside a blob 日本語",
		"\xff\xfe a blob with invalid UTF-8 bytes in it, long enough to count",
	}
	dir := t.TempDir()
	w := openTestWriter(t, dir, blobs...)
	r := rand.New(rand.NewPCG(1, 2))
	var want []*Trial
	for i := range 300 {
		tr := randomTrial(r, i, blobs)
		want = append(want, tr)
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != len(want) {
		t.Fatalf("read %d trials, want %d", len(got), len(want))
	}
	for i := range want {
		sameTrial(t, want[i], got[i])
	}
}

func TestBlobSplitJoins(t *testing.T) {
	blobs := map[string]string{}
	for _, b := range []string{strings.Repeat("ab", 20), strings.Repeat("ab", 20) + "c", strings.Repeat("ba", 20), "x" + strings.Repeat("ab", 19)} {
		blobs[BlobID(b)] = b
	}
	bs := newBlobSet(blobs)
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		s := blobContent(r, bs, 200, 40)
		var j strings.Builder
		for _, p := range bs.split(s) {
			if p.blob >= 0 {
				j.WriteString(bs.texts[p.blob])
			} else {
				j.WriteString(p.text)
			}
		}
		if j.String() != s {
			t.Fatalf("split of %q joins to %q", s, j.String())
		}
	}
	// Whole content, edges and adjacency are references, not text.
	b := bs.texts[0]
	for _, s := range []string{b, b + b, "x" + b, b + "x"} {
		refs := 0
		for _, p := range bs.split(s) {
			if p.blob >= 0 {
				refs++
			}
		}
		if refs == 0 {
			t.Errorf("no blob found in %q", s)
		}
	}
}

func TestSystemPromptStoresOnlyDynamicParts(t *testing.T) {
	blobs := realisticBlobs(t)
	tr := realisticTrial(t, 1, 1)
	line, err := encodeTrial(tr, newBlobSet(blobMap(blobs)))
	if err != nil {
		t.Fatal(err)
	}
	prompt := tr.Agents[0].Transitions[0].Messages[0].Content
	if len(prompt) < 6000 {
		t.Fatalf("realistic prompt is only %d bytes", len(prompt))
	}
	// Two agents' prompts, uncompressed, must take far less than one prompt.
	if len(line) > len(prompt)/2 {
		t.Errorf("encoded trial is %d bytes for a %d byte prompt: static parts not substituted", len(line), len(prompt))
	}
}

func blobMap(texts []string) map[string]string {
	m := map[string]string{}
	for _, t := range texts {
		if len(t) >= MinBlobLen && utf8.ValidString(t) {
			m[BlobID(t)] = t
		}
	}
	return m
}

// captureWarnings routes slog to a buffer for one test.
func captureWarnings(t *testing.T) *bytes.Buffer {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

func TestTruncatedTailSkipped(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	for i := range 3 {
		if err := w.Write(&Trial{TrialID: fmt.Sprintf("t%d", i), Outcome: Outcome{EndReason: EndSuccess, Success: true}}); err != nil {
			t.Fatal(err)
		}
	}
	w.die() // a crash: the file is never sealed
	path := filepath.Join(dir, w.File())
	full, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ix, _ := ReadIndex(dir)
	lastStart := ix.Entries()[2].Offset
	// Every cut inside the last record of the newest file, whose writer
	// died, leaves exactly the first two trials: the third was never
	// acknowledged.
	for cut := lastStart + 1; cut < int64(len(full)); cut += 7 {
		if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		warn := captureWarnings(t)
		got := readAll(t, dir)
		if len(got) != 2 || got[0].TrialID != "t0" || got[1].TrialID != "t1" {
			t.Fatalf("cut at %d: read %d trials", cut, len(got))
		}
		if !strings.Contains(warn.String(), "skipping the unreadable end") {
			t.Fatalf("cut at %d: no warning logged: %q", cut, warn.String())
		}
	}
}

// The file of a writer that closed is sealed (issue 26): cutting it is
// loss, named by the seal, whether the cut falls inside a record or
// between two; bytes added after its end are not the run's.
func TestSealedFileCut(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	for i := range 3 {
		if err := w.Write(&Trial{TrialID: fmt.Sprintf("t%d", i), Outcome: Outcome{EndReason: EndSuccess, Success: true}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, w.File())
	full, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ix, _ := ReadIndex(dir)
	starts := []int64{ix.Entries()[1].Offset, ix.Entries()[2].Offset}
	for _, cut := range []int64{starts[0], starts[1], starts[1] + 5, int64(len(full)) - 1} {
		if err := os.WriteFile(path, full[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		var de *DamageError
		_, err := Open(dir)
		if !errors.As(err, &de) || !strings.Contains(err.Error(), `trial "t2"`) || (cut <= starts[0]) != strings.Contains(err.Error(), `trial "t1"`) {
			t.Fatalf("cut at %d: Open: %v", cut, err)
		}
		rep, err := Check(dir)
		if err != nil || len(rep.Lost()) == 0 {
			t.Fatalf("cut at %d: Check: %+v %v", cut, rep, err)
		}
		r, err := OpenWith(OpenOptions{SkipDamaged: true}, dir)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, err := range r.Trials() {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if want := map[bool]int{true: 1, false: 2}[cut <= starts[0]]; n != want {
			t.Fatalf("cut at %d: skipping, read %d trials, want %d", cut, n, want)
		}
	}
	// Garbage after the sealed end: nothing is lost, but readers stop.
	if err := os.WriteFile(path, append(full, "garbage"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "after the end the file was sealed at") {
		t.Fatalf("with trailing garbage: Open: %v", err)
	}
	if rep, err := Check(dir); err != nil || len(rep.Lost()) != 0 || len(rep.Damaged) != 1 {
		t.Fatalf("with trailing garbage: Check: %+v %v", rep, err)
	}
}

func TestLaterRecordSupersedes(t *testing.T) {
	dir := t.TempDir()
	w1 := openTestWriter(t, dir)
	for _, tr := range []*Trial{
		{TrialID: "b", Outcome: Outcome{EndReason: EndError}, Error: "model calls kept failing"},
		{TrialID: "a", Outcome: Outcome{EndReason: EndTimeout}},
		{TrialID: "c", Outcome: Outcome{EndReason: EndError}},
	} {
		if err := w1.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w1.Close(); err != nil {
		t.Fatal(err)
	}
	ix, err := ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !ix.Done("a") || ix.Done("b") || ix.Done("c") || ix.Done("zz") {
		t.Fatalf("before resume: Done a=%v b=%v c=%v", ix.Done("a"), ix.Done("b"), ix.Done("c"))
	}
	// The resumed process writes a new file that sorts after the first.
	w2 := openTestWriter(t, dir)
	if err := w2.Write(&Trial{TrialID: "b", Outcome: Outcome{EndReason: EndSuccess, Success: true, Score: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
	ix, _ = ReadIndex(dir)
	if !ix.Done("b") || ix.Records() != 4 || len(ix.Entries()) != 3 {
		t.Fatalf("after resume: Done(b)=%v records=%d entries=%d", ix.Done("b"), ix.Records(), len(ix.Entries()))
	}
	got := readAll(t, dir)
	var ids []string
	for _, tr := range got {
		ids = append(ids, tr.TrialID+"="+tr.Outcome.EndReason)
	}
	if strings.Join(ids, ",") != "a=timeout,b=success,c=error" {
		t.Fatalf("read %v", ids)
	}
	m, _ := ReadManifest(dir)
	if m.Counts.Records != 4 || m.Counts.Trials != 3 || m.Counts.Errors != 1 || m.Counts.Successes != 1 {
		t.Fatalf("counts %+v", m.Counts)
	}
}

func TestConcurrentWrites(t *testing.T) {
	dir := t.TempDir()
	blobs := realisticBlobs(t)
	w := openTestWriter(t, dir, blobs[:3]...)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			if i == 20 {
				if err := w.AddBlobs(blobs[3:]...); err != nil {
					t.Error(err)
				}
			}
			if err := w.Write(realisticTrial(t, uint64(i), 5)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != 40 {
		t.Fatalf("read %d trials, want 40", len(got))
	}
	for i, tr := range got {
		sameTrial(t, realisticTrial(t, uint64(i), 5), tr)
	}
	m, _ := ReadManifest(dir)
	if len(m.Blobs) != len(blobMap(blobs)) || m.Counts.Trials != 40 {
		t.Fatalf("manifest has %d blobs (want %d), %d trials", len(m.Blobs), len(blobMap(blobs)), m.Counts.Trials)
	}
}

func TestConfigMismatchRefused(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// Same config, other formatting: accepted.
	same := testManifest()
	same.Config = json.RawMessage(`{ "seed": 1, "backend": "scripted" }`)
	w, err := OpenWriter(dir, same, WriterOptions{})
	if err != nil {
		t.Fatalf("same config refused: %v", err)
	}
	w.Close()
	other := testManifest()
	other.Config = json.RawMessage(`{"backend":"openai","seed":1}`)
	_, err = OpenWriter(dir, other, WriterOptions{})
	var mm *ConfigMismatchError
	if !errors.As(err, &mm) {
		t.Fatalf("different config: err = %v, want ConfigMismatchError", err)
	}
	w, err = OpenWriter(dir, other, WriterOptions{Force: true})
	if err != nil {
		t.Fatalf("forced: %v", err)
	}
	w.Close()
	m, _ := ReadManifest(dir)
	if !bytes.Contains(m.Config, []byte("openai")) {
		t.Errorf("forced run kept the old config: %s", m.Config)
	}
}

func TestSecretsNeverWritten(t *testing.T) {
	const key = "sk-test-0123456789abcdef"
	dir := t.TempDir()
	m := testManifest()
	m.Config = json.RawMessage(`{"api_key":"` + key + `"}`)
	if _, err := OpenWriter(dir, m, WriterOptions{Secrets: []string{key}}); err == nil {
		t.Fatal("manifest with the key accepted")
	}
	w, err := OpenWriter(dir, testManifest(), WriterOptions{Secrets: []string{key}})
	if err != nil {
		t.Fatal(err)
	}
	tr := &Trial{TrialID: "t", Agents: []Agent{{Name: "Andy", Transitions: []Transition{{Response: "my key is " + key}}}}}
	if err := w.Write(tr); err == nil || strings.Contains(err.Error(), key) {
		t.Fatalf("trial with the key: err = %v", err)
	}
	if err := w.AddBlobs("a static blob that leaks the key " + key); err == nil {
		t.Fatal("blob with the key accepted")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(path)
			if bytes.Contains(b, []byte(key)) {
				t.Errorf("%s contains the key", path)
			}
		}
		return nil
	})
}

// TestPlainZstdReadable: a standard zstd stream decoder (like `zstd -dc`)
// skips the header frames and yields one JSON object per line.
func TestPlainZstdReadable(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	for i := range 5 {
		if err := w.Write(&Trial{TrialID: fmt.Sprintf("t%d", i), TaskID: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	f, err := os.Open(filepath.Join(dir, w.File()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	all, err := io.ReadAll(d)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(all), "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5", len(lines))
	}
	for i, l := range lines {
		var v struct {
			TrialID string `json:"trial_id"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.TrialID != fmt.Sprintf("t%d", i) {
			t.Fatalf("line %d: %v %q", i, err, l)
		}
	}
}

// A voiced transition keeps the scripted original (Transition.Scripted)
// through the run; a transition without one writes no "scripted" field,
// so records of runs without a voice are as they were.
func TestScriptedOriginalRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	voiced := Transition{Kind: KindConversation, Response: `On my way with the planks, Jill_0. !givePlayer("Jill_0", "oak_planks", 4)`,
		Scripted: `Next: 4 oak_planks to Jill_0. !givePlayer("Jill_0", "oak_planks", 4)`, Command: `!givePlayer("Jill_0", "oak_planks", 4)`}
	plain := Transition{Step: 1, Kind: KindConversation, Response: "!inventory", Command: "!inventory"}
	for i, trs := range [][]Transition{{voiced, plain}, {plain}} {
		if err := w.Write(&Trial{TrialID: fmt.Sprintf("t%d", i), TaskID: "x", Agents: []Agent{{Name: "Andy_0", Transitions: trs}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != 2 || !reflect.DeepEqual(got[0].Agents[0].Transitions, []Transition{voiced, plain}) || !reflect.DeepEqual(got[1].Agents[0].Transitions, []Transition{plain}) {
		t.Fatalf("read back %+v", got)
	}
	b, err := os.ReadFile(filepath.Join(dir, w.File()))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := zstd.NewReader(nil)
	defer d.Close()
	lines, err := d.DecodeAll(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, second, _ := strings.Cut(string(lines), "\n")
	if strings.Count(first, `"scripted":`) != 1 || strings.Contains(second, `"scripted"`) {
		t.Errorf("lines:\n%s", lines)
	}
}

func TestMissingBlobIsAnError(t *testing.T) {
	dir := t.TempDir()
	blob := strings.Repeat("a static prompt part ", 3)
	w := openTestWriter(t, dir, blob)
	if err := w.Write(&Trial{TrialID: "t", Agents: []Agent{{Name: "A", Memory: "x" + blob}}}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	m, _ := ReadManifest(dir)
	m.Blobs = nil
	if err := writeManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range r.Trials() {
		if err == nil || !strings.Contains(err.Error(), "needs blob") || !strings.Contains(err.Error(), `"t"`) {
			t.Fatalf("err = %v", err)
		}
	}
}

func TestNotARunDirectory(t *testing.T) {
	_, err := Open(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "not a run directory") {
		t.Fatalf("err = %v", err)
	}
}

func TestEmptyWriterLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	names, _ := trialsFiles(dir)
	if len(names) != 0 {
		t.Fatalf("files left: %v", names)
	}
	if err := w.Write(&Trial{TrialID: "x"}); err == nil {
		t.Fatal("write after close accepted")
	}
}

// TestCorruptRecordReported: a damaged record in the middle of a file is
// an error naming the file, offset and trial, and the fix; skipping damage
// reads the others and lists what was skipped.
func TestCorruptRecordReported(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	for i := range 3 {
		if err := w.Write(&Trial{TrialID: fmt.Sprintf("t%d", i), TaskID: strings.Repeat("task ", 50)}); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	ix, _ := ReadIndex(dir)
	e := ix.Entries()[1]
	path := filepath.Join(dir, e.File)
	b, _ := os.ReadFile(path)
	b[e.dataOff+e.dataLen/2] ^= 0xff
	os.WriteFile(path, b, 0o644)
	_, err := Open(dir)
	var de *DamageError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), fmt.Sprintf("offset %d", e.Offset)) ||
		!strings.Contains(err.Error(), `"t1"`) || !strings.Contains(err.Error(), "check --repair "+dir) {
		t.Fatalf("Open: err = %v", err)
	}
	r, err := OpenWith(OpenOptions{SkipDamaged: true}, dir)
	if err != nil {
		t.Fatal(err)
	}
	var ok []string
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		ok = append(ok, tr.TrialID)
	}
	if d := r.Damaged(); strings.Join(ok, ",") != "t0,t2" || len(d) != 1 || d[0].TrialID != "t1" || d[0].Offset != e.Offset {
		t.Fatalf("read %v, damaged %v", ok, d)
	}
}

// TestRolesRoundTrip: an organisation's seats keep their role, agents
// write none (so records of teams without organisation seats are as
// before), and the helpers count agents only.
func TestRolesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	dag := &Trial{TrialID: "dag", TaskID: "x", Org: "dag", Team: []Member{
		{Name: "Andy_0", Backend: "scripted"}, {Name: "Jill_0", Backend: "scripted"},
		{Name: "TaskManager", Backend: "openai", Model: "m", Role: RoleOrg}}}
	p2p := &Trial{TrialID: "p2p", TaskID: "x", Team: []Member{{Name: "Andy_0", Backend: "scripted"}, {Name: "Jill_0", Backend: "scripted"}}}
	for _, tr := range []*Trial{dag, p2p} {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != 2 {
		t.Fatalf("read %d trials", len(got))
	}
	sameTrial(t, dag, got[0])
	sameTrial(t, p2p, got[1])
	if n := got[0].AgentCount(); n != 2 {
		t.Errorf("dag trial: %d agents, want 2", n)
	}
	if got[0].IsAgent("TaskManager") || !got[0].IsAgent("Jill_0") || !got[0].IsAgent("Bob_0") {
		t.Errorf("IsAgent: TaskManager %v, Jill_0 %v, unknown Bob_0 %v", got[0].IsAgent("TaskManager"), got[0].IsAgent("Jill_0"), got[0].IsAgent("Bob_0"))
	}
	b, err := os.ReadFile(filepath.Join(dir, w.File()))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := zstd.NewReader(nil)
	defer d.Close()
	lines, err := d.DecodeAll(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, second, _ := strings.Cut(string(lines), "\n")
	if strings.Count(first, `"role":"org"`) != 1 || strings.Contains(second, `"role"`) {
		t.Errorf("lines:\n%s", lines)
	}
}

// The one-pass scan cuts every content as the search for each blob in
// turn does: the earliest blob, the longest of those starting there, on
// overlapping, nested and adjacent blobs and on the realistic prompts.
func TestBlobScanIsPerBlobSearch(t *testing.T) {
	texts := []string{strings.Repeat("ab", 20), strings.Repeat("ab", 20) + "c", strings.Repeat("ba", 20), "x" + strings.Repeat("ab", 19),
		strings.Repeat("ab", 4) + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", strings.Repeat("ab", 16)}
	bs := newBlobSet(blobMap(texts))
	r := rand.New(rand.NewPCG(5, 6))
	check := func(bs *blobSet, s string) {
		t.Helper()
		if got, want := bs.scan(s), bs.perBlob(s); !slices.Equal(got, want) {
			t.Fatalf("scan of %q = %v, the per-blob search gives %v", s, got, want)
		}
	}
	for range 20000 {
		check(bs, blobContent(r, bs, 300, 30))
	}
	real := newBlobSet(blobMap(realisticBlobs(t)))
	tr := realisticTrial(t, 1, 40)
	n := 0
	for _, a := range tr.Agents {
		for _, x := range a.Transitions {
			for _, m := range x.Messages {
				check(real, m.Content)
				n += len(real.scan(m.Content)) - 1
			}
		}
	}
	if n == 0 {
		t.Fatal("no blob found in the realistic trial")
	}
	// A blob shorter than 8 bytes (run.json may hold one) is searched for
	// blob by blob.
	if short := newBlobSet(map[string]string{BlobID("abc"): "abc", BlobID("ab"): "ab"}); !short.short {
		t.Fatal("a 3-byte blob did not turn the per-blob search on")
	}
}

// blobContent is a random content of up to n letters of "abcx", with one
// of bs's blobs after a letter about once in every.
func blobContent(r *rand.Rand, bs *blobSet, n, every int) string {
	var sb strings.Builder
	for range r.IntN(n) {
		sb.WriteByte("abcx"[r.IntN(4)])
		if r.IntN(every) == 0 {
			sb.WriteString(bs.texts[r.IntN(len(bs.texts))])
		}
	}
	return sb.String()
}
