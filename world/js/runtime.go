// Package js runs model-written JavaScript against the embedded world the
// way MINDcraft's coder does (src/agent/coder.js at 0012750): the code is
// staged into an async main(bot), linted with coder.js's checks and texts,
// and run with only skills, world, Vec3, log and bot in scope. The skills
// and world functions have MINDcraft's names, parameters, defaults and
// log texts and are backed by a world.Session, so every skill costs the
// simulated time it takes.
//
// Model code is hostile input: each execution gets a fresh goja runtime
// with its intrinsics frozen (as SES's lockdown freezes them), bounded wall
// time, simulated time, skill calls, output, call depth and memory, and
// every way out of those bounds ends as a thrown error the coder loop
// reports; the world and the trial go on.
package js

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dop251/goja"

	"collabcraft/world"
)

// Limits bound one execution. Zero fields take DefaultLimits' values.
//
// Every limit but Wall and Memory counts what the code does, so a program
// ends the same way on any machine, however loaded: Steps is the one that
// stops endless loops and recursion. Wall and Memory depend on timing and
// on the process, and are backstops that a program within the other
// limits stays far from.
type Limits struct {
	// Steps is the work the code may do: one step per loop iteration and
	// per call of a function it defines (counted by the instrumented code,
	// guard.go), and for builtins one step per array element they walk,
	// per argument they pass on, or per charsPerStep characters they read
	// or make (prelude.js, regexp.go); a default sort is charged n·log2(n);
	// the skills' path searches one step per expansion (chargeSearch).
	// Past it the execution is stopped: Error: Code execution took more
	// than N steps.
	Steps int64
	// Wall is the real time the script may run (goja's Interrupt): a
	// backstop for a builtin that works long in Go within its bounds.
	Wall time.Duration
	// SimTime is the simulated time its skills may take: MINDcraft's
	// code_timeout_mins (10 minutes).
	SimTime time.Duration
	// SkillCalls is how many skills and world functions it may call.
	SkillCalls int
	// Output is the most bytes of action log (bot.output) it may write.
	Output int
	// Memory is how far the process's live heap may grow during the run,
	// in bytes (sampled; see watchdog): a backstop for code that keeps
	// what it makes. One allocation in flight when the
	// limit is crossed still completes, and a doubling string doubles once
	// more: the heap's growth stays under 8 x Memory (TestMemoryBound).
	Memory uint64
	// CallDepth is the deepest JavaScript call stack.
	CallDepth int
	// StringLength is the longest string a concatenation (+, +=, a
	// template) or a builtin makes: a longer one throws RangeError:
	// Invalid string length before it is allocated.
	StringLength int
	// ArrayLength is the longest array a builtin walks or makes (every
	// Array.prototype method, spread, destructuring): RangeError: Invalid
	// array length. (An argument list, spread or applied, holds at most
	// 65,536 values, about where V8 runs out of stack: RangeError: Maximum
	// call stack size exceeded.)
	ArrayLength int
	// CodeSize is the most bytes of code an execution runs.
	CodeSize int
	// Depth is how deep the code's syntax, the JSON it parses or writes,
	// bound functions, proxies and prototype chains may nest: goja
	// follows them recursively in Go, where running out of stack is
	// fatal to the process rather than an error.
	Depth int
}

// DefaultLimits are generous for any program that builds a house (the
// scripted builders' programs take at most about 70,000 steps and their
// skills' path searches under 700,000 expansions; the costliest Voyager
// collection about 3.7 million) and small enough that a runaway one ends
// within a few seconds (10,000,000 steps of a bare loop take about 1 s on
// an idle core, of path search about 3 s). The wall time is a backstop far
// past what the step budget takes on a loaded machine: at 30 s a sound
// collection program was stopped at a load of 20 on 2 cores, so the same
// seeded trial differed from run to run.
var DefaultLimits = Limits{
	Steps:        10_000_000,
	Wall:         2 * time.Minute,
	SimTime:      10 * time.Minute,
	SkillCalls:   10000,
	Output:       64 << 10,
	Memory:       256 << 20,
	CallDepth:    2000,
	StringLength: 1 << 22,
	ArrayLength:  1 << 20,
	CodeSize:     64 << 10,
	Depth:        1000,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	return Limits{
		Steps: orDefault(l.Steps, d.Steps), Wall: orDefault(l.Wall, d.Wall), SimTime: orDefault(l.SimTime, d.SimTime),
		SkillCalls: orDefault(l.SkillCalls, d.SkillCalls), Output: orDefault(l.Output, d.Output),
		Memory: orDefault(l.Memory, d.Memory), CallDepth: orDefault(l.CallDepth, d.CallDepth),
		StringLength: orDefault(l.StringLength, d.StringLength), ArrayLength: orDefault(l.ArrayLength, d.ArrayLength),
		CodeSize: orDefault(l.CodeSize, d.CodeSize), Depth: orDefault(l.Depth, d.Depth),
	}
}

// orDefault is v if it is set (positive), else def.
func orDefault[T time.Duration | int | int64 | uint64](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}

// Kind says how an execution ended, which decides what the coder loop
// does next (coder.js generateCode).
type Kind int

const (
	// Finished: main returned; Message is the final summary and the loop
	// returns it.
	Finished Kind = iota
	// LintError: the code was not run; Message is the system turn and the
	// loop tries again.
	LintError
	// Threw: the code threw (or hit a limit); Message is the system turn
	// and the loop adds the response as an assistant turn before it.
	Threw
)

func (k Kind) String() string {
	return [...]string{"finished", "lint_error", "threw"}[k]
}

// Result is one execution's outcome.
type Result struct {
	Kind Kind
	// Message is exactly what MINDcraft's coder makes of it:
	//   Finished:  "Agent wrote this code: \n```<code>```\nCode Output:\n<summary>"
	//   LintError: "Error: Code lint error:\n<lint>\nPlease try again."
	//   Threw:     "Code Output:\n<summary>\nCODE EXECUTION THREW ERROR: <error>\n Please try again:"
	Message string
	// Error is e.toString() of what was thrown (Threw), or the lint text.
	Error string
	// Log is the whole action log (bot.output) before it is summarized.
	Log string
	// Duration is the simulated time the skills took; the caller advances
	// the world clock by it.
	Duration time.Duration
	// SkillCalls counts the skills and world functions called.
	SkillCalls int
	// Steps counts the steps the code took (Limits.Steps); loop
	// iterations and calls are counted stepGrant at a time.
	Steps int64
	// Chat holds the public chat messages the code sent (bot.chat).
	Chat []string
}

// Options configure Execute.
type Options struct {
	Limits Limits
	// Seed drives Math.random, so a run is reproducible.
	Seed uint64
	// Epoch is what Date.now() reads at simulated time zero.
	Epoch time.Time
}

// Execute lints and runs one code block (the text between the response's
// first and last ```) for agent in w. Its error is only for an unknown
// agent; everything the code does wrong is in the Result.
func Execute(ctx context.Context, w *world.World, agent, code string, opts Options) (Result, error) {
	s, err := w.NewSession(agent)
	if err != nil {
		return Result{}, err
	}
	code = sanitize(code)
	limits := opts.Limits.withDefaults()
	if len(code) > limits.CodeSize {
		return threw(w, s, codeTooLongText(len(code), limits.CodeSize), limits.Output), nil
	}
	staged := stage(code)
	// The syntax's depth is measured before anything recurses over it.
	ready, refused, perr := instrument(staged.execSource(), limits.Depth, limits.StringLength)
	if refused == codeTooDeepText {
		return threw(w, s, refused, limits.Output), nil
	}
	if lint := Lint(staged); lint != "" {
		return Result{Kind: LintError, Error: lint, Message: "Error: " + lintErrorMark + ":\n" + lint + "\nPlease try again."}, nil
	}
	if refused != "" {
		return threw(w, s, refused, limits.Output), nil
	}
	if perr != nil {
		return threw(w, s, "SyntaxError: "+perr.Error(), limits.Output), nil
	}
	if wedgeMarker != "" && strings.Contains(code, wedgeMarker) {
		wedge()
	}
	e := newExecution(w, s, agent, opts)
	e.sources = ready.sources
	thrown := e.run(ctx, ready)
	res := Result{Log: s.Output(), Duration: s.Duration(), SkillCalls: e.calls, Steps: e.steps, Chat: e.chat}
	if thrown == "" {
		res.Kind = Finished
		res.Message = "Agent wrote this code: \n```" + code + "```\nCode Output:\n" + w.OutputSummary(s.Output())
		return res, nil
	}
	t := threw(w, s, thrown, limits.Output)
	res.Kind, res.Error, res.Message = t.Kind, t.Error, t.Message
	return res, nil
}

// threw is the result of code that threw, or was refused before it ran.
// A thrown text longer than the output limit is cut there: it goes into
// the conversation, as the action's output does.
func threw(w *world.World, s *world.Session, thrown string, limit int) Result {
	if len(thrown) > limit {
		thrown = strings.ToValidUTF8(thrown[:limit], "") + fmt.Sprintf("... (%d more characters)", len(thrown)-limit)
	}
	return Result{Kind: Threw, Error: thrown,
		Message: "Code Output:\n" + w.OutputSummary(s.Output()) + "\n" + threwMark + ": " + thrown + "\n Please try again:"}
}

// The words that mark a Message of an execution that did not finish.
const (
	lintErrorMark = "Code lint error"
	threwMark     = "CODE EXECUTION THREW ERROR"
)

// Failed reports whether text holds the Message of an execution that did
// not finish (LintError or Threw), as an agent reads it back.
func Failed(text string) bool {
	return strings.Contains(text, threwMark) || strings.Contains(text, lintErrorMark)
}

// sanitize is coder.js's _sanitizeCode: trim, then drop one leading
// language tag.
func sanitize(code string) string {
	code = strings.TrimSpace(code)
	for _, tag := range []string{"Javascript", "javascript", "js"} {
		if strings.HasPrefix(code, tag) {
			return code[len(tag):]
		}
	}
	return code
}

// interruptCheck is what _stageCode appends to every ";\n".
const interruptCheck = `; if(bot.interrupt_code) {log(bot, "Code interrupted.");return;}` + "\n"

// stagedCode is code as _stageCode rewrites it, with each line indented.
type stagedCode struct {
	body string // the rewritten lines, each indented by 4 spaces
}

func stage(code string) stagedCode {
	code = strings.ReplaceAll(code, "console.log(", "log(bot,")
	code = strings.ReplaceAll(code, `log("`, `log(bot,"`)
	code = strings.ReplaceAll(code, ";\n", interruptCheck)
	var b strings.Builder
	for line := range strings.SplitSeq(code, "\n") {
		b.WriteString("    ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return stagedCode{body: b.String()}
}

// execSource is bots/execTemplate.js with the code in place.
func (s stagedCode) execSource() string {
	return "(async (bot) => {\n\n" + s.body + "\nlog(bot, 'Code finished.');\n\n})"
}

// lintSource is bots/lintTemplate.js with the code in place, so line and
// column numbers are those MINDcraft's ESLint reports.
func (s stagedCode) lintSource() string {
	return lintHeader + "    " + s.body + "\n    log(bot, 'Code finished.');\n}"
}

const lintHeader = "import * as skills from '../../../src/agent/library/skills.js';\n" +
	"import * as world from '../../../src/agent/library/world.js';\n" +
	"import Vec3 from 'vec3';\n\n" +
	"const log = skills.log;\n\n" +
	"export async function main(bot) {\n"

// limitError ends an execution from Go: it is raised through goja's
// Interrupt, which script code cannot catch.
type limitError struct{ text string }

func (e *limitError) Error() string { return e.text }

// The texts of the limits, as the model reads them after "CODE EXECUTION
// THREW ERROR: ". MINDcraft has only the 10-minute timeout, whose stop
// leaves no error; these name the limit so the model can fix its code.
func stepLimitText(n int64) string {
	return fmt.Sprintf("Error: Code execution took more than %d steps (loop iterations, function calls and the work of builtins and skills) and was stopped (endless loop?).", n)
}

func wallLimitText(d time.Duration) string {
	return fmt.Sprintf("Error: Code execution took more than %s of real time and was stopped (endless loop?).", d)
}

func simLimitText(d time.Duration) string {
	return fmt.Sprintf("Error: Code execution timed out after %s minutes.", fmt.Sprint(int(d.Minutes())))
}

func callsLimitText(n int) string {
	return fmt.Sprintf("Error: Code execution called more than %d skills and was stopped.", n)
}

func outputLimitText(n int) string {
	return fmt.Sprintf("Error: Code execution wrote more than %d characters of output and was stopped.", n)
}

const memoryLimitText = "RangeError: Out of memory: code execution allocated too much and was stopped."

const stackLimitText = "RangeError: Maximum call stack size exceeded"

const canceledText = "Error: Code execution was canceled."

func regexpLimitText(d time.Duration) string {
	return fmt.Sprintf("Error: Code execution ran a regular expression for more than %s and was stopped (catastrophic backtracking?).", d)
}

const regexpSizeText = "Error: Code execution ran a regular expression too large for its input and was stopped."

// errorText is e.toString() of a value the script threw, or the limit
// that stopped it, with goja's wording turned into V8's.
func errorText(vm *goja.Runtime, err error) string {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if le, ok := ie.Value().(*limitError); ok {
			return le.text
		}
		return canceledText
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return stackLimitText
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return v8Text(toString(vm, ex.Value()))
	}
	return "Error: " + err.Error()
}

// toString is String(v) in JavaScript, guarded: a thrown object whose
// toString throws or loops is itself hostile.
func toString(vm *goja.Runtime, v goja.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "Error"
		}
	}()
	if v == nil {
		return "undefined"
	}
	return v.String()
}
