package parser

import "testing"

// TestSpanEndsAfterVariable: a statement or token that ends in a
// substituted $(var) ends, in the file, after the reference's ")", not
// inside it (CHECKPOINT $(Dur) was shown as "CHECKPOINT $").
func TestSpanEndsAfterVariable(t *testing.T) {
	cases := []struct{ src, want string }{
		{":setvar Dur 5\nCHECKPOINT $(Dur)\nGO\n", "CHECKPOINT $(Dur)"},
		{":setvar Dur 5\nCHECKPOINT $(Dur);\nGO\n", "CHECKPOINT $(Dur)"},
		{":setvar Db Sales\nUSE $(Db)\n", "USE $(Db)"},
		// a value of several tokens: the range ends after the reference
		{":setvar Flags \"1806, -1\"\nDBCC TRACEON ($(Flags))\n", "DBCC TRACEON ($(Flags))"},
		{":setvar A 3\n:setvar B 0\nCHECKPOINT $(A)$(B)\n", "CHECKPOINT $(A)$(B)"},
	}
	for _, c := range cases {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Fatalf("%q (fast path %v): %d statements, %v", c.src, fast, len(r.Statements), r.Diags)
			}
			sp := r.Statements[0].Span()
			if got := c.src[sp.Start.Offset:sp.End.Offset]; got != c.want {
				t.Errorf("%q (fast path %v): span %q, want %q", c.src, fast, got, c.want)
			}
		})
	}
	// substEnd is given a segment's In, where "$(" is; text that is not a
	// reference there gives one byte.
	for _, c := range []struct {
		text string
		want int
	}{{"$(a)", 4}, {"$(a", 1}, {"x", 1}, {"$(a b)", 1}} {
		if got := substEnd(c.text, 0); got != c.want {
			t.Errorf("substEnd(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
