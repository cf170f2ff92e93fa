package parser

import (
	"strings"
	"testing"
)

// TestConflictMarkerSL001: git's conflict markers left in a script fail
// its deployment. Where a statement of interest runs into one, the SL001
// says it is a merge conflict marker, points at it, and is the only one
// of its block: the other sides' statements that run into the next
// markers add none.
func TestConflictMarkerSL001(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		marker    string
	}{
		{"diff3", "<<<<<<< ours\nCHECKPOINT 10\n||||||| base\nCHECKPOINT\n=======\nCHECKPOINT 5\n>>>>>>> theirs\n", 1, "<<<<<<<"},
		{"two sides", "CREATE TABLE t (a int);\n<<<<<<< HEAD\nBACKUP DATABASE Sales TO DISK = 'a.bak'\n=======\nBACKUP DATABASE Sales TO DISK = 'b.bak'\n>>>>>>> feature/x\nGO\n", 2, "<<<<<<<"},
		{"CRLF, no first marker", "CHECKPOINT\r\n=======\r\nCHECKPOINT 5\r\n>>>>>>> b\r\n", 2, "======="},
	}
	for _, tc := range tests {
		res := ParseFile(NewFile("a.sql", tc.src), &PreprocessOptions{})
		var got []Diag
		for _, d := range res.Diags {
			if d.Rule == "SL001" {
				got = append(got, d)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s: %d SL001, want one: %v", tc.name, len(got), got)
			continue
		}
		d := got[0]
		if !strings.Contains(d.Message, "merge conflict marker") || !strings.Contains(d.Message, tc.marker) {
			t.Errorf("%s: message %q does not name the conflict marker %s", tc.name, d.Message, tc.marker)
		}
		if p := d.Span.Start.Position(); p.Line != tc.line || p.Column != 1 {
			t.Errorf("%s: at %d:%d, want %d:1", tc.name, p.Line, p.Column, tc.line)
		}
	}
	// a statement that does not parse for another reason keeps its
	// message, also with a line of ======= in a comment inside it
	for _, src := range []string{"CHECKPOINT 10 20\n<<<<<<<< not a marker\n",
		"CHECKPOINT 10\n/*\n=======\n*/\n20\n"} {
		res := ParseFile(NewFile("a.sql", src), &PreprocessOptions{})
		n := 0
		for _, d := range res.Diags {
			if strings.Contains(d.Message, "merge conflict") {
				t.Errorf("not a marker: %v", d)
			}
			if d.Rule == "SL001" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q: %d SL001, want its own", src, n)
		}
	}
}
