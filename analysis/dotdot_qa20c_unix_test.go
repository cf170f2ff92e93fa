//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"testing"
)

// link/../a.sql, where link is a symbolic link to real/sub, is
// real/a.sql to the system, not ./a.sql: --fix link/../a.sql a.sql took
// them for one file (paths cleaned lexically), applied a.sql's edit to
// real/a.sql's text and wrote "CHECKPOINT0" there, and left a.sql
// unfixed, reporting nothing left.
func TestFixDotDotAfterSymlink(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	if err := os.MkdirAll(filepath.Join(dir, "real", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	inner := write(t, dir, "real/a.sql", "CHECKPOINT 30\n")
	outer := write(t, dir, "a.sql", "CHECKPOINT 7\nSELECT 1\n")
	if err := os.Symlink(filepath.Join("real", "sub"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{
		{"link/../a.sql", "a.sql"},
		{dir + "/link/../a.sql", dir + "/a.sql"}, // (Join would clean them)
	} {
		write(t, dir, "real/a.sql", "CHECKPOINT 30\n")
		write(t, dir, "a.sql", "CHECKPOINT 7\nSELECT 1\n")
		_, rest := fixAll(t, Options{Paths: paths})
		if got := read(t, inner); got != "CHECKPOINT\n" {
			t.Errorf("%v: real/a.sql fixed to %q", paths, got)
		}
		if got := read(t, outer); got != "CHECKPOINT\nSELECT 1\n" {
			t.Errorf("%v: a.sql fixed to %q", paths, got)
		}
		if len(rest) != 0 {
			t.Errorf("%v: left %+v", paths, rest)
		}
	}
}
