//go:build unix

package safewrite

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOwnerKept needs root to create a file owned by someone else.
func TestOwnerKept(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root on Unix")
	}
	p := filepath.Join(t.TempDir(), "V1.sql")
	write(t, p, before, 0o640)
	if err := os.Chown(p, 12345, 23456); err != nil {
		t.Fatal(err)
	}
	m, err := Write(p, []byte(before), []byte(after))
	if err != nil || m != Replaced {
		t.Fatalf("Write = %v, %v", m, err)
	}
	fi, _ := os.Stat(p)
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 12345 || st.Gid != 23456 || fi.Mode().Perm() != 0o640 {
		t.Errorf("owner %d:%d mode %v, want 12345:23456 0640", st.Uid, st.Gid, fi.Mode().Perm())
	}
}

// TestOwnerKeptWithoutChown: a process that may not give a file away
// (not root) writes a file owned by someone else in place.
func TestOwnerKeptWithoutChown(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root on Unix to create the file")
	}
	defer func() { mayChown = canChown }()
	mayChown = func() bool { return false }
	p := filepath.Join(t.TempDir(), "V1.sql")
	write(t, p, before, 0o666)
	if err := os.Chown(p, 12345, 23456); err != nil {
		t.Fatal(err)
	}
	m, err := Write(p, []byte(before), []byte(after))
	if err != nil || m != InPlace {
		t.Fatalf("Write = %v, %v; want in place", m, err)
	}
	fi, _ := os.Stat(p)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 12345 || st.Gid != 23456 || content(t, p) != after {
		t.Errorf("owner %d:%d, content %q", st.Uid, st.Gid, content(t, p))
	}
}
