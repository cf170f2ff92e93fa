package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// includeChain writes n scripts f01.sql..fNN.sql in dir, each of 2,000
// comment lines and two :r of the next (the last includes nothing): a
// few hundred KB on disk that expand past max-expanded-size.
func includeChain(t *testing.T, dir string, n int) {
	t.Helper()
	var lines strings.Builder
	for k := 1; k <= 2000; k++ {
		fmt.Fprintf(&lines, "-- %d\n", k)
	}
	for i := 1; i <= n; i++ {
		text := lines.String()
		if i < n {
			text += fmt.Sprintf(":r f%02d.sql\n:r f%02d.sql\n", i+1, i+1)
		}
		write(t, dir, fmt.Sprintf("f%02d.sql", i), text)
	}
}

// TestIncludePassBuildsNoBatchText: the include pass learns which files a
// script includes, not the script's text. A chain of 20 files (300 KB)
// expands each of them to the 64 MB of max-expanded-size until the run's
// 256 MB are spent; joining that text into batches took the pass's
// workers to 480–550 MB of RSS. What the pass allocates is now bounded by
// the files it reads, and every file of the chain but the first still
// counts as included.
func TestIncludePassBuildsNoBatchText(t *testing.T) {
	dir := t.TempDir()
	includeChain(t, dir, 20)
	r, err := newRun(&Options{Paths: []string{dir}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r.findIncluded(context.Background())
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("the include pass allocated %d MB, want at most 32 MB", alloc>>20)
	}
	var got []string
	for id, inc := range r.included {
		if !inc {
			continue
		}
		for i := 1; i <= 20; i++ {
			if r.identity(filepath.Join(dir, fmt.Sprintf("f%02d.sql", i))) == id {
				got = append(got, fmt.Sprintf("f%02d", i))
			}
		}
	}
	if len(got) != 19 || strings.Contains(strings.Join(got, ","), "f01") {
		t.Errorf("included %v, want f02..f20", got)
	}
}
