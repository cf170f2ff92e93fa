package parser

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// countLFAgree checks that countLF, a line at a time or eight bytes at a
// time, records the same line starts and ends on the same line as the
// eight-byte loop alone, from every line number of a stride.
func countLFAgree(t *testing.T, s string) {
	t.Helper()
	s = strings.ReplaceAll(s, "\r", "") // countLF's text holds no CR
	for n := 1; n <= lineStride+1; n++ {
		var got, want []int
		gn := countLF(s, 0, len(s), n, func(i int) { got = append(got, i) })
		wn := countLFWords(s, 0, len(s), n, func(i int) { want = append(want, i) })
		if gn != wn || !slices.Equal(got, want) {
			t.Fatalf("%q from line %d: countLF %d %v, countLFWords %d %v", s, n, gn, got, wn, want)
		}
	}
}

// Long lines (read a line at a time), short ones (eight bytes at a time)
// and mixes of both, in chunks as indexLF gives them.
func TestCountLFLinesAndWords(t *testing.T) {
	rnd := rand.New(rand.NewPCG(13, 14))
	for round := range 300 {
		var sb strings.Builder
		size := rnd.IntN(2 * lfChunk)
		for sb.Len() < size {
			switch rnd.IntN(4) {
			case 0:
				sb.WriteString("\n")
			case 1:
				sb.WriteString("GO\n")
			default:
				sb.WriteString(strings.Repeat("x", rnd.IntN(1+round%90)) + "\n")
			}
		}
		s := sb.String()
		if round%3 == 0 && len(s) > 0 {
			s = s[:rnd.IntN(len(s))] // not ending with a line break
		}
		countLFAgree(t, s)
	}
}

func FuzzCountLF(f *testing.F) {
	for _, s := range []string{"", "\n", "a", "SELECT 1\nGO\n", strings.Repeat("x", 40) + "\n" + strings.Repeat("\n", 20), strings.Repeat("BACKUP DATABASE d TO DISK = 'x';\n", 30)} {
		f.Add(s)
	}
	f.Fuzz(countLFAgree)
}
