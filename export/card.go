package export

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
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
	if o.Unit == "episode" {
		unit = "one agent's whole conversation, every assistant turn trained"
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
				path = "openai/" + s + ".jsonl"
			}
			fmt.Fprintf(&b, "  - split: %s\n    path: %s\n", yq(s), yq(path))
		}
	}
	b.WriteString("dataset_info:\n  features:\n")
	cols := columnsFor(o.Layout)
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
	b.WriteString("  splits:\n")
	var total int64
	for _, s := range splits {
		fmt.Fprintf(&b, "  - name: %s\n    num_bytes: %d\n    num_examples: %d\n", yq(s), bytesOf[s], r.Counts.PerSplit[s])
		total += bytesOf[s]
	}
	fmt.Fprintf(&b, "  download_size: %d\n  dataset_size: %d\n", total, total)
	b.WriteString("task_categories:\n- text-generation\ntags:\n- minecraft\n- multi-agent\n- agents\n- sft\n- collabcraft\n---\n\n")

	fmt.Fprintf(&b, "# %s\n\n%s\n\n", o.Name, description(o))
	b.WriteString("Agents played procedurally generated collaborative tasks (crafting, cooking, construction) in the " +
		"MINDcraft interface; the trials kept were filtered as recorded in `manifest.json`, which also lists every " +
		"input run, the split rule, the counts and each file's sha256.\n\n")
	b.WriteString("| split | examples | tasks |\n|---|---|---|\n")
	for _, s := range splits {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", s, r.Counts.PerSplit[s], r.Counts.Tasks[s])
	}
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
		b.WriteString("\n**Composition** (examples by task type and the outcome of their trial; construction trials are kept by score, so many did not finish the house):\n\n| task type | from successful trials | from other trials |\n|---|---|---|\n")
		types := map[string]bool{}
		for k := range r.Counts.PerOutcome {
			typ, _, _ := strings.Cut(k, "/")
			types[typ] = true
		}
		for _, typ := range slices.Sorted(maps.Keys(types)) {
			fmt.Fprintf(&b, "| %s | %d | %d |\n", typ, r.Counts.PerOutcome[typ+"/success"], r.Counts.PerOutcome[typ+"/failure"])
		}
	}
	if summary == "" {
		b.WriteString("\n**Quality.** `collabcraft audit <this folder>` measures diversity, loops, grounding violations and the overlap between splits (the pipeline writes it as `dataset.report.html` next to this folder).\n")
	}
	fmt.Fprintf(&b, "\nSplits are by task, never by row: %s. Exact duplicate examples were removed (%d within a split, "+
		"%d train copies of examples also in another split).", splitRuleText(o.Split), r.Counts.Duplicates, r.Counts.CrossSplitDropped)
	if o.DropNear > 0 {
		fmt.Fprintf(&b, " %d train examples were also removed as near duplicates (MinHash Jaccard at least %g over their last turns and response) of examples in another split.", r.Counts.NearSplitDropped, o.DropNear)
	}
	b.WriteString("\n\n")
	if ds := skipped(o); len(ds) > 0 {
		fmt.Fprintf(&b, "**Incomplete input:** %d damaged run record(s) were skipped, so their trials are missing; "+
			"`manifest.json` lists them (`skipped_damaged_records`). `collabcraft check --repair` and a resumed "+
			"`generate` would play them again.\n\n", len(ds))
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
			b.WriteString("- `openai/{split}.jsonl`: `{\"messages\": [...]}` per line, OpenAI's chat fine-tuning format.\n")
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
	fmt.Fprintf(&b, "TRL (`%s` is the conversational %s format SFTTrainer reads as it is):\n\n", convColumns(o.Layout), layoutWord(o.Layout))
	b.WriteString("```python\nfrom trl import SFTConfig, SFTTrainer\ntrainer = SFTTrainer(model=\"Qwen/Qwen2.5-0.5B-Instruct\", train_dataset=ds[\"train\"],\n" +
		"                     args=SFTConfig(output_dir=\"out\"))\ntrainer.train()\n```\n\n")
	if slices.Contains(o.Formats, FormatShareGPT) {
		fmt.Fprintf(&b, "LLaMA-Factory: set `dataset_dir` to this folder and `dataset: %s_train` (see `dataset_info.json`).\n\n", o.Name)
	}
	if slices.Contains(o.Formats, FormatOpenAI) {
		b.WriteString("Axolotl (the path from this folder):\n\n```yaml\ndatasets:\n  - path: openai/train.jsonl\n    ds_type: json\n    type: chat_template\n    field_messages: messages\n    message_property_mappings:\n      role: role\n      content: content\n```\n")
	}
	_, _, err := writeSmallFile(filepath.Join(dir, "README.md"), []byte(b.String()))
	return err
}

func convColumns(l Layout) string {
	if l == LayoutPromptCompletion {
		return "prompt` and `completion"
	}
	return "messages"
}

func layoutWord(l Layout) string {
	if l == LayoutPromptCompletion {
		return "prompt-completion"
	}
	return "language-modeling"
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
