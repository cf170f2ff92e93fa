package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestStdoutWriteErrorIsAnError: sqllint rules > /dev/full (and explain,
// version, help, parse) exited 0 with nothing written; a write to
// standard output that fails is now an error (exit 2) naming the cause,
// as it is for scan.
func TestStdoutWriteErrorIsAnError(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT 5;\n")
	for _, args := range [][]string{{"rules"}, {"rules", "--json"}, {"explain", "SL302"}, {"version"}, {"help"}, {"scan", "-h"}, {"parse", p}, {"scan", "--no-config", p}} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), fullWriter{}, &errb)
		if code != exitError || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, strings.NewReader(""), &out, &errb); code != exitOK || errb.Len() != 0 {
		t.Errorf("version: exit %d %q", code, errb.String())
	}
}

// TestCheckedWriterReadFrom: a copy into the checked writer keeps the
// first error too (io.Copy takes ReadFrom, not Write).
func TestCheckedWriterReadFrom(t *testing.T) {
	c := &checkedWriter{w: fullWriter{}}
	if _, err := c.ReadFrom(strings.NewReader("x")); err == nil || c.err == nil {
		t.Errorf("ReadFrom: %v, kept %v", err, c.err)
	}
	var b bytes.Buffer
	c = &checkedWriter{w: &b}
	if n, err := c.ReadFrom(strings.NewReader("abc")); n != 3 || err != nil || b.String() != "abc" || c.err != nil {
		t.Errorf("ReadFrom: %d %v %q", n, err, b.String())
	}
}
