package gitdiff

import (
	"github.com/sqllint/sqllint/internal/udiff"
	"github.com/sqllint/sqllint/parser"
)

// SetText makes the changed lines of the file at path those of text, the
// file's contents given on standard input in its place (a staged blob,
// an editor's buffer), compared with the file at the revision, rather
// than those of the copy on disk, which may hold other changes or none.
// A file the revision does not have is wholly new; a path outside the
// repository is left as it is. The two are compared as the text they
// decode to, as a run reads them: git may keep a script in UTF-8 and
// check it out in UTF-16 (working-tree-encoding in .gitattributes), and
// a UTF-16 script (as SSMS saves it) may be given as UTF-8 text.
func (c *Changes) SetText(path string, text []byte) {
	r := c.rel(path)
	if r == "" {
		return
	}
	c.mu.Lock()
	if c.texts == nil {
		c.texts = map[string][]byte{}
	}
	// the lines compared are those of the decoded text, and the
	// script's lines lie on them as on git's (gitLinesOf)
	now := decoded(text)
	c.texts[r] = now
	delete(c.lines, r)
	c.mu.Unlock()
	old, err := git(c.Root, "cat-file", "blob", c.Rev+":"+r)
	if err != nil {
		c.files[r] = nil // not at the revision: every line is new
		return
	}
	var set lineSet
	for i, added := range udiff.Added(decoded(old), now) {
		if !added {
			continue
		}
		if n := len(set); n > 0 && set[n-1].to == i {
			set[n-1].to = i + 1
			continue
		}
		set = append(set, span{i + 1, i + 1})
	}
	if set == nil {
		set = lineSet{} // no line changed (a nil set means every line)
	}
	c.files[r] = set
}

// decoded is the text of a script's bytes as a run reads them (UTF-8, no
// byte order mark), or the bytes as they are when they are not text.
func decoded(data []byte) []byte {
	f, err := parser.Decode("", data)
	if err != nil {
		return data
	}
	return []byte(f.Text)
}
