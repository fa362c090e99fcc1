// Package pyrand is CPython's random.Random for integer seeds: the
// Mersenne Twister (MT19937) seeded as random.seed seeds it, getrandbits(32)
// and _randbelow, so that Go code can replay the draws a Python program
// made (VillagerAgent's escape rooms, MindAgent's order stream).
package pyrand

import "math/bits"

// Random is random.Random(seed).
type Random struct {
	mt  [624]uint32
	idx int
}

// New is random.Random(seed) for a non-negative integer seed.
func New(seed uint64) *Random {
	r := &Random{}
	// random.seed(n): the key is |n| in 32-bit words, least significant
	// first, at least one word (init_by_array).
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r.initByArray(key)
	return r
}

func (r *Random) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < len(r.mt); i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = len(r.mt)
}

func (r *Random) initByArray(key []uint32) {
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

// Uint32 is getrandbits(32).
func (r *Random) Uint32() uint32 {
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

// Below is random._randbelow_with_getrandbits for 0 < n < 2^32: the
// index random.choice draws from a sequence of n.
func (r *Random) Below(n int) int {
	k := bits.Len(uint(n))
	for {
		v := int(r.Uint32() >> (32 - k))
		if v < n {
			return v
		}
	}
}
