package gitdiff

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"sort"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/parser"
)

// gitLines tells on which of git's lines each line of a file lies. git
// (and udiff) number lines by the file's 0x0A bytes; sqllint numbers
// them as sqlcmd reads the script: a line ends at an LF, a CRLF or a lone
// CR, in the decoded text. The two differ in a file with a lone CR
// (classic Mac OS line ends, or one line of a mixed file), whose git
// line holds several of sqllint's, and in UTF-16 text holding a
// character one of whose bytes is 0x0A (上 U+4E0A, Њ U+040A, Ċ U+010A),
// which git breaks in two.
type gitLines struct {
	// steps, by line: from a step's line on, up to the next step's, line
	// n starts on git line n+start and its text ends on git line n+end.
	// Lines before the first step are git's lines.
	steps []lineStep
}

type lineStep struct{ line, start, end int }

// span returns the git lines that sqllint's lines from line to endLine
// lie on.
func (g *gitLines) span(line, endLine int) (int, int) {
	at := func(n int) lineStep {
		i := sort.Search(len(g.steps), func(i int) bool { return g.steps[i].line > n }) - 1
		if i < 0 {
			return lineStep{}
		}
		return g.steps[i]
	}
	return line + at(line).start, endLine + at(endLine).end
}

// readGitLines reads a file's bytes from r and returns how its lines lie
// on git's, or nil when they are git's own (the common case: no lone CR
// and no stray 0x0A byte).
func readGitLines(r io.Reader) (*gitLines, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(8 << 10)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	utf16, big, bom := parser.UTF16(head)
	if _, err := br.Discard(bom); err != nil {
		return nil, err
	}
	size := 1
	if utf16 {
		size = 2
	}
	var g gitLines
	var (
		git        = 1 // the git line of the next byte: 1 + the 0x0A bytes before it
		line       = 1
		start, end int    // the git lines of the line's first byte and of its text's last
		fresh      = true // no byte of the line read yet
		cr         bool   // the last unit was a CR, which ends the line unless an LF follows
		last       lineStep
	)
	done := func() { // the line ends
		if fresh {
			start, end = git, git
		}
		if d := (lineStep{line, start - line, end - line}); d.start != last.start || d.end != last.end {
			g.steps, last = append(g.steps, d), d
		}
		line, fresh = line+1, true
	}
	unit := func(b []byte) {
		u := rune(b[0])
		if size == 2 {
			u = rune(b[1])<<8 | rune(b[0])
			if big {
				u = rune(b[0])<<8 | rune(b[1])
			}
		}
		lfs := bytes.Count(b, []byte{'\n'})
		if cr {
			cr = false
			if u == '\n' {
				git += lfs
				done()
				return
			}
			done()
		}
		if fresh {
			start, end, fresh = git, git, false
		}
		switch u {
		case '\n':
			git += lfs
			done()
		case '\r':
			git += lfs
			cr = true
		default:
			// the git line of the unit's last byte
			end = git
			if size == 2 && b[0] == '\n' {
				end++
			}
			git += lfs
		}
	}
	buf := make([]byte, 64<<10)
	held := 0 // a UTF-16 unit's first byte, read at the end of the last chunk
	for {
		n, err := br.Read(buf[held:])
		n += held
		held = n % size
		for i := 0; i+size <= n; i += size {
			unit(buf[i : i+size])
		}
		copy(buf, buf[n-held:n])
		if errors.Is(err, io.EOF) {
			break // an odd trailing byte of UTF-16 is no character
		}
		if err != nil {
			return nil, err
		}
	}
	if cr {
		done()
	}
	done() // the last line, which may be empty
	if len(g.steps) == 0 {
		return nil, nil
	}
	return &g, nil
}

// gitLinesOf is the gitLines of the file r names (slash path under
// c.Root): the text SetText gave it, else the work tree's copy. A file
// that cannot be read is taken to number its lines as git does.
func (c *Changes) gitLinesOf(r string) *gitLines {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.lines[r]; ok {
		return g
	}
	var g *gitLines
	if text, ok := c.texts[r]; ok {
		g, _ = readGitLines(bytes.NewReader(text))
	} else {
		g = readGitLinesFile(filepath.Join(c.Root, filepath.FromSlash(r)))
	}
	if c.lines == nil {
		c.lines = map[string]*gitLines{}
	}
	c.lines[r] = g
	return g
}

// readGitLinesFile is readGitLines of the regular file at path (never a
// pipe or a device: fsread.Open), nil when it cannot be read.
func readGitLinesFile(path string) *gitLines {
	f, err := fsread.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	g, err := readGitLines(f)
	if err != nil {
		return nil
	}
	return g
}
