//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A report written to one of the process's open descriptors (/dev/fd/N,
// /dev/stdout, /dev/stderr: bash's >(...) gives /dev/fd/63) goes into
// that descriptor. The path was resolved as a symbolic link: for a pipe
// it led to "pipe:[N]" (no such file: --format json=>(jq .) failed), and
// for a redirected file to that file, which a temporary file then
// replaced: --format json=/dev/stderr 2>>build.log destroyed build.log,
// and the text report already written to /dev/stdout > all.txt was lost.
func TestReportToOpenDescriptor(t *testing.T) {
	if _, err := os.Stat("/dev/fd/0"); err != nil {
		t.Skip("no /dev/fd")
	}
	dir := t.TempDir()
	script := writeFile(t, dir, "V1.sql", "CHECKPOINT 30;\n")

	// a pipe, as bash's >(...) gives
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", fmt.Sprintf("json=/dev/fd/%d", w.Fd()), script)
	w.Close()
	if out := <-got; code != 1 || !strings.Contains(out, `"SL302"`) {
		t.Errorf("to a pipe: exit %d, %s; the pipe got %q", code, errs, out)
	}
	r.Close()

	// a file opened for appending, as 2>>build.log opens it
	log := filepath.Join(dir, "build.log")
	if err := os.WriteFile(log, []byte("earlier build output\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code, _, errs = runCmd(t, "", nil, "scan", "--no-config", "--format", fmt.Sprintf("json=/dev/fd/%d", f.Fd()), script)
	data, _ := os.ReadFile(log)
	if code != 1 || !strings.HasPrefix(string(data), "earlier build output\n") || !strings.Contains(string(data), `"SL302"`) {
		t.Errorf("to a file open for appending: exit %d, %s; it holds %q", code, errs, data)
	}
	if _, err := f.WriteString("after\n"); err != nil {
		t.Errorf("the descriptor was closed: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*sqllint*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
