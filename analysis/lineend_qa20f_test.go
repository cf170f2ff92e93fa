package analysis

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestFindingLinesLinear: resolving the findings of a script costs about
// as much when its lines end with carriage returns alone, or when all
// its statements are on one line, as when each is on a line of its own.
// Each finding read the text from its offset to the next line feed (and
// back to the one before it): 80,000 findings in 1.2 MB took 28 s of CPU
// with CR line breaks (timed out at 120 s) and 3.6 s on one line,
// against 0.2 s one per line.
func TestFindingLinesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 64,000 findings six times")
	}
	const n = 64000
	run := func(text string) time.Duration {
		best := time.Duration(-1)
		for range 2 {
			findings := 0
			start := cpuTime()
			_, err := Run(context.Background(), Options{Paths: []string{"-"}, Stdin: strings.NewReader(text), SkipFingerprints: true}, func(r *FileResult) {
				findings += len(r.Findings)
			})
			d := cpuTime() - start
			if err != nil {
				t.Fatal(err)
			}
			if findings != n {
				t.Fatalf("%d statements: %d findings", n, findings)
			}
			if best < 0 || d < best {
				best = d
			}
		}
		return best
	}
	lf := run(strings.Repeat("CHECKPOINT 10;\n", n))
	if lf <= 0 {
		t.Skip("no CPU time on this system")
	}
	// linear: about as much as one statement a line; quadratic: 30 to 100
	// times as much at this size
	for _, c := range []struct{ name, text string }{
		{"CR line breaks", strings.Repeat("CHECKPOINT 10;\r", n)},
		{"one line", strings.Repeat("CHECKPOINT 10; ", n)},
	} {
		d := run(c.text)
		t.Logf("%s: %v, one a line %v", c.name, d, lf)
		if d > 6*lf+100*time.Millisecond {
			t.Errorf("%s: %d findings took %v of CPU, %v with one statement a line (%.0f times as much)", c.name, n, d, lf, float64(d)/float64(lf))
		}
	}
}
