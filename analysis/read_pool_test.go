package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/report"
)

func TestPoolClasses(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want int
	}{{0, 0}, {1, 0}, {4096, 0}, {4097, 1}, {8192, 1}, {8193, 2}, {16 << 20, 12}, {16<<20 + 1, -1}} {
		if got := poolClass(c.n); got != c.want {
			t.Errorf("poolClass(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

func TestPoolReusesAndBounds(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = false // (set by -tags sqllint_poison)
	var p bufferPool
	b := p.get(5000)
	if len(b) != 0 || cap(b) != 8192 {
		t.Fatalf("get(5000): len %d cap %d, want 0 and 8192", len(b), cap(b))
	}
	b = append(b, "text"...)
	p.put(b)
	c := p.get(6000)
	if unsafe.SliceData(c) != unsafe.SliceData(b) || len(c) != 0 {
		t.Fatal("a buffer given back is not reused for a file of its class")
	}
	if d := p.get(6000); unsafe.SliceData(d) == unsafe.SliceData(b) {
		t.Fatal("a buffer is lent twice")
	}
	// a buffer that is not of a class (a file that grew) is not kept
	p.put(make([]byte, 5000))
	if p.idle != 0 {
		t.Fatalf("%d idle bytes after giving back a buffer of no class", p.idle)
	}
	// idle buffers are bounded
	for i := 0; i < 3; i++ {
		p.put(make([]byte, 8<<20))
	}
	if p.idle > poolIdle {
		t.Fatalf("%d idle bytes, more than %d", p.idle, poolIdle)
	}
}

func TestPoisonedBufferIsGarbageAndNotReused(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = true
	var p bufferPool
	b := append(p.get(10), "SELECT 1"...)
	p.put(b)
	if s := string(b[:cap(b)]); strings.Trim(s, "#") != "" {
		t.Fatalf("a poisoned buffer holds %q", s[:20])
	}
	if c := p.get(10); unsafe.SliceData(c) == unsafe.SliceData(b) {
		t.Fatal("a poisoned buffer was reused")
	}
}

func TestOwnStringsInCopiesOnlyWhatPointsIntoTheBuffer(t *testing.T) {
	buf := []byte("CHECKPOINT; -- in the file")
	text := unsafe.String(unsafe.SliceData(buf), len(buf))
	other := "a message of its own"
	rf := report.Finding{RuleID: "SL201", Message: text[12:], Path: other, SourceText: text[:11],
		Fix: &report.Fix{Description: text[:10], Edits: []report.Edit{{NewText: text[3:5]}, {NewText: other}}}}
	ownStringsIn(&rf, buf)
	for i := range buf {
		buf[i] = '#'
	}
	if rf.Message != "-- in the file" || rf.SourceText != "CHECKPOINT;" || rf.Fix.Description != "CHECKPOINT" || rf.Fix.Edits[0].NewText != "CK" {
		t.Fatalf("a string of the buffer was kept: %+v %+v", rf, *rf.Fix)
	}
	if unsafe.StringData(rf.Path) != unsafe.StringData(other) || unsafe.StringData(rf.Fix.Edits[1].NewText) != unsafe.StringData(other) {
		t.Fatal("a string that is not in the buffer was copied")
	}
}

// The differential test with every buffer given back poisoned: a string
// of a finished file that something still reads shows in the output.
func TestSameOutputAsBeforePoisoned(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = true
	t.Run("fixtures", TestSameOutputAsBeforeOnFixtures)
	t.Run("small-runs", TestSameOutputAsBeforeParsingInSmallRuns)
	t.Run("generated", TestSameOutputAsBeforeOnGeneratedCorpora)
}

// Files that include the same file by an absolute path: the include cache
// and the included file outlive the first file's text (its buffer is
// poisoned once it is finished), so the path they hold must be a copy
// (the preprocessor builds it), or the findings would name garbage.
func TestPoisonedIncludeByAbsolutePath(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = true
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc", "common.sql")
	if err := os.MkdirAll(filepath.Dir(inc), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(inc, "CHECKPOINT 10;\nGO\n")
	for _, name := range []string{"a.sql", "b.sql", "c.sql"} {
		write(filepath.Join(dir, name), ":r "+inc+"\nGO\n:r "+inc+"\nGO\n")
	}
	var paths []string
	run := func() {
		paths = nil
		_, err := Run(context.Background(), Options{Paths: []string{filepath.Join(dir, "a.sql"), filepath.Join(dir, "b.sql"), filepath.Join(dir, "c.sql")},
			Config: config.Default(), Workers: 1}, func(res *FileResult) {
			if res.Err != nil {
				t.Fatal(res.Err.Message)
			}
			for _, f := range res.Findings {
				paths = append(paths, f.Path)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	run()
	if len(paths) == 0 {
		t.Fatal("no finding")
	}
	for _, p := range paths {
		if strings.Contains(p, "#") {
			t.Fatalf("a finding names %q: a stale path", p)
		}
	}
}
