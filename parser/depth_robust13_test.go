package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Parentheses nested deeper than any statement of interest needs are not
// given to the grammar, which takes an unmodelled option's groups by
// recursion (300,000 of them took 678 MB of stack and 30 s): the
// statement is an SL001 that says so and where, and the work follows the
// text at n and 8n parentheses. The statements after it are checked.
func TestNestingTooDeepForTheGrammar(t *testing.T) {
	for _, n := range []int{4 << 10, 32 << 10} {
		for _, c := range []struct{ head, tail string }{
			{"ALTER DATABASE x SET FOO ", ""},
			{"ALTER DATABASE x MODIFY FILE ", ""},
			{"BACKUP DATABASE x TO DISK = 'a' WITH ", ""},
			// balanced: the fast path took it, by recursion too
			{"ALTER DATABASE x SET FOO ", strings.Repeat(")", n)},
		} {
			head := c.head
			src := head + strings.Repeat("(", n) + c.tail + "\nCHECKPOINT 5\n"
			var res *Result
			var stack uint64
			got := allocated(func() { res, stack = parseStack(src) })
			// the scanner's tokens and the statement: well under the
			// grammar's hundreds of bytes per token
			if limit := uint64(100 * len(src)); got > limit {
				t.Errorf("%s(x%d: %d KB allocated for %d KB of text (limit %d KB)", head, n, got>>10, len(src)>>10, limit>>10)
			}
			// and no deep recursion (about 2 KB of stack a level)
			if stack > 4<<20 {
				t.Errorf("%s(x%d: the parse grew the stack by %d KB", head, n, stack>>10)
			}
			want := fmt.Sprintf("parentheses nested more than 256 deep (line 1, column %d) are too deep to check", len(head)+257)
			found := false
			for _, d := range res.Diags {
				found = found || d.Rule == "SL001" && strings.Contains(d.Message, want)
			}
			if !found {
				t.Errorf("%s(x%d: no SL001 saying %q: %v", head, n, want, res.Diags)
			}
			last := res.Statements[len(res.Statements)-1]
			if cp, ok := last.Node.(*Checkpoint); !ok || cp.Duration == nil || *cp.Duration != 5 {
				t.Errorf("%s(x%d: the CHECKPOINT 5 after it is not read", head, n)
			}
		}
	}
	// as deep as allowed: the grammar still reads it (and refuses it)
	src := "ALTER DATABASE x SET FOO " + strings.Repeat("(", 256) + "\n"
	for _, d := range ParseFile(NewFile("deep.sql", src), &PreprocessOptions{}).Diags {
		if strings.Contains(d.Message, "too deep") {
			t.Errorf("256 levels: %s", d.Message)
		}
	}
}

// parseStack parses src on a goroutine of its own and returns the result
// and how much the goroutines' stacks grew meanwhile: the parse's stack
// stays as large as it grew until a collection shrinks it.
func parseStack(src string) (*Result, uint64) {
	var res *Result
	var before, after runtime.MemStats
	done := make(chan struct{})
	runtime.ReadMemStats(&before)
	go func() {
		defer close(done)
		res = ParseFile(NewFile("deep.sql", src), &PreprocessOptions{})
		runtime.ReadMemStats(&after)
	}()
	<-done
	if after.StackInuse < before.StackInuse {
		return res, 0
	}
	return res, after.StackInuse - before.StackInuse
}
