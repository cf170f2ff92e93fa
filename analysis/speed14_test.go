package analysis

import (
	"context"
	"fmt"
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

// A result's Findings given back take the next files' findings, and what
// the caller copied of them before stays as it was: the findings are
// those of a run whose caller keeps every result.
func TestRecycleFindings(t *testing.T) {
	dir := t.TempDir()
	for i := range 6 {
		p := filepath.Join(dir, fmt.Sprintf("V%d__a.sql", i+1))
		text := strings.Repeat(fmt.Sprintf("CHECKPOINT %d;\nGO\nDBCC TRACEON (1806, -1);\nGO\n", i+1), 3*(i%3)+1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(recycle bool) []report.Finding {
		var out []report.Finding
		_, err := Run(context.Background(), Options{Paths: []string{dir}}, func(r *FileResult) {
			out = append(out, r.Findings...)
			if recycle {
				RecycleFindings(r.Findings)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want, got := run(false), run(true)
	if len(want) < 12 || !reflect.DeepEqual(got, want) {
		t.Fatalf("%d findings recycled, %d kept:\n%+v\n%+v", len(got), len(want), got, want)
	}

	// the room given back is the room taken, when it is large enough
	for len(findingRooms) > 0 {
		<-findingRooms // what the run gave back
	}
	room := make([]report.Finding, 3, 10)
	RecycleFindings(room)
	if fs := findingRoom(5); cap(fs) != 10 || len(fs) != 0 || &fs[:1][0] != &room[0] {
		t.Fatalf("room not reused: len %d cap %d", len(fs), cap(fs))
	}
	if fs := findingRoom(0); fs == nil || cap(fs) != 0 {
		t.Fatalf("no findings: %v (cap %d)", fs, cap(fs))
	}
}
