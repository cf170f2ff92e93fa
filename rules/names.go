package rules

import (
	"strings"
	"unsafe"
)

// A dense run keeps tens of thousands of databases to its end, each with
// two or three files: as strings, each file's name, key and filegroup
// were pointers the collector followed again at every cycle, and the
// lists and maps that held the files were scanned with them. The model
// keeps the names of files and filegroups in a nameTable instead, their
// text in chunks with no pointer in them, and a file holds their ids: a
// DBFile, and the lists of them a FileSet and a backup snapshot hold,
// have no pointer at all, and the collector does not look into them.

// nameID is a name kept in a nameTable; 0 is "".
type nameID uint32

// nameTable holds names as written and their lower-case form, for the
// whole run, without a pointer for each.
type nameTable struct {
	// chunks hold the text; cur is the one being filled (a long name has
	// a chunk of its own)
	chunks [][]byte
	cur    int
	// refs are where each name is, by id-1, refsChunk to a chunk
	refs [][]nameRef
	n    int // names held
	// interned are ids by name, for names that repeat (filegroups), at
	// most maxInterned (see intern)
	interned map[string]nameID
	// last is the name intern gave last (the table's copy) and its id:
	// the files of a script are added to one filegroup after another
	// (PRIMARY, as often as not), each looked up in interned otherwise
	last   string
	lastID nameID
}

// nameRef is where a name is: n bytes at off in chunks[chunk], its lower
// case form the ln bytes after them (ln 0: the name itself).
type nameRef struct {
	chunk, off, n, ln uint32
}

const (
	nameChunk = 16 << 10 // the size of a chunk of text
	refsChunk = 4096     // the refs of a chunk of refs
)

// add keeps s and returns its id (0 for "").
func (t *nameTable) add(s string) nameID { return t.addLower(s, nil, false) }

// addLower is add(s) for a caller that lowered s already: lower is s in
// lower case, as long as s (as lowerASCII writes it for ASCII s), upper
// whether it differs from s; nil to have add lower s.
func (t *nameTable) addLower(s string, lower []byte, upper bool) nameID {
	if s == "" {
		return 0
	}
	// the lower case of ASCII s is written into the chunk after s (room
	// for it is asked for at first, and given back when s has no upper
	// case); for other text it is strings.ToLower's
	ci := t.room(2 * len(s))
	c := t.chunks[ci]
	off := len(c)
	c = append(c, s...)
	ln := 0
	if lower != nil {
		if upper {
			c = append(c, lower...)
			ln = len(s)
		}
	} else if ascii, upper := lowerASCII(c[off+len(s):off+2*len(s)], s); !ascii {
		if lower := strings.ToLower(s); lower != s {
			if len(lower) > cap(c)-len(c) {
				t.chunks[ci] = c[:off] // s goes where the whole fits
				ci = t.room(len(s) + len(lower))
				c = t.chunks[ci]
				off = len(c)
				c = append(c, s...)
			}
			c = append(c, lower...)
			ln = len(lower)
		}
	} else if upper {
		c = c[:off+2*len(s)]
		ln = len(s)
	}
	t.chunks[ci] = c
	ref := nameRef{chunk: uint32(ci), off: uint32(off), n: uint32(len(s)), ln: uint32(ln)}
	if t.n%refsChunk == 0 {
		// the first grows as appended to (never past refsChunk: the next
		// starts there)
		size := refsChunk
		if t.n == 0 {
			size = 16
		}
		t.refs = append(t.refs, make([]nameRef, 0, size))
	}
	last := len(t.refs) - 1
	t.refs[last] = append(t.refs[last], ref)
	t.n++
	return nameID(t.n)
}

// room returns the index of a chunk with room for n more bytes.
func (t *nameTable) room(n int) int {
	ci := t.cur
	if len(t.chunks) != 0 && n <= cap(t.chunks[ci])-len(t.chunks[ci]) {
		return ci
	}
	if n > nameChunk/4 {
		// a chunk of its own; the current one goes on being filled
		t.chunks = append(t.chunks, make([]byte, 0, n))
		return len(t.chunks) - 1
	}
	// small at first: a run of few names takes little room
	size := nameChunk
	if len(t.chunks) == 0 {
		size = nameChunk / 16
	} else if c := cap(t.chunks[t.cur]); c < nameChunk {
		size = 2 * c
	}
	t.chunks = append(t.chunks, make([]byte, 0, size))
	t.cur = len(t.chunks) - 1
	return t.cur
}

func (t *nameTable) ref(id nameID) nameRef {
	i := int(id) - 1
	return t.refs[i/refsChunk][i%refsChunk]
}

// text is the n bytes at off of chunk c, as a string: a chunk is never
// written again where it holds a name.
func (t *nameTable) text(c, off, n uint32) string {
	if n == 0 {
		return ""
	}
	return unsafe.String(&t.chunks[c][off], n)
}

// str is the name id stands for, as written.
func (t *nameTable) str(id nameID) string {
	if id == 0 {
		return ""
	}
	r := t.ref(id)
	return t.text(r.chunk, r.off, r.n)
}

// lower is strings.ToLower(t.str(id)).
func (t *nameTable) lower(id nameID) string {
	if id == 0 {
		return ""
	}
	r := t.ref(id)
	if r.ln == 0 {
		return t.text(r.chunk, r.off, r.n)
	}
	return t.text(r.chunk, r.off+r.n, r.ln)
}

// intern is add(s), the same id for a name seen before (as long as the
// table of them does not start over, past maxInterned): the names of
// filegroups repeat from statement to statement.
func (t *nameTable) intern(s string) nameID {
	if s == "" {
		return 0
	}
	if s == t.last {
		return t.lastID // ids stay, also when interned starts over
	}
	if id, ok := t.interned[s]; ok {
		t.last, t.lastID = t.str(id), id
		return id
	}
	if t.interned == nil {
		t.interned = make(map[string]nameID)
	} else if len(t.interned) >= maxInterned {
		clear(t.interned)
	}
	id := t.add(s)
	t.interned[t.str(id)] = id
	t.last, t.lastID = t.str(id), id
	return id
}
