package js

import (
	"context"
	_ "embed"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"

	"collabcraft/world"
)

// execution is one run of staged code: a fresh goja runtime, the session
// its skills act through, and the counters the limits watch.
type execution struct {
	vm     *goja.Runtime
	w      *world.World
	s      *world.Session
	agent  string
	limits Limits
	calls  int
	chat   []string
	vec3   *goja.Object // the Vec3 class, from the prelude
	// vec3Proto is Vec3.prototype. (Neither is frozen: install adds Vec3
	// after hardening the intrinsics; each runtime has its own.)
	vec3Proto *goja.Object
	// lastBlock is the last block name a block object took (blockName).
	lastBlock blockName
	// getProperties is the blocks' shared getProperties, a method of
	// blockProto, their prototype (block).
	getProperties goja.Value
	blockProto    *goja.Object
	// entities are the entity objects handed out, by id, one per entity
	// as mineflayer's bot.entities keeps them; entityIDs maps them back.
	entities  map[int]*goja.Object
	entityIDs map[*goja.Object]int
	// goalKey keys the world.PathGoal a Voyager program's goal object
	// holds (voyager_goals.go).
	goalKey *goja.Symbol
	// sources maps the instrumented text of the code's functions to the
	// code's own (instrumented.sources).
	sources map[string]string
	// steps is the work charged so far (Limits.Steps).
	steps int64
	// searched is the world's path search expansions already charged
	// (chargeSearch).
	searched int64
	// stopped is set once the script is interrupted, so that the Go
	// functions a builtin calls in a loop (a guarded RegExp exec) return
	// at once instead of working on until the builtin returns.
	stopped atomic.Bool
	// voyager is set for a Voyager program (ExecuteVoyager): its
	// primitives are in scope instead of MINDcraft's skills and world.
	voyager *voyagerRun
}

//go:embed prelude.js
var preludeSource string

// prelude is compiled once; a Program is safe to share between runtimes.
var prelude = sync.OnceValue(func() *goja.Program {
	return goja.MustCompile("prelude.js", preludeSource, true)
})

func newExecution(w *world.World, s *world.Session, agent string, opts Options) *execution {
	vm := goja.New()
	e := &execution{vm: vm, w: w, s: s, agent: agent, limits: opts.Limits.withDefaults(),
		entities: map[int]*goja.Object{}, entityIDs: map[*goja.Object]int{}, searched: s.Expansions()}
	vm.SetMaxCallStackSize(e.limits.CallDepth)
	rng := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5851f42d4c957f2d))
	vm.SetRandSource(rng.Float64)
	epoch := opts.Epoch
	if epoch.IsZero() {
		epoch = time.Date(2025, 6, 16, 12, 0, 0, 0, time.UTC)
	}
	// Date reads the simulated clock: the same code gives the same output.
	vm.SetTimeSource(func() time.Time { return epoch.Add(w.Now() + s.Duration()) })
	return e
}

// run evaluates the staged code (instrumented, see guard.go) and awaits
// main(bot); it returns "" when main finished, else e.toString() of what
// it threw or the limit it hit.
func (e *execution) run(ctx context.Context, ready instrumented) string {
	stop := e.watch(ctx)
	defer stop()
	guards, err := e.install()
	if err != nil {
		return errorText(e.vm, err)
	}
	e.steps = 0 // what the prelude's own calls charged
	// Strict, as code in an SES compartment is.
	prog, err := goja.CompileAST(ready.prog, true)
	if err != nil {
		return errorText(e.vm, err)
	}
	v, err := e.vm.RunProgram(prog)
	if err != nil {
		return errorText(e.vm, err)
	}
	factory, ok := goja.AssertFunction(v)
	if !ok {
		return "Error: staged code is not a function"
	}
	v, err = factory(goja.Undefined(), guards...)
	if err != nil {
		return errorText(e.vm, err)
	}
	main, ok := goja.AssertFunction(v)
	if !ok {
		return "Error: staged code is not a function"
	}
	bot, err := e.newBot()
	if err != nil {
		return errorText(e.vm, err)
	}
	// Calling main runs it and then its promise jobs to the end.
	p, err := main(goja.Undefined(), bot)
	if err != nil {
		return errorText(e.vm, err)
	}
	promise, ok := p.Export().(*goja.Promise)
	if !ok {
		return "Error: staged code did not return a promise"
	}
	switch promise.State() {
	case goja.PromiseStateFulfilled:
		return ""
	case goja.PromiseStateRejected:
		return e.thrownText(promise.Result())
	}
	// main awaits something that never settles: in MINDcraft the action
	// waits until its timeout.
	return simLimitText(e.limits.SimTime)
}

// thrownText is e.toString() for a rejection, computed while the
// watchdog still guards the runtime (a toString can loop).
func (e *execution) thrownText(v goja.Value) string {
	return v8Text(toString(e.vm, v))
}

// stepGrant is how many steps the instrumented code takes at a time
// (guardSteps): a Go call per stepGrant loop iterations or calls.
const stepGrant = 256

// charsPerStep is how many characters a builtin reads or makes per step.
const charsPerStep = 8

// charge counts k steps of work; past the budget the script is stopped
// at its next instruction (an interrupt, which the script cannot catch).
func (e *execution) charge(k int64) {
	e.steps += k
	if e.steps > e.limits.Steps && !e.stopped.Load() {
		e.interrupt(stepLimitText(e.limits.Steps))
	}
}

// chargeSearch charges the path search expansions the skills made since
// the last charge, one step each: the Go work of a walk, a collect or a
// placement counts as the code's own does, so a program that keeps its
// skills searching is stopped by the step budget the same way on any
// machine, not by the wall time on a loaded one. (The costliest sound
// programs, Voyager collections of 100 logs, search about 3.7 million
// expansions; construction programs under 0.7 million.)
func (e *execution) chargeSearch() {
	if n := e.s.Expansions() - e.searched; n > 0 {
		e.searched += n
		e.charge(n)
	}
}

// refill is guardSteps: it charges a grant of steps and returns it, which
// the tick that asked adds to what the code holds (that tick's own step,
// already taken, made it negative).
func (e *execution) refill(goja.FunctionCall) goja.Value {
	e.charge(stepGrant)
	return e.vm.ToValue(stepGrant)
}

// interrupt stops the script with a limit's text at its next step.
func (e *execution) interrupt(text string) { e.stop(&limitError{text}) }

// stop interrupts the script with v (a *limitError or the context's error).
func (e *execution) stop(v any) {
	e.stopped.Store(true)
	e.vm.Interrupt(v)
}

// heapMetric is the bytes of heap objects, live or not yet swept: cheap to
// read and no stop-the-world, unlike runtime.ReadMemStats. liveMetric is
// the live heap as the last collection marked it.
const (
	heapMetric = "/memory/classes/heap/objects:bytes"
	liveMetric = "/gc/heap/live:bytes"
)

func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func heapBytes() uint64 { return readMetric(heapMetric) }

// executions counts the scripts running in the process.
var executions atomic.Int64

// processCeiling is the process's memory limit (debug.SetMemoryLimit,
// GOMEMLIMIT, generate --memory-limit), 0 if none: past it, a script is
// stopped whatever its own growth, so that the process lives on.
func processCeiling() uint64 {
	if l := debug.SetMemoryLimit(-1); l > 0 && l < math.MaxInt64 {
		return uint64(l)
	}
	return 0
}

// watchPeriod is how often the watchdog looks at the clock and the heap.
const watchPeriod = time.Millisecond

// watch starts the watchdog: it interrupts the script when the context
// ends, the wall time is up, or the live heap has grown since the start
// by more than the memory limit for each script running at once, or past
// the process's memory limit. Heap
// growth is confirmed by a collection before it counts, so garbage is not
// blamed; the script may overshoot by what it allocates within one period
// plus one collection, which the package tests measure. stop ends the
// watchdog and waits for it.
func (e *execution) watch(ctx context.Context) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	// The live heap, not the heap: earlier garbage must not raise the bound.
	base := readMetric(liveMetric)
	deadline := time.Now().Add(e.limits.Wall)
	// The heap is the process's: scripts of other trials running at the
	// same time grow it too, each by up to the limit, so the bound is
	// the limit times the most scripts seen running at once. Otherwise
	// whether a program hits the limit would depend on the other
	// workers, and a run's output on their number.
	running := executions.Add(1)
	ceiling := processCeiling()
	go func() {
		defer close(finished)
		defer executions.Add(-1)
		t := time.NewTicker(watchPeriod)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				e.stop(ctx.Err())
				return
			case now := <-t.C:
				if now.After(deadline) {
					e.interrupt(wallLimitText(e.limits.Wall))
					return
				}
				running = max(running, executions.Load())
				bound := base + uint64(running)*e.limits.Memory
				if ceiling > 0 {
					bound = min(bound, ceiling)
				}
				if heapBytes() > bound {
					// Garbage (anyone's) does not count: a collection
					// confirms the growth first.
					runtime.GC()
					if heapBytes() > bound {
						e.interrupt(memoryLimitText)
						return
					}
				}
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		e.vm.ClearInterrupt()
	}
}
