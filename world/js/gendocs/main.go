// Command gendocs writes skilldocs.json, the docs of MINDcraft's skills
// and world library exactly as MINDcraft renders them into $CODE_DOCS
// (src/agent/library/index.js getSkillDocs): for each exported function of
// skills.js, then world.js, in the order Object.values gives a module
// namespace (export names sorted), "skills.NAME\n" followed by the text
// between the first "/**" and the first "**/" of the function's source,
// trimmed; functions without a doc comment are left out.
//
// It reads the two files from a MINDcraft checkout (the texts are its
// output, kept as data; none of its code is):
//
//	go run ./world/js/gendocs -mindcraft PATH -o world/js/skilldocs.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

var exportRE = regexp.MustCompile(`(?m)^export (?:async )?function (\w+)\(`)

func main() {
	root := flag.String("mindcraft", "", "a MINDcraft checkout (kolbytn/mindcraft at 0012750)")
	out := flag.String("o", "world/js/skilldocs.json", "the file to write")
	flag.Parse()
	if *root == "" {
		fmt.Fprintln(os.Stderr, "gendocs: -mindcraft PATH is required")
		os.Exit(2)
	}
	var docs []string
	for _, module := range []string{"skills", "world"} {
		src, err := os.ReadFile(filepath.Join(*root, "src", "agent", "library", module+".js"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "gendocs:", err)
			os.Exit(1)
		}
		docs = append(docs, moduleDocs(module, string(src))...)
	}
	b, err := json.MarshalIndent(docs, "", "  ")
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// moduleDocs returns the docs of one module's exported functions, sorted
// by name as a module namespace orders them. A function's source, as its
// toString gives it, runs from "function" or "async function" to its
// closing brace, the first "}" that starts a line.
func moduleDocs(module, src string) []string {
	type fn struct{ name, text string }
	var fns []fn
	for _, l := range exportRE.FindAllStringSubmatchIndex(src, -1) {
		start := l[0] + len("export ")
		end := strings.Index(src[start:], "\n}")
		if end < 0 {
			end = len(src) - start
		}
		fns = append(fns, fn{src[l[2]:l[3]], src[start : start+end+2]})
	}
	slices.SortFunc(fns, func(a, b fn) int { return strings.Compare(a.name, b.name) })
	var docs []string
	for _, f := range fns {
		if !strings.Contains(f.text, "/**") {
			continue
		}
		body := jsSubstring(f.text, strings.Index(f.text, "/**")+3, strings.Index(f.text, "**/"))
		docs = append(docs, module+"."+f.name+"\n"+strings.TrimSpace(body))
	}
	return docs
}

// jsSubstring is JavaScript's String.prototype.substring: negative indexes
// count as 0 and the smaller index comes first. (isClearPath closes its
// comment with "*/", so MINDcraft's doc for it is the code before it.)
func jsSubstring(s string, a, b int) string {
	a, b = max(a, 0), max(b, 0)
	a, b = min(a, len(s)), min(b, len(s))
	if a > b {
		a, b = b, a
	}
	return s[a:b]
}
