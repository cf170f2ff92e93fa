//go:build unix

package analysis

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe given as a path (/dev/stdin, <(git show :db/V2.sql)) is
// never opened, and its error says how to check what it holds: as
// standard input, with --stdin-filename. One found while walking a
// folder is skipped with the plain error, never opened either.
func TestNamedPipePathSaysUseStdin(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/a.sql", checkpoint10)
	for _, p := range []string{"v2.sql", "m/walked.sql"} {
		if err := syscall.Mkfifo(filepath.Join(dir, p), 0o644); err != nil {
			t.Skip("no named pipes:", err)
		}
	}
	rs, sum := runAll(t, Options{Paths: []string{"v2.sql", "m"}})
	if len(rs) != 3 || len(sum.Errors) != 2 {
		t.Fatalf("results %+v errors %+v", rs, sum.Errors)
	}
	for _, e := range sum.Errors {
		hint := strings.Contains(e.Message, "--stdin-filename") && strings.Contains(e.Message, " -")
		switch e.Path {
		case "v2.sql":
			if !hint || !strings.Contains(e.Message, "not a regular file (a pipe") {
				t.Errorf("named pipe: %q", e.Message)
			}
		case "m/walked.sql":
			if hint || !strings.Contains(e.Message, "not a regular file") {
				t.Errorf("walked pipe: %q", e.Message)
			}
		default:
			t.Errorf("error %+v", e)
		}
	}
}
