package rules

import (
	"strings"
	"unicode/utf8"
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
func (t *nameTable) add(s string) nameID {
	if s == "" {
		return 0
	}
	// the lower case of ASCII s is written into the chunk, byte by byte;
	// for other text it is strings.ToLower's
	ascii, upper := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	var lower string
	switch {
	case !ascii:
		if lower = strings.ToLower(s); lower == s {
			lower = ""
		}
	case upper:
		lower = s // lowered below
	}
	n := len(s) + len(lower)
	ci := t.cur
	if len(t.chunks) == 0 || n > cap(t.chunks[ci])-len(t.chunks[ci]) {
		if n > nameChunk/4 {
			// a chunk of its own; the current one goes on being filled
			t.chunks = append(t.chunks, make([]byte, 0, n))
			ci = len(t.chunks) - 1
		} else {
			// small at first: a run of few names takes little room
			size := nameChunk
			if len(t.chunks) == 0 {
				size = nameChunk / 16
			} else if c := cap(t.chunks[t.cur]); c < nameChunk {
				size = 2 * c
			}
			t.chunks = append(t.chunks, make([]byte, 0, size))
			t.cur = len(t.chunks) - 1
			ci = t.cur
		}
	}
	c := t.chunks[ci]
	ref := nameRef{chunk: uint32(ci), off: uint32(len(c)), n: uint32(len(s)), ln: uint32(len(lower))}
	c = append(c, s...)
	if ascii && upper {
		for i := 0; i < len(s); i++ {
			b := s[i]
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			c = append(c, b)
		}
	} else {
		c = append(c, lower...)
	}
	t.chunks[ci] = c
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
