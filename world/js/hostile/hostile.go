// Package hostile is a corpus of model-written programs that try to take
// the process down: every way found to escape world/js's limits (deep
// recursion in Go, allocations that grow faster than a watchdog samples,
// builtins that ignore goja's interrupt). world/js runs each under a
// memory ulimit and asserts it ends as a thrown error within its limits;
// cmd/collabcraft serves them from a fake endpoint to a whole generate
// run. It is a test helper: nothing in the product imports it.
package hostile

import "strings"

// Program is one hostile code block, as the model would write it between
// ``` fences (after MINDcraft's staging it runs inside an async main).
type Program struct {
	Name string
	Code string
	// Want is how the execution must end: the thrown error starts with
	// one of these texts, separated by "|".
	Want string
}

// await opens each program: MINDcraft's lint wants main to await.
const await = "await skills.wait(bot, 1);\n"

// The texts of the limits (world/js's wording). Every limit but the
// memory limit counts what the program does, so a program meets the same
// one on any machine; the wall limit is a backstop none of these meet. A
// program that keeps what it makes may meet the memory limit before the
// step budget, depending on when the collector runs: both are named.
const (
	steps    = "Error: Code execution took more than 10000000 steps"
	memory   = "RangeError: Out of memory"
	stack    = "RangeError: Maximum call stack size exceeded"
	strLen   = "RangeError: Invalid string length"
	arrLen   = "RangeError: Invalid array length"
	regex    = "Error: Code execution ran a regular expression"
	noEval   = "EvalError: Code generation from strings disallowed"
	sparse   = "const a = [];\na.length = 2 ** 32 - 1;\n"
	likeHuge = "const o = {length: 2 ** 53 - 1};\n"
)

// Programs is the corpus. The issue that found the first ones (#26)
// numbers them 1 to 4; the rest were found looking for more of the kind.
var Programs = awaiting([]Program{
	// 1: goja's JSON parser recurses in Go: fatal stack overflow.
	{"json parse deep", `JSON.parse("[".repeat(3e6) + "]".repeat(3e6));`, stack},
	{"json parse deep objects", `JSON.parse('{"a":'.repeat(1e5) + '1' + '}'.repeat(1e5));`, stack},
	// 2: a doubling string outran the memory watchdog to 24 GB.
	{"string doubling", "let s = 'x';\nwhile (true) s = s + s;", strLen},
	{"string doubling +=", "let s = 'x';\nwhile (true) s += s;", strLen},
	{"string doubling caught", "let s = 'x';\nfor (;;) { try { s = s + s; } catch (e) { s = s.slice(1) + s.slice(1); } }", strLen},
	{"template doubling", "let s = 'x';\nwhile (true) s = `${s}${s}`;", strLen},
	{"template many", "let s = 'x'.repeat(4e6);\nconst t = `${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}${s}`;", strLen},
	{"concat doubling", "let s = 'x';\nwhile (true) s = s.concat(s, s);", strLen},
	{"join doubling", "let s = 'x';\nwhile (true) s = [s, s, s].join('');", strLen},
	{"join fill", "const s = 'x'.repeat(4e6);\nnew Array(1000).fill(s).join('');", strLen},
	{"replaceAll empty", "const s = 'x'.repeat(1e5);\ns.replaceAll('', s);", strLen},
	{"replace prefix", "let s = 'ab'.repeat(1e3);\nwhile (true) s = s.replace(/b/g, \"$`\");", memory + "|" + strLen + "|" + steps},
	{"replace function", "const s = 'x'.repeat(1e5);\ns.replace(/x/g, () => s);", strLen},
	{"string raw", "const s = 'x'.repeat(4e6);\nString.raw({raw: [s, s, s]}, s, s);", strLen},
	{"encode growth", "let s = '\\u00ff';\nwhile (true) s = encodeURIComponent(s);", steps},
	{"object toString doubling", "let s = 'x';\nwhile (true) { const o = {toString: () => s}; s = o + o; }", strLen},
	{"json stringify growth", "let v = 'x'.repeat(1e6);\nwhile (true) v = JSON.stringify([v, v, v]);", strLen},
	{"pad", "'x'.padEnd(2 ** 31);", strLen},
	{"repeat", "'ab'.repeat(2 ** 30);", strLen},
	// 3: catastrophic backtracking in regexp2 ignored the interrupt and SIGTERM.
	{"regexp backtracking", `/^(?=(a+)+)(a+)+b$/.test("a".repeat(34));`, regex},
	{"regexp backtracking caught", "for (;;) { try { /^(a+)+\\1b$/.test('a'.repeat(40)); } catch (e) {} }", regex},
	{"regexp backtracking split", "'a'.repeat(40).split(/(a+)+\\1b/);", regex},
	{"regexp backtracking replace", "('a'.repeat(40) + 'c').replace(/(?=(a+)+)(a+)+b/g, 'x');", regex},
	{"regexp huge pattern", "new RegExp('a?'.repeat(1e5) + 'a'.repeat(1e5)).test('a'.repeat(4e6));", regex},
	// 4: JSON.stringify of deep arrays, and sorts, ran for minutes in Go.
	{"json stringify deep", "let a = [];\nfor (let i = 0; i < 1e6; i++) a = [a];\nJSON.stringify(a);", memory + "|" + stack + "|" + steps},
	{"json stringify deep 1e5", "let a = [];\nfor (let i = 0; i < 1e5; i++) a = [a];\nJSON.stringify(a);", stack},
	{"sort endless comparator", "const a = [];\nfor (let i = 0; i < 1000; i++) a.push(i);\na.sort(() => { while (true) {} });", steps},
	{"sort big default", "const a = Array.from({length: 1e6}, (_, i) => i);\nfor (;;) a.sort();", steps},
	{"sort array-like", "Array.prototype.sort.call({length: 3e7}, () => { while (true) {} });", arrLen},
	{"sort big comparator", "const a = Array.from({length: 1e6}, (_, i) => i);\nfor (;;) a.sort((x, y) => y - x);", steps},
	// Sparse arrays of length 2 ** 32 - 1: goja's builtins walk or
	// allocate by length (fatal out of memory, or hours in Go).
	{"sparse map", sparse + "a.map(x => x);", arrLen},
	{"sparse forEach", sparse + "a.forEach(x => x);", arrLen},
	{"sparse indexOf", sparse + "a.indexOf(5);", arrLen},
	{"sparse sort", sparse + "a.sort();", arrLen},
	{"sparse reverse", sparse + "a.reverse();", arrLen},
	{"sparse spread", sparse + "[...a];", arrLen},
	{"sparse rest", sparse + "const [...r] = a;", arrLen},
	{"sparse call spread", sparse + "Math.max(...a);", stack},
	{"sparse apply", sparse + "Math.max.apply(null, a);", stack},
	{"sparse reflect", sparse + "Reflect.apply(Math.max, null, a);", stack},
	{"sparse set", sparse + "new Set(a);", arrLen},
	{"sparse from", sparse + "Array.from(a);", arrLen},
	{"sparse keys", sparse + "[...a.keys()];", arrLen},
	{"sparse join", sparse + "a.join('');", strLen + "|" + arrLen},
	{"sparse string", sparse + "String(a);", strLen + "|" + arrLen},
	{"sparse concat", sparse + "a.concat(a);", arrLen},
	{"sparse flat", sparse + "a.flat();", arrLen},
	{"sparse json", sparse + "JSON.stringify(a);", strLen + "|" + arrLen},
	{"sparse for of", sparse + "for (const x of a) {}", arrLen},
	{"sparse index", "const a = [];\na[2 ** 32 - 2] = 1;\na.map(x => x);", arrLen},
	{"sparse defineProperty", "const a = [];\nObject.defineProperty(a, 'length', {value: 2 ** 32 - 1});\na.includes(1);", arrLen},
	{"array constructor", "new Array(2 ** 30).map(x => 1);", arrLen},
	{"array like indexOf", likeHuge + "Array.prototype.indexOf.call(o, 1);", arrLen},
	{"array like join", likeHuge + "Array.prototype.join.call(o, '');", strLen + "|" + arrLen},
	{"array like from", likeHuge + "Array.from(o);", arrLen},
	{"array like apply", likeHuge + "Math.max.apply(null, o);", stack},
	{"call spread huge", "const a = Array.from({length: 1 << 19}, (_, i) => i);\n[].push(...a);", stack},
	{"array doubling push", "const a = [1];\nwhile (true) a.push(...a);", stack},
	{"array doubling concat", "let a = [1];\nwhile (true) a = a.concat(a);", arrLen + "|" + memory},
	{"array doubling spread", "let a = [1];\nwhile (true) a = [...a, ...a];", steps + "|" + memory},
	{"array flat growth", "const a = Array.from({length: 1e4}, () => 0);\nArray.from({length: 1e4}, () => a).flat();", arrLen},
	// Chains goja follows recursively in Go.
	{"bind chain", "let f = function () { return 1; };\nfor (let i = 0; i < 1e6; i++) f = f.bind(null);\nf();", stack},
	{"proxy chain", "let p = {};\nfor (let i = 0; i < 1e6; i++) p = new Proxy(p, {});\np.x;", stack},
	{"prototype chain create", "let o = {};\nfor (let i = 0; i < 1e6; i++) o = Object.create(o);\no.x;", stack},
	{"prototype chain set", "let o = {};\nfor (let i = 0; i < 1e6; i++) { const n = {}; Object.setPrototypeOf(n, o); o = n; }\no.x;", stack},
	{"prototype chain __proto__", "let o = {};\nfor (let i = 0; i < 1e6; i++) { const n = {}; n.__proto__ = o; o = n; }\no.x;", stack},
	{"prototype chain literal", "let o = {};\nfor (let i = 0; i < 1e6; i++) o = {__proto__: o};\no.x;", stack},
	{"prototype chain classes", "let C = class {};\nfor (let i = 0; i < 1e6; i++) C = class extends C {};\nnew C().x;", stack},
	{"generator chain", "function* g(n) { if (n > 0) { yield* g(n - 1); } else { yield 1; } }\n[...g(1e6)];", stack},
	{"async chain", "async function f(n) { if (n > 0) { await f(n - 1); } }\nawait f(1e6);", stack},
	{"getter chain", "let o = {get x() { return 1; }};\nfor (let i = 0; i < 1e6; i++) { const p = o; o = {get x() { return p.x; }}; }\no.x;", memory + "|" + stack + "|" + steps},
	{"nested toString", "let a = [];\nfor (let i = 0; i < 1e6; i++) a = [a];\nString(a);", memory + "|" + stack + "|" + steps},
	// Code the parser and compiler recurse over.
	{"deep code brackets", "const x = " + strings.Repeat("[", 30000) + strings.Repeat("]", 30000) + ";", stack},
	{"deep code objects", "const x = " + strings.Repeat("{a:", 15000) + "1" + strings.Repeat("}", 15000) + ";", stack},
	{"deep code functions", strings.Repeat("(() => {", 4000) + strings.Repeat("})();", 4000), stack},
	{"deep code plus", "const a = 1;\nconst x = " + strings.Repeat("a+", 30000) + "a;", stack},
	{"deep code ternary", "const a = 1;\nconst x = " + strings.Repeat("a?a:", 15000) + "a;", stack},
	{"deep code assign", "let a = 1;\na = " + strings.Repeat("a=", 30000) + "1;", stack},
	{"deep code unary", "const x = " + strings.Repeat("!", 60000) + "1;", stack},
	{"deep code arrows", "const x = " + strings.Repeat("a=>", 20000) + "1;", stack},
	{"long code", "const s = '" + strings.Repeat("x", 70000) + "';", "Error: Code is"},
	// Ways around the instrumentation.
	{"eval", "eval('let s = \"x\"; while (true) s = s + s;');", noEval},
	{"Function", "Function('let s = \"x\"; while (true) s = s + s;')();", noEval},
	{"Function constructor", "(function () {}).constructor('return 1')();", noEval},
	{"async Function constructor", "(async function () {}).constructor('return 1')();", noEval},
	{"generator Function constructor", "(function* () {}).constructor('return 1')();", noEval},
	{"bigint", "let x = 2n;\nwhile (true) x = x * x;", "SyntaxError: BigInt literals are not supported"},
	{"bigint global", "BigInt(2) ** BigInt(1e9);", "ReferenceError: BigInt is not defined"},
	{"shadow a guard", "const __collabcraft_v = 1;", "SyntaxError: Identifier '__collabcraft_v' is reserved"},
	{"escaped shadow", "const \\u005f_collabcraft_v = 1;", "SyntaxError: "},
	// The limits that held before, kept here so the corpus is whole.
	{"endless loop", "while (true) {}", steps},
	{"recursion", "function f() { return f() + 1; }\nf();", stack},
	{"growing array", "const a = [];\nwhile (true) { a.push({x: a.length}); }", memory + "|" + steps},
	{"growing map", "const m = new Map();\nlet i = 0;\nwhile (true) { m.set(i, {i}); i++; }", memory + "|" + steps},
	{"growing string +=", "let s = '';\nconst t = 'x'.repeat(4e6);\nwhile (true) s += t;", strLen},
	{"growing property += caught", "const o = {s: ''};\nconst t = 'x'.repeat(4e6);\nfor (;;) { try { o.s += t; } catch (e) {} }", steps},
	{"throw and catch", "for (;;) { try { null.x; } catch (e) {} }", steps},
	{"never settles", "await new Promise(() => {});", "Error: Code execution timed out after 10 minutes."},
	{"skill calls", "while (true) { world.getPosition(bot); }", "Error: Code execution called more than"},
	{"output", "while (true) { log(bot, 'spam spam spam spam'); }", "Error: Code execution wrote more than"},
	{"thrown toString loop", "throw {toString() { while (true) {} }};", "Error"},
	{"thrown huge", "throw new Error('x'.repeat(4e6));", "Error: xxxx"},
})

// awaiting puts the await MINDcraft's lint wants before each program.
func awaiting(ps []Program) []Program {
	for i := range ps {
		ps[i].Code = await + ps[i].Code
	}
	return ps
}
