package parser

import (
	"math/rand"
	"strings"
	"testing"
)

// sqlcmdVarEnd looks for the ")" only as far as a valid name reaches, and
// answers what the unbounded search it replaced answered.
func TestSqlcmdVarEnd(t *testing.T) {
	unbounded := func(src string, open int) int {
		if e := strings.IndexByte(src[open+1:], ')'); e >= 0 && validVarName(src[open+1:open+1+e]) {
			return open + 2 + e
		}
		return 0
	}
	name := strings.Repeat("v", maxVarName)
	cases := []string{"()", "(a)", "(a", "(" + name + ")", "(" + name + "v)", "(a b)", "(é-1)x", "(a" + strings.Repeat(" ", 500) + ")"}
	rng := rand.New(rand.NewSource(1))
	const alphabet = "ab_-)( $\xc3\xa9"
	for range 20000 {
		b := []byte{'('}
		for n := rng.Intn(12); n > 0; n-- {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		if rng.Intn(8) == 0 {
			b = append(b, name[:rng.Intn(len(name))+1]...)
			b = append(b, ')')
		}
		cases = append(cases, string(b))
	}
	for _, src := range cases {
		if got, want := sqlcmdVarEnd(src, 0), unbounded(src, 0); got != want {
			t.Fatalf("sqlcmdVarEnd(%q) = %d, want %d", src, got, want)
		}
	}
}

// A run of "$(" that no ")" closes: each used to search to the end of
// the text (quadratic: 200,000 of them took 3 s).
func BenchmarkScanUnclosedVariables(b *testing.B) {
	src := "SELECT " + strings.Repeat("a$(b ", 20000) + strings.Repeat("$(b ", 20000)
	b.SetBytes(int64(len(src)))
	var sc Scanner
	for b.Loop() {
		sc.Scan(src)
	}
}
