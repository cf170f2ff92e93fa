package parser

import (
	"strings"
	"testing"
)

// A batch whose only string holds a word ppStringMatters looks for (or
// NUL, or add) is not plain, wherever the string sits against the
// stop-finder's 32-byte blocks, in either case and after any prefix in
// the string; one whose string holds the same letters inside a word is
// plain. The finder passes over strings by their first letters: this
// holds its list to ppStrWords.
func TestPPFindKeepsStringsThatMatter(t *testing.T) {
	var words []string
	for _, w := range ppStrWords {
		words = append(words, w, strings.ToUpper(w), strings.ToUpper(w[:1])+w[1:])
	}
	type tc struct {
		str   string
		plain bool
	}
	var cases []tc
	for _, w := range words {
		for _, pre := range []string{"", " ", "x.", "(", "1", "_", "[", "x"} {
			cases = append(cases, tc{pre + w + " x", !ppStringMatters(pre + w + " x")})
		}
		for _, pre := range []string{"", " ", "x.", "("} {
			if !ppStringMatters(pre + w + " x") {
				t.Fatalf("%q: ppStringMatters says it does not matter: the test tests nothing", pre+w)
			}
		}
	}
	for _, s := range []string{"nul", "NUL", "Nul", "nul.bak", "add", "ADD", "x add", "address"} {
		cases = append(cases, tc{s, !ppStringMatters(s)})
	}
	for _, c := range cases {
		for pad := 0; pad < 70; pad++ {
			text := "SELECT " + strings.Repeat("y", pad) + " = '" + c.str + "' FROM dbo.T WHERE Id = 1 ORDER BY Id;\n" + strings.Repeat("z", 40) + " = 1;\nGO\n"
			f, err := Decode("t.sql", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			var plain []bool
			PreprocessPlain(f, &PreprocessOptions{}, func(b *Batch, p bool) { plain = append(plain, p) })
			if len(plain) != 1 || plain[0] != c.plain {
				t.Fatalf("string %q after %d bytes: plain %v, want %v", c.str, pad, plain, c.plain)
			}
		}
	}
}
