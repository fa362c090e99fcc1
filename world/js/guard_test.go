package js

import (
	"strings"
	"testing"
)

// TestGuardsKeepMeaning: instrumented code (guard.go) computes what the
// code computes in node; each case logs its value.
func TestGuardsKeepMeaning(t *testing.T) {
	w := testWorld(t)
	cases := []struct{ code, want string }{
		{"1 + 2", "3"},
		{"'a' + 1 + 2", "a12"},
		{"1 + 2 + 'a'", "3a"},
		{"(1, 2) + 3", "5"},
		{"((('a'))) + (('b'))", "ab"},
		{"[1, 2] + [3]", "1,23"},
		{"({}) + ''", "[object Object]"},
		{"({valueOf() { return 4; }, toString() { return 'x'; }}) + 1", "5"},
		{"`${{valueOf() { return 4; }, toString() { return 'x'; }}}`", "x"},
		{"({[Symbol.toPrimitive](h) { return h; }}) + ''", "default"},
		{"`${{[Symbol.toPrimitive](h) { return h; }}}`", "string"},
		{"typeof (new Date(0) + 1)", "string"},
		{"typeof (new Date() + 1) + (new Array()).length + new Array() + (new Set().size)", "string00"},
		{"(() => 1) + ''", "() => 1"},
		{"(async function f() {}) + ''", "async function f() {}"},
		{"(function () { return 'r'; })() + 's'", "rs"},
		{"(x => x + 1)(1) + (x => x * 2)(2)", "6"},
		{"null + 'n'", "nulln"},
		{"undefined + 1", "NaN"},
		{"true + 1", "2"},
		{"-1 + +'2'", "1"},
		{"'x' + typeof 1", "xnumber"},
		{"(() => { let s = 'a'; s += 'b'; s += 1 + 2; s += (s, 'c'); return s; })()", "ab3c"},
		{"(() => { const o = {s: 'a'}; o.s += o.s; o['s'] += '!'; return o.s; })()", "aa!"},
		{"(() => { let i = 0; const a = ['x']; a[i++] += 'y'; return a[0] + i; })()", "xy1"},
		{"`plain`", "plain"},
		{"`a${1}b`", "a1b"},
		{"`a${1}b${2}c`", "a1b2c"},
		{"`${1}${2}${3}${4}`", "1234"},
		{"`$${'{'}x\\`${'`'}\\${}${1 + 1}`", "${x``${}2"},
		{"`line\nbreak ${'a' + `in${'ner'}`} end`", "line\n    break ainner end"}, // staging indents every line, as MINDcraft's does
		{"`${1 /* } */}${ (2) }${3 // }\n}`", "123"},
		{"`${`${`${'deep'}`}`}`.length", "4"},
		{"(`a${1}b${2}c`).length + `x${2}y${3}z`.length", "10"},
		{"[1, 2].map(x => `${x}${x}`).join()", "11,22"},
		{"(() => { let s = ''; for (let i = 0; i < 3; i++) { s = s + i + ','; } return s; })()", "0,1,2,"},
		{"Object.getPrototypeOf({__proto__: Array.prototype}) === Array.prototype", "true"},
		{"new (class extends Array {})().length", "0"},
		{"({__proto__: {a: 1}}).a + ({'__proto__': {b: 2}}).b", "3"},
		{"String.raw`a${1}\\n`", "a1\\n"},
		{"'aXbXc'.replace('X', '$&$&')", "aXXbXc"},
		{"'aXbXc'.replaceAll('X', '[$`|$\\']')", "a[a|bXc]b[aXb|c]c"},
		{"'2024-06-16'.replace(/(\\d+)-(\\d+)-(\\d+)/, '$3/$2/$1 $$ $4 $0')", "16/06/2024 $ $4 $0"},
		{"'ab'.replace(/(?<x>a)/, '[$<x>][$<y>]')", "[a][]b"},
		{"'ab'.replace('a', () => 'z')", "zb"},
		{"'abc'.concat(1, [2, 3])", "abc12,3"},
		{"[1, [2, [3, [4]]]].flat(Infinity).join('-')", "1-2-3-4"},
		{"[1, 2].flatMap(x => [x, x * 10]).join()", "1,10,2,20"},
		{"[3, 1, 10, undefined, 2].sort().join()", "1,10,2,3,"},
		{"[3, 1, 2].sort((a, b) => b - a).join()", "3,2,1"},
		{"(() => { const a = [1]; a.push(a); return String(a); })()", "1,"},
		{"[null, undefined, 1].join('-')", "--1"},
		{"JSON.stringify({a: [1, 'x', null, undefined, () => 1], b: {c: true}, d: undefined, e: new Date(0)})", `{"a":[1,"x",null,null,null],"b":{"c":true},"e":"1970-01-01T00:00:00.000Z"}`},
		{"JSON.stringify([1, {a: 2}], null, 2)", "[\n  1,\n  {\n    \"a\": 2\n  }\n]"},
		{"JSON.stringify({a: 1, b: 2, c: 3}, ['c', 'a'])", `{"c":3,"a":1}`},
		{"JSON.stringify({a: 1, b: 'x'}, (k, v) => typeof v === 'number' ? v + 1 : v)", `{"a":2,"b":"x"}`},
		{"JSON.stringify('\\u2028\"\\n')", "\"\u2028\\\"\\n\""},
		{"JSON.stringify({}) + JSON.stringify([]) + JSON.stringify(undefined)", "{}[]undefined"},
		{"JSON.stringify([NaN, Infinity, -0, new Number(3), new String('s'), new Boolean(false)])", `[null,null,0,3,"s",false]`},
		{"(() => { try { const o = {}; o.o = o; JSON.stringify(o); } catch (e) { return e.name + ': ' + e.message; } })()", "TypeError: Converting circular structure to JSON"},
		{"JSON.parse('[1, {\"a\": [2]}]')[1].a[0]", "2"},
		{"Math.max(...[1, 5, 3]) + [...'ab'].length", "7"},
		{"Array.from({length: 3}, (_, i) => i).join()", "0,1,2"},
		{"new Set([1, 1, 2]).size", "2"},
		{"Math.max.apply(null, [1, 2]) + Reflect.apply(Math.min, null, [3, 4])", "5"},
		{"Math.max(0, ...new Set([1, 4]), ...new Map([[2, 3]]).keys()) + new Array(...[7, 8]).length + [].concat(...['ab', 'c'])", "6ab,c"},
		{"(() => { try { Math.max(...new Array(65537).fill(0)); } catch (e) { return e.name + ': ' + e.message; } })()", "RangeError: Maximum call stack size exceeded"},
		{"Math.max(...new Array(65536).fill(1))", "1"},
		{"((a, b) => a + b).bind(null, 1)(2)", "3"},
		{"new Proxy({}, {get: () => 7}).x", "7"},
		{"Object.create({a: 1}).a", "1"},
		// Loops and functions start with a tick of the step counter; a
		// loop body that is not a block becomes one.
		{"(() => { let i = 0; while (i < 3) i++; return i; })()", "3"},
		{"(() => { let i = 0; do i += 2; while (i < 5); return i; })()", "6"},
		{"(() => { let s = ''; for (const c of 'abc') s += c + '.'; return s; })()", "a.b.c."},
		{"(() => { const o = {a: 1, b: 2}; let s = ''; for (const k in o) if (o[k] > 1) s += k; else s += '-'; return s; })()", "-b"},
		{"(() => { let i = 0; for (;;) if (i++ > 2) break; return i; })()", "4"},
		{"(() => { let i = 0; for (;;) /* ( */ (i)++ /* ) */, i > 3 && (i = -i); return 0; })", "() => { let i = 0; for (;;) /* ( */ (i)++ /* ) */, i > 3 && (i = -i); return 0; }"},
		{"(() => { let i = 0; for (;;) { if (i++ > 2) break; } return i; })()", "4"},
		{"(() => { let t = 0; a: for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) { if (j > i) continue a; t++; } return t; })()", "6"},
		{"[1, 2].map(x => ({v: x})).map(o => o.v).join()", "1,2"},
		{"(x => x ? 'y' : 'n')(1) + (async () => 1)().constructor.name", "yPromise"},
		{"new (class extends (class { constructor(v) { this.v = v; } }) { constructor() { super(5); } })().v", "5"},
		{"({get x() { return 7; }}).x + [...(function* () { yield 1; yield 2; })()].length", "9"},
		{"(function f(a) { for (let i = 0; i < 2; i++) a += i; return a; }).toString()", "function f(a) { for (let i = 0; i < 2; i++) a += i; return a; }"},
		{"String(x => x + 1) + ' ' + String(class K { m() { while (false); } })", "x => x + 1 class K { m() { while (false); } }"},
		// The target of += is checked too, when it can be read again.
		{"(() => { let s = 'a'; s += 'b'; s += 1; const o = {p: 'x', 0: 'y'}; o.p += s; o[0] += o.p; o['p'] += 2; let n = 1; n += 2; return s + o.p + o[0] + n; })()", "ab1xab12yxab13"},
		{"(() => { let s = 'x'.repeat(4194304) + 'y'; try { s += ''; } catch (e) { return e.message + ' ' + s.length; } })()", "Invalid string length 4194305"},
		{"(() => { const a = ['a']; let i = 0; a[i++] += 'b'; a[0] += a; try { const o = {s: 'x'.repeat(4194304) + 'y'}; o.s += 1; } catch (e) { return a[0] + i + e.name; } })()", "abab1RangeError"},
		{"(() => { try { for (;;) null.x; } catch (e) { return e.name; } })()", "TypeError"},
	}
	for _, c := range cases {
		res := run(t, w, "await skills.wait(bot, 1);\nlog(bot, String("+c.code+"));")
		if res.Kind != Finished || res.Log != c.want+"\nCode finished.\n" {
			t.Errorf("%s:\n got %v %q %q\nwant %q", c.code, res.Kind, res.Error, strings.TrimSuffix(res.Log, "\nCode finished.\n"), c.want)
		}
	}
}

// TestGuardsRefuse: what the instrumentation refuses before the code runs.
func TestGuardsRefuse(t *testing.T) {
	w := testWorld(t)
	for code, want := range map[string]string{
		"let __collabcraft_v = 1;": "SyntaxError: Identifier '__collabcraft_v' is reserved",
		"const x = 2n ** 64n;":     "SyntaxError: BigInt literals are not supported",
		"const \\u0061b = 1;":      "SyntaxError: Unicode escapes in identifiers are not supported",
		"const x = " + strings.Repeat("[", 1200) + strings.Repeat("]", 1200) + ";": "RangeError: Maximum call stack size exceeded",
		"const s = '" + strings.Repeat("x", 70000) + "';":                          "Error: Code is 70040 bytes long, more than the 65536 bytes allowed.",
	} {
		res := run(t, w, "await skills.wait(bot, 1);\n"+code)
		if res.Kind != Threw || res.Error != want {
			t.Errorf("%.60s: got %v %q, want %q", code, res.Kind, res.Error, want)
		}
	}
}

// TestGroupedOperandsKeepTheirValue: a check put around an operand of +
// that ends with a parenthesized group closes after the group, so
// 'a ' + (n * 2) + ' c' is "a 8 c" as in Node (it printed "undefined c":
// goja's tree keeps no parentheses, and the check closed inside the group).
func TestGroupedOperandsKeepTheirValue(t *testing.T) {
	w := testWorld(t)
	res := run(t, w, `await skills.wait(bot, 1);
const n = 4, list = [4];
let s = 'q';
s += 'a' + (n * 2);
const f = x => 'v' + (x * 2);
log(bot, ['a ' + (n * 2) + ' c', 'a ' + (n + 1) + ' c', 'a ' + ( (list.length - 1) ) + ' c', 'a ' + (n * (n - 1)) + ' c',
  'a ' + (n > 2 ? 'y' : ('z')) + ' c', s, 'a ' + (n * 2) /* ( */ + ' c', f(n) + ' c', `+"`a ${'b' + (n * 2)} c`"+`,
  ' b ' + ('prototype' in f) + ' c '].join('|'));`)
	want := "a 8 c|a 5 c|a 0 c|a 12 c|a y c|qa8|a 8 c|v8 c|a b8 c| b false c \nCode finished.\n"
	if res.Log != want {
		t.Errorf("log %q, want %q", res.Log, want)
	}
}
