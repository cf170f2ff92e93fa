package analysis

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// A mapped file cut short while it is read is that file's input error,
// not a crash; the other files are still checked.
// (b.sql has no finding: it is read and reported without an error.)
func TestMappedFileCutShort(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	defer func(k int64) { mapMin, afterMap = k, nil }(mapMin)
	dir := t.TempDir()
	big := filepath.Join(dir, "a.sql")
	text := strings.Repeat("SELECT 1;\nGO\n", 100000) + "CHECKPOINT;\n"
	if err := os.WriteFile(big, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.sql"), []byte("CHECKPOINT;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mapMin = int64(len(text))
	afterMap = func(path string) {
		if err := os.Truncate(path, 10); err != nil {
			t.Error(err)
		}
	}
	var got []string
	sum, err := Run(context.Background(), Options{Paths: []string{dir}, Workers: 1}, func(res *FileResult) {
		line := res.Path
		if res.Err != nil {
			line += ": " + res.Err.Message
		}
		for _, f := range res.Findings {
			line += " " + f.RuleID
		}
		got = append(got, line)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !strings.HasSuffix(got[0], ": "+errChangedWhileRead.Error()) || got[1] != filepath.ToSlash(filepath.Join(dir, "b.sql")) {
		t.Fatalf("results %q", got)
	}
	if len(sum.Errors) != 1 {
		t.Fatalf("errors %v", sum.Errors)
	}
}

// mapThenCut maps the file at path, then cuts it to 10 bytes: reading
// the mapping past them faults. The mapping ends with the test.
func mapThenCut(t *testing.T, path string) (*parser.File, []byte) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	data, err := mapFile(f, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unmapFile(data) })
	if err := os.Truncate(path, 10); err != nil {
		t.Fatal(err)
	}
	return parser.NewFile(path, unsafe.String(unsafe.SliceData(data), len(data))), data
}

// wantFault, deferred, fails the test unless it panics with a memory fault.
func wantFault(t *testing.T) {
	if _, ok := recover().(interface{ Addr() uintptr }); !ok {
		t.Fatal("no memory fault")
	}
}

// The line index built beside the parse (indexLinesAsync) hands a fault
// on a mapped file cut short to the caller, as a panic the caller turns
// into the file's error.
func TestIndexLinesAsyncFault(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	path := filepath.Join(t.TempDir(), "a.sql")
	if err := os.WriteFile(path, []byte(strings.Repeat("SELECT 1;\nGO\n", 100000)), 0o644); err != nil {
		t.Fatal(err)
	}
	file, _ := mapThenCut(t, path)
	defer wantFault(t)
	indexLinesAsync(file, nil)()
	t.Fatal("no fault")
}

// A fault on a mapped script cut short while it is preprocessed on one
// goroutine and parsed on another (parsePiped) is the caller's panic, as
// on one goroutine, and so is a panic of the parse.
func TestPipedParseFault(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	defer func(n int) { pipeMin, pipeTaken = n, nil }(pipeMin)
	pipeMin = 0
	path := filepath.Join(t.TempDir(), "a.sql")
	text := strings.Repeat("SELECT 1;\nGO\nUSE Sales;\nGO\n", 100000)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// a panic while a batch is parsed: the parse stops, the preprocessor
	// with it, and the panic is the caller's
	taken := 0
	pipeTaken = func(*parser.Batch) {
		if taken++; taken == 1000 {
			panic("parse failed")
		}
	}
	func() {
		defer func() {
			if x := recover(); x != "parse failed" {
				t.Errorf("recovered %v, want the parse's panic", x)
			}
		}()
		parseCompact(parser.NewFile(path, text), nil, nil, nil)
		t.Error("no panic")
	}()
	if taken != 1000 {
		t.Errorf("%d batches taken, want the parse to stop at the 1000th", taken)
	}
	pipeTaken = nil
	file, data := mapThenCut(t, path)
	defer wantFault(t)
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		parseCompact(file, nil, func() { releasePages(data) }, new(pageWindow))
	}()
	t.Fatal("no fault")
}

// decodeMapped checks a large file in two halves on two goroutines: it
// takes valid UTF-8 whatever character the halves meet in, and declines
// an invalid byte or a NUL in either half.
func TestDecodeMappedHalves(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	unit := "SELECT N'é€😀';\n" // 1-, 2-, 3- and 4-byte characters
	valid := strings.Repeat(unit, 4*mapChunk/len(unit)+1000)
	if len(valid) < 4*mapChunk {
		t.Fatal("too small to be checked in halves")
	}
	dir := t.TempDir()
	check := func(name, text string, want bool) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		data, err := mapFile(f, int64(len(text)))
		if err != nil {
			t.Fatal(err)
		}
		defer unmapFile(data)
		got := decodeMapped(path, data)
		switch {
		case want && (got == nil || got.Text != strings.TrimPrefix(text, "\xEF\xBB\xBF")):
			t.Errorf("%s: not taken as it is", name)
		case !want && got != nil:
			t.Errorf("%s: taken, want declined", name)
		}
	}
	// every shift of the text puts the middle in a different place of a
	// character
	for shift := 0; shift < len(unit); shift++ {
		check("valid.sql", strings.Repeat("x", shift)+valid, true)
	}
	check("bom.sql", "\xEF\xBB\xBF"+valid, true)
	for _, at := range []int{10, len(valid)/2 - 1, len(valid) / 2, len(valid)/2 + 1, len(valid) - 10} {
		for _, bad := range []string{"\xff", "\x00", "\xe2\x82"} {
			check("bad.sql", valid[:at]+bad+valid[at:], false)
		}
	}
}
