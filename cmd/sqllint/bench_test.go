package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/memlimit"
)

// BenchmarkScan is the whole of "sqllint scan --no-config --fail-on never
// DIR" in process, printing to nowhere, on the corpus SQLLINT_BENCH_DIR
// names (tools/gencorpus; skipped without one), in the format
// SQLLINT_BENCH_FORMAT names (default text). The collector runs under the
// binary's policy (internal/memlimit, unless GOGC or GOMEMLIMIT is set), so
// a profile's GC share is the binary's. With -cpuprofile it shows where a
// run's time goes, printing included:
//
//	SQLLINT_BENCH_DIR=/tmp/gdense go test ./cmd/sqllint -run '^$' -bench Scan -benchtime 2x -cpuprofile cpu.prof
func BenchmarkScan(b *testing.B) {
	dir := os.Getenv("SQLLINT_BENCH_DIR")
	if dir == "" {
		b.Skip("SQLLINT_BENCH_DIR names no corpus")
	}
	format := os.Getenv("SQLLINT_BENCH_FORMAT")
	if format == "" {
		format = "text"
	}
	memlimit.Start(os.Getenv, memoryFloor, memoryCeiling)
	b.SetBytes(treeSize(b, dir)) // MB/s of the scripts read
	b.ReportAllocs()
	for b.Loop() {
		e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
			getenv: func(string) string { return "" }, lookupEnv: func(string) (string, bool) { return "", false }}
		if code := e.run([]string{"scan", "--no-config", "--fail-on", "never", "--format", format, dir}); code != 0 {
			b.Fatalf("exit status %d", code)
		}
	}
}

// treeSize is the size of the files under dir.
func treeSize(b *testing.B, dir string) int64 {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}
