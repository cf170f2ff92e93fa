package analysis

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// benchCorpus writes a generated corpus once per process (or uses
// SQLLINT_BENCH_DIR, a corpus written by tools/gencorpus).
func benchCorpus(b *testing.B, name string, o gencorpus.Options) (string, int64) {
	b.Helper()
	if d := os.Getenv("SQLLINT_BENCH_DIR"); d != "" {
		return d, dirSize(d)
	}
	corpusOnce.Lock()
	defer corpusOnce.Unlock()
	if d, ok := corpora[name]; ok {
		return d, dirSize(d)
	}
	dir, err := os.MkdirTemp("", "sqllint-bench-")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := gencorpus.Write(dir, o); err != nil {
		b.Fatal(err)
	}
	corpora[name] = dir
	return dir, dirSize(dir)
}

var (
	corpusOnce sync.Mutex
	corpora    = map[string]string{}
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range corpora {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

func benchRun(b *testing.B, dir string, size int64) {
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		_, err := Run(context.Background(), Options{Paths: []string{dir}}, func(r *FileResult) { n += len(r.Findings) })
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunTypical is a folder of 2,000 scripts, 20 MB, 2% of the
// statements of interest.
func BenchmarkRunTypical(b *testing.B) {
	dir, size := benchCorpus(b, "typical", gencorpus.Options{Files: 2000, Bytes: 20e6, Density: 0.02, Seed: 1})
	benchRun(b, dir, size)
}

// BenchmarkRunDense is 200 scripts, 10 MB, every statement of interest.
func BenchmarkRunDense(b *testing.B) {
	dir, size := benchCorpus(b, "dense", gencorpus.Options{Files: 200, Bytes: 10e6, Density: 1, Seed: 2})
	benchRun(b, dir, size)
}

// BenchmarkRunOneFile is one 20 MB script at 2%.
func BenchmarkRunOneFile(b *testing.B) {
	dir, size := benchCorpus(b, "onefile", gencorpus.Options{Files: 1, Bytes: 20e6, Density: 0.02, Seed: 3})
	benchRun(b, dir, size)
}
