package parser

import (
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// A statement of interest of millions of tokens that the fast path cannot
// read is not given to the grammar, which would hold every token at a few
// hundred bytes each: it is reported as too long, and the statements
// after it are still checked.
func TestStatementTooLongForTheGrammar(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 2 MB statement")
	}
	parens := strings.Repeat("(", 2<<20)
	for _, c := range []struct{ src, want string }{
		// nested too deep for the grammar before it is too long
		{"ALTER DATABASE x MODIFY FILE " + parens + "\nCHECKPOINT 5\n", "too deep to check"},
		{"ALTER DATABASE x MODIFY FILE (" + strings.Repeat("a ", 1<<20) + "\nCHECKPOINT 5\n", "too long to check"},
		// the statement parses; what follows it is refused
		{"CHECKPOINT 7 " + parens + "\nCHECKPOINT 5\n", "cannot parse CHECKPOINT"},
	} {
		var res *Result
		n := allocated(func() { res = ParseFile(NewFile("long.sql", c.src), &PreprocessOptions{}) })
		// the scanner's tokens and the statement: well under the grammar's
		// hundreds of bytes per token
		if limit := uint64(100 * len(c.src)); n > limit {
			t.Errorf("%.20s...: %d MB allocated for %d MB of text", c.src, n>>20, len(c.src)>>20)
		}
		found := false
		for _, d := range res.Diags {
			found = found || d.Rule == "SL001" && strings.Contains(d.Message, c.want)
		}
		if !found {
			t.Errorf("%.20s...: no SL001 saying %q: %v", c.src, c.want, res.Diags)
		}
		last := res.Statements[len(res.Statements)-1]
		if cp, ok := last.Node.(*Checkpoint); !ok || cp.Duration == nil || *cp.Duration != 5 {
			t.Errorf("%.20s...: the CHECKPOINT 5 after it is not read", c.src)
		}
	}
}
