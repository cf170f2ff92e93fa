package output

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// printedFinding is f as the json format prints it: a fix's edits are
// an array, never null.
func printedFinding(f report.Finding) report.Finding {
	if f.Fix != nil && f.Fix.Edits == nil {
		fix := *f.Fix
		fix.Edits = []report.Edit{}
		f.Fix = &fix
	}
	return f
}

// One jw writes findings at several depths in turn (its members' starts
// are kept for the last depth only): each is the bytes encoding/json
// writes at its depth.
func TestHandWrittenJSONDepths(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	var b bytes.Buffer
	w := jw{b: &b}
	for i := 0; i < 2000; i++ {
		f := randomFinding(r)
		want := printedFinding(f)
		depth := []int{0, 1, 2, 2, 2, 5, 40}[r.Intn(7)]
		b.Reset()
		w.finding(&f, depth)
		if got, exp := b.String(), indented(t, &want, depth); got != exp {
			t.Fatalf("finding %+v at depth %d:\n got %s\nwant %s", f, depth, got, exp)
		}
	}
}

// jsonPlain reads a string's last bytes as its last eight: every length
// and every place of a byte that is not plain.
func TestJSONPlainTail(t *testing.T) {
	for n := 0; n <= 40; n++ {
		s := bytes.Repeat([]byte("a"), n)
		if !jsonPlain(string(s)) {
			t.Fatalf("jsonPlain(%q) = false", s)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{'"', '\\', 0x1f, 0x7f, 0x80, 0xff} {
				s[i] = c
				if jsonPlain(string(s)) {
					t.Fatalf("jsonPlain(%q) = true", s)
				}
			}
			s[i] = 'a'
		}
	}
}
