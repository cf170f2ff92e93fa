package rules

import (
	"iter"
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
	at        strIndex // positions in files by key
	data, log int64
	unsized   int
	atLeast   int // files of known size that is a lower bound (DBFile.AtLeast)
	names     *nameTable
}

// slot is the slot of at that holds key (of hash h), and whether there
// is one.
func (b *bigFiles) slot(key string, h uint32) (int, bool) {
	return b.at.find(h, func(i int32) bool { return b.names.lower(b.files[i].name) == key })
}

// pos is the position in files of the file of key, -1 when none.
func (b *bigFiles) pos(key string) int32 {
	return b.at.get(strHash(key), func(i int32) bool { return b.names.lower(b.files[i].name) == key })
}

// posBytes is pos(string(key)).
func (b *bigFiles) posBytes(key []byte) int32 {
	return b.at.get(bytesHash(key), func(i int32) bool { return b.names.lower(b.files[i].name) == string(key) })
}

// count adds f's size to b's sums (sign 1), or takes it away (-1).
func (b *bigFiles) count(f DBFile, sign int64) {
	if f.AtLeast && f.Size > 0 {
		b.atLeast += int(sign)
	}
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
	h := strHash(key)
	if i, ok := b.slot(key, h); ok {
		at := b.at.slots[i].at - 1
		b.count(b.files[at], -1)
		b.files[at] = f
	} else {
		b.at.add(h, int32(len(b.files)))
		b.files = append(b.files, f)
	}
	b.count(f, 1)
}

// add is put for a key b does not hold.
func (b *bigFiles) add(key string, f DBFile) {
	b.at.add(strHash(key), int32(len(b.files)))
	b.files = append(b.files, f)
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
		if i := b.pos(key); i >= 0 {
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
		if i := b.posBytes(key); i >= 0 {
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
	b := &bigFiles{files: make([]DBFile, 0, max(n, 2*setListMax)), at: newStrIndex(max(n, 2*setListMax)), names: s.names}
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
	s.big.add(s.key(&f), f)
}

// Delete removes the file named key, if any.
func (s *FileSet) Delete(key string) {
	s.gen = nextSetGen()
	if b := s.big; b != nil {
		slot, ok := b.slot(key, strHash(key))
		if !ok {
			return
		}
		i := b.at.slots[slot].at - 1
		b.count(b.files[i], -1)
		b.at.remove(slot)
		// the last file takes its place
		last := int32(len(b.files) - 1)
		if i != last {
			moved, _ := b.slot(s.key(&b.files[last]), strHash(s.key(&b.files[last])))
			b.at.slots[moved].at = i + 1
			b.files[i] = b.files[last]
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
// log apart, and tells whether some size is unknown and whether some
// known size is only a lower bound (DBFile.AtLeast).
func (s *FileSet) sizes() (data, logBytes int64, unsized, atLeast bool) {
	if b := s.big; b != nil {
		return b.data, b.log, b.unsized > 0, b.atLeast > 0
	}
	for _, f := range s.list {
		atLeast = atLeast || f.AtLeast && f.Size > 0
		switch {
		case f.Size <= 0:
			unsized = true
		case f.Log:
			logBytes += f.Size
		default:
			data += f.Size
		}
	}
	return data, logBytes, unsized, atLeast
}

// reset empties s, with room for n files; it keeps its names.
func (s *FileSet) reset(n int) { *s = fileSetFor(s.names, n) }

// fileSetFor is an empty FileSet of names with room for n files.
func fileSetFor(names *nameTable, n int) FileSet {
	if n > setListMax {
		return FileSet{big: &bigFiles{files: make([]DBFile, 0, n), at: newStrIndex(n), names: names}, names: names}
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
	big  *bigNames // past setListMax; list is then nil
	gen  uint64    // see nextSetGen
}

// bigNames is a NameSet past setListMax: its names in a list, in no
// particular order, and their places in it.
type bigNames struct {
	names []string
	at    strIndex
}

// slot is the slot of at that holds name (of hash h), and whether there
// is one.
func (b *bigNames) slot(name string, h uint32) (int, bool) {
	return b.at.find(h, func(i int32) bool { return b.names[i] == name })
}

// primaryList is the filegroups of a new database: PRIMARY. Its room is
// full, so that adding to it copies it.
var primaryList = []string{"primary"}

// withPrimary returns a NameSet holding "primary".
func withPrimary() NameSet { return NameSet{list: primaryList[:1:1], gen: setGenPrimary} }

// Len is how many names s holds.
func (s *NameSet) Len() int {
	if s.big != nil {
		return len(s.big.names)
	}
	return len(s.list)
}

// Has reports whether s holds name.
func (s *NameSet) Has(name string) bool {
	if b := s.big; b != nil {
		return b.at.get(strHash(name), func(i int32) bool { return b.names[i] == name }) >= 0
	}
	return slices.Contains(s.list, name)
}

// hasBytes is Has(string(name)) without allocating.
func (s *NameSet) hasBytes(name []byte) bool {
	if b := s.big; b != nil {
		return b.at.get(bytesHash(name), func(i int32) bool { return b.names[i] == string(name) }) >= 0
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
	if b := s.big; b != nil {
		// one look-up, not Has and then an insert: a dense run adds
		// thousands of filegroups to a database
		h := strHash(name)
		if _, ok := b.slot(name, h); !ok {
			b.at.add(h, int32(len(b.names)))
			b.names = append(b.names, name)
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
	b := &bigNames{names: make([]string, 0, 2*setListMax), at: newStrIndex(2 * setListMax)}
	for _, n := range s.list {
		b.at.add(strHash(n), int32(len(b.names)))
		b.names = append(b.names, n)
	}
	b.at.add(strHash(name), int32(len(b.names)))
	b.names = append(b.names, name)
	s.big, s.list = b, nil
}

// Delete removes name from s, if there.
func (s *NameSet) Delete(name string) {
	s.gen = nextSetGen()
	if b := s.big; b != nil {
		slot, ok := b.slot(name, strHash(name))
		if !ok {
			return
		}
		i := b.at.slots[slot].at - 1
		b.at.remove(slot)
		// the last name takes its place
		last := int32(len(b.names) - 1)
		if i != last {
			moved, _ := b.slot(b.names[last], strHash(b.names[last]))
			b.at.slots[moved].at = i + 1
			b.names[i] = b.names[last]
		}
		b.names[last] = ""
		b.names = b.names[:last]
		return
	}
	if i := slices.Index(s.list, name); i >= 0 {
		s.list = slices.Concat(s.list[:i], s.list[i+1:]) // a copy: never in place
	}
}

// All yields the names, in no particular order.
func (s *NameSet) All() iter.Seq[string] {
	return func(yield func(string) bool) {
		list := s.list
		if s.big != nil {
			list = s.big.names
		}
		for _, n := range list {
			if !yield(n) {
				return
			}
		}
	}
}

// clone returns a NameSet holding what s holds.
func (s *NameSet) clone() NameSet {
	if b := s.big; b != nil {
		// copied whole, not rebuilt
		return NameSet{big: &bigNames{names: slices.Clone(b.names), at: b.at.clone()}, gen: s.gen}
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
