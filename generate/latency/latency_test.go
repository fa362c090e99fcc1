package latency

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

const spec = "default=lognormal(2s,0.5), critic=uniform(500ms,1.5s),skill_description=constant(800ms),task_plan=exponential(3s)"

// TestDrawsFollowTheDistribution holds 20,000 draws of each kind against
// its distribution's CDF (Kolmogorov-Smirnov): the largest gap between the
// draws' empirical CDF and the model's stays under 1.36/sqrt(n), the 5%
// critical value. The seed is fixed, so the test is exact, not flaky.
func TestDrawsFollowTheDistribution(t *testing.T) {
	m, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	for _, kind := range []string{"action", "critic", "task_plan"} {
		s := m.Sampler(7)
		draws := make([]float64, n)
		for i := range draws {
			draws[i] = s.Draw(kind).Seconds()
		}
		slices.Sort(draws)
		d, _ := m.Dist(kind)
		gap := d.KS(draws)
		if limit := 1.36 / math.Sqrt(n); gap > limit {
			t.Errorf("%s (%s): KS distance %.4f over %.4f", kind, d, gap, limit)
		}
		t.Logf("%s (%s): median %.3f s, KS distance %.4f", kind, d, draws[n/2], gap)
	}
	s := m.Sampler(7)
	for range 100 {
		if got := s.Draw("skill_description"); got != 800*time.Millisecond {
			t.Fatalf("constant(800ms) drew %v", got)
		}
	}
}

func TestDrawsAreSeededPerKind(t *testing.T) {
	m, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	a, b := m.Sampler(1), m.Sampler(1)
	var alone, mixed []time.Duration
	for range 50 {
		alone = append(alone, a.Draw("action"))
		b.Draw("critic") // another kind's calls in between
		mixed = append(mixed, b.Draw("action"))
	}
	if !slices.Equal(alone, mixed) {
		t.Error("a kind's draws depend on the other kinds' calls")
	}
	c := m.Sampler(2)
	other := make([]time.Duration, 50)
	for i := range other {
		other[i] = c.Draw("action")
	}
	if slices.Equal(alone, other) {
		t.Error("seeds 1 and 2 draw alike")
	}
	if d := m.Sampler(1).Draw("action"); d != alone[0] || d%time.Millisecond != 0 {
		t.Errorf("first draw %v, want %v to the millisecond", d, alone[0])
	}
	none, _ := Parse("critic=constant(1s)")
	if d := none.Sampler(1).Draw("action"); d != 0 {
		t.Errorf("a kind the model does not cover took %v", d)
	}
}

func TestParse(t *testing.T) {
	m, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != strings.ReplaceAll(spec, ", ", ",") {
		t.Errorf("String = %q", got)
	}
	if again, err := Parse(m.String()); err != nil || again.String() != m.String() {
		t.Errorf("read back: %v, %v", again, err)
	}
	if !slices.Equal(m.Kinds(), []string{"default", "critic", "skill_description", "task_plan"}) {
		t.Errorf("Kinds = %q", m.Kinds())
	}
	for in, want := range map[string]string{
		"":                                   "latency: empty spec",
		"critic":                             `latency: "critic": want kind=distribution`,
		"critic=gamma(1s,2)":                 `latency: kind critic: "gamma(1s,2)": want constant(d), uniform(a,b)`,
		"critic=constant(1s,2s)":             "latency: kind critic: constant takes 1 arguments",
		"critic=constant(fast)":              `latency: kind critic: constant(fast): "fast": want a duration`,
		"critic=uniform(2s,1s)":              "latency: kind critic: uniform(2s,1s): the upper bound is below the lower",
		"critic=lognormal(0s,1)":             "latency: kind critic: lognormal(0s,1): the median must be above 0",
		"critic=lognormal(1s,-1)":            `latency: kind critic: lognormal(1s,-1): sigma "-1": want a number`,
		"critic=constant(1s) x=constant(1s)": `latency: after kind critic: "x=constant(1s)": want a comma`,
		"a=constant(1s),a=constant(2s)":      "latency: kind a is given twice",
		"a=constant(1s":                      `latency: kind a: "constant(1s": want name(arguments)`,
	} {
		_, err := Parse(in)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want %q...", in, err, want)
		}
	}
}
