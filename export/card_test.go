package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"

	"collabcraft/tokens"
)

// The card states each split's token lengths (p50, p99, max) as the
// tokenizer counts the written messages, and its recipes' limits cover
// the longest example and train on the assistant's turns only.
func TestCardTokensAndRecipes(t *testing.T) {
	fx := newFixture(12, 6)
	dest := filepath.Join(t.TempDir(), "r1")
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Split: SplitRule{By: "task", ValidationFraction: 0.25}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.PerSplit[SplitValidation] == 0 {
		t.Fatal("no validation split: the recipes' eval_dataset goes untested")
	}
	counter, err := tokens.New()
	if err != nil {
		t.Fatal(err)
	}
	var all []int32
	card := readCard(t, dest)
	for split := range res.Counts.PerSplit {
		var lengths []int32
		for _, l := range readJSONL[openaiLine](t, filepath.Join(dest, "openai", split+".jsonl")) {
			n := 0
			for _, m := range l.Messages {
				n += counter.Text(m.Content) + tokens.PerMessage
			}
			lengths = append(lengths, int32(n))
		}
		slices.Sort(lengths)
		all = append(all, lengths...)
		want := lengthOf(lengths)
		if got := res.Tokens.Splits[split]; got != want || want.Max == 0 {
			t.Errorf("%s: token lengths %+v, want %+v", split, got, want)
		}
		row := fmt.Sprintf("| %s | %d | %d | %d | %d | %d |\n", split, res.Counts.PerSplit[split], res.Counts.Tasks[split], want.P50, want.P99, want.Max)
		if !strings.Contains(card, row) {
			t.Errorf("card lacks the row %q", row)
		}
	}
	slices.Sort(all)
	max := int(all[len(all)-1])
	limit := res.Tokens.Limit
	if limit < max*11/10 || limit%1024 != 0 || res.Tokens.OverLimit != 0 {
		t.Errorf("limit %d (over it %d), want a multiple of 1024 covering %d plus 10%%", limit, res.Tokens.OverLimit, max)
	}
	if m := readManifest(t, dest); m.Tokens == nil || m.Tokens.Limit != limit || m.Tokens.Encoding != "cl100k_base" {
		t.Errorf("manifest tokens %+v", m.Tokens)
	}
	l := strconv.Itoa(limit)
	for _, want := range []string{
		"Tokens are counted with `cl100k_base`",
		"max_length=" + l + ",", "assistant_only_loss=True,", `data_dir="data"`,
		"cutoff_len: " + l + "\n", "train_on_prompt: false\n", "mask_history: true\n", "dataset: r1_train\n", "dataset_dir: .\n",
		"sequence_len: " + l + "\n", `roles_to_train: ["assistant"]`, "train_on_inputs: false\n", "path: openai/train.jsonl\n",
		fmt.Sprintf("the longest example (%d tokens) plus 10%%", max),
	} {
		if !strings.Contains(card, want) {
			t.Errorf("card lacks %q", want)
		}
	}

	_, validation := res.Counts.PerSplit[SplitValidation]
	if strings.Contains(card, `eval_dataset=ds["validation"]`) != validation || strings.Contains(card, "eval_dataset: r1_validation") != validation {
		t.Errorf("validation split %t, but the recipes evaluate on it: %t", validation, !validation)
	}

	// Prompt-completion: TRL trains on the completion; Axolotl, reading
	// OpenAI messages, has no recipe for that layout.
	dest = filepath.Join(t.TempDir(), "pc")
	if _, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Layout: LayoutPromptCompletion}); err != nil {
		t.Fatal(err)
	}
	card = readCard(t, dest)
	if !strings.Contains(card, "completion_only_loss=True,") || strings.Contains(card, "assistant_only_loss") ||
		strings.Contains(card, "axolotl_sft.yaml") || !strings.Contains(card, "on the completion only") {
		t.Errorf("prompt-completion card's recipes:\n%s", card[strings.Index(card, "## Training"):])
	}
}

func TestTrainingLimit(t *testing.T) {
	for _, c := range []struct {
		l    TokenLength
		want int
	}{
		{TokenLength{P99: 11877, Max: 14989}, 17408}, // 14989 * 1.1 = 16488 -> 17 x 1024
		{TokenLength{P99: 900, Max: 930}, 1024},
		{TokenLength{P99: 1000, Max: 100000}, 2048}, // an outlier: the p99 is covered, not the max
		{TokenLength{}, 1024},
	} {
		if got := trainingLimit(c.l); got != c.want {
			t.Errorf("trainingLimit(%+v) = %d, want %d", c.l, got, c.want)
		}
	}
}

// num_bytes is a split's size as an Arrow table in memory (what datasets
// means by it), not the Parquet files' size: it matches the buffers of
// the Arrow files export writes, up to their padding.
func TestCardNumBytesIsArrowInMemory(t *testing.T) {
	fx := newFixture(9, 6)
	dest := filepath.Join(t.TempDir(), "r1")
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats})
	if err != nil {
		t.Fatal(err)
	}
	card := readCard(t, dest)
	for split := range res.Counts.PerSplit {
		files, _ := filepath.Glob(filepath.Join(dest, "arrow", split, "*.arrow"))
		var inMemory int64
		for _, f := range files {
			inMemory += arrowBuffers(t, f)
		}
		got := res.ArrowBytes[split]
		if d := got - inMemory; d < -inMemory/100 || d > inMemory/100 {
			t.Errorf("%s: num_bytes %d, the Arrow files' buffers hold %d", split, got, inMemory)
		}
		var parquetBytes int64
		for _, f := range res.Files {
			if f.Format == FormatParquet && f.Split == split {
				parquetBytes += f.Bytes
			}
		}
		entry := fmt.Sprintf("  - name: %q\n    num_bytes: %d\n", split, got)
		if !strings.Contains(card, entry) || got == parquetBytes {
			t.Errorf("card lacks %q (Parquet: %d bytes)", entry, parquetBytes)
		}
	}
}

// arrowBuffers sums the lengths of the buffers of every array in an Arrow
// IPC stream, children included, as pyarrow's nbytes does.
func arrowBuffers(t *testing.T, path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	var n int64
	var walk func(d arrow.ArrayData)
	walk = func(d arrow.ArrayData) {
		for i, b := range d.Buffers() {
			if b == nil {
				continue
			}
			size := int64(b.Len())
			switch {
			case i == 0: // validity: one bit a value
				size = int64(d.Len()+7) / 8
			case d.DataType().ID() == arrow.STRING && i == 1, d.DataType().ID() == arrow.LIST && i == 1:
				size = 4 * int64(d.Len()+1)
			case d.DataType().ID() == arrow.INT64 || d.DataType().ID() == arrow.FLOAT64:
				size = 8 * int64(d.Len())
			case d.DataType().ID() == arrow.BOOL:
				size = int64(d.Len()+7) / 8
			}
			n += size
		}
		for _, c := range d.Children() {
			walk(c)
		}
	}
	for r.Next() {
		rec := r.RecordBatch()
		for _, col := range rec.Columns() {
			walk(col.Data())
		}
	}
	return n
}

// The card says only what its tables show: trials that did not succeed
// are mentioned, with their count, only when the composition has them.
func TestCardSaysOnlyWhatItsTablesShow(t *testing.T) {
	fx := newFixture(9, 6) // construction trials carry a score and no success
	dest := filepath.Join(t.TempDir(), "mixed")
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: []Format{FormatParquet}})
	if err != nil {
		t.Fatal(err)
	}
	fails := res.Counts.PerOutcome["construction/failure"]
	want := fmt.Sprintf("%d examples (construction) come from trials that did not succeed, kept by the filter's rules (`manifest.json`): construction trials are kept by score, so such a house was not finished.", fails)
	if card := readCard(t, dest); fails == 0 || !strings.Contains(card, want) {
		t.Errorf("card with %d examples of failed trials lacks %q", fails, want)
	}
	for i := range fx.examples {
		fx.examples[i].Meta.Success = bp(true)
	}
	dest = filepath.Join(t.TempDir(), "ok")
	if _, err := Write(context.Background(), fx.source(), dest, Options{Formats: []Format{FormatParquet}}); err != nil {
		t.Fatal(err)
	}
	card := readCard(t, dest)
	if strings.Contains(card, "did not succeed") || strings.Contains(card, "not finish") {
		t.Errorf("a card of successful trials only speaks of failed ones:\n%s", card)
	}
	if !regexp.MustCompile(`\| construction \| \d+ \| 0 \|`).MatchString(card) {
		t.Errorf("composition table:\n%s", card)
	}
}

func readCard(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
