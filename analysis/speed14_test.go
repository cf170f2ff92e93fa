package analysis

import (
	"context"
	"hash/maphash"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// shownHash gives copies of a rule and message the same hash, and tells
// apart another path, rule or message, the rule and message swapped.
func TestShownHash(t *testing.T) {
	p, q := maphash.String(hashSeed, "/a.sql"), maphash.String(hashSeed, "/b.sql")
	h := shownHash(p, "SL201", "allocates 16 GB")
	if shownHash(p, strings.Clone("SL201"), strings.Clone("allocates 16 GB")) != h {
		t.Fatal("copies hash apart")
	}
	for _, other := range []uint64{shownHash(q, "SL201", "allocates 16 GB"), shownHash(p, "SL202", "allocates 16 GB"),
		shownHash(p, "SL201", "allocates 32 GB"), shownHash(p, "allocates 16 GB", "SL201")} {
		if other == h {
			t.Fatal("different keys hash alike")
		}
	}
}

// SkipSourceText leaves the findings' lines out, and nothing else: the
// findings are those of a run that copies them.
func TestSkipSourceText(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.sql")
	if err := os.WriteFile(path, []byte("CHECKPOINT 10;\nGO\nDBCC TRACEON (1806, -1);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(skip bool) []report.Finding {
		var out []report.Finding
		_, err := Run(context.Background(), Options{Paths: []string{path}, SkipSourceText: skip}, func(r *FileResult) {
			out = append(out, r.Findings...)
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	with, without := run(false), run(true)
	if len(with) < 2 || len(with) != len(without) {
		t.Fatalf("%+v\n%+v", with, without)
	}
	for i := range with {
		if with[i].SourceText == "" || without[i].SourceText != "" {
			t.Fatalf("line %q, skipped %q", with[i].SourceText, without[i].SourceText)
		}
		with[i].SourceText = ""
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Fatalf("%+v\n%+v", with[i], without[i])
		}
	}
}
