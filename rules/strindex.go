package rules

import "hash/maphash"

// A dense run's few large databases get thousands of files and
// filegroups, one statement at a time: in Go maps keyed by their names,
// each growth hashed every name again (a table of 1,024 slots splits
// into two, rehashing all it holds), and growing and inserting cost
// about 600 instructions a name. A strIndex keeps each name's hash
// beside its position in the set's list: growing moves hashes, and only
// a look-up that meets an equal hash compares names.

// strIndex maps keys to their positions in a list the caller keeps (and
// tells the key at a position through eq): open addressing, linear
// probing, at most three quarters full.
type strIndex struct {
	slots []idxSlot // a power of two of them, or none
	n     int       // slots in use
}

// idxSlot is a key's hash (its low 32 bits: enough for the home slot of
// a table of up to 2^32 slots) and its position + 1 (0: the slot is
// empty).
type idxSlot struct {
	h  uint32
	at int32
}

var indexSeed = maphash.MakeSeed()

// strHash is the hash of key for a strIndex; bytesHash of key as a
// string.
func strHash(key string) uint32   { return uint32(maphash.String(indexSeed, key)) }
func bytesHash(key []byte) uint32 { return uint32(maphash.Bytes(indexSeed, key)) }

// newStrIndex is an empty index with room for n keys.
func newStrIndex(n int) strIndex {
	size := 16
	for size*3 < n*4 {
		size *= 2
	}
	return strIndex{slots: make([]idxSlot, size)}
}

// find returns the slot of the key of hash h that eq says is at a
// position (found), else the empty slot where it would go.
func (x *strIndex) find(h uint32, eq func(at int32) bool) (slot int, found bool) {
	mask := len(x.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s.at == 0 {
			return i, false
		}
		if s.h == h && eq(s.at-1) {
			return i, true
		}
	}
}

// get returns the position of the key of hash h that eq tells, -1 when
// none.
func (x *strIndex) get(h uint32, eq func(at int32) bool) int32 {
	if len(x.slots) == 0 {
		return -1
	}
	if i, ok := x.find(h, eq); ok {
		return x.slots[i].at - 1
	}
	return -1
}

// add records that the key of hash h, which x does not hold, is at
// position at.
func (x *strIndex) add(h uint32, at int32) {
	if (x.n+1)*4 > len(x.slots)*3 {
		x.grow()
	}
	mask := len(x.slots) - 1
	i := int(h) & mask
	for x.slots[i].at != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = idxSlot{h, at + 1}
	x.n++
}

// grow doubles x's slots, moving each by its hash alone.
func (x *strIndex) grow() {
	old := x.slots
	x.slots = make([]idxSlot, max(2*len(old), 16))
	mask := len(x.slots) - 1
	for _, s := range old {
		if s.at == 0 {
			continue
		}
		i := int(s.h) & mask
		for x.slots[i].at != 0 {
			i = (i + 1) & mask
		}
		x.slots[i] = s
	}
}

// remove empties slot i, moving back the slots after it that probed past
// it (no tombstones: a look-up stops at the first empty slot).
func (x *strIndex) remove(i int) {
	mask := len(x.slots) - 1
	x.n--
	for j := (i + 1) & mask; ; j = (j + 1) & mask {
		s := x.slots[j]
		if s.at == 0 {
			break
		}
		// s may move to i when its home slot is not in (i, j]
		home := int(s.h) & mask
		if (j-home)&mask >= (j-i)&mask {
			x.slots[i] = s
			i = j
		}
	}
	x.slots[i] = idxSlot{}
}

// clone is a copy of x.
func (x *strIndex) clone() strIndex {
	return strIndex{slots: append([]idxSlot(nil), x.slots...), n: x.n}
}
