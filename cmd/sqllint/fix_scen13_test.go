package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestFixEndToEndOnRealEncodings runs --fix over the files a SQL Server
// shop has: UTF-8 with and without a BOM, UTF-16LE with a BOM (SSMS),
// cp1252 with bytes above 0x7F, CRLF and mixed line endings, no final
// newline, a symbolic link, a hard link and one file named twice. Every
// byte the fix does not touch is kept; a read-only file is not written
// (exit 2) while the others are.
func TestFixEndToEndOnRealEncodings(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	// CRLF, then a bare LF, no final newline; é and € outside the fix
	text := "-- café € note\r\nCHECKPOINT 30;\r\nSELECT 1;\nBACKUP DATABASE Sales TO DISK = N'x.bak';"
	fixed := strings.Replace(text, "CHECKPOINT 30;", "CHECKPOINT;", 1)
	u16 := func(s string) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	cp1252 := func(s string) []byte {
		s = strings.ReplaceAll(s, "é", "\xE9")
		return []byte(strings.ReplaceAll(s, "€", "\x80"))
	}
	cases := map[string][2][]byte{
		"utf8.sql":   {[]byte(text), []byte(fixed)},
		"bom.sql":    {[]byte("\xEF\xBB\xBF" + text), []byte("\xEF\xBB\xBF" + fixed)},
		"utf16.sql":  {u16(text), u16(fixed)},
		"cp1252.sql": {cp1252(text), cp1252(fixed)},
		"target.sql": {[]byte(text), []byte(fixed)},
		"hard.sql":   {[]byte(text), []byte(fixed)},
		"twice.sql":  {[]byte(text), []byte(fixed)},
		"ro.sql":     {[]byte(text), []byte(text)},
	}
	for name, c := range cases {
		if err := os.WriteFile(name, c[0], 0o640); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod("ro.sql", 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.sql", "link.sql"); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Link("hard.sql", "hard2.sql"); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--fix",
		"utf8.sql", "bom.sql", "utf16.sql", "cp1252.sql", "link.sql", "hard.sql", "twice.sql", "./twice.sql", "ro.sql")
	if code != 2 || !strings.Contains(errs, "ro.sql: not fixed: cannot write ro.sql: the file is read-only") ||
		!strings.Contains(errs, "fixed: 7 fix(es) in 7 file(s)") {
		t.Errorf("exit %d, want 2 (the read-only file), the 7 others fixed\n%s%s", code, out, errs)
	}
	for name, c := range cases {
		got, err := os.ReadFile(name)
		if err != nil || !bytes.Equal(got, c[1]) {
			t.Errorf("%s:\n got %q\nwant %q (%v)", name, got, c[1], err)
		}
	}
	if fi, err := os.Lstat("link.sql"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.sql is no longer a symbolic link: %v", err)
	}
	a, _ := os.Stat("hard.sql")
	b, _ := os.Stat("hard2.sql")
	if !os.SameFile(a, b) {
		t.Error("the hard links were split")
	}
	for name, perm := range map[string]os.FileMode{"utf8.sql": 0o640, "ro.sql": 0o444, "target.sql": 0o640} {
		if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != perm {
			t.Errorf("%s: mode %v, want %v", name, fi.Mode().Perm(), perm)
		}
	}
	if left, _ := filepath.Glob(".*sqllint*"); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// standard input has no file to write: refused, nothing read
	if code, _, errs := runCmd(t, "CHECKPOINT 30;\n", nil, "scan", "--no-config", "--fix", "--stdin-filename", "utf8.sql", "-"); code != 2 ||
		!strings.Contains(errs, "cannot rewrite standard input") {
		t.Errorf("--fix over standard input: exit %d %q", code, errs)
	}
}
