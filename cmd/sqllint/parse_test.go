package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseTextEscapes: control characters from a script (a newline or an
// ESC inside a bracketed name) are printed as their control pictures, as
// scan does: one statement per line, no escape sequence reaches the
// terminal. JSON keeps the real characters (escaped by JSON itself).
func TestParseTextEscapes(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "USE [Sal\nes\x1b[31m];\nCREATE DATABASE [x\ty\x07] COLLATE Latin1_General_CI_AS;\nCREATE DATABASE x [bad\x1b];\n")
	code, out, errs := runCmd(t, "", nil, "parse", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, s := range []string{out, errs} {
		if strings.ContainsAny(s, "\x1b\x07\r") {
			t.Errorf("raw control characters printed: %q", s)
		}
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one line per statement, got %q", out)
	}
	if !strings.HasSuffix(lines[0], ": use Sal\u240aes\u241b[31m") {
		t.Errorf("USE line: %q", lines[0])
	}
	if !strings.HasSuffix(lines[1], ": create_database x\ty\u2407") {
		t.Errorf("CREATE line: %q", lines[1])
	}
	// the SL001 of the broken statement names its token, no raw ESC (above)
	if !strings.Contains(errs, "SL001") || !strings.Contains(errs, "[bad") {
		t.Errorf("stderr: %q", errs)
	}

	code, out, _ = runCmd(t, "", nil, "parse", "--format", "json", p)
	var entries []map[string]any
	if err := json.Unmarshal([]byte(out), &entries); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if entries[0]["database"] != "Sal\nes\x1b[31m" {
		t.Errorf("json database: %q", entries[0]["database"])
	}
}

// TestParseUnreadable: a file that cannot be read is an input error (exit
// 2, as for scan), and the files that can are still parsed.
func TestParseUnreadable(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "a.sql", "USE Sales;\n")
	bin := writeFile(t, dir, "b.sql", "\x00\x01\x02binary\x00")
	for _, format := range []string{"text", "json"} {
		code, out, errs := runCmd(t, "", nil, "parse", "--format", format, good, bin)
		if code != exitError {
			t.Errorf("%s: exit %d, want %d", format, code, exitError)
		}
		if !strings.Contains(errs, "b.sql: error: binary file") {
			t.Errorf("%s: stderr %q", format, errs)
		}
		if !strings.Contains(out, "Sales") {
			t.Errorf("%s: the readable file is not parsed: %q", format, out)
		}
	}
	code, _, _ := runCmd(t, "", nil, "parse", good)
	if code != exitOK {
		t.Errorf("readable files only: exit %d", code)
	}

	if os.Geteuid() != 0 { // root reads anything
		locked := filepath.Join(dir, "c.sql")
		writeFile(t, dir, "c.sql", "USE x;\n")
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := runCmd(t, "", nil, "parse", locked); code != exitError || !strings.Contains(errs, "permission denied") {
			t.Errorf("unreadable: exit %d, stderr %q", code, errs)
		}
	}
}
