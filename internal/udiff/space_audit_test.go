package udiff

import (
	"strings"
	"testing"
)

// A name with a blank ends in a tab on the ---/+++ lines, as git writes
// it, so that GNU patch reads the whole name.
func TestFileNameWithBlank(t *testing.T) {
	got := File("dir/my file.sql", []byte("a\n"), []byte("b\n"))
	want := "diff --git a/dir/my file.sql b/dir/my file.sql\n--- a/dir/my file.sql\t\n+++ b/dir/my file.sql\t\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("header:\n%q\nwant\n%q", got, want)
	}
	got = File("dir/a.sql", []byte("a\n"), []byte("b\n"))
	if want := "diff --git a/dir/a.sql b/dir/a.sql\n--- a/dir/a.sql\n+++ b/dir/a.sql\n"; !strings.HasPrefix(got, want) {
		t.Errorf("header:\n%q\nwant\n%q", got, want)
	}
}
