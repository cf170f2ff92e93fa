package lsp

import (
	"encoding/json"
	"os/exec"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// initializeWithPID runs the handshake naming pid as the editor's process.
func (c *client) initializeWithPID(pid int) {
	c.t.Helper()
	var res initializeResult
	c.result(c.call("initialize", json.RawMessage(`{"processId":`+strconv.Itoa(pid)+`,"rootUri":null,"capabilities":{}}`)), &res)
	c.notify("initialized", struct{}{})
}

// exitStatus waits for the server to stop and returns its exit status.
func (c *client) exitStatus() (int, bool) {
	select {
	case code := <-c.exit:
		c.exit <- code // for Cleanup
		return code, true
	case <-time.After(wait):
		return 0, false
	}
}

// TestExitsWhenParentDies: LSP 3.17 says of initialize's processId "If
// the parent process is not alive then the server should exit (see exit
// notification) its process". The server ran on while its input stayed
// open, after the editor had died. It now exits, with 1 (no shutdown
// came), once the process is gone, even while a read blocks.
func TestExitsWhenParentDies(t *testing.T) {
	var dead atomic.Bool
	c := newClient(t, Options{ParentPoll: time.Millisecond, processAlive: func(pid int) bool { return pid == 4242 && !dead.Load() }})
	c.initializeWithPID(4242)
	time.Sleep(20 * time.Millisecond) // polls that find it alive
	select {
	case code := <-c.exit:
		t.Fatalf("the server exited (%d) while the editor lives", code)
	default:
	}
	dead.Store(true)
	code, ok := c.exitStatus()
	if !ok {
		t.Fatal("the server still runs after the editor's process exited")
	}
	if code != 1 {
		t.Errorf("exit status %d, want 1 (no shutdown)", code)
	}
}

// TestParentNotVisible: an editor in another PID namespace (the server
// in a container) is not visible at the start; the server must not exit
// for that, only at the end of its input.
func TestParentNotVisible(t *testing.T) {
	c := newClient(t, Options{ParentPoll: time.Millisecond, processAlive: func(int) bool { return false }})
	c.initializeWithPID(4242)
	time.Sleep(20 * time.Millisecond)
	var hover json.RawMessage
	c.result(c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: "file:///x.sql"}}), &hover)
	c.shutdown()
}

// TestProcessAlive checks the system probe on a real child process:
// alive while it runs, not once it has exited and been reaped.
func TestProcessAlive(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	pid := cmd.Process.Pid
	if !processAlive(pid) {
		t.Fatalf("process %d reported dead while it runs", pid)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if processAlive(pid) {
		t.Errorf("process %d reported alive after it exited", pid)
	}
}
