package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestIncludeBuildsNoDroppedMessage: once a script has more than
// ppMaxDiags sqlcmd errors the rest are dropped, so their messages are
// not built. Twenty files that each include the next twice reach the
// depth limit thousands of times, and each message joined the whole
// stack of includes: 24 MB for this script, where 7.5 MB now.
func TestIncludeBuildsNoDroppedMessage(t *testing.T) {
	files := map[string]string{}
	long := strings.Repeat("x", 100) // a long folder name makes the stack long
	for i := 1; i <= 20; i++ {
		text := "SELECT 1\n"
		if i < 20 {
			text += fmt.Sprintf(":r f%02d.sql\n:r f%02d.sql\n", i+1, i+1)
		}
		files[fmt.Sprintf("%s/f%02d.sql", long, i)] = text
	}
	ld := &mapLoader{files: files}
	root, _ := ld.load(long + "/f01.sql")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sc := Preprocess(root, &PreprocessOptions{Load: ld.load, Includes: NewIncludeCache(0)})
	runtime.ReadMemStats(&after)
	if n := len(sc.Diags); n != ppMaxDiags+1 {
		t.Fatalf("%d diags, want %d", n, ppMaxDiags+1)
	}
	if !strings.Contains(sc.Diags[0].Message, "nested more than 16 deep") {
		t.Errorf("first diag %q", sc.Diags[0].Message)
	}
	// The 1,000 kept messages take about 4 MB (each joins a 1.8 KB
	// stack, then formats it).
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 12<<20 {
		t.Errorf("preprocessing allocated %.1f MB, want at most 12 MB", float64(alloc)/(1<<20))
	}
}
