package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// counting is an Analyzer that reads the script's buffer and counts
// its checks.
type counting struct{ n, read atomic.Int64 }

func (a *counting) Analyze(_ context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	a.read.Add(int64(len(overlay[path])))
	a.n.Add(1)
	return nil, nil
}

// TestOverlayNotCopied: every check copied each open document into the
// analyzer's input (overlay), and an edit of one script re-checks the
// open scripts of its folder: with 200 open 4 KB scripts an edit
// allocated 200 × 200 × 4 KB = 160 MB (measured: 167 MB). The overlay
// now reads the documents' texts in place (the analysis never writes
// to it), and the checks of the same texts share one map (2.9 MB per
// edit when each built its own; 0.6 MB now).
func TestOverlayNotCopied(t *testing.T) {
	const docs, size, edits = 200, 4 << 10, 3
	dir := t.TempDir()
	a := &counting{}
	c := newClient(t, Options{Analyzer: a, Debounce: time.Millisecond})
	c.initialize(modern, `null`)
	text := strings.Repeat("PRINT 'padding padding padding';\n", size/33)
	var uris []string
	for i := range docs {
		uris = append(uris, pathURI(filepath.Join(dir, fmt.Sprintf("V%d.sql", i))))
		c.open(uris[i], text)
	}
	settle := func(want int64) {
		t.Helper()
		deadline := time.Now().Add(wait)
		for a.n.Load() < want {
			if time.Now().After(deadline) {
				t.Fatalf("%d checks, want %d", a.n.Load(), want)
			}
			time.Sleep(time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond) // no more to come
	}
	settle(docs)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	checks := a.n.Load()
	for v := 2; v < 2+edits; v++ {
		c.notify("textDocument/didChange", didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uris[0], Version: v},
			ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- e\n"}},
		})
		settle(checks + int64(docs)*int64(v-1))
	}
	runtime.ReadMemStats(&after)
	n := a.n.Load() - checks
	perEdit := int64(after.TotalAlloc-before.TotalAlloc) / edits
	t.Logf("%d checks for %d edits, %d KB allocated per edit", n, edits, perEdit>>10)
	if limit := int64(docs * size * 2); perEdit > limit {
		t.Errorf("an edit with %d open documents (%d checks) allocated %d KB, want at most %d KB", docs, n/edits, perEdit>>10, limit>>10)
	}
}
