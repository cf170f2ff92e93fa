package rules

import (
	"iter"
	"maps"
	"slices"
	"sync/atomic"
)

// A database of the model lives to the end of the run, and a dense run
// creates tens of thousands of them, each with two or three files and a
// filegroup or two: a map for its files and one for its filegroups were
// most of the model's memory (two map headers and two groups of eight
// slots, about 500 bytes), and of what the collector scans again and
// again. FileSet and NameSet hold a few entries in a list and move them
// to a map once they are more than setListMax.

// setListMax is how many entries a FileSet or NameSet holds in a list.
const setListMax = 8

// Generations. Every change to a FileSet or NameSet gives it a number no
// set had before (a clone keeps its original's: it holds the same), so
// that two sets of one generation hold the same: a backup snapshot tells
// that its database's files did not change since without comparing them
// one by one (sameLayout), and the sums of a summary are taken again only
// when they did. Generation 0 is the empty set, setGenPrimary withPrimary's.
const setGenPrimary = 1

var setGens atomic.Uint64

func init() { setGens.Store(setGenPrimary) }

// nextSetGen is a generation no set had before.
func nextSetGen() uint64 { return setGens.Add(1) }

// FileSet is a database's files by lower-case logical name (their
// names in names). Its zero value is empty; a set that is added to has
// names (see Model.fileSet). A FileSet is never copied (its list would
// be shared): a database made from another gets a new one. It holds its
// DBFiles by value, pointer-free: what it gives out is a copy, and a
// change is a Set.
type FileSet struct {
	list  []DBFile
	big   *bigFiles // past setListMax; list is then nil
	gen   uint64    // see nextSetGen
	names *nameTable
}

// bigFiles is a FileSet past setListMax: its files in a list, in no
// particular order, their places in it by key, and their sizes added up
// as files come and go (sizesOf). A summarized backup of a database of
// thousands of files added them all up again after each change (a dense
// run backs up its few large databases between most statements that add
// or modify their files), and a copied snapshot walked a map of them.
type bigFiles struct {
	files     []DBFile
	at        map[string]int32
	data, log int64
	unsized   int
}

// count adds f's size to b's sums (sign 1), or takes it away (-1).
func (b *bigFiles) count(f DBFile, sign int64) {
	switch {
	case f.Size <= 0:
		b.unsized += int(sign)
	case f.Log:
		b.log += sign * f.Size
	default:
		b.data += sign * f.Size
	}
}

// put makes f the file of key, which b may hold already.
func (b *bigFiles) put(key string, f DBFile) {
	if i, ok := b.at[key]; ok {
		b.count(b.files[i], -1)
		b.files[i] = f
	} else {
		b.at[key] = int32(len(b.files))
		b.files = append(b.files, f)
	}
	b.count(f, 1)
}

// Len is how many files s holds.
func (s *FileSet) Len() int {
	if s.big != nil {
		return len(s.big.files)
	}
	return len(s.list)
}

// key is the key of f in s: its name, lower-case.
func (s *FileSet) key(f *DBFile) string { return s.names.lower(f.name) }

// Get returns the file named key (lower case), and whether there is one.
func (s *FileSet) Get(key string) (DBFile, bool) {
	if b := s.big; b != nil {
		if i, ok := b.at[key]; ok {
			return b.files[i], true
		}
		return DBFile{}, false
	}
	for i := range s.list {
		if s.key(&s.list[i]) == key {
			return s.list[i], true
		}
	}
	return DBFile{}, false
}

// getBytes is Get(string(key)) without allocating.
func (s *FileSet) getBytes(key []byte) (DBFile, bool) {
	if b := s.big; b != nil {
		if i, ok := b.at[string(key)]; ok {
			return b.files[i], true
		}
		return DBFile{}, false
	}
	for i := range s.list {
		if s.key(&s.list[i]) == string(key) {
			return s.list[i], true
		}
	}
	return DBFile{}, false
}

// Set makes f the file of its name's key.
func (s *FileSet) Set(f DBFile) {
	s.gen = nextSetGen()
	key := s.key(&f)
	if s.big != nil {
		s.big.put(key, f)
		return
	}
	for i := range s.list {
		if s.key(&s.list[i]) == key {
			s.list[i] = f
			return
		}
	}
	if len(s.list) < setListMax {
		s.list = append(s.list, f)
		return
	}
	s.grow(len(s.list) + 1)
	s.big.put(key, f)
}

// grow moves the files of s's list to a bigFiles with room for n.
func (s *FileSet) grow(n int) {
	b := &bigFiles{files: make([]DBFile, 0, max(n, 2*setListMax)), at: make(map[string]int32, max(n, 2*setListMax))}
	for _, e := range s.list {
		b.put(s.key(&e), e)
	}
	s.big, s.list = b, nil
}

// add is Set(f) for a file whose key s does not hold: a short list is
// appended to without comparing every key first.
func (s *FileSet) add(f DBFile) {
	s.gen = nextSetGen()
	if s.big == nil && len(s.list) < setListMax {
		s.list = append(s.list, f)
		return
	}
	if s.big == nil {
		s.grow(len(s.list) + 1)
	}
	b := s.big
	b.at[s.key(&f)] = int32(len(b.files))
	b.files = append(b.files, f)
	b.count(f, 1)
}

// Delete removes the file named key, if any.
func (s *FileSet) Delete(key string) {
	s.gen = nextSetGen()
	if b := s.big; b != nil {
		i, ok := b.at[key]
		if !ok {
			return
		}
		b.count(b.files[i], -1)
		delete(b.at, key)
		// the last file takes its place
		last := len(b.files) - 1
		if int(i) != last {
			b.files[i] = b.files[last]
			b.at[s.key(&b.files[i])] = i
		}
		b.files = b.files[:last]
		return
	}
	for i := range s.list {
		if s.key(&s.list[i]) == key {
			s.list = slices.Delete(s.list, i, i+1)
			return
		}
	}
}

// All yields the files and their keys, in no particular order.
func (s *FileSet) All() iter.Seq2[string, DBFile] {
	return func(yield func(string, DBFile) bool) {
		list := s.list
		if s.big != nil {
			list = s.big.files
		}
		for _, f := range list {
			if !yield(s.key(&f), f) {
				return
			}
		}
	}
}

// files are the files of s, in no particular order: not to be written,
// nor kept past a change of s.
func (s *FileSet) files() []DBFile {
	if s.big != nil {
		return s.big.files
	}
	return s.list
}

// sizes adds up the sizes of the files of s whose size is known, data and
// log apart, and tells whether some size is unknown.
func (s *FileSet) sizes() (data, logBytes int64, unsized bool) {
	if b := s.big; b != nil {
		return b.data, b.log, b.unsized > 0
	}
	for _, f := range s.list {
		switch {
		case f.Size <= 0:
			unsized = true
		case f.Log:
			logBytes += f.Size
		default:
			data += f.Size
		}
	}
	return data, logBytes, unsized
}

// reset empties s, with room for n files; it keeps its names.
func (s *FileSet) reset(n int) { *s = fileSetFor(s.names, n) }

// fileSetFor is an empty FileSet of names with room for n files.
func fileSetFor(names *nameTable, n int) FileSet {
	if n > setListMax {
		return FileSet{big: &bigFiles{files: make([]DBFile, 0, n), at: make(map[string]int32, n)}, names: names}
	}
	if n == 0 {
		return FileSet{names: names}
	}
	return FileSet{list: make([]DBFile, 0, n), names: names}
}

// NameSet is a set of lower-case names (a database's filegroups). Its
// zero value is empty. A NameSet is never copied (see FileSet); its list
// may be shared read-only (primaryOnly), so it is never written in place.
type NameSet struct {
	list []string
	m    map[string]struct{} // past setListMax; list is then nil
	gen  uint64              // see nextSetGen
}

// primaryList is the filegroups of a new database: PRIMARY. Its room is
// full, so that adding to it copies it.
var primaryList = []string{"primary"}

// withPrimary returns a NameSet holding "primary".
func withPrimary() NameSet { return NameSet{list: primaryList[:1:1], gen: setGenPrimary} }

// Len is how many names s holds.
func (s *NameSet) Len() int {
	if s.m != nil {
		return len(s.m)
	}
	return len(s.list)
}

// Has reports whether s holds name.
func (s *NameSet) Has(name string) bool {
	if s.m != nil {
		_, ok := s.m[name]
		return ok
	}
	return slices.Contains(s.list, name)
}

// hasBytes is Has(string(name)) without allocating.
func (s *NameSet) hasBytes(name []byte) bool {
	if s.m != nil {
		_, ok := s.m[string(name)]
		return ok
	}
	for _, n := range s.list {
		if n == string(name) {
			return true
		}
	}
	return false
}

// Add adds name (owned) to s.
func (s *NameSet) Add(name string) {
	if s.m != nil {
		// one lookup, not Has and then an insert: a dense run adds
		// thousands of filegroups to a database
		n := len(s.m)
		s.m[name] = struct{}{}
		if len(s.m) != n {
			s.gen = nextSetGen()
		}
		return
	}
	if slices.Contains(s.list, name) {
		return
	}
	s.gen = nextSetGen()
	if len(s.list) < setListMax {
		// a new list when full: one never grows into room another shares
		s.list = append(s.list[:len(s.list):len(s.list)], name)
		return
	}
	s.m = make(map[string]struct{}, 2*setListMax)
	for _, n := range s.list {
		s.m[n] = struct{}{}
	}
	s.m[name] = struct{}{}
	s.list = nil
}

// Delete removes name from s, if there.
func (s *NameSet) Delete(name string) {
	s.gen = nextSetGen()
	if s.m != nil {
		delete(s.m, name)
		return
	}
	if i := slices.Index(s.list, name); i >= 0 {
		s.list = slices.Concat(s.list[:i], s.list[i+1:]) // a copy: never in place
	}
}

// All yields the names, in no particular order.
func (s *NameSet) All() iter.Seq[string] {
	return func(yield func(string) bool) {
		if s.m != nil {
			for n := range s.m {
				if !yield(n) {
					return
				}
			}
			return
		}
		for _, n := range s.list {
			if !yield(n) {
				return
			}
		}
	}
}

// clone returns a NameSet holding what s holds.
func (s *NameSet) clone() NameSet {
	if s.m != nil {
		return NameSet{m: maps.Clone(s.m), gen: s.gen} // its table copied whole, not rebuilt
	}
	return NameSet{list: s.list[:len(s.list):len(s.list)], gen: s.gen} // shared: never written in place
}

// equal reports whether s and o hold the same names.
func (s *NameSet) equal(o *NameSet) bool {
	if s.gen == o.gen {
		return true // one generation: the same names
	}
	if s.Len() != o.Len() {
		return false
	}
	for n := range s.All() {
		if !o.Has(n) {
			return false
		}
	}
	return true
}
