package js

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
)

// Lint is coder.js's _lintCode for code as _stageCode rewrote it: "" when
// the code may run, else the text the coder loop puts after "Error: Code
// lint error:\n". It checks what MINDcraft's eslint.config.js reports for
// model code: a parse error (which stops the rest), no-undef, semi and
// require-await, with ESLint's messages and positions in the lint
// template. Positions and the "Related Code Line" are those of the lint
// copy, as MINDcraft prints them.
func Lint(s stagedCode) string {
	src := s.lintSource()
	if missing := unknownFunctions(src); len(missing) > 0 {
		return lintHead + "These functions do not exist.\n### FUNCTIONS NOT FOUND ###\n" + strings.Join(missing, "\n")
	}
	lines := strings.Split(src, "\n")
	var problems []problem
	prog, err := parseLintSource(src)
	if err != nil {
		problems = append(problems, parseProblem(err))
	} else {
		problems = append(problems, checkProgram(prog, src)...)
	}
	if len(problems) == 0 {
		return ""
	}
	slices.SortStableFunc(problems, func(a, b problem) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return a.column - b.column
	})
	var b strings.Builder
	b.WriteString(lintHead)
	for i, p := range problems {
		related := "Unable to retrieve error line content"
		if p.line-1 < len(lines) {
			if t := strings.TrimSpace(lines[p.line-1]); t != "" {
				related = t
			}
		}
		fmt.Fprintf(&b, "#ERROR %d\nMessage: %s\nLocation: Line %d, Column %d\nRelated Code Line: %s\n", i+1, p.message, p.line, p.column, related)
	}
	b.WriteString("The code contains exceptions and cannot continue execution.")
	return b.String()
}

const lintHead = "#### CODE ERROR INFO ###\n"

// problem is one ESLint message.
type problem struct {
	message      string
	line, column int // 1-based
}

// functionRefs yields what coder.js's regex for the skills and world
// functions a code calls, /(?:skills|world)\.(.*?)\(/g, captures, match by
// match: from each "skills." or "world." (leftmost first), the text up to
// the first "(" on the same line; the next match starts after that "(".
// (A scan: the regexp was a tenth of the lint.)
func functionRefs(src string, yield func(name string)) {
	for i := 0; i < len(src); {
		s, w := strings.Index(src[i:], "skills."), strings.Index(src[i:], "world.")
		at, head := s, len("skills.")
		if s < 0 || w >= 0 && w < s {
			at, head = w, len("world.")
		}
		if at < 0 {
			return
		}
		from := i + at + head
		end := strings.IndexAny(src[from:], "(\n")
		if end < 0 || src[from+end] != '(' {
			i += at + 1 // no call on this line: the next position
			continue
		}
		yield(src[from : from+end])
		i = from + end + 1
	}
}

// unknownFunctions lists the skills./world. calls naming no function of
// MINDcraft's library. (coder.js at 0012750 looks the names up in an array
// of doc strings, so its check never fires; this is the check it meant.)
func unknownFunctions(src string) []string {
	var missing []string
	functionRefs(src, func(name string) {
		if !libraryNames[name] {
			missing = append(missing, name)
		}
	})
	return missing
}

// libraryNames are the functions skills.js and world.js export.
var libraryNames = func() map[string]bool {
	names := map[string]bool{}
	for _, n := range strings.Fields(`log craftRecipe wait smeltItem clearNearestFurnace attackNearest
		attackEntity defendSelf collectBlock pickupNearbyItems breakBlockAt placeBlock equip discard
		putInChest takeFromChest viewChest consume giveToPlayer goToPosition goToNearestBlock
		goToNearestEntity goToPlayer followPlayer moveAway moveAwayFromEntity avoidEnemies stay useDoor
		goToBed tillAndSow activateNearestBlock digDown
		getNearestFreeSpace getBlockAtPosition getSurroundingBlocks getFirstBlockAboveHead
		getNearestBlocks getNearestBlock getNearbyEntities getNearestEntityWhere getNearbyPlayers
		getInventoryStacks getInventoryCounts getCraftableItems getPosition getNearbyEntityTypes
		getNearbyPlayerNames getNearbyBlockTypes isClearPath shouldPlaceTorch getBiomeName`) {
		names[n] = true
	}
	return names
}()

// parseLintSource parses the lint copy as the module it is: its import
// and export lines are blanked (goja parses scripts), which keeps every
// line and column of the code, and strict mode is on.
func parseLintSource(src string) (*ast.Program, error) {
	script := "'use strict';" + strings.Repeat("\n", strings.Count(lintHeader, "\n")-1) +
		"async function main(bot) {\n" + src[len(lintHeader):]
	return parser.ParseFile(nil, "", script, 0)
}

// parseProblem is ESLint's report of a parse error.
func parseProblem(err error) problem {
	var list parser.ErrorList
	var one *parser.Error
	switch {
	case errors.As(err, &list) && len(list) > 0:
		one = list[0]
	case errors.As(err, &one):
	default:
		return problem{message: "Parsing error: " + err.Error(), line: 1, column: 1}
	}
	return problem{message: "Parsing error: " + espreeMessage(one.Message), line: one.Position.Line, column: one.Position.Column}
}

// espreeMessage words a goja parse error as espree (ESLint's parser) does.
func espreeMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "Unexpected end of input"):
		return "Unexpected token"
	case msg == "Unexpected token ILLEGAL", strings.HasPrefix(msg, "Invalid or unexpected token"):
		return "Invalid or unexpected token"
	case strings.HasPrefix(msg, "Unexpected string"):
		return "Unexpected string"
	case strings.HasPrefix(msg, "Unexpected number"):
		return "Unexpected number"
	case strings.HasPrefix(msg, "Unexpected identifier"):
		return "Unexpected identifier"
	}
	return msg
}

// checkProgram applies no-undef, semi and require-await to main.
func checkProgram(prog *ast.Program, src string) []problem {
	f := prog.File
	pos := func(idx file.Idx) (int, int) {
		p := f.Position(int(idx) - f.Base())
		return p.Line, p.Column
	}
	declared := map[string]bool{"skills": true, "world": true, "Vec3": true, "log": true, "main": true, "bot": true}
	var refs []*ast.Identifier
	var problems []problem
	walk(reflect.ValueOf(prog), func(n ast.Node, parent string) {
		switch n := n.(type) {
		case *ast.Identifier:
			switch parent {
			case "binding":
				declared[n.Name.String()] = true
			case "reference":
				refs = append(refs, n)
			}
		case *ast.ExpressionStatement, *ast.VariableStatement, *ast.LexicalDeclaration, *ast.ReturnStatement,
			*ast.ThrowStatement, *ast.BranchStatement, *ast.DoWhileStatement, *ast.DebuggerStatement:
			if !terminated(f.Source(), int(end(n))-f.Base()) {
				l, c := pos(end(n))
				problems = append(problems, problem{"Missing semicolon.", l, c})
			}
		}
	})
	for _, id := range refs {
		name := id.Name.String()
		if !declared[name] && !globalNames[name] {
			l, c := pos(id.Idx)
			problems = append(problems, problem{"'" + name + "' is not defined.", l, c})
		}
	}
	if main := mainFunction(prog); main != nil && !containsAwait(reflect.ValueOf(main.Body)) {
		problems = append(problems, problem{"Async function 'main' has no 'await' expression.", 7, 8})
	}
	return problems
}

// terminated reports whether the statement ending at offset end (goja
// ends some statements before their semicolon, some after, and a
// parenthesised conditional before its closing parenthesis) has one.
func terminated(src string, end int) bool {
	if end <= 0 || end > len(src) {
		return true
	}
	return strings.HasSuffix(src[:end], ";") || strings.HasPrefix(strings.TrimLeft(src[end:], " \t)]"), ";")
}

func mainFunction(prog *ast.Program) *ast.FunctionLiteral {
	for _, st := range prog.Body {
		if d, ok := st.(*ast.FunctionDeclaration); ok && d.Function.Name != nil && d.Function.Name.Name == "main" {
			return d.Function
		}
	}
	return nil
}

var (
	nodeType       = reflect.TypeOf((*ast.Node)(nil)).Elem()
	identifierType = reflect.TypeOf(&ast.Identifier{})
)

// walk visits every node under v, telling visit how an identifier is
// used: "binding" (declared), "reference" (read or written) or "" (a
// property name or label).
func walk(v reflect.Value, visit func(n ast.Node, parent string)) {
	walkAs(v, "reference", visit)
}

func walkAs(v reflect.Value, role string, visit func(ast.Node, string)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer && isNode(v.Type()) {
			visit(v.Interface().(ast.Node), role)
		}
		if v.Type() == identifierType {
			return
		}
		walkAs(v.Elem(), role, visit)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkAs(v.Index(i), role, visit)
		}
	case reflect.Struct:
		t := v.Type()
		if t == identifierType.Elem() {
			// A shorthand property holds its name by value: {x, y} in a
			// pattern binds x and y, in a literal reads them.
			id := v.Interface().(ast.Identifier)
			visit(&id, role)
			return
		}
		for _, f := range fieldsOf(t) {
			r := f.role
			if f.inherits {
				r = role
			}
			walkAs(v.Field(f.index), r, visit)
		}
	}
}

// The walks over the syntax tree (walk, syntaxDepth, containsAwait) ask
// the same few dozen types the same questions for every node: the answers
// are kept per type (asking reflect each time was most of a lint).
var (
	nodeTypes sync.Map // reflect.Type -> bool: implements ast.Node
	astFields sync.Map // reflect.Type -> []astField
)

// astField is an exported field of an AST struct and how identifiers in
// it are used (fieldRole): role, or the struct's own when inherits.
type astField struct {
	index    int
	role     string
	inherits bool
}

// isNode reports whether t implements ast.Node.
func isNode(t reflect.Type) bool {
	if v, ok := nodeTypes.Load(t); ok {
		return v.(bool)
	}
	is := t.Implements(nodeType)
	nodeTypes.Store(t, is)
	return is
}

// fieldsOf lists struct type t's exported fields.
func fieldsOf(t reflect.Type) []astField {
	if v, ok := astFields.Load(t); ok {
		return v.([]astField)
	}
	const inherit = "\x00" // no role's name
	var fs []astField
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() {
			r := fieldRole(t.Name(), f.Name, inherit)
			fs = append(fs, astField{index: i, role: r, inherits: r == inherit})
		}
	}
	astFields.Store(t, fs)
	return fs
}

// fieldRole says how identifiers in field of AST struct typ are used;
// inherited is the struct's own role, which only patterns pass on.
func fieldRole(typ, field, inherited string) string {
	switch typ + "." + field {
	case "DotExpression.Identifier", "PrivateDotExpression.Identifier", "LabelledStatement.Label",
		"BranchStatement.Label", "MetaProperty.Meta", "MetaProperty.Property", "PropertyKeyed.Key",
		"MethodDefinition.Key", "FieldDefinition.Key":
		return "" // a name, not a variable (computed keys are not checked)
	case "Binding.Target", "FunctionLiteral.Name", "ClassLiteral.Name", "CatchStatement.Parameter",
		"ParameterList.List", "ParameterList.Rest", "ForDeclaration.Target", "ForIntoVar.Binding":
		return "binding"
	case "ArrayPattern.Elements", "ArrayPattern.Rest", "ObjectPattern.Properties", "ObjectPattern.Rest",
		"PropertyShort.Name", "PropertyKeyed.Value", "Binding.Initializer":
		if typ == "Binding" {
			return "reference"
		}
		return inherited
	}
	return "reference"
}

// containsAwait reports whether a function body awaits, not counting
// nested functions.
func containsAwait(v reflect.Value) bool {
	found := false
	var look func(v reflect.Value)
	look = func(v reflect.Value) {
		if found {
			return
		}
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			if v.IsNil() {
				return
			}
			switch v.Interface().(type) {
			case *ast.AwaitExpression:
				found = true
				return
			case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
				return
			}
			look(v.Elem())
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				look(v.Index(i))
			}
		case reflect.Struct:
			for _, f := range fieldsOf(v.Type()) {
				look(v.Field(f.index))
			}
		}
	}
	look(v)
	return found
}
