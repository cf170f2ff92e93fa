//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// TestLSPClientGoneNoSignal: an editor that went away (its end of the
// server's output closed) killed `sqllint lsp` with SIGPIPE at the
// server's first answer. It ends the session cleanly instead, with the
// status LSP 3.17 asks for without shutdown and exit: 1. Standard input
// stays open (held by something else), so only the failed write can
// end it.
func TestLSPClientGoneNoSignal(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR.Close() // the editor is gone
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer inW.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(self, "lsp", "--no-config")
	cmd.Env = append(os.Environ(), "SQLLINT_TEST_AS_MAIN=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`
	fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(body), body)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		t.Fatal("the server went on after its client was gone")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("%v, want exit status 1", err)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || ws.Signaled() || ws.ExitStatus() != 1 {
		t.Errorf("%v (stderr %q), want exit status 1, not a signal", err, stderr.String())
	}
}
