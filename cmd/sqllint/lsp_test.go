package main

import (
	"fmt"
	"strings"
	"testing"
)

func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// TestLSPCommand: `sqllint lsp` serves the protocol on stdin/stdout and
// exits 0 after shutdown and exit; nothing but protocol goes to stdout.
func TestLSPCommand(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) +
		frame(`{"jsonrpc":"2.0","method":"exit"}`)
	code, stdout, stderr := runCmd(t, in, nil, "lsp", "--stdio")
	if code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "Content-Length: ") || !strings.Contains(stdout, `"positionEncoding":"utf-16"`) ||
		!strings.Contains(stdout, `"name":"sqllint"`) || !strings.Contains(stdout, `{"jsonrpc":"2.0","id":2,"result":null}`) {
		t.Errorf("stdout %q", stdout)
	}
	if stderr != "" {
		t.Errorf("stderr %q", stderr)
	}
}

func TestLSPCommandUsage(t *testing.T) {
	if code, _, stderr := runCmd(t, "", nil, "lsp", "migrations/"); code != exitError || !strings.Contains(stderr, "lsp takes no paths") {
		t.Errorf("lsp with a path: %d %q", code, stderr)
	}
	// The stream ending without shutdown is an abnormal exit.
	if code, _, _ := runCmd(t, "", nil, "lsp"); code != 1 {
		t.Errorf("lsp with no input: status %d, want 1", code)
	}
}
