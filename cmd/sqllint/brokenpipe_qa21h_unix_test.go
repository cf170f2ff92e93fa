//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// TestReportToClosedStdoutPipe: sqllint scan --format json=/dev/stdout |
// head -1 said "sqllint: /dev/stdout: broken pipe" and exited 2, where
// the same report on standard output ends quietly, as a pipe's writer
// does (SIGPIPE): a report into /dev/stdout is standard output.
func TestReportToClosedStdoutPipe(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	script := writeFile(t, dir, "V1.sql", "CHECKPOINT 30;\n")
	for _, format := range []string{"json", "json=/dev/stdout"} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // the reader is gone: head -1 has its line
		var stderr bytes.Buffer
		cmd := exec.Command(self, "scan", "--no-config", "--format", format, script)
		cmd.Env = append(os.Environ(), "SQLLINT_TEST_AS_MAIN=1")
		cmd.Stdout, cmd.Stderr = w, &stderr
		err = cmd.Run()
		w.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s: %v", format, err)
		}
		ws, ok := exit.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || stderr.Len() != 0 {
			t.Errorf("%s: %v, stderr %q; want the end by SIGPIPE and nothing said", format, err, stderr.String())
		}
	}
}
