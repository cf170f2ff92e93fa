package rules

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
)

// BenchmarkEngineDense is the model's replay and the rules (Engine.Check
// and Settle) over 100 files at 100% statements of interest, parsed and
// compacted outside the timer: the stage that runs on one goroutine
// after the in-order merge. SQLLINT_BENCH_DIR names another corpus.
func BenchmarkEngineDense(b *testing.B) {
	var paths []string
	if dir := os.Getenv("SQLLINT_BENCH_DIR"); dir != "" {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(p) == ".sql" {
				paths = append(paths, p)
			}
			return nil
		})
	} else {
		var err error
		if paths, err = gencorpus.Write(b.TempDir(), gencorpus.Options{Files: 100, Bytes: 10e6, Density: 1, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	slices.SortFunc(paths, func(a, b string) int {
		switch {
		case natsort.Less(a, b):
			return -1
		case natsort.Less(b, a):
			return 1
		}
		return 0
	})
	var files []*parser.File
	for _, p := range paths {
		files = append(files, readScript(b, p))
	}
	parse := func() []*parser.Result {
		rs := make([]*parser.Result, len(files))
		for i, f := range files {
			rs[i] = parser.ParseFile(f, &parser.PreprocessOptions{})
			Compact(rs[i])
		}
		return rs
	}
	b.ReportAllocs()
	findings := 0
	for b.Loop() {
		b.StopTimer()
		rs := parse()
		b.StartTimer()
		e := NewEngine(Default, nil)
		findings = 0
		for _, r := range rs {
			fs := e.Settle(r, e.Check(r))
			findings += len(fs)
			e.Recycle(fs)
		}
	}
	b.ReportMetric(float64(findings), "findings")
}
