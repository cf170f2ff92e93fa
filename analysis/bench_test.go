package analysis

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/parser"
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
	// the program's code is paged in by a small run first, so that the
	// file pages measured are the scripts'
	if _, err := Run(context.Background(), Options{Paths: []string{"../testdata/rules"}}, func(*FileResult) {}); err != nil {
		b.Fatal(err)
	}
	peak := heapPeak()
	filePeak, fileBase := rssFilePeak()
	for b.Loop() {
		n := 0
		_, err := Run(context.Background(), Options{Paths: []string{dir}, SkipFingerprints: true}, func(r *FileResult) { n += len(r.Findings) })
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(peak())/(1<<20), "peak-heap-MB")
	if p := filePeak(); p > 0 {
		b.ReportMetric(float64(p-fileBase)/(1<<20), "peak-file-pages-MB")
	}
}

// rssFilePeak samples the file pages the process has mapped (RssFile in
// /proc/self/status, Linux only) every millisecond until the returned
// function is called, which gives the largest value seen (0 where it
// cannot be read), with the value before the run: what a mapped script
// keeps resident at worst (and any code first run meanwhile).
func rssFilePeak() (func() uint64, uint64) {
	read := func() uint64 {
		b, err := os.ReadFile("/proc/self/status")
		if err != nil {
			return 0
		}
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "RssFile:" {
				n, _ := strconv.ParseUint(f[1], 10, 64)
				return n << 10
			}
		}
		return 0
	}
	base := read()
	stop := make(chan struct{})
	done := make(chan uint64)
	go func() {
		var peak uint64
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			peak = max(peak, read())
			select {
			case <-stop:
				done <- peak
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(stop); return <-done }, base
}

// heapPeak samples the heap (objects in use, garbage included) every
// millisecond until the returned function is called, which gives the
// largest value seen: what a run holds at its worst, within the GC's
// slack.
func heapPeak() func() uint64 {
	runtime.GC()
	stop := make(chan struct{})
	done := make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-stop:
				done <- peak
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(stop); return <-done }
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

// BenchmarkRunManyBatches is one 20 MB script of "SELECT 1" / "GO"
// lines: 1.7 million batches, handed out and parsed a run at a time.
func BenchmarkRunManyBatches(b *testing.B) {
	corpusOnce.Lock()
	dir, ok := corpora["batches"]
	if !ok {
		var err error
		if dir, err = os.MkdirTemp("", "sqllint-bench-"); err != nil {
			b.Fatal(err)
		}
		corpora["batches"] = dir
		if err := os.WriteFile(filepath.Join(dir, "select.sql"), []byte(strings.Repeat("SELECT 1\nGO\n", 20_000_000/12)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	corpusOnce.Unlock()
	benchRun(b, dir, dirSize(dir))
}

// BenchmarkRunOneFile is one 20 MB script at 2% (mapped, not read, on
// Linux): peak-file-pages-MB is how much of it was resident at worst.
func BenchmarkRunOneFile(b *testing.B) {
	dir, size := benchCorpus(b, "onefile", gencorpus.Options{Files: 1, Bytes: 20e6, Density: 0.02, Seed: 3})
	benchRun(b, dir, size)
}

// BenchmarkParseCompact is the preprocess, parse and compaction of one
// 40 MB script, on one goroutine and on two (parsePiped); it reports the
// CPU time per script beside the wall time.
func BenchmarkParseCompact(b *testing.B) {
	var sb strings.Builder
	if _, err := gencorpus.New(9, 0.02, 9).WriteTo(&sb, 40<<20); err != nil {
		b.Fatal(err)
	}
	f := parser.NewFile("big.sql", sb.String())
	f.IndexLines(nil)
	defer func(n int) { pipeMin = n }(pipeMin)
	for _, two := range []bool{false, true} {
		name := "OneGoroutine"
		if pipeMin = len(f.Text) + 1; two {
			name, pipeMin = "TwoGoroutines", 0
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(f.Text)))
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				parseCompact(f, nil, nil, nil)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
