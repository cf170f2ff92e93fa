package analysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/config"
)

func TestRootShownMovesEveryKey(t *testing.T) {
	var g rootShown
	want := map[shownKey]bool{}
	for f := uint64(1); f <= 3; f++ {
		for i := 0; i < 3000; i++ { // more than a chunk in all
			k := shownKey{dev: 7, ino: f, off: i, hash: uint64(i) * f}
			g.add(k)
			want[k] = true
		}
	}
	// identities by path: one device and inode, the path in the hash
	for i := 0; i < 5; i++ {
		k := shownKey{off: i, hash: uint64(100 + i)}
		g.add(k)
		want[k] = true
	}
	if g.empty() {
		t.Fatal("empty after adds")
	}
	got := map[shownKey]bool{}
	g.moveTo(got)
	if len(got) != len(want) {
		t.Fatalf("%d keys moved, want %d", len(got), len(want))
	}
	for k := range want {
		if !got[k] {
			t.Fatalf("%+v not moved", k)
		}
	}
	if !g.empty() {
		t.Fatal("not empty after moveTo")
	}
}

// A run keeps the findings shown in root files out of shown until a
// finding in an included file is reported; then they all go there, and
// an included file's findings are reported once however many files
// include it.
func TestShownOnlyOnceAFileIsIncluded(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.sql", "CHECKPOINT 10;\nGO\n")
	write("b.sql", "CHECKPOINT 20;\nGO\n")
	check := func(wantShown bool, wantFindings int) {
		t.Helper()
		opt := Options{Paths: []string{dir}, Config: config.Default(), Workers: 1}
		r, err := newRun(&opt)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		if _, err := r.staticGuessing(context.Background(), func(res *FileResult) { n += len(res.Findings) }); err != nil {
			t.Fatal(err)
		}
		if n != wantFindings {
			t.Fatalf("%d findings, want %d", n, wantFindings)
		}
		if got := len(r.shown) > 0; got != wantShown || r.rootShown.empty() != wantShown || r.shownAll != wantShown {
			t.Fatalf("shown has %d findings, rootShown empty %v, shownAll %v: want shown %v", len(r.shown), r.rootShown.empty(), r.shownAll, wantShown)
		}
	}
	check(false, 2) // nothing included: shown stays empty
	write("inc/x.sql", "CHECKPOINT 5;\nGO\n")
	write("c.sql", ":r inc/x.sql\nGO\n")
	write("d.sql", ":r inc/x.sql\nGO\n:r inc/x.sql\nGO\n")
	check(true, 3) // x.sql's finding once, where c.sql includes it
}
