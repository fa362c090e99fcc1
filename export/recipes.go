package export

import (
	"bytes"
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"
	"text/template"
)

// recipeFiles are the training recipes, one template per trainer: TRL,
// LLaMA-Factory and Axolotl. Each trains on the assistant's turns only
// and sets its length limit from the dataset's token lengths.
//
//go:embed recipes/*.tmpl
var recipeFiles embed.FS

var recipeTemplates = template.Must(template.ParseFS(recipeFiles, "recipes/*.tmpl"))

// RecipeModel is the model the recipes fine-tune: small, with a chat
// template each trainer knows (TRL patches it for assistant-only loss,
// LLaMA-Factory's is "qwen") and a 32,768-token context.
const RecipeModel = "Qwen/Qwen2.5-0.5B-Instruct"

// recipe is what a recipe template reads.
type recipe struct {
	Name             string
	Dir              string // the dataset's directory as the recipe runs: "." from inside it
	File             string // the recipe's own file name
	Model            string
	Limit            int
	LimitWhy         string
	PromptCompletion bool
	Parquet          bool
	Validation       bool
	JSONLExt         string // the OpenAI files' suffix: .jsonl, .jsonl.gz or .jsonl.zst
}

// OpenAI is a split's OpenAI JSONL file, as the recipe names it.
func (r recipe) OpenAI(split string) string { return r.Path("openai/" + split + r.JSONLExt) }

// Path is a path inside the dataset, as the recipe names it.
func (r recipe) Path(p string) string {
	if p == "" {
		return r.Dir
	}
	return path.Join(r.Dir, p)
}

// LFDataset is a split's name in dataset_info.json.
func (r recipe) LFDataset(split string) string { return r.Name + "_" + split }

// Recipes are the training recipes of a dataset, file name -> content,
// with paths from dir (the dataset's directory as the recipes are run;
// "." from inside it), saved in the directory saved (as a path from where
// they run). A trainer whose format the dataset lacks has none:
// TRL reads Parquet (or OpenAI JSONL), LLaMA-Factory ShareGPT, Axolotl
// OpenAI JSONL.
func Recipes(m *Manifest, dir, saved string) (map[string]string, error) {
	return recipes(m.Name, m.Layout, m.Formats, m.JSONLCompression, m.Counts.PerSplit, m.Tokens, dir, saved)
}

func recipes(name string, layout Layout, formats []Format, c Compression, perSplit map[string]int64, t *TokenFigures, dir, saved string) (map[string]string, error) {
	if t == nil {
		return nil, fmt.Errorf("export: the dataset records no token lengths (exported before collabcraft counted them); export it again")
	}
	r := recipe{Name: name, Dir: dir, Model: RecipeModel, Limit: t.Limit, LimitWhy: limitWhy(t),
		PromptCompletion: layout == LayoutPromptCompletion, Parquet: slices.Contains(formats, FormatParquet), JSONLExt: ".jsonl" + c.ext()}
	_, r.Validation = perSplit[SplitValidation]
	var files []string
	if r.Parquet || slices.Contains(formats, FormatOpenAI) {
		files = append(files, "trl_sft.py")
	}
	if slices.Contains(formats, FormatShareGPT) {
		files = append(files, "llamafactory_sft.yaml")
	}
	if slices.Contains(formats, FormatOpenAI) && !r.PromptCompletion {
		files = append(files, "axolotl_sft.yaml")
	}
	out := map[string]string{}
	for _, f := range files {
		r.File = path.Join(saved, f)
		var b bytes.Buffer
		if err := recipeTemplates.ExecuteTemplate(&b, f+".tmpl", r); err != nil {
			return nil, fmt.Errorf("export: recipe %s: %w", f, err)
		}
		out[f] = b.String()
	}
	return out, nil
}

// limitWhy says where a recipe's limit comes from, for its comment.
func limitWhy(t *TokenFigures) string {
	if t.OverLimit == 0 {
		return fmt.Sprintf("covers every example: the longest is %s tokens (%s), plus %d%% for\n# the model's own tokenizer, rounded up to a multiple of %d.",
			thousands(t.All.Max), t.Encoding, limitMarginPct, limitStep)
	}
	return fmt.Sprintf("covers the p99 example, %s tokens (%s), plus %d%% for the model's own\n# tokenizer; the %d examples longer (the longest %s tokens) are cut or dropped.",
		thousands(t.All.P99), t.Encoding, limitMarginPct, t.OverLimit, thousands(t.All.Max))
}

// thousands writes 14989 as "14,989".
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
