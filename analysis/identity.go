package analysis

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
)

// fileID is the identity of a physical file: a, ./a, d/../d/a, /abs/a
// and a symlink to a are the same file.
type fileID struct {
	dev, ino uint64
	path     string // the resolved path where the system has no inode
}

func (id fileID) valid() bool { return id.dev != 0 || id.ino != 0 || id.path != "" }

// identity returns the identity of the file at path; an overlay file not
// on disk is known by its absolute path.
func (r *run) identity(path string) fileID {
	info, err := os.Stat(path)
	if err != nil {
		return fileID{path: r.abs(path)}
	}
	if id, ok := sysID(info); ok {
		return id
	}
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return fileID{path: r.abs(p)}
	}
	return fileID{path: r.abs(path)}
}

// idSet is a set of file identities, small enough to hold one entry for
// each file of a run of 100,000: an inode is 8 bytes in the set of its
// device (a run's files are on one device or a few), where a map keyed by
// fileID holds 32 bytes and a string header for each, and a map of
// uint64 16 bytes a slot at best.
type idSet struct {
	byDev map[uint64]*sortedSet[uint64]
	other map[fileID]struct{} // identities by path
	// the set of the last device looked up
	dev  uint64
	inos *sortedSet[uint64]
}

// add adds id to the set and reports whether it was not in it.
func (s *idSet) add(id fileID) bool {
	if id.path != "" {
		if _, ok := s.other[id]; ok {
			return false
		}
		if s.other == nil {
			s.other = map[fileID]struct{}{}
		}
		s.other[id] = struct{}{}
		return true
	}
	return s.device(id.dev, true).add(id.ino)
}

// put adds id to the set, without telling whether it was in it
// (sortedSet.putValue).
func (s *idSet) put(id fileID) {
	if id.path != "" {
		s.add(id)
		return
	}
	s.device(id.dev, true).putValue(id.ino)
}

// has reports whether id is in the set.
func (s *idSet) has(id fileID) bool {
	if id.path != "" {
		_, ok := s.other[id]
		return ok
	}
	inos := s.device(id.dev, false)
	return inos != nil && inos.has(id.ino)
}

// device returns the inodes of device dev, nil when there are none
// unless create.
func (s *idSet) device(dev uint64, create bool) *sortedSet[uint64] {
	if s.inos != nil && s.dev == dev {
		return s.inos
	}
	inos := s.byDev[dev]
	if inos == nil {
		if !create {
			return nil
		}
		if s.byDev == nil {
			s.byDev = map[uint64]*sortedSet[uint64]{}
		}
		inos = &sortedSet[uint64]{}
		s.byDev[dev] = inos
	}
	s.dev, s.inos = dev, inos
	return inos
}

// sortedSet is a set of inode numbers or paths held in little more
// room than the values themselves (a map of uint64 takes 16 bytes a slot,
// of strings 24): a sorted slice, and the values added since it was last
// merged into it, at most sortedPending of them.
type sortedSet[T cmp.Ordered] struct {
	sorted  []T
	pending map[T]struct{}
	// put holds the values put (put) since the set was last asked: a
	// set that is only asked once a run's guess proves wrong (most never
	// are) is filled at the cost of an append.
	put []T
}

const sortedPending = 1 << 10

func (s *sortedSet[T]) has(v T) bool {
	s.settle()
	if _, ok := slices.BinarySearch(s.sorted, v); ok {
		return true
	}
	_, ok := s.pending[v]
	return ok
}

// putValue adds v to the set, without telling whether it was in it:
// it is sorted in when the set is next asked (settle).
func (s *sortedSet[T]) putValue(v T) { s.put = append(s.put, v) }

// settle adds the values put since the set was last asked: a few one by
// one, many sorted and merged in at once (a guessing run puts every file
// it reads, in no order when the values are hashes: merged a pending map
// at a time, they cost a copy of the whole slice every sortedPending).
func (s *sortedSet[T]) settle() {
	if len(s.put) == 0 {
		return
	}
	put := s.put
	s.put = nil
	if len(put) < sortedPending {
		for _, v := range put {
			s.add(v)
		}
		return
	}
	slices.Sort(put)
	put = slices.Compact(put)
	if len(s.pending) > 0 {
		put = slices.DeleteFunc(put, func(v T) bool {
			_, ok := s.pending[v]
			return ok
		})
	}
	s.mergeSorted(put)
}

// values calls fn with every value of the set, in no order.
func (s *sortedSet[T]) values(fn func(T)) {
	s.settle()
	for _, v := range s.sorted {
		fn(v)
	}
	for v := range s.pending {
		fn(v)
	}
}

// add adds v and reports whether it was not in the set.
func (s *sortedSet[T]) add(v T) bool {
	if s.has(v) {
		return false
	}
	if s.pending == nil {
		s.pending = make(map[T]struct{}, sortedPending)
	}
	s.pending[v] = struct{}{}
	if len(s.pending) >= sortedPending {
		s.merge()
	}
	return true
}

// merge moves the pending values into the sorted slice.
func (s *sortedSet[T]) merge() {
	add := make([]T, 0, len(s.pending))
	for v := range s.pending {
		add = append(add, v)
	}
	clear(s.pending)
	slices.Sort(add)
	s.mergeSorted(add)
}

// mergeSorted merges add, sorted and without duplicates, into the sorted
// slice; a value in both is kept once.
func (s *sortedSet[T]) mergeSorted(add []T) {
	if len(add) == 0 {
		return
	}
	if len(s.sorted) == 0 || add[0] > s.sorted[len(s.sorted)-1] {
		// the usual case for inodes: a walk meets them in about the
		// order a checkout created them
		s.sorted = append(s.sorted, add...)
		return
	}
	out := make([]T, 0, len(s.sorted)+len(add))
	i, j := 0, 0
	for i < len(s.sorted) && j < len(add) {
		switch {
		case s.sorted[i] < add[j]:
			out = append(out, s.sorted[i])
			i++
		case add[j] < s.sorted[i]:
			out = append(out, add[j])
			j++
		default:
			out = append(out, add[j])
			i++
			j++
		}
	}
	out = append(append(out, s.sorted[i:]...), add[j:]...)
	s.sorted = out
}
