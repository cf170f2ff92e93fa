package gitdiff

import (
	"github.com/sqllint/sqllint/internal/udiff"
)

// SetText makes the changed lines of the file at path those of text, the
// file's contents given on standard input in its place (a staged blob,
// an editor's buffer), compared with the file at the revision, rather
// than those of the copy on disk, which may hold other changes or none.
// A file the revision does not have is wholly new; a path outside the
// repository is left as it is.
func (c *Changes) SetText(path string, text []byte) {
	r := c.rel(path)
	if r == "" {
		return
	}
	c.mu.Lock()
	if c.texts == nil {
		c.texts = map[string][]byte{}
	}
	c.texts[r] = text
	delete(c.lines, r)
	c.mu.Unlock()
	old, err := git(c.Root, "cat-file", "blob", c.Rev+":"+r)
	if err != nil {
		c.files[r] = nil // not at the revision: every line is new
		return
	}
	var set lineSet
	for i, added := range udiff.Added(old, text) {
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
