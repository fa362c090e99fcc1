package escape

import (
	"math/bits"
	"math/rand/v2"
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

// pyRandom is CPython's random.Random (MT19937, seeded by an int as
// random.seed does; _randbelow by rejection over getrandbits), enough of it
// to replay StateTree's draws for VillagerBench's own task seeds.
type pyRandom struct {
	mt  [624]uint32
	idx int
}

func newPyRandom(seed uint64) *pyRandom {
	r := &pyRandom{}
	// random.seed(n): the key is |n| in 32-bit words, least significant
	// first, at least one word (init_by_array).
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r.initByArray(key)
	return r
}

func (r *pyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < len(r.mt); i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = len(r.mt)
}

func (r *pyRandom) initByArray(key []uint32) {
	const n = len(r.mt)
	r.initGenrand(19650218)
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

func (r *pyRandom) uint32() uint32 {
	const n, m = 624, 397
	if r.idx >= n {
		for k := 0; k < n; k++ {
			y := r.mt[k]&0x80000000 | r.mt[(k+1)%n]&0x7fffffff
			v := r.mt[(k+m)%n] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[k] = v
		}
		r.idx = 0
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// below is random._randbelow_with_getrandbits for n < 2^32.
func (r *pyRandom) below(n int) int {
	k := bits.Len(uint(n))
	for {
		v := int(r.uint32() >> (32 - k))
		if v < n {
			return v
		}
	}
}
