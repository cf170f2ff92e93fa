package parser

import (
	"slices"
	"strings"
	"testing"
)

// branchesOf splits text (one batch, a statement a line) and returns
// its IF ... ELSE statements as the lines their arms start at and the
// line they end before ("$": the batch's end).
func branchesOf(text string) []string {
	r := ParseScript(Preprocess(NewFile("t.sql", text), nil))
	line := func(off int32) string {
		if int(off) >= len(strings.TrimRight(text, "\n")) {
			return "$"
		}
		l, _, _ := strings.Cut(text[off:], "\n")
		return l
	}
	var out []string
	for _, b := range r.Branches {
		out = append(out, line(b.Then)+" | "+line(b.Else)+" | "+line(b.End))
	}
	slices.Sort(out)
	return out
}

// TestBranches: the splitter records the arms of each IF that has an
// ELSE, by the offsets where they start and end, nested ones, blocks,
// TRY/CATCH and WHILE bodies included; an IF without ELSE is none.
func TestBranches(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"IF @a = 1\nPRINT 1\nELSE\nPRINT 2\nPRINT 3", []string{"PRINT 1 | ELSE | PRINT 3"}},
		{"IF @a = 1\nBEGIN\nPRINT 1\nPRINT 2\nEND\nELSE\nBEGIN\nPRINT 3\nEND\nPRINT 4", []string{"BEGIN | ELSE | PRINT 4"}},
		{"IF @a = 1\nPRINT 1\nPRINT 2", nil},
		{"DROP TABLE IF EXISTS t\nIF @a = 1\nPRINT 1\nELSE\nPRINT 2", []string{"PRINT 1 | ELSE | $"}},
		// nested, ELSE IF chains
		{"IF @a = 1\nIF @b = 1\nPRINT 1\nELSE\nPRINT 2\nELSE\nPRINT 3\nPRINT 4",
			[]string{"IF @b = 1 | ELSE | PRINT 4", "PRINT 1 | ELSE | ELSE"}},
		{"IF @a = 1\nPRINT 1\nELSE IF @b = 1\nPRINT 2\nELSE\nPRINT 3\nPRINT 4",
			[]string{"PRINT 1 | ELSE IF @b = 1 | PRINT 4", "PRINT 2 | ELSE | PRINT 4"}},
		{"IF @a = 1\nBEGIN\nIF @b = 1\nPRINT 1\nEND\nELSE\nPRINT 2", []string{"BEGIN | ELSE | $"}},
		{"IF @a = 1\nBEGIN\nIF @b = 1\nPRINT 1\nELSE\nPRINT 2\nPRINT 3\nEND\nELSE\nPRINT 4",
			[]string{"BEGIN | ELSE | $", "PRINT 1 | ELSE | PRINT 3"}},
		// a WHILE inside an arm, an IF in a WHILE's body
		{"IF @a = 1\nWHILE @b = 1\nPRINT 1\nELSE\nPRINT 2", []string{"WHILE @b = 1 | ELSE | $"}},
		{"WHILE @a = 1\nIF @b = 1\nPRINT 1\nELSE\nPRINT 2\nPRINT 3", []string{"PRINT 1 | ELSE | PRINT 3"}},
		// TRY/CATCH as an arm; DROP ... IF EXISTS inside one
		{"IF @a = 1\nBEGIN TRY\nPRINT 1\nEND TRY\nBEGIN CATCH\nPRINT 2\nEND CATCH\nELSE\nPRINT 3", []string{"BEGIN TRY | ELSE | $"}},
		{"IF @a = 1\nDROP TABLE IF EXISTS t\nELSE\nPRINT 2", []string{"DROP TABLE IF EXISTS t | ELSE | $"}},
		// blocks that end together (the inner IF at the END of the
		// outer block)
		{"IF @a = 1\nBEGIN\nIF @b = 1\nBEGIN\nPRINT 1\nEND\nELSE\nBEGIN\nPRINT 2\nEND\nEND\nELSE\nPRINT 3",
			[]string{"BEGIN | ELSE | $", "BEGIN | ELSE | END"}},
		// a GO ends the batch and the IF
		{"IF @a = 1\nPRINT 1\nGO\nELSE\nPRINT 2", nil},
	} {
		if got := branchesOf(c.text + "\n"); !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}
