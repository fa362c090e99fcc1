// Package latency is a seeded model of how long a model call takes, one
// distribution per call kind, drawn on the simulated clock. S-Agents
// (seed 000) measures a team by wall-clock time, which depends on how long
// the model takes to answer; scripted agents answer at once, so their
// trials charge a latency drawn from this model instead.
//
// A model is written as a spec, the value of --latency:
//
//	default=lognormal(2s,0.5),critic=lognormal(1.2s,0.4),skill_description=constant(800ms)
//
// Each entry is kind=distribution; "default" covers the kinds not named
// (without it they take no time). The distributions:
//
//	constant(d)        always d
//	uniform(a,b)       uniform between a and b
//	lognormal(m,sigma) median m; the logarithm's standard deviation sigma
//	exponential(mean)  exponential with the given mean
//
// Durations are Go durations (1.5s, 800ms). Draws come from one stream per
// kind, seeded from the trial's seed and the kind's name, so a kind's draws
// do not depend on how the calls of other kinds interleave with it, and a
// trial draws the same latencies whoever plays it and in whatever order
// trials run.
package latency

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Default is the kind a model's "default" entry stands for.
const Default = "default"

// Dist is one distribution of latencies.
type Dist struct {
	Name string    // constant, uniform, lognormal, exponential
	Args []float64 // seconds, but lognormal's sigma
	text string
}

// String is the distribution as the spec writes it.
func (d Dist) String() string { return d.text }

// draw is one latency in seconds from the distribution.
func (d Dist) draw(r *rand.Rand) float64 {
	switch d.Name {
	case "constant":
		return d.Args[0]
	case "uniform":
		return d.Args[0] + r.Float64()*(d.Args[1]-d.Args[0])
	case "lognormal":
		return d.Args[0] * math.Exp(d.Args[1]*r.NormFloat64())
	case "exponential":
		return d.Args[0] * r.ExpFloat64()
	}
	panic("latency: unknown distribution " + d.Name)
}

// CDF is the probability that a draw is at most x seconds: the yardstick
// the tests hold the draws against.
func (d Dist) CDF(x float64) float64 {
	switch d.Name {
	case "constant":
		if x >= d.Args[0] {
			return 1
		}
		return 0
	case "uniform":
		a, b := d.Args[0], d.Args[1]
		switch {
		case x < a:
			return 0
		case x >= b:
			return 1
		}
		return (x - a) / (b - a)
	case "lognormal":
		if x <= 0 {
			return 0
		}
		return 0.5 * math.Erfc(-(math.Log(x/d.Args[0]))/(d.Args[1]*math.Sqrt2))
	case "exponential":
		if x <= 0 {
			return 0
		}
		return 1 - math.Exp(-x/d.Args[0])
	}
	panic("latency: unknown distribution " + d.Name)
}

// Model is a distribution per call kind.
type Model struct {
	kinds []string // in the spec's order
	dists map[string]Dist
}

// Kinds are the kinds the model names, in the spec's order.
func (m *Model) Kinds() []string { return slices.Clone(m.kinds) }

// Dist is the distribution of a kind's calls: its own, else the default;
// ok is false when the model has neither (the calls take no time).
func (m *Model) Dist(kind string) (Dist, bool) {
	if d, ok := m.dists[kind]; ok {
		return d, true
	}
	d, ok := m.dists[Default]
	return d, ok
}

// String is the model as a spec, which Parse reads back.
func (m *Model) String() string {
	parts := make([]string, len(m.kinds))
	for i, k := range m.kinds {
		parts[i] = k + "=" + m.dists[k].text
	}
	return strings.Join(parts, ",")
}

// arity is each distribution's number of arguments.
var arity = map[string]int{"constant": 1, "uniform": 2, "lognormal": 2, "exponential": 1}

// Parse reads a spec (see the package comment).
func Parse(spec string) (*Model, error) {
	m := &Model{dists: map[string]Dist{}}
	rest := strings.TrimSpace(spec)
	if rest == "" {
		return nil, fmt.Errorf("latency: empty spec: want kind=distribution entries such as %q", "default=lognormal(2s,0.5)")
	}
	for rest != "" {
		kind, after, ok := strings.Cut(rest, "=")
		kind = strings.TrimSpace(kind)
		if !ok || kind == "" || strings.ContainsAny(kind, ",()") {
			return nil, fmt.Errorf("latency: %q: want kind=distribution", rest)
		}
		closing := strings.IndexByte(after, ')')
		if closing < 0 {
			return nil, fmt.Errorf("latency: kind %s: %q: want name(arguments)", kind, strings.TrimSpace(after))
		}
		d, err := parseDist(strings.TrimSpace(after[:closing+1]))
		if err != nil {
			return nil, fmt.Errorf("latency: kind %s: %w", kind, err)
		}
		if _, dup := m.dists[kind]; dup {
			return nil, fmt.Errorf("latency: kind %s is given twice", kind)
		}
		m.kinds = append(m.kinds, kind)
		m.dists[kind] = d
		rest = strings.TrimSpace(after[closing+1:])
		if rest != "" {
			r, ok := strings.CutPrefix(rest, ",")
			if !ok {
				return nil, fmt.Errorf("latency: after kind %s: %q: want a comma before the next entry", kind, rest)
			}
			rest = strings.TrimSpace(r)
		}
	}
	return m, nil
}

func parseDist(s string) (Dist, error) {
	name, args, ok := strings.Cut(s, "(")
	name = strings.TrimSpace(name)
	n, known := arity[name]
	if !ok || !known {
		return Dist{}, fmt.Errorf("%q: want constant(d), uniform(a,b), lognormal(median,sigma) or exponential(mean)", s)
	}
	fields := strings.Split(strings.TrimSuffix(args, ")"), ",")
	if len(fields) != n {
		return Dist{}, fmt.Errorf("%s takes %d arguments, %q has %d", name, n, s, len(fields))
	}
	d := Dist{Name: name, text: s}
	for i, f := range fields {
		f = strings.TrimSpace(f)
		var v float64
		if name == "lognormal" && i == 1 {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil || !(x >= 0) || math.IsInf(x, 0) {
				return Dist{}, fmt.Errorf("%s: sigma %q: want a number at least 0", s, f)
			}
			v = x
		} else {
			dur, err := time.ParseDuration(f)
			if err != nil || dur < 0 {
				return Dist{}, fmt.Errorf("%s: %q: want a duration at least 0 (1.5s, 800ms)", s, f)
			}
			v = dur.Seconds()
		}
		d.Args = append(d.Args, v)
	}
	if name == "uniform" && d.Args[1] < d.Args[0] {
		return Dist{}, fmt.Errorf("%s: the upper bound is below the lower", s)
	}
	if name == "lognormal" && d.Args[0] == 0 {
		return Dist{}, fmt.Errorf("%s: the median must be above 0", s)
	}
	return d, nil
}

// Sampler draws one trial's latencies.
type Sampler struct {
	m       *Model
	seed    uint64
	streams map[string]*rand.Rand
}

// Sampler starts the draws of the trial of the given seed.
func (m *Model) Sampler(seed uint64) *Sampler {
	return &Sampler{m: m, seed: seed, streams: map[string]*rand.Rand{}}
}

// Draw is the latency of the next call of kind, to the millisecond (the
// engine's clock counts milliseconds); 0 when the model does not cover it.
func (s *Sampler) Draw(kind string) time.Duration {
	d, ok := s.m.Dist(kind)
	if !ok {
		return 0
	}
	r := s.streams[kind]
	if r == nil {
		h := fnv.New64a()
		h.Write([]byte(kind))
		r = rand.New(rand.NewPCG(s.seed, h.Sum64()))
		s.streams[kind] = r
	}
	secs := d.draw(r)
	if secs > 24*3600 { // a long tail's draw is cut at a day
		secs = 24 * 3600
	}
	return time.Duration(math.Round(secs*1000)) * time.Millisecond
}

// KS is the Kolmogorov-Smirnov distance between draws (in seconds) and
// the distribution: the largest gap between their empirical CDF and
// d.CDF, for the tests that hold recorded draws to the model.
func (d Dist) KS(draws []float64) float64 {
	s := slices.Clone(draws)
	slices.Sort(s)
	n := float64(len(s))
	gap := 0.0
	for i, x := range s {
		f := d.CDF(x)
		gap = max(gap, math.Abs(float64(i+1)/n-f), math.Abs(f-float64(i)/n))
	}
	return gap
}
