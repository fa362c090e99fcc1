package js

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/token"
)

// The staged code is checked and instrumented before it runs, because goja
// offers no hook where a string is concatenated and recurses in Go over
// the syntax tree (a fatal stack overflow, not an error):
//
//   - code longer than Limits.CodeSize, or nested deeper than
//     Limits.Depth, is refused before anything recurses over it;
//   - every operand of + and += that may be a string or an object, and
//     every substitution of a template literal, is checked before it is
//     concatenated (the target of += too, when reading it again has no
//     effect: a name, or a property of one by name or literal key): a string longer than Limits.StringLength throws
//     RangeError: Invalid string length, and an object is first converted
//     to a primitive as the operator would (guardStr, guardTpl). So no
//     string past twice the limit is ever made: the limit holds at the
//     allocation, not when a sampling watchdog notices. The check of a
//     string is written inline (a call per + made loops twice as slow);
//     a template of several substitutions is evaluated as a chain of +,
//     so that its parts are checked one by one;
//   - an object literal's __proto__ and a class's superclass pass through
//     guardProto, which refuses a prototype chain deeper than the limit
//     (goja looks properties up recursively in Go);
//   - what is spread into a call's arguments passes through guardArgs,
//     which refuses more than 65,536 of them (maxArgs in prelude.js), as
//     V8 runs out of stack (goja spreads them in one Go loop, seconds for
//     a million);
//   - every loop body and every function's entry ticks a step counter
//     (Limits.Steps): the body of a loop, or of a function or method,
//     starts with (--n >= 0 || (n += steps())), where n is the steps the
//     code holds and steps (execution.refill) charges the budget for
//     another stepGrant of them, stopping the execution past it. A loop
//     body that is not a block is made one; an arrow function's expression
//     body becomes (tick, expression); a catch block takes catchSteps. So
//     the limit that stops an endless
//     loop or recursion counts what the code does, not the time it takes,
//     and stops the same program at the same step on any machine;
//   - BigInt literals are refused (goja computes 2n ** 10n ** 9n in one
//     uninterruptible Go call), and so are identifiers that would shadow
//     the guards.
//
// The guards are parameters of a function around the staged code, not
// globals, so code reaches them by name only, and names are checked.
const (
	guardStr   = "__collabcraft_str"
	guardTpl   = "__collabcraft_tpl"
	guardProto = "__collabcraft_proto"
	guardArgs  = "__collabcraft_args"
	guardFail  = "__collabcraft_fail"
	guardSteps = "__collabcraft_steps"
	guardValue = "__collabcraft_v" // a scratch variable of the inline checks
	guardCount = "__collabcraft_n" // the steps the code holds (0 at first)
	guardNames = "__collabcraft"
)

// tick is the step counter's check, an expression: one step taken from
// those the code holds, and a grant asked for when they run out.
const tick = "(--" + guardCount + " >= 0 || (" + guardCount + " += " + guardSteps + "()))"

// catchSteps is what entering a catch block costs: throwing made an error
// object with its stack, about 16 loop iterations' time, and a loop that
// throws and catches would otherwise count one step per turn.
const catchSteps = 16

// catchTick takes catchSteps steps.
var catchTick = "((" + guardCount + " -= " + strconv.Itoa(catchSteps) + ") >= 0 || (" + guardCount + " += " + guardSteps + "()))"

// guardsHead and guardsTail wrap the staged code's exec source in the
// function that receives the guards (in this order) and holds the scratch
// variable and the step counter. The value is taken and checked with no
// await or yield in between, so one variable serves every check.
const (
	guardsHead = "((" + guardStr + ", " + guardTpl + ", " + guardProto + ", " + guardArgs + ", " + guardFail + ", " + guardSteps + ", " +
		guardValue + ", " + guardCount + ") => "
	guardsTail = ")"
)

// check is the text put around an operand: open before it, close after.
type check struct{ open, close string }

// inlineCheck is (v = (E), typeof v === 'string' ? (v.length > max ?
// fail() : v) : v is a primitive ? v : guard(v)): a string is checked in
// place, an object is converted by guard (guardStr or guardTpl).
func inlineCheck(guard string, maxLength int) check {
	v := guardValue
	return check{
		open: "(" + v + " = (",
		close: "), typeof " + v + " === 'string' ? (" + v + ".length > " + strconv.Itoa(maxLength) + " ? " + guardFail + "() : " + v + ") : " +
			"(typeof " + v + " !== 'object' || " + v + " === null) && typeof " + v + " !== 'function' ? " + v + " : " + guard + "(" + v + "))",
	}
}

func callCheck(guard string) check { return check{open: guard + "((", close: "))"} }

// codeTooLongText and codeTooDeepText are the errors of code refused
// before it runs, as the model reads them after "CODE EXECUTION THREW
// ERROR: ".
func codeTooLongText(n, limit int) string {
	return fmt.Sprintf("Error: Code is %d bytes long, more than the %d bytes allowed.", n, limit)
}

const codeTooDeepText = stackLimitText

// instrumented is the staged code ready to run.
type instrumented struct {
	src string
	// prog is src parsed, as mainFile.
	prog *ast.Program
	// sources maps the source text goja keeps of each function and class
	// of src to the text the code wrote, so that Function.prototype.toString
	// shows no instrumentation.
	sources map[string]string
}

// instrument parses the staged code's exec source and returns it wrapped
// in the function of the guards and with the guards inserted, or the error
// the execution throws: code nested deeper than depth, a BigInt literal, a
// reserved name. A parse error is returned as it is (the lint reports
// parse errors first).
func instrument(exec string, depth, maxLength int) (instrumented, string, error) {
	src := guardsHead + exec + guardsTail
	prog, err := parser.ParseFile(nil, "", src, 0)
	if err != nil {
		return instrumented{}, "", err
	}
	if syntaxDepth(reflect.ValueOf(prog), depth) > depth {
		return instrumented{}, codeTooDeepText, nil
	}
	ins := &inserts{src: src, base: prog.File.Base(),
		str: inlineCheck(guardStr, maxLength), tpl: inlineCheck(guardTpl, maxLength), proto: callCheck(guardProto), args: callCheck(guardArgs)}
	var refused string
	var sources []string // the code's functions and classes (functionSources)
	walk(reflect.ValueOf(prog), func(n ast.Node, _ string) {
		if refused != "" {
			return
		}
		if s, ok := functionSource(n); ok {
			sources = append(sources, s)
		}
		switch n := n.(type) {
		case *ast.Identifier:
			name := n.Name.String()
			if strings.HasPrefix(name, guardNames) && ins.offset(n.Idx0()) >= len(guardsHead) {
				refused = "SyntaxError: Identifier '" + name + "' is reserved"
			}
			// Positions are computed from the decoded name: an escape
			// (\u0061) would put an insert inside the identifier.
			if from, to := ins.offset(n.Idx0()), ins.offset(n.Idx1()); to > len(src) || src[from:to] != name {
				refused = "SyntaxError: Unicode escapes in identifiers are not supported"
			}
		case *ast.NumberLiteral:
			if _, ok := n.Value.(*big.Int); ok {
				refused = "SyntaxError: BigInt literals are not supported"
			}
		case *ast.BinaryExpression:
			if n.Operator == token.PLUS {
				ins.wrap(n.Left, ins.str)
				ins.wrap(n.Right, ins.str)
			}
		case *ast.AssignExpression:
			if n.Operator == token.PLUS {
				if readable(n.Left) {
					ins.checkTarget(n.Left, n.Right, maxLength)
				}
				ins.wrap(n.Right, ins.str)
			}
		case *ast.TemplateLiteral:
			if n.Tag == nil {
				ins.template(n)
			}
		case *ast.ObjectLiteral:
			for _, p := range n.Value {
				if k, ok := p.(*ast.PropertyKeyed); ok && !k.Computed && k.Kind == ast.PropertyKindValue && isProtoKey(k.Key) {
					ins.wrap(k.Value, ins.proto)
				}
			}
		case *ast.ClassLiteral:
			if n.SuperClass != nil {
				ins.wrap(n.SuperClass, ins.proto)
			}
		case *ast.CallExpression:
			ins.spreads(n.ArgumentList)
		case *ast.NewExpression:
			ins.spreads(n.ArgumentList)
		case *ast.FunctionLiteral:
			ins.tickBlock(n.Body)
		case *ast.CatchStatement:
			ins.add(ins.offset(n.Body.LeftBrace)+1, catchTick+";", true, math.MaxInt)
		case *ast.ArrowFunctionLiteral:
			if ins.offset(n.Idx0()) < len(guardsHead) {
				break // the guards' own function
			}
			switch b := n.Body.(type) {
			case *ast.BlockStatement:
				ins.tickBlock(b)
			case *ast.ExpressionBody:
				from, to := ins.offset(b.Expression.Idx0()), groupedEnd(ins.src, ins.base, b.Expression)
				ins.add(from, "("+tick+", ", true, to-from)
				ins.add(to, ")", false, to-from)
			}
		case *ast.DoWhileStatement:
			ins.tickBody(n.Body)
		default:
			if body := loopBody(n); body != nil {
				ins.tickBody(body)
			}
		}
	})
	if refused != "" {
		return instrumented{}, refused, nil
	}
	out := ins.apply()
	// A position goja's tree gets wrong must not slip code past a check:
	// then the inserts break the syntax, and the code is refused. The tree
	// is the one goja.Compile("main.js", out, true) would parse, so that
	// the run compiles it without parsing again.
	outProg, err := parser.ParseFile(nil, mainFile, out, 0)
	if err != nil {
		_, err = parser.ParseFile(nil, "", out, 0) // the error as it names no file
		return instrumented{}, "SyntaxError: the code could not be instrumented: " + err.Error(), nil
	}
	return instrumented{src: out, prog: outProg, sources: functionSources(sources, outProg)}, "", nil
}

// mainFile is the name the staged code runs under (in stack traces).
const mainFile = "main.js"

// functionSources pairs the functions and classes of the code (from, their
// sources in walk order, gathered by instrument's walk) and of its
// instrumented text, which has the same ones in the same order (the
// inserts hold none), and maps the text goja keeps of each to the code's.
func functionSources(from []string, out *ast.Program) map[string]string {
	var to []string
	walk(reflect.ValueOf(out), func(n ast.Node, _ string) {
		if s, ok := functionSource(n); ok {
			to = append(to, s)
		}
	})
	if len(from) != len(to) {
		return nil
	}
	m := make(map[string]string, len(from))
	for i, s := range to {
		if s != from[i] {
			m[s] = from[i]
		}
	}
	return m
}

// functionSource is the source text goja keeps of a function or class.
func functionSource(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.FunctionLiteral:
		return n.Source, true
	case *ast.ArrowFunctionLiteral:
		return n.Source, true
	case *ast.ClassLiteral:
		return n.Source, true
	}
	return "", false
}

// end is n.Idx1(), the offset just past n, corrected for goja's one known
// error: new X() with no arguments ends at X, before its parentheses. So
// does every node that ends with such an expression.
func end(n ast.Node) file.Idx {
	if x, ok := n.(*ast.NewExpression); ok && x.RightParenthesis > 0 {
		return x.RightParenthesis + 1
	}
	if c := lastChild(n); c != nil {
		return end(c)
	}
	return n.Idx1()
}

// lastChild is the node n's text ends with, for the nodes whose end is
// their last child's (nil for the others).
func lastChild(n ast.Node) ast.Node {
	switch n := n.(type) {
	case *ast.AssignExpression:
		return n.Right
	case *ast.BinaryExpression:
		return n.Right
	case *ast.ConditionalExpression:
		return n.Alternate
	case *ast.SequenceExpression:
		return n.Sequence[len(n.Sequence)-1]
	case *ast.UnaryExpression:
		if !n.Postfix {
			return n.Operand
		}
	case *ast.AwaitExpression:
		return n.Argument
	case *ast.YieldExpression:
		if n.Argument != nil {
			return n.Argument
		}
	case *ast.ArrowFunctionLiteral:
		return n.Body
	case *ast.ExpressionBody:
		return n.Expression
	case *ast.ExpressionStatement:
		return n.Expression
	case *ast.Binding:
		if n.Initializer != nil {
			return n.Initializer
		}
	case *ast.VariableStatement:
		return n.List[len(n.List)-1]
	case *ast.LexicalDeclaration:
		return n.List[len(n.List)-1]
	case *ast.ReturnStatement:
		if n.Argument != nil {
			return n.Argument
		}
	case *ast.ThrowStatement:
		return n.Argument
	}
	return nil
}

// groupedEnd is the offset in src (whose first byte is at base) just past
// n and the parentheses that group its last operands: goja's tree keeps
// no parentheses, so in 'a ' + (n * 2) + ' c' the left operand ended at
// the 2, inside the group, and a check put around it took the group's
// closing parenthesis after its own text ('a 8 c' printed 'undefined c').
// The groups counted are those opened just before each last child (after
// its parent's start, so they are n's own).
func groupedEnd(src string, base int, n ast.Node) int {
	open := 0
	parent := int(n.Idx0()) - base
	for c := lastChild(n); c != nil; c = lastChild(c) {
		if at := int(c.Idx0()) - base; at > parent {
			open += parensBefore(src, at, parent)
			parent = at
		}
	}
	at := int(end(n)) - base
	for ; open > 0; open-- {
		i := at
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			i++
		}
		if i >= len(src) || src[i] != ')' {
			break
		}
		at = i + 1
	}
	return at
}

// parensBefore counts the opening parentheses just before offset at in
// src, back to the first other character (white space skipped) and not
// before from.
func parensBefore(src string, at, from int) int {
	n := 0
	for i := at - 1; i >= from; i-- {
		switch src[i] {
		case '(':
			n++
		case ' ', '\t', '\n', '\r':
		default:
			return n
		}
	}
	return n
}

// isProtoKey reports whether a property key is the literal __proto__,
// which sets the new object's prototype.
func isProtoKey(k ast.Expression) bool {
	switch k := k.(type) {
	case *ast.StringLiteral:
		return k.Value.String() == "__proto__"
	case *ast.Identifier:
		return k.Name.String() == "__proto__"
	}
	return false
}

// syntaxDepth is the nesting depth of the syntax tree under v, counted
// in nodes, without recursing (this is what protects the recursive
// passes after it); it stops counting past limit.
func syntaxDepth(v reflect.Value, limit int) int {
	type item struct {
		v     reflect.Value
		depth int
	}
	deepest := 0
	stack := []item{{v, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v, d := it.v, it.depth
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			if v.IsNil() {
				continue
			}
			if v.Kind() == reflect.Pointer && isNode(v.Type()) {
				d++
				if deepest = max(deepest, d); deepest > limit {
					return deepest
				}
			}
			stack = append(stack, item{v.Elem(), d})
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				stack = append(stack, item{v.Index(i), d})
			}
		case reflect.Struct:
			for _, f := range fieldsOf(v.Type()) {
				stack = append(stack, item{v.Field(f.index), d})
			}
		}
	}
	return deepest
}

// inserts collects texts to insert into src at byte offsets.
type inserts struct {
	src                   string
	base                  int // the parsed file's base: file.Idx(base) is offset 0
	list                  []insert
	str, tpl, proto, args check
}

// spreads guards what is spread into an argument list.
func (ins *inserts) spreads(args []ast.Expression) {
	for _, a := range args {
		if sp, ok := a.(*ast.SpreadElement); ok {
			ins.wrap(sp.Expression, ins.args)
		}
	}
}

// tickBlock starts a block with the step counter's tick, before anything
// else inserted there.
func (ins *inserts) tickBlock(b *ast.BlockStatement) {
	ins.add(ins.offset(b.LeftBrace)+1, tick+";", true, math.MaxInt)
}

// tickBody starts a loop's body with a tick, making it a block if it is
// not one.
func (ins *inserts) tickBody(body ast.Statement) {
	if b, ok := body.(*ast.BlockStatement); ok {
		ins.tickBlock(b)
		return
	}
	from, to := ins.statementStart(body), ins.statementEnd(body)
	ins.add(from, "{"+tick+"; ", true, to-from)
	ins.add(to, "}", false, to-from)
}

// readable reports whether an assignment target can be read again
// without effects: a name, or a property of one by a name or a literal.
func readable(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.Identifier, *ast.ThisExpression:
		return true
	case *ast.DotExpression:
		return readable(e.Left)
	case *ast.BracketExpression:
		switch e.Member.(type) {
		case *ast.Identifier, *ast.StringLiteral, *ast.NumberLiteral:
			return readable(e.Left)
		}
	}
	return false
}

// checkTarget checks what the target of += holds before the right side
// is evaluated, turning t += e into t += (check(t), e): a string there
// longer than the limit throws as an operand of + does, so the target
// cannot grow past twice the limit either.
func (ins *inserts) checkTarget(target, right ast.Expression, maxLength int) {
	v := guardValue
	t := ins.src[ins.offset(target.Idx0()):ins.offset(end(target))]
	from, to := ins.offset(right.Idx0()), groupedEnd(ins.src, ins.base, right)
	ins.add(from, "(("+v+" = "+t+", typeof "+v+" === 'string' && "+v+".length > "+strconv.Itoa(maxLength)+" && "+guardFail+"()), ", true, to-from)
	ins.add(to, ")", false, to-from)
}

// loopBody is the body of a loop that ends with it (not do-while), or nil.
func loopBody(n ast.Node) ast.Statement {
	switch n := n.(type) {
	case *ast.ForStatement:
		return n.Body
	case *ast.ForInStatement:
		return n.Body
	case *ast.ForOfStatement:
		return n.Body
	case *ast.WhileStatement:
		return n.Body
	}
	return nil
}

// statementStart is the offset where s begins: goja's tree starts an
// expression statement inside its opening parentheses, and keeps no
// position for an if statement's keyword (found before its test).
func (ins *inserts) statementStart(s ast.Statement) int {
	switch s := s.(type) {
	case *ast.ExpressionStatement:
		return ins.back(ins.offset(s.Idx0()), " \t\r\n(")
	case *ast.IfStatement:
		at := ins.back(ins.offset(s.Test.Idx0()), " \t\r\n(")
		if at >= 2 && ins.src[at-2:at] == "if" {
			return at - 2
		}
		// A comment before the test: the block's brace lands inside the
		// statement, and the code is refused as not instrumentable.
	}
	return ins.offset(s.Idx0())
}

// back moves from at back over the characters in set.
func (ins *inserts) back(at int, set string) int {
	for at > 0 && strings.IndexByte(set, ins.src[at-1]) >= 0 {
		at--
	}
	return at
}

// statementEnd is the offset just past s, its closing parentheses and
// its semicolon if it has one (goja's tree ends a statement with its
// expression).
func (ins *inserts) statementEnd(s ast.Statement) int {
	switch s := s.(type) {
	case *ast.IfStatement:
		if s.Alternate != nil {
			return ins.statementEnd(s.Alternate)
		}
		return ins.statementEnd(s.Consequent)
	case *ast.LabelledStatement:
		return ins.statementEnd(s.Statement)
	case *ast.BlockStatement, *ast.TryStatement, *ast.SwitchStatement, *ast.EmptyStatement,
		*ast.FunctionDeclaration, *ast.ClassDeclaration:
		return ins.offset(s.Idx1())
	}
	if body := loopBody(s); body != nil {
		return ins.statementEnd(body)
	}
	last := ins.offset(end(s))
	for i := last; i < len(ins.src); {
		switch c := ins.src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case strings.HasPrefix(ins.src[i:], "/*"):
			j := strings.Index(ins.src[i+2:], "*/")
			if j < 0 {
				return last
			}
			i += j + 4
		case strings.HasPrefix(ins.src[i:], "//"):
			j := strings.IndexByte(ins.src[i:], '\n')
			if j < 0 {
				return last
			}
			i += j
		case c == ')':
			i++
			last = i
		case c == ';':
			return i + 1
		default:
			return last
		}
	}
	return last
}

type insert struct {
	at   int
	text string
	// open, span and seq order inserts at one offset: closings before
	// openings; openings of longer spans first, and of one span in the
	// order they were added (outer nodes are visited first); closings of
	// shorter spans first, and of one span in the reverse order.
	open bool
	span int
	seq  int
}

func (ins *inserts) offset(idx file.Idx) int { return int(idx) - ins.base }

func (ins *inserts) add(at int, text string, open bool, span int) {
	ins.list = append(ins.list, insert{at: at, text: text, open: open, span: span, seq: len(ins.list)})
}

// wrap puts e's source between c's texts, unless e is a literal (its
// size is the code's) or an operation whose value is never a string or an
// object (arithmetic, comparisons, unary operators): a guard is a call,
// and the arithmetic of a loop should not pay for it.
func (ins *inserts) wrap(e ast.Expression, c check) {
	switch e := e.(type) {
	case *ast.NumberLiteral, *ast.StringLiteral, *ast.BooleanLiteral, *ast.NullLiteral, *ast.UnaryExpression:
		return
	case *ast.TemplateLiteral:
		if e.Tag == nil && len(e.Expressions) == 0 {
			return
		}
	case *ast.BinaryExpression:
		switch e.Operator {
		case token.PLUS, token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
		default:
			return
		}
	}
	from, to := ins.offset(e.Idx0()), groupedEnd(ins.src, ins.base, e)
	ins.add(from, c.open, true, to-from)
	ins.add(to, c.close, false, to-from)
}

// template checks each substitution of an untagged template literal and,
// with more than one, turns `a${x}b${y}c` into (check(`a${x}b`) +
// `${y}c`): each part is checked before it is added to the text before
// it.
func (ins *inserts) template(t *ast.TemplateLiteral) {
	for _, x := range t.Expressions {
		from, to := ins.offset(x.Idx0()), groupedEnd(ins.src, ins.base, x)
		ins.add(from, ins.tpl.open, true, to-from)
		ins.add(to, ins.tpl.close, false, to-from)
	}
	k := len(t.Expressions)
	if k < 2 {
		return
	}
	from, to := ins.offset(t.OpenQuote), ins.offset(t.CloseQuote)+1
	ins.add(from, "("+strings.Repeat(ins.str.open, k-1), true, to-from)
	for j := 1; j < k; j++ {
		after := substitutionEnd(ins.src, ins.offset(end(t.Expressions[j-1])))
		ins.add(substitutionStart(ins.src, after), "`"+ins.str.close+" + `", false, 0)
	}
	ins.add(to, ")", false, to-from)
}

// substitutionEnd is the offset just past the "}" that closes a template
// substitution whose expression ends at from: past the closing parentheses
// of the expression, spaces and comments. (Anything else makes the
// instrumented source fail to parse, which refuses it.)
func substitutionEnd(src string, from int) int {
	for i := from; i < len(src); i++ {
		switch {
		case src[i] == '}':
			return i + 1
		case strings.HasPrefix(src[i:], "/*"):
			if end := strings.Index(src[i+2:], "*/"); end >= 0 {
				i += end + 3
			}
		case strings.HasPrefix(src[i:], "//"):
			if end := strings.IndexByte(src[i:], '\n'); end >= 0 {
				i += end
			}
		}
	}
	return len(src)
}

// substitutionStart is the offset of the "${" that ends the template
// characters starting at from.
func substitutionStart(src string, from int) int {
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				return i
			}
		}
	}
	return len(src)
}

// apply returns src with the inserts made.
func (ins *inserts) apply() string {
	slices.SortFunc(ins.list, func(a, b insert) int {
		if a.at != b.at {
			return a.at - b.at
		}
		if a.open != b.open {
			if a.open {
				return 1 // closings first
			}
			return -1
		}
		switch {
		case a.span != b.span && a.open:
			return b.span - a.span
		case a.span != b.span:
			return a.span - b.span
		case a.open:
			return a.seq - b.seq
		}
		return b.seq - a.seq
	})
	var b strings.Builder
	b.Grow(len(ins.src) + 16*len(ins.list))
	last := 0
	for _, in := range ins.list {
		b.WriteString(ins.src[last:in.at])
		b.WriteString(in.text)
		last = in.at
	}
	b.WriteString(ins.src[last:])
	return b.String()
}
