package generate

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// Coding says whether `!newAction` runs model-written code (MINDcraft's
// allow_insecure_coding) or answers that coding is disabled.
type Coding string

// Coding settings. The zero value is CodingAuto.
const (
	CodingAuto Coding = "auto" // as MineCollab runs each task kind (codingByDefault)
	CodingOn   Coding = "on"
	CodingOff  Coding = "off"
)

// ParseCoding reads on, off or auto ("" is auto).
func ParseCoding(s string) (Coding, error) {
	switch c := Coding(s); c {
	case "", CodingAuto:
		return CodingAuto, nil
	case CodingOn, CodingOff:
		return c, nil
	}
	return "", fmt.Errorf("generate: coding %q: want on, off or auto", s)
}

// codingByDefault is, per task kind, whether MineCollab runs it with
// coding on: construction runs with --insecure_coding (minecollab.md), and
// so does VillagerBench's construction under p2p (placeBlock's placeOn is
// the only way MINDcraft turns a block), and so do VillagerBench's escape
// rooms (no MINDcraft command lists where a room's levers and plates are:
// world.getNearestBlocks in code does).
var codingByDefault = map[*procgen.Kind]bool{
	procgen.Crafting:       false,
	procgen.Cooking:        false,
	procgen.Construction:   true,
	procgen.Farm:           false,
	procgen.VBConstruction: true,
	procgen.Escape:         true,
}

// enabled reports whether coding is on for a task of the given type.
func (c Coding) enabled(taskType string) bool {
	switch c {
	case CodingOn:
		return true
	case CodingOff:
		return false
	}
	k, _ := procgen.KindOfType(taskType)
	return codingByDefault[k]
}

// CodeWorld is a World that runs model-written code: coding mode needs
// one (an agent's `!newAction` in a World without it ends the trial with
// an error).
type CodeWorld interface {
	World
	// ExecuteCode runs one code block for the agent, as MINDcraft's coder
	// stages, lints and runs it, and reports what came of it. Its effects
	// are applied when it returns, like Execute's.
	ExecuteCode(agent int, code string) CodeResult
}

// CodeKind is how one code block's execution ended.
type CodeKind int

// How a code block's execution ends (coder.js generateCode).
const (
	CodeFinished  CodeKind = iota // it ran to its end: Message is the action's output
	CodeLintError                 // it did not pass the lint: nothing ran
	CodeThrew                     // it threw: what it did up to then stays done
)

// CodeResult is one code block's execution.
type CodeResult struct {
	Kind CodeKind
	// Message is the text MINDcraft's coder makes of the result, exactly:
	// the summary "Agent wrote this code: \n```{code}```\nCode Output:\n..."
	// (CodeFinished), "Error: Code lint error:\n...\nPlease try again."
	// (CodeLintError) or "Code Output:\n...\nCODE EXECUTION THREW ERROR:
	// ...\n Please try again:" (CodeThrew).
	Message string
	// Duration is the simulated time the code took to run.
	Duration time.Duration
}

// The coder loop's limits and texts (coder.js generateCode).
const (
	maxCodeAttempts = 5
	maxNoCode       = 3
	codingStarted   = "Code generation started. Write code in codeblock in your response:"
	noCodeText      = "Error: no code provided. Write code in codeblock in your response. ``` // example ```"
	wouldNotCode    = "Action failed, agent would not write code."
	newActionName   = "!newAction"
	codeFence       = "```"
)

var codingFailed = fmt.Sprintf("Code generation failed after %d attempts.", maxCodeAttempts)

// coderRun is one `!newAction` in progress: the coder's transient
// messages and counts.
type coderRun struct {
	from     int // index of the conversation transition that asked for it
	messages []trajectory.Message
	attempts int
	noCode   int
	output   string // the action's output once decided; "" while it goes on
}

// startCoding begins the coder loop for the agent's `!newAction`, whose
// conversation call is tr. The call is recorded, but the recorder sees it
// only with the action's output, followed by its coding calls. The loop's
// messages start from the agent's history, which ends with the
// `!newAction` turn.
func (e *engine) startCoding(a *agent, tr trajectory.Transition) {
	if e.codeWorld == nil {
		e.record(a, tr)
		e.errMsg = fmt.Sprintf("%s: coding is on for task type %q but the world cannot run code (generate.CodeWorld)", a.name, e.task.Type)
		e.finish(trajectory.EndError)
		return
	}
	msgs := slices.Clone(a.hist.turns)
	msgs = append(msgs, trajectory.Message{Role: "system", Content: codingStarted})
	a.coder = &coderRun{from: len(a.transitions), messages: msgs}
	e.record(a, tr)
	a.need = trajectory.KindCoding
}

// codingPrompt renders the coding prompt for the agent's next coding call.
func (e *engine) codingPrompt(a *agent, stats, inventory string) string {
	return e.prompts.renderCoding(promptVars{
		Name: a.name, Goal: a.goal, TaskInventory: a.taskInv, Memory: a.hist.memory,
		Stats: stats, Inventory: inventory, CommandDocs: a.docs, CodeDocs: e.codeDocs,
		Examples:   selectExamples(&a.turnWords, a.codingPool, a.coder.messages, e.prompts.NumExamples),
		SelfPrompt: selfPromptLine(a.sp),
	})
}

// applyCoding handles a coding call's reply as generateCode handles
// promptCoding's answer, recording the call.
func (e *engine) applyCoding(a *agent, tr trajectory.Transition) {
	c := a.coder
	c.attempts++
	res := tr.Response
	first := strings.Index(res, codeFence)
	if first < 0 {
		switch {
		case strings.Contains(res, newActionName):
			c.add("assistant", res[:strings.Index(res, newActionName)])
		case c.noCode >= maxNoCode:
			c.output = wouldNotCode
		default:
			c.add("system", noCodeText)
			c.noCode++
		}
		e.record(a, tr)
		e.codingStepDone(a)
		return
	}
	code := jsSubstring(res, first+len(codeFence), strings.LastIndex(res, codeFence))
	out := e.codeWorld.ExecuteCode(a.idx, code)
	tr.Output = out.Message
	switch out.Kind {
	case CodeLintError:
		c.add("system", out.Message)
	case CodeThrew:
		c.add("assistant", res)
		c.add("system", out.Message)
	default:
		c.output = out.Message
	}
	e.record(a, tr)
	if _, ok := e.w.Score(); ok {
		e.finish(trajectory.EndSuccess)
		return
	}
	if dur := roundMS(out.Duration); dur > 0 {
		a.state, a.until, a.actLabel = stActing, e.now+dur, "newAction"
		e.busy(a)
		return
	}
	e.codingStepDone(a)
}

// codingStepDone goes on after a coding call and its code: another call,
// or the action's end when its output is decided or the attempts are
// used up.
func (e *engine) codingStepDone(a *agent) {
	c := a.coder
	if c.output == "" && c.attempts < maxCodeAttempts {
		a.need = trajectory.KindCoding
		return
	}
	if c.output == "" {
		c.output = codingFailed
	}
	e.flushCoding(a)
	e.actionDone(a, nil, c.output)
}

// flushCoding ends the action's hold on the recorder: the `!newAction`
// call gets the action's output ("" when the trial ended first) and the
// recorder sees it, then its coding calls, in order. The output is the
// coder's text as it is: newAction adds no "Action output:" prefix.
func (e *engine) flushCoding(a *agent) {
	c := a.coder
	a.coder = nil
	a.transitions[c.from].Output = c.output
	if e.rec != nil {
		for _, t := range a.transitions[c.from:] {
			e.rec.Record(a.idx, t)
		}
	}
}

func (c *coderRun) add(role, content string) {
	c.messages = append(c.messages, trajectory.Message{Role: role, Content: content})
}

// jsSubstring is String.prototype.substring over byte offsets: the bounds
// are clamped and swapped when start > end (a response with one fence
// gives the fence itself as its code).
func jsSubstring(s string, start, end int) string {
	start, end = min(max(start, 0), len(s)), min(max(end, 0), len(s))
	if start > end {
		start, end = end, start
	}
	return s[start:end]
}
