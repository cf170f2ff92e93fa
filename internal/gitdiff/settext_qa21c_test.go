package gitdiff

import (
	"path/filepath"
	"testing"
)

// TestSetTextComparesDecodedText: standard input named after a script is
// compared with the script at the revision line by line, whatever the
// encoding of either: with working-tree-encoding=UTF-16LE-BOM in
// .gitattributes git keeps the script in UTF-8 and checks it out in
// UTF-16, so the copy on disk piped in (sqllint scan --new-from-rev HEAD
// --stdin-filename db/V1.sql - < db/V1.sql) differed from the blob in
// every byte, and every line of an unchanged script counted as new; so
// did a UTF-16 script (as SSMS saves it) sent as UTF-8 text, or with a
// UTF-8 byte order mark.
func TestSetTextComparesDecodedText(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	text := "CHECKPOINT 1;\r\nGO\r\nSELECT 'é';\r\nGO\r\n"
	write(t, filepath.Join(dir, "utf8.sql"), text)
	write(t, filepath.Join(dir, "utf16.sql"), utf16Text(text, false))
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	t.Chdir(dir)
	c, err := Since(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	added := "CHECKPOINT 1;\r\nGO\r\nSELECT 'é';\r\nCHECKPOINT 2;\r\nGO\r\n" // line 4
	for _, tc := range []struct{ name, stdin string }{
		{"utf8.sql", utf16Text(text, false)},
		{"utf8.sql", utf16Text(text, true)},
		{"utf8.sql", "\xEF\xBB\xBF" + text},
		{"utf16.sql", text},
		{"utf16.sql", utf16Text(text, true)},
	} {
		c.SetText(tc.name, []byte(tc.stdin))
		for line := 1; line <= 4; line++ {
			if c.Changed(tc.name, line, line) {
				t.Errorf("%s given %q: line %d changed, want none", tc.name, tc.stdin, line)
			}
		}
	}
	for _, tc := range []struct{ name, stdin string }{
		{"utf8.sql", utf16Text(added, false)},
		{"utf16.sql", added},
		{"utf16.sql", utf16Text(added, false)},
	} {
		c.SetText(tc.name, []byte(tc.stdin))
		for line := 1; line <= 5; line++ {
			if got := c.Changed(tc.name, line, line); got != (line == 4) {
				t.Errorf("%s given %q: line %d changed %v, want %v", tc.name, tc.stdin, line, got, line == 4)
			}
		}
	}
}
