package cuisine

import (
	"encoding/binary"
	"math/bits"
)

// MindAgent's rules list the level's objects by iterating a Python set of
// strings (utils/llm.py recipes), so the list's order is CPython's: it
// follows the strings' hashes, which CPython keys per process from
// PYTHONHASHSEED (random when unset). PySetOrder reproduces CPython 3.11's
// str hash (SipHash-1-3 over the string's compact representation, keyed as
// Python/bootstrap_hash.c keys it from PYTHONHASHSEED) and its set table
// (Objects/setobject.c: 8 slots, 9 linear probes then perturbed probing,
// growth to 4 times the used slots at 3/5 full), so that a prompt rendered
// under a given PYTHONHASHSEED is reproduced byte for byte.

// PySetOrder returns keys in the order CPython 3.11 iterates a set built
// by adding them one by one (duplicates ignored), with PYTHONHASHSEED set
// to hashSeed.
func PySetOrder(keys []string, hashSeed uint32) []string {
	k0, k1 := pyHashSecret(hashSeed)
	s := pySet{table: make([]pySetEntry, pySetMinSize), mask: pySetMinSize - 1}
	for _, k := range keys {
		s.add(k, pyStrHash(k, k0, k1))
	}
	out := make([]string, 0, s.used)
	for _, e := range s.table {
		if e.used {
			out = append(out, e.key)
		}
	}
	return out
}

const (
	pySetMinSize  = 8 // PySet_MINSIZE
	linearProbes  = 9 // LINEAR_PROBES
	perturbShift  = 5 // PERTURB_SHIFT
	lcgMultiplier = 214013
	lcgIncrement  = 2531011
)

type pySetEntry struct {
	key  string
	hash int64
	used bool
}

type pySet struct {
	table      []pySetEntry
	mask       uint64
	fill, used int
}

// add is set_add_entry for a table without deleted entries.
func (s *pySet) add(key string, hash int64) {
	perturb := uint64(hash)
	i := uint64(hash) & s.mask
	for {
		probes := 0
		if i+linearProbes <= s.mask {
			probes = linearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			e := &s.table[j]
			if !e.used {
				*e = pySetEntry{key: key, hash: hash, used: true}
				s.fill++
				s.used++
				if uint64(s.fill)*5 >= s.mask*3 {
					s.resize()
				}
				return
			}
			if e.hash == hash && e.key == key {
				return
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & s.mask
	}
}

// resize is set_table_resize to the smallest power of two above 4 times
// the used entries (2 times past 50,000), reinserting in table order.
func (s *pySet) resize() {
	minUsed := uint64(s.used) * 4
	if s.used > 50000 {
		minUsed = uint64(s.used) * 2
	}
	size := uint64(pySetMinSize)
	for size <= minUsed {
		size <<= 1
	}
	old := s.table
	s.table, s.mask = make([]pySetEntry, size), size-1
	for _, e := range old {
		if e.used {
			s.insertClean(e)
		}
	}
}

// insertClean is set_insert_clean.
func (s *pySet) insertClean(e pySetEntry) {
	perturb := uint64(e.hash)
	i := uint64(e.hash) & s.mask
	for {
		if !s.table[i].used {
			s.table[i] = e
			return
		}
		if i+linearProbes <= s.mask {
			for j := i + 1; j <= i+linearProbes; j++ {
				if !s.table[j].used {
					s.table[j] = e
					return
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & s.mask
	}
}

// pyHashSecret is the SipHash key CPython derives from PYTHONHASHSEED:
// zero for 0 (randomisation off), else the first 16 bytes of
// lcg_urandom(seed).
func pyHashSecret(seed uint32) (k0, k1 uint64) {
	if seed == 0 {
		return 0, 0
	}
	var b [16]byte
	x := seed
	for i := range b {
		x = x*lcgMultiplier + lcgIncrement
		b[i] = byte(x >> 16)
	}
	return binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])
}

// pyStrHash is hash(s) for a Python str: SipHash-1-3 of its compact form
// (one byte per character below U+0100, two below U+10000, else four,
// little-endian), with -1 turned into -2 and the empty string 0.
func pyStrHash(s string, k0, k1 uint64) int64 {
	if s == "" {
		return 0
	}
	width := 1
	for _, r := range s {
		switch {
		case r > 0xffff:
			width = 4
		case r > 0xff && width < 2:
			width = 2
		}
	}
	var data []byte
	for _, r := range s {
		switch width {
		case 1:
			data = append(data, byte(r))
		case 2:
			data = binary.LittleEndian.AppendUint16(data, uint16(r))
		default:
			data = binary.LittleEndian.AppendUint32(data, uint32(r))
		}
	}
	h := int64(sipHash13(k0, k1, data))
	if h == -1 {
		return -2
	}
	return h
}

// sipHash13 is CPython's siphash13 (Python/pyhash.c).
func sipHash13(k0, k1 uint64, src []byte) uint64 {
	b := uint64(len(src)) << 56
	v0 := k0 ^ 0x736f6d6570736575
	v1 := k1 ^ 0x646f72616e646f6d
	v2 := k0 ^ 0x6c7967656e657261
	v3 := k1 ^ 0x7465646279746573
	round := func() {
		v0 += v1
		v2 += v3
		v1 = bits.RotateLeft64(v1, 13) ^ v0
		v3 = bits.RotateLeft64(v3, 16) ^ v2
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v1
		v0 += v3
		v1 = bits.RotateLeft64(v1, 17) ^ v2
		v3 = bits.RotateLeft64(v3, 21) ^ v0
		v2 = bits.RotateLeft64(v2, 32)
	}
	for len(src) >= 8 {
		m := binary.LittleEndian.Uint64(src)
		src = src[8:]
		v3 ^= m
		round()
		v0 ^= m
	}
	var tail [8]byte
	copy(tail[:], src)
	b |= binary.LittleEndian.Uint64(tail[:])
	v3 ^= b
	round()
	v0 ^= b
	v2 ^= 0xff
	round()
	round()
	round()
	return v0 ^ v1 ^ v2 ^ v3
}
