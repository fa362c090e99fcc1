package escape

import (
	"math/rand/v2"

	"collabcraft/pyrand"
)

// draws is the random stream the generator draws from. The generator asks
// only for uniform integers below n, in the order VillagerAgent's StateTree
// calls random.shuffle, random.choice and random.randint, so with Python's
// generator (pyRandom) it reproduces VillagerBench's own tasks, and with a
// PCG stream it makes new ones.
type draws interface {
	// below returns a uniform integer in [0, n), n > 0.
	below(n int) int
}

// shuffle is Python's random.shuffle.
func shuffle[T any](d draws, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := d.below(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// choice is Python's random.choice.
func choice[T any](d draws, s []T) T { return s[d.below(len(s))] }

// randint is Python's random.randint(a, b), both ends included.
func randint(d draws, a, b int) int { return a + d.below(b-a+1) }

// pcgDraws is a math/rand/v2 PCG stream: the generator's stream for new
// tasks.
type pcgDraws struct{ r *rand.Rand }

func newPCG(seed uint64) pcgDraws {
	return pcgDraws{rand.New(rand.NewPCG(seed, 0x65736361706521))} // "escape!"
}

func (p pcgDraws) below(n int) int { return p.r.IntN(n) }

// pyRandom is CPython's random.Random (package pyrand) as the generator's
// draws, to replay StateTree's draws for VillagerBench's own task seeds.
type pyRandom struct{ *pyrand.Random }

func newPyRandom(seed uint64) pyRandom { return pyRandom{pyrand.New(seed)} }

func (r pyRandom) below(n int) int { return r.Below(n) }
