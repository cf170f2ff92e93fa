package parser

import "testing"

// TestGoLineDirective: a sqllint: comment after GO (and its count) was
// dropped with the GO line, so it neither suppressed anything nor was
// reported as matching nothing. It is kept, as the first text of the
// next batch, at its place in the file; other comments after GO are not.
func TestGoLineDirective(t *testing.T) {
	src := "CHECKPOINT 10;\nGO -- sqllint:ignore SL302 after GO\nCHECKPOINT 11;\nGO 2 -- a note\nCHECKPOINT 12;\nGO\t2\t--sqllint:ignore SL302 after a count\n"
	r := ParseFile(NewFile("go.sql", src), &PreprocessOptions{})
	if len(r.Directives) != 2 {
		t.Fatalf("directives: %+v, want the two after GO", r.Directives)
	}
	for i, want := range []struct {
		line, col int
		text      string
	}{{2, 4, "ignore SL302 after GO"}, {6, 6, "ignore SL302 after a count"}} {
		d := r.Directives[i]
		p := d.Span.Start.Position()
		if p.Line != want.line || p.Column != want.col || d.Text != want.text || d.Trailing {
			t.Errorf("directive %d: %d:%d %q trailing=%v, want %d:%d %q not trailing", i, p.Line, p.Column, d.Text, d.Trailing, want.line, want.col, want.text)
		}
	}
	if n := len(r.Statements); n != 3 {
		t.Errorf("%d statements, want the 3 CHECKPOINTs", n)
	}
}

// TestGoLineBlockDirective: a block sqllint: comment after GO is kept
// too when nothing but blanks or a comment follows it on the line; one
// before the count is not (the count would join the next batch), and the
// count still counts.
func TestGoLineBlockDirective(t *testing.T) {
	src := "CHECKPOINT 10;\nGO /* sqllint:ignore SL302 block after GO */ -- note\nCHECKPOINT 11;\nGO /* sqllint:ignore SL302 before the count */ 2\nCHECKPOINT 12;\nGO\n"
	r := ParseFile(NewFile("go.sql", src), &PreprocessOptions{})
	if len(r.Directives) != 1 {
		t.Fatalf("directives: %+v, want the one after GO", r.Directives)
	}
	if d, p := r.Directives[0], r.Directives[0].Span.Start.Position(); p.Line != 2 || p.Column != 4 || d.Text != "ignore SL302 block after GO" {
		t.Errorf("directive: %d:%d %q, want 2:4 \"ignore SL302 block after GO\"", p.Line, p.Column, d.Text)
	}
	if n := len(r.Statements); n != 3 {
		t.Errorf("%d statements, want the 3 CHECKPOINTs", n)
	}
	if n := len(r.Statements); n == 3 && r.Statements[1].Batch.Count != 2 {
		t.Errorf("CHECKPOINT 11's batch runs %d times, want 2", r.Statements[1].Batch.Count)
	}
}
