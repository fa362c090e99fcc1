package villager

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// data/villageragent.json holds VillagerAgent's own texts at dd1ecc1: the
// prompt templates of pipeline/*_prompt.py, the speaking styles, the tool
// lines LangChain's @tool makes of env/minecraft_client.py, and LangChain's
// structured-chat texts. villager/generator/generate.py writes it from
// VillagerAgent's modules (make villager-data).
//
//go:embed data/villageragent.json
var dataJSON string

var data = func() Dict {
	v, err := ParseJSON(dataJSON)
	if err != nil {
		panic("villager: data/villageragent.json: " + err.Error())
	}
	return v.(Dict)
}()

// Commit is the VillagerAgent commit the texts come from.
func Commit() string { return Str(get(data, "villageragent_commit")) }

func get(d Dict, key string) any {
	v, ok := d.Get(key)
	if !ok {
		panic("villager: data/villageragent.json has no " + key)
	}
	return v
}

// Template returns a prompt template by module and name, e.g.
// "task_prompt.DECOMPOSE_SYSTEM_PROMPT".
func Template(name string) string {
	s, ok := get(get(data, "templates").(Dict), name).(string)
	if !ok {
		panic("villager: template " + name + " is not a string")
	}
	return s
}

// TemplateList returns a prompt that VillagerAgent keeps as a list of
// strings (data_prompt.SUMMARY_ENVIRONMENT_EXAMPLE_PROMPT).
func TemplateList(name string) []string {
	list := get(get(data, "templates").(Dict), name).([]any)
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.(string)
	}
	return out
}

// Style is one of speaking_style.py's speaking styles: a persona the
// executor's prompt asks the agent to keep.
type Style struct {
	Lang        string // "en" (speaking_styles) or "zh" (speaking_styles_zh)
	Key         string
	Personality string
	Traits      string
	Example     string
}

// Styles lists the styles of one language in the module's order.
func Styles(lang string) []Style {
	fields := map[string][3]string{
		"en": {"personality", "traits", "example"},
		"zh": {"性格", "特征", "示例"},
	}[lang]
	var out []Style
	for _, kv := range get(get(data, "speaking_styles").(Dict), lang).(Dict) {
		s := kv.Value.(Dict)
		out = append(out, Style{Lang: lang, Key: kv.Key,
			Personality: Str(get(s, fields[0])), Traits: Str(get(s, fields[1])), Example: Str(get(s, fields[2]))})
	}
	return out
}

// Tool is one of the executor's tools as LangChain's structured-chat
// prompt lists it.
type Tool struct {
	Name        string
	Description string // "name(signature) - docstring"
	Args        string // the argument schema's repr, as the prompt shows it
	Params      []Param
}

// Param is one parameter of a tool's Python function.
type Param struct {
	Name    string
	Type    string // the annotation: "str", "int", "list", or "" for none
	Default string // the default's repr, "" for a required parameter
}

// Line is the tool's line in the executor's system message.
func (t Tool) Line() string { return t.Name + ": " + t.Description + ", args: " + t.Args }

// Required reports whether the parameter has no default.
func (p Param) Required() bool { return p.Default == "" }

// ToolNamed returns a tool of env/minecraft_client.py by name.
func ToolNamed(name string) (Tool, bool) {
	v, ok := get(data, "tools").(Dict).Get(name)
	if !ok {
		return Tool{}, false
	}
	d := v.(Dict)
	t := Tool{Name: name, Description: Str(get(d, "description")), Args: Str(get(d, "args"))}
	for _, p := range get(d, "params").([]any) {
		pd := p.(Dict)
		param := Param{Name: Str(get(pd, "name")), Type: Str(get(pd, "type"))}
		if def, ok := pd.Get("default"); ok {
			param.Default = Str(def)
		}
		t.Params = append(t.Params, param)
	}
	return t, true
}

// MustTools returns the named tools, in the order given.
func MustTools(names ...string) []Tool {
	out := make([]Tool, len(names))
	for i, n := range names {
		t, ok := ToolNamed(n)
		if !ok {
			panic("villager: no tool " + n)
		}
		out[i] = t
	}
	return out
}

// ToolNames lists every tool's name, sorted.
func ToolNames() []string {
	names := get(data, "tools").(Dict).Keys()
	slices.Sort(names)
	return names
}

func langchain(key string) string { return Str(get(get(data, "langchain").(Dict), key)) }

// PyFormat is Python's str.format over named fields: {{ and }} stand for
// braces, {name} for its value. A field missing from vals is a bug here.
func PyFormat(s string, vals map[string]string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				panic("villager: unclosed field in " + s)
			}
			name := s[i+1 : i+end]
			v, ok := vals[name]
			if !ok {
				panic(fmt.Sprintf("villager: no value for field {%s}", name))
			}
			b.WriteString(v)
			i += end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
