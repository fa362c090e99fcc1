package voyager

import (
	"encoding/json"
	"regexp"
	"strings"
)

// A Program is the program of an action agent's answer, as Voyager's
// process_ai_message reads it.
type Program struct {
	Name string // the last async function's name
	Code string // the code blocks' functions
	Exec string // "await Name(bot);"
}

var (
	codeBlockRE = regexp.MustCompile("(?s)```(?:javascript|js)(.*?)```")
	// FunctionRE matches a top-level function declaration: async, name,
	// parameters.
	FunctionRE = regexp.MustCompile(`(?m)^(async\s+)?function\s+(\w+)\s*\(([^)]*)\)`)
)

// ReadProgram reads an action agent's answer: the javascript code
// blocks, the last top-level async function, which must take bot alone;
// perr is Voyager's error text for an answer it cannot run.
func ReadProgram(answer string) (p Program, perr string) {
	var blocks []string
	for _, m := range codeBlockRE.FindAllStringSubmatch(answer, -1) {
		blocks = append(blocks, m[1])
	}
	code := strings.TrimSpace(strings.Join(blocks, "\n"))
	const prefix = "Error parsing action response (before program execution): "
	fns := FunctionRE.FindAllStringSubmatch(code, -1)
	if len(fns) == 0 {
		return Program{}, prefix + "No functions found"
	}
	var main []string
	for _, f := range fns {
		if f[1] != "" {
			main = f
		}
	}
	if main == nil {
		return Program{}, prefix + "No async function found. Your main function must be async."
	}
	if strings.TrimSpace(main[3]) != "bot" {
		return Program{}, prefix + "Main function " + main[2] + " must take a single argument named 'bot'"
	}
	return Program{Name: main[2], Code: code, Exec: "await " + main[2] + "(bot);"}, ""
}

// ReadCritic reads the critic's answer: its outermost {...} (the span
// Voyager's fix_and_parse_json reads) with success and critique; ok is
// false when it is not that JSON.
func ReadCritic(answer string) (success bool, critique string, ok bool) {
	i, j := strings.Index(answer, "{"), strings.LastIndex(answer, "}")
	if i < 0 || j < i {
		return false, "", false
	}
	var v struct {
		Success  bool   `json:"success"`
		Critique string `json:"critique"`
	}
	if err := json.Unmarshal([]byte(answer[i:j+1]), &v); err != nil {
		return false, "", false
	}
	return v.Success, v.Critique, true
}
