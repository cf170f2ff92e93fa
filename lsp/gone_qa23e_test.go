package lsp

import (
	"encoding/json"
	"io"
	"testing"
	"time"
)

// TestWriteErrorEndsSession: an editor that went away (its end of the
// server's output closed) while its end of the input stays open (a
// child that inherited it) left the server running for ever, answering
// into the void. A write error ends the session, status 1 (no
// shutdown).
func TestWriteErrorEndsSession(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	srv := New(inR, failingWriter{}, Options{})
	exit := make(chan int, 1)
	go func() { exit <- srv.Run() }()
	conn := newConn(nil, inW)
	id := 1
	go func() {
		_ = conn.write(outgoing{JSONRPC: "2.0", ID: &id, Method: "initialize", Params: json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":{}}`)})
	}()
	select {
	case code := <-exit:
		if code != 1 {
			t.Errorf("exit status %d, want 1", code)
		}
	case <-time.After(wait):
		t.Fatal("the server went on after its output failed")
	}
}
