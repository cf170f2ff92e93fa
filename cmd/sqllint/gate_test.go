package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/internal/spool"
)

// spoolText writes about size bytes of findings' lines to w, and returns
// them.
func spoolText(t *testing.T, w io.Writer, size int) []byte {
	t.Helper()
	var want bytes.Buffer
	for i := 0; want.Len() < size; i++ {
		line := fmt.Sprintf("app%03d/V%d__x.sql:%d:1: warning SL201 data-file-zeroing: allocates %d GB\n", i%97, i, i%500, i%64)
		if n := size - want.Len(); len(line) > n {
			line = line[:n]
		}
		want.WriteString(line)
		if n, err := w.Write([]byte(line)); n != len(line) || err != nil {
			t.Fatalf("size %d: Write = %d, %v", size, n, err)
		}
	}
	return want.Bytes()
}

// A report spooled past memory is written to its file whole, through a
// temporary file beside it; none is left behind.
func TestReportFromSpool(t *testing.T) {
	dir := t.TempDir()
	s := &spool.Spool{Max: 64 << 10}
	want := spoolText(t, s, 1<<20)
	if !s.InFile() {
		t.Fatal("nothing went to a temporary file: the test tests nothing")
	}
	path := filepath.Join(dir, "reports", "out.sarif")
	if err := writeOutputFrom(path, s.WriteOut); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the report holds %d bytes (%v), want the %d written", len(got), err, len(want))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "reports", ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// What an outputGate holds reaches the writer only once it opens, in
// order, and what comes after goes straight through; past gateRaw bytes
// it is held in a temporary file.
func TestOutputGateHolds(t *testing.T) {
	for _, size := range []int{1000, 2*gateRaw + 12345} {
		var out bytes.Buffer
		g := newOutputGate(&out)
		want := spoolText(t, g, size)
		if out.Len() != 0 {
			t.Fatalf("size %d: %d bytes reached the writer before the gate opened", size, out.Len())
		}
		if spilled := g.held.InFile(); spilled != (size > gateRaw) {
			t.Errorf("size %d: a temporary file %v, want %v", size, spilled, size > gateRaw)
		}
		if err := g.open(); err != nil {
			t.Fatalf("size %d: open: %v", size, err)
		}
		g.Write([]byte("after\n"))
		want = append(want, "after\n"...)
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: the writer got %d bytes, want the %d written", size, out.Len(), len(want))
		}
		if err := g.open(); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: a second open wrote again or failed: %v", size, err)
		}
	}
}

// A withdrawn gate writes nothing of what it held, and holds nothing
// more; what comes after goes through.
func TestOutputGateWithdraw(t *testing.T) {
	var out bytes.Buffer
	g := newOutputGate(&out)
	spoolText(t, g, 2*gateRaw)
	if !g.held.InFile() {
		t.Fatal("no temporary file: the test tests nothing")
	}
	g.withdraw()
	if g.held.InFile() {
		t.Error("the gate still holds its temporary file after the withdrawal")
	}
	g.Write([]byte("final\n"))
	if err := g.open(); err != nil || out.String() != "final\n" {
		t.Fatalf("got %q (%v), want only what came after the withdrawal", out.String(), err)
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n += len(p); w.n > gateRaw+64<<10 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// A writer's error while the held output is written is open's error,
// also past the temporary file's start.
func TestOutputGateWriteError(t *testing.T) {
	g := newOutputGate(&failWriter{})
	g.Write(bytes.Repeat([]byte("0123456789abcdef"), gateRaw/4))
	if err := g.open(); err == nil || err.Error() != "disk full" {
		t.Fatalf("open = %v, want the writer's error", err)
	}
}
