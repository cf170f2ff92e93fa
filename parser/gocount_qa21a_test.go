package parser

import (
	"strings"
	"testing"
)

// A GO line may carry comments around its count (the GO documentation:
// "the line can contain comments"), and the count may be a variable
// (go-sqlcmd resolves it): `GO /* runs */ $(n)` runs the batch n times,
// as `GO /* runs */ 3` runs it three times. sqllint kept the comment in
// the count it read once a $(var) was in it and reported the line as
// malformed.
func TestGoCountCommentAndVariable(t *testing.T) {
	src := ":setvar n 3\nSELECT 1\nGO /* runs */ $(n)\nSELECT 2\nGO $(n) /* times */ -- c\nSELECT 3\nGO /* x */ $(m)\n"
	sc := Preprocess(NewFile("t.sql", src), nil)
	var counts []int
	for _, b := range sc.Batches {
		counts = append(counts, int(b.Count))
	}
	if len(counts) != 3 || counts[0] != 3 || counts[1] != 3 || counts[2] != 1 {
		t.Errorf("counts %v, want [3 3 1]", counts)
	}
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, "$(m) is not defined") {
		t.Errorf("diags %q, want one: $(m) is not defined", diagMessages(sc))
	}
}
