package export

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"collabcraft/plural"
)

// yq quotes a YAML scalar (a JSON string is a valid YAML double-quoted one).
func yq(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// SplitOrder lists the splits of perSplit: the usual ones first, then the
// rest (e.g. dev) by name.
func SplitOrder(perSplit map[string]int64) []string {
	rank := map[string]int{SplitTrain: 0, SplitValidation: 1, SplitTest: 2}
	var out []string
	for s := range perSplit {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b string) int {
		ra, oka := rank[a]
		rb, okb := rank[b]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return out
}

func description(o Options) string {
	unit := "one model call (the exact context sent, then the response as the final assistant message)"
	switch o.Unit {
	case UnitEpisode:
		unit = "one agent's whole conversation, every assistant turn trained"
	case UnitVillagerAgent:
		unit = "one action of an agent's ReAct run in VillagerAgent's own SFT layout (its result/action_extract.py): a system prompt, the instruction, the actions so far with their feedback, and the next action"
	}
	return fmt.Sprintf("Supervised fine-tuning data for LLM agents collaborating in Minecraft, made by collabcraft. Each example is %s.", unit)
}

// writeCard writes README.md, a Hugging Face dataset card whose YAML header
// lists the configs, features and split sizes.
func writeCard(dir string, o Options, r *Dataset, summary string) error {
	var b strings.Builder
	splits := SplitOrder(r.Counts.PerSplit)
	bytesOf := map[string]int64{}
	primary := FormatParquet
	if !slices.Contains(o.Formats, FormatParquet) {
		primary = FormatOpenAI
		if !slices.Contains(o.Formats, FormatOpenAI) {
			primary = ""
		}
	}
	for _, f := range r.Files {
		if f.Format == primary {
			bytesOf[f.Split] += f.Bytes
		}
	}

	b.WriteString("---\n")
	if primary != "" {
		b.WriteString("configs:\n- config_name: default\n  data_files:\n")
		for _, s := range splits {
			path := "data/" + s + "-*.parquet"
			if primary == FormatOpenAI {
				path = "openai/" + s + ".jsonl" + o.Compress.ext()
			}
			fmt.Fprintf(&b, "  - split: %s\n    path: %s\n", yq(s), yq(path))
		}
	}
	b.WriteString("dataset_info:\n  features:\n")
	cols := columnsFor(o.Layout, o.OrgColumn)
	if primary == FormatOpenAI {
		cols = []column{{name: "messages", typ: colMessages}}
	}
	for _, c := range cols {
		fmt.Fprintf(&b, "  - name: %s\n", c.name)
		if c.typ == colMessages {
			b.WriteString("    list:\n    - name: role\n      dtype: string\n    - name: content\n      dtype: string\n")
			continue
		}
		fmt.Fprintf(&b, "    dtype: %s\n", hfDtype(c.typ))
	}
	// num_bytes is a split's size as an Arrow table in memory, as datasets
	// counts it; download_size the files' size.
	b.WriteString("  splits:\n")
	var download, size int64
	for _, s := range splits {
		fmt.Fprintf(&b, "  - name: %s\n    num_bytes: %d\n    num_examples: %d\n", yq(s), r.ArrowBytes[s], r.Counts.PerSplit[s])
		download += bytesOf[s]
		size += r.ArrowBytes[s]
	}
	fmt.Fprintf(&b, "  download_size: %d\n  dataset_size: %d\n", download, size)
	b.WriteString("task_categories:\n- text-generation\ntags:\n- minecraft\n- multi-agent\n- agents\n- sft\n- collabcraft\n---\n\n")

	fmt.Fprintf(&b, "# %s\n\n%s\n\n", o.Name, description(o))
	b.WriteString("Agents played procedurally generated collaborative tasks (crafting, cooking, construction) in the " +
		"MINDcraft interface; the trials kept were filtered as recorded in `manifest.json`, which also lists every " +
		"input run, the split rule, the counts and each file's sha256.\n\n")
	t := r.Tokens
	fmt.Fprintf(&b, "| split | examples | tasks | tokens p50 | tokens p99 | tokens max |\n|---|---:|---:|---:|---:|---:|\n")
	for _, s := range splits {
		l := t.Splits[s]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", s, r.Counts.PerSplit[s], r.Counts.Tasks[s], l.P50, l.P99, l.Max)
	}
	fmt.Fprintf(&b, "| all | %d | %d | %d | %d | %d |\n", r.Counts.Written, sum(r.Counts.Tasks), t.All.P50, t.All.P99, t.All.Max)
	fmt.Fprintf(&b, "\nTokens are counted with `%s` (OpenAI's tokenizer, as tiktoken has it) over each example's messages, "+
		"plus %d per message for the chat template's framing (ChatML's `<|im_start|>`, role, newline, `<|im_end|>`, newline); "+
		"a model's own tokenizer counts somewhat differently, which the training recipes below leave room for.\n", t.Encoding, t.PerMessage)
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(r.Counts.PerKind)) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, r.Counts.PerKind[k]))
	}
	if len(kinds) > 0 {
		fmt.Fprintf(&b, "\nExamples per kind of model call: %s.\n", strings.Join(kinds, ", "))
	}
	if len(r.Counts.PerPolicy) > 0 {
		var ps []string
		for _, pol := range slices.Sorted(maps.Keys(r.Counts.PerPolicy)) {
			what := "the model " + pol
			if pol == "scripted" {
				what = "collabcraft's scripted expert agents (a hand-written policy, not a model)"
			}
			ps = append(ps, fmt.Sprintf("%s: %d examples", what, r.Counts.PerPolicy[pol]))
		}
		fmt.Fprintf(&b, "\n**Who wrote the responses.** %s.\n", strings.Join(ps, "; "))
	}
	if len(r.Counts.PerOutcome) > 0 {
		b.WriteString("\n**Composition** (examples by task type and the outcome of their trial):\n\n| task type | from successful trials | from other trials |\n|---|---:|---:|\n")
		types := map[string]bool{}
		for k := range r.Counts.PerOutcome {
			typ, _, _ := strings.Cut(k, "/")
			types[typ] = true
		}
		var failed []string
		var fails int64
		for _, typ := range slices.Sorted(maps.Keys(types)) {
			n := r.Counts.PerOutcome[typ+"/failure"]
			fmt.Fprintf(&b, "| %s | %d | %d |\n", typ, r.Counts.PerOutcome[typ+"/success"], n)
			if n > 0 {
				failed = append(failed, typ)
				fails += n
			}
		}
		// Say only what the table shows: how many examples come from trials
		// that did not succeed, and why the filter kept them.
		if fails > 0 {
			fmt.Fprintf(&b, "\n%s (%s) come from trials that did not succeed, kept by the filter's rules (`manifest.json`)",
				plural.Count(fails, "example"), strings.Join(failed, ", "))
			if slices.Contains(failed, "construction") {
				b.WriteString(": construction trials are kept by score, so such a house was not finished")
			}
			b.WriteString(".\n")
		}
	}
	writeComposition(&b, o, r.Counts)
	if summary == "" {
		b.WriteString("\n**Quality.** `collabcraft audit <this folder>` measures diversity, loops, grounding violations and the overlap between splits (the pipeline writes it as `dataset.report.html` next to this folder).\n")
	}
	fmt.Fprintf(&b, "\nSplits are by task, never by row: %s. Exact duplicate examples were removed (%d within a split, "+
		"%d train copies of examples also in another split).", splitRuleText(o.Split), r.Counts.Duplicates, r.Counts.CrossSplitDropped)
	if o.DropNear > 0 {
		fmt.Fprintf(&b, " %d train examples were also removed as near duplicates (MinHash Jaccard at least %g over their last turns and response) of examples in another split.", r.Counts.NearSplitDropped, o.DropNear)
	}
	if o.DropDemos {
		b.WriteString(" The one-shot demo turns MindAgent's dispatcher sends in every call were left out of the dispatch examples.")
	}
	b.WriteString("\n\n")
	if ds := skipped(o); len(ds) > 0 {
		records, named := 0, 0
		for _, d := range ds {
			records += max(1, d.Count)
			if d.TrialID != "" {
				named++
			}
		}
		fmt.Fprintf(&b, "**Incomplete input:** %s skipped (%d named by trial), so their trials are missing; "+
			"`manifest.json` lists them (`skipped_damaged_records`). `collabcraft check --repair` and a resumed "+
			"`generate` would play them again.\n\n", plural.Count(records, "damaged or missing run record was", "damaged or missing run records were"), named)
	}
	fmt.Fprintf(&b, "Roles are `%s`: ", o.Roles)
	if o.Roles == RolesStrict {
		b.WriteString("one system message first, later system turns as user turns prefixed `SYSTEM: `, " +
			"same-role turns merged, user and assistant alternating, ending on the assistant.\n\n")
	} else if r.Counts.MidSystem > 0 {
		fmt.Fprintf(&b, "as recorded: %d examples have system turns in the middle of the conversation (command outputs), as the run's API shaping sent them.\n\n", r.Counts.MidSystem)
	} else {
		b.WriteString("as recorded; no example has a system turn after the first message (the run's calls were sent strict-formatted).\n\n")
	}

	if summary != "" {
		b.WriteString(strings.TrimSpace(summary))
		b.WriteString("\n\n`collabcraft audit <this folder>` prints every table; `--html` writes the report with plots and a trial viewer (the pipeline writes it as `dataset.report.html` next to this folder).\n\n")
	}
	b.WriteString("## Files\n\n")
	for _, f := range o.Formats {
		switch f {
		case FormatParquet:
			fmt.Fprintf(&b, "- `data/{split}-NNNNN-of-NNNNN.parquet`: `%s` as `list<struct<role, content>>` and metadata columns (zstd).\n", convColumns(o.Layout))
		case FormatOpenAI:
			fmt.Fprintf(&b, "- `openai/{split}.jsonl%s`: `{\"messages\": [...]}` per line, OpenAI's chat fine-tuning format", o.Compress.ext())
			if o.Compress != CompressNone {
				fmt.Fprintf(&b, ", %s-compressed (`datasets` reads it as it is; OpenAI's upload wants it decompressed)", o.Compress)
			}
			b.WriteString(".\n")
		case FormatShareGPT:
			b.WriteString("- `sharegpt/{split}.jsonl`: `{\"conversations\": [{\"from\", \"value\"}], \"system\"}` per line, registered in `dataset_info.json` for LLaMA-Factory.\n")
		case FormatArrow:
			b.WriteString("- `arrow/`: a `DatasetDict` for `datasets.load_from_disk`.\n")
		}
	}

	b.WriteString("\n## Loading\n\n")
	if slices.Contains(o.Formats, FormatParquet) {
		b.WriteString("From inside this folder (from elsewhere, put the folder's path before `data/`):\n\n")
		fmt.Fprintf(&b, "```python\nfrom datasets import load_dataset\nds = load_dataset(\"parquet\", data_dir=\"data\")\n# or, from the Hub: load_dataset(\"<user>/%s\")\n```\n\n", o.Name)
	}
	if slices.Contains(o.Formats, FormatArrow) {
		b.WriteString("```python\nfrom datasets import load_from_disk\nds = load_from_disk(\"arrow\")\n```\n\n")
	}
	if err := writeTraining(&b, o, r); err != nil {
		return err
	}
	_, _, err := writeSmallFile(filepath.Join(dir, "README.md"), []byte(b.String()))
	return err
}

// writeTraining writes the card's training section: the length limit and
// why, and each trainer's recipe for this dataset, run from inside it.
func writeTraining(b *strings.Builder, o Options, r *Dataset) error {
	rs, err := recipes(o.Name, o.Layout, o.Formats, o.Compress, r.Counts.PerSplit, r.Tokens, ".", ".")
	if err != nil || len(rs) == 0 {
		return err
	}
	t := r.Tokens
	b.WriteString("## Training\n\n")
	fmt.Fprintf(b, "The recipes below fine-tune `%s` on %s, with a length limit of %d tokens: ", RecipeModel, trainedPart(o.Layout), t.Limit)
	if t.OverLimit == 0 {
		fmt.Fprintf(b, "the longest example (%d tokens) plus %d%% for the model's own tokenizer, rounded up to a multiple of %d, so no example is cut.", t.All.Max, limitMarginPct, limitStep)
	} else {
		fmt.Fprintf(b, "the p99 example (%d tokens) plus %d%%, rounded up to a multiple of %d; the longest is %d tokens, far beyond, "+
			"so the %s longer than the limit are cut (TRL, LLaMA-Factory) or dropped (Axolotl).", t.All.P99, limitMarginPct, limitStep, t.All.Max, plural.Count(t.OverLimit, "example"))
	}
	if t.Limit > recipeModelContext {
		fmt.Fprintf(b, " The limit is beyond %s's context of %d tokens: choose a model with a longer one.", RecipeModel, recipeModelContext)
	}
	b.WriteString(" Save each as the file it is named by, in this folder, and run it from here.\n\n")
	for _, f := range []struct{ file, title, lang string }{
		{"trl_sft.py", "TRL", "python"},
		{"llamafactory_sft.yaml", "LLaMA-Factory", "yaml"},
		{"axolotl_sft.yaml", "Axolotl", "yaml"},
	} {
		if text, ok := rs[f.file]; ok {
			fmt.Fprintf(b, "%s (`%s`):\n\n```%s\n%s```\n\n", f.title, f.file, f.lang, text)
		}
	}
	return nil
}

// recipeModelContext is RecipeModel's context length.
const recipeModelContext = 32768

func trainedPart(l Layout) string {
	if l == LayoutPromptCompletion {
		return "the completion only (the response each example records)"
	}
	return "the assistant's turns only"
}

func sum(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func convColumns(l Layout) string {
	if l == LayoutPromptCompletion {
		return "prompt` and `completion"
	}
	return "messages"
}

func splitRuleText(r SplitRule) string {
	if r.By == "hash" {
		return fmt.Sprintf("tasks placed by a stable hash of the task id, train %s, validation %s, test %s",
			pct(r.Fractions[0]), pct(r.Fractions[1]), pct(r.Fractions[2]))
	}
	if r.ValidationFraction == 0 {
		return "each task's own split from its task file"
	}
	return fmt.Sprintf("each task's own split from its task file, with %s of the train targets (by a stable hash of the crafting target or meal; every construction blueprint is its own) moved to validation, so validation shares no target with train",
		pct(r.ValidationFraction))
}

// pct prints 0.05 as "5%" (rounded so float noise never shows).
func pct(f float64) string { return fmt.Sprintf("%g%%", math.Round(f*1e6)/1e4) }

// writeComposition gives the examples written per task type and per kind,
// by count and by response characters, for the train split and for all,
// and what --mix and --max-example-tokens dropped.
func writeComposition(b *strings.Builder, o Options, c Counts) {
	all := sumCompositions(c.Composition)
	train, hasTrain := c.Composition[SplitTrain]
	before := sumCompositions(c.MixBefore)
	b.WriteString("\n**Mix** (examples by task type and by kind of model call, and the characters of their responses: ")
	if o.Unit == UnitEpisode {
		b.WriteString("every assistant turn of the episode")
	} else {
		b.WriteString("each example's last message")
	}
	b.WriteString("; shares of the train split, then of all splits")
	if o.Mix != nil {
		b.WriteString(", then of the train split before `--mix`")
	}
	b.WriteString("):\n\n")
	for _, g := range []struct {
		name               string
		train, all, before map[string]Share
	}{{"task type", train.TaskType, all.TaskType, before.TaskType}, {"kind", train.Kind, all.Kind, before.Kind}} {
		cols := []struct {
			name string
			m    map[string]Share
		}{{"train", g.train}, {"all", g.all}}
		if !hasTrain {
			cols = cols[1:]
		}
		if o.Mix != nil {
			cols = append(cols, struct {
				name string
				m    map[string]Share
			}{"train before --mix", g.before})
		}
		fmt.Fprintf(b, "| %s |", g.name)
		rule := "|---|"
		for _, col := range cols {
			fmt.Fprintf(b, " %s examples | share | %s response chars | share |", col.name, col.name)
			rule += "---:|---:|---:|---:|"
		}
		b.WriteString("\n" + rule + "\n")
		for _, k := range slices.Sorted(maps.Keys(g.all)) {
			fmt.Fprintf(b, "| %s |", k)
			for _, col := range cols {
				s, tot := col.m[k], shareTotal(col.m)
				fmt.Fprintf(b, " %d | %s | %d | %s |", s.Examples, shareOf(s.Examples, tot.Examples), s.ResponseChars, shareOf(s.ResponseChars, tot.ResponseChars))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if o.Mix != nil {
		var caps []string
		for _, cp := range o.Mix.Caps {
			caps = append(caps, "`"+cp.String()+"`")
		}
		by := "examples"
		if o.Mix.By == MixByChars {
			by = "response characters"
		}
		fmt.Fprintf(b, "`--mix` capped %s by %s in the train split (seed %d): %s dropped, chosen by a seeded hash of their content; validation and test are as they came.\n",
			strings.Join(caps, ", "), by, o.Mix.Seed, plural.Count(c.MixDropped, "example"))
	}
	if o.MaxExampleTokens > 0 {
		fmt.Fprintf(b, "`--max-example-tokens %d` dropped %s longer than that (counted as the table above counts tokens).\n",
			o.MaxExampleTokens, plural.Count(c.OverMaxTokens, "example"))
	}
}

// sumCompositions adds the splits' compositions up.
func sumCompositions(per map[string]Composition) Composition {
	out := newComposition()
	for _, c := range per {
		for _, g := range []struct{ from, to map[string]Share }{{c.TaskType, out.TaskType}, {c.Kind, out.Kind}} {
			for k, s := range g.from {
				t := g.to[k]
				t.Examples += s.Examples
				t.ResponseChars += s.ResponseChars
				g.to[k] = t
			}
		}
	}
	return out
}

func shareTotal(m map[string]Share) Share {
	var t Share
	for _, s := range m {
		t.Examples += s.Examples
		t.ResponseChars += s.ResponseChars
	}
	return t
}

func shareOf(n, of int64) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}
