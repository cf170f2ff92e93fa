package gitdiff

import (
	"path/filepath"
	"testing"
)

// TestSinceLoneCRAndStrayLF: git numbers a file's lines by its 0x0A
// bytes, sqllint (and sqlcmd) by its line breaks: LF, CRLF and a lone CR.
// A script saved with lone CRs (classic Mac OS, or one line of a mixed
// file), or a UTF-16 script holding a character one of whose bytes is
// 0x0A (上 U+4E0A, Њ U+040A, Ċ U+010A), numbers its lines otherwise in
// git's diff: --new-from-rev hid the finding of a line added after such
// a place, and reported one on an unchanged line instead.
func TestSinceLoneCRAndStrayLF(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	files := []struct {
		name, old, now string
		text           func(string) string
		changed        []int // the changed lines of now, as sqllint numbers them
	}{
		// git's one line changed: every line on it did, as far as git tells
		{"cr.sql", "USE Sales;\rGO\rPRINT 1;\rGO\r", "USE Sales;\rGO\rPRINT 1;\rCHECKPOINT 10;\rGO\r", nil, []int{1, 2, 3, 4, 5, 6}},
		{"mixed.sql", "USE Sales;\r\nGO\nPRINT 1;\rPRINT 2;\r\nGO\n", "USE Sales;\r\nGO\nPRINT 1;\rCHECKPOINT 10;\r\nGO\n", nil, []int{3, 4}},
		// the lone CR is on an unchanged line before the change
		{"before.sql", "PRINT 1;\rPRINT 2;\nGO\nPRINT 3;\nGO\n", "PRINT 1;\rPRINT 2;\nGO\nCHECKPOINT 10;\nGO\n", nil, []int{4}},
		{"le.sql", "-- 上\r\nPRINT 1;\r\nGO\r\nPRINT 2;\r\nGO\r\n", "-- 上\r\nPRINT 1;\r\nGO\r\nCHECKPOINT 10;\r\nGO\r\n",
			func(s string) string { return utf16Text(s, false) }, []int{4}},
		{"be.sql", "-- Њ\r\nPRINT 1;\r\nGO\r\nPRINT 2;\r\nGO\r\n", "-- Њ\r\nPRINT 1;\r\nGO\r\nCHECKPOINT 10;\r\nGO\r\n",
			func(s string) string { return utf16Text(s, true) }, []int{4}},
	}
	enc := func(text func(string) string, s string) string {
		if text == nil {
			return s
		}
		return text(s)
	}
	for _, f := range files {
		write(t, filepath.Join(dir, f.name), enc(f.text, f.old))
	}
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	base := run(t, dir, "rev-parse", "HEAD")
	for _, f := range files {
		write(t, filepath.Join(dir, f.name), enc(f.text, f.now))
	}

	t.Chdir(dir)
	c, err := Since(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	staged := func(name string) *Changes { // the same text given as a file's (--staged, standard input)
		c, err := Since(dir, base)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.name == name {
				c.SetText(filepath.Join(dir, name), []byte(enc(f.text, f.now)))
			}
		}
		return c
	}
	for _, f := range files {
		s := staged(f.name)
		for line := 1; line <= 6; line++ {
			want := false
			for _, n := range f.changed {
				want = want || n == line
			}
			if got := c.Changed(f.name, line, line); got != want {
				t.Errorf("%s line %d: changed %v, want %v", f.name, line, got, want)
			}
			if got := s.Changed(f.name, line, line); got != want {
				t.Errorf("%s line %d, text given: changed %v, want %v", f.name, line, got, want)
			}
		}
	}
}
