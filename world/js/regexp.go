package js

import (
	"sync"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// A regular expression runs in Go, where goja's interrupt does not reach:
// with backtracking (regexp2, which goja uses for lookarounds and
// backreferences) /^(?=(a+)+)(a+)+b$/ on 34 a's would run for ever, and
// even the linear engine takes pattern times input steps. So every match
// is bounded: regexp2's match timeout ends a backtracking one, and a match
// whose pattern times input exceeds regexpWork is not started. Either
// stops the execution with a limit error.
const (
	regexpTimeout = 500 * time.Millisecond
	regexpWork    = 1 << 27
)

// setRegexpTimeout sets regexp2's match timeout, read when goja compiles a
// pattern. It is process-wide and only goja uses regexp2 here.
var setRegexpTimeout = sync.OnceFunc(func() { regexp2.DefaultMatchTimeout = regexpTimeout })

// guardRegExp replaces RegExp.prototype.exec, through which every match
// goes once it is replaced (match, matchAll, replace, search, split), and
// test, which goja runs without it, with matchers that refuse a match too
// large for its input and turn a match that timed out (regexp2 reports it
// as no match) into the limit error. Once the execution is stopped they
// match nothing, so that a builtin's loop over matches ends at once.
func (e *execution) guardRegExp() error {
	setRegexpTimeout()
	vm := e.vm
	proto := vm.Get("RegExp").ToObject(vm).Get("prototype").ToObject(vm)
	for _, name := range []string{"exec", "test"} {
		original, ok := goja.AssertFunction(proto.Get(name))
		if !ok {
			continue
		}
		guarded := vm.ToValue(func(call goja.FunctionCall) goja.Value {
			return e.match(original, call)
		}).ToObject(vm)
		if err := guarded.DefineDataProperty("name", vm.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			return err
		}
		if err := proto.DefineDataProperty(name, guarded, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	return nil
}

// match runs one match (original is exec or test) within the limits.
func (e *execution) match(original goja.Callable, call goja.FunctionCall) goja.Value {
	if e.stopped.Load() {
		return goja.Null()
	}
	input := call.Argument(0).ToString()
	re, _ := call.This.(*goja.Object)
	from, n := 0, input.(goja.String).Length()
	if re != nil && (re.Get("global").ToBoolean() || re.Get("sticky").ToBoolean()) {
		from = int(min(max(re.Get("lastIndex").ToInteger(), 0), int64(n)))
	}
	if re != nil {
		if src, ok := re.Get("source").(goja.String); ok && src.Length()*max(input.(goja.String).Length(), 1) > regexpWork {
			e.interrupt(regexpSizeText)
			return goja.Null()
		}
	}
	start := time.Now()
	v, err := original(call.This, input)
	if err != nil {
		panic(err)
	}
	e.charge(regexpSteps + int64(scanned(re, v, from, n)/charsPerStep))
	// regexp2 reports a timeout as no match. Its deadline is read from a
	// clock a goroutine advances every 100 ms, which a loaded machine
	// delays: a match may be stopped well before regexpTimeout of wall
	// time has passed. So half of it, with no match, is taken as stopped.
	if (goja.IsNull(v) || !v.ToBoolean()) && time.Since(start) >= regexpTimeout/2 {
		e.interrupt(regexpLimitText(regexpTimeout))
	}
	return v
}

// regexpSteps is what a match costs besides the characters it reads:
// goja prepares each one in Go (about four loop iterations' time).
const regexpSteps = 4

// scanned is how many characters a match read from from: to where it
// matched (lastIndex after a global or sticky one, the end of what exec
// found), else to the end of the input, or nothing for a sticky one,
// which tries at from only (split tries one at each position).
func scanned(re *goja.Object, v goja.Value, from, n int) int {
	sticky := re != nil && re.Get("sticky").ToBoolean()
	if re == nil || goja.IsNull(v) || !v.ToBoolean() {
		if sticky {
			return 0
		}
		return n - from
	}
	if sticky || re.Get("global").ToBoolean() {
		return max(int(re.Get("lastIndex").ToInteger())-from, 0)
	}
	if m, ok := v.(*goja.Object); ok {
		if i, ok := m.Get("index").Export().(int64); ok {
			return int(i) + len(m.Get("0").String())
		}
	}
	return n - from // test: where it matched is not known
}

// jsonDepth is how deeply JSON text nests arrays and objects, counted up
// to just past limit; JSON.parse refuses text deeper than the limit
// before goja's parser recurses over it.
func jsonDepth(text string, limit int) int {
	depth, deepest := 0, 0
	inString := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			if deepest = max(deepest, depth); deepest > limit {
				return deepest
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}
