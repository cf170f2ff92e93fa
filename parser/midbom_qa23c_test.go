package parser

import (
	"fmt"
	"reflect"
	"testing"
)

// TestMidFileBOMRepeated: a line that starts with two byte order marks
// (three files joined, the middle one empty, or a file joined twice) is
// read as if neither were there, as a line with one (TestMidFileBOM):
// the statement after them is found, and a GO after them ends the batch.
// One SL002, over both marks.
func TestMidFileBOMRepeated(t *testing.T) {
	tests := []struct {
		name, src string
		batches   []string
		diags     []string
	}{
		{"statement", "SELECT 1\nGO\n\uFEFF\uFEFFCHECKPOINT 10\nGO\n", []string{"SELECT 1\n", "CHECKPOINT 10\n"},
			[]string{`3:1-3:3 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; the statement after it is read here as if the mark were not there, but may fail on the server; remove the mark`}},
		{"GO", "SELECT 1\n\uFEFF\uFEFFGO\nSELECT 2\n", []string{"SELECT 1\n", "SELECT 2\n"},
			[]string{`2:1-2:3 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; sqlcmd takes a command only at the start of a line, so it does not run "GO" (it is read here as if the mark were not there); remove the mark`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var texts []string
			sc := PreprocessPlain(NewFile("b.sql", tc.src), &PreprocessOptions{}, func(b *Batch, _ bool) {
				texts = append(texts, b.Text)
			})
			var diags []string
			for _, d := range sc.Diags {
				p, q := d.Span.Start.Position(), d.Span.End.Position()
				diags = append(diags, fmt.Sprintf("%d:%d-%d:%d %s", p.Line, p.Column, q.Line, q.Column, d.Message))
			}
			if !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diags = %q,\nwant %q", diags, tc.diags)
			}
			if !reflect.DeepEqual(texts, tc.batches) {
				t.Errorf("batches = %q, want %q", texts, tc.batches)
			}
		})
	}
}

// TestMidLineBOM: a byte order mark in the middle of a line (a file
// joined to the end of another without a line break: "END<mark>CREATE")
// is part of the batch text sqlcmd sends; it is SL002 at the mark, and
// read as a blank, so that the statement after it is found (the batch is
// not plain). In a string or a comment it is text; another character
// that starts with 0xEF (U+FF21) is none of this; one at the start of a
// line or right after GO is reported once, as before.
func TestMidLineBOM(t *testing.T) {
	msg := "a byte order mark (U+FEFF) in the middle of this line: the mark of a file joined to the end of another " +
		"(with cat or copy) without a line break; sqlcmd sends it to the server as part of the batch, where the statement it touches may fail; " +
		"it is read here as a blank: put a line break before it and remove the mark"
	tests := []struct {
		name, src string
		batches   []string
		plain     []bool
		diags     []string
	}{
		{"after a word", "END\uFEFFCREATE DATABASE B\nGO\n", []string{"END CREATE DATABASE B\n"}, []bool{false}, []string{"1:4 " + msg}},
		{"after a semicolon", "PRINT 1;\uFEFFUSE Sales\nGO\n", []string{"PRINT 1; USE Sales\n"}, []bool{false}, []string{"1:9 " + msg}},
		{"after a blank", "SELECT 1 \uFEFFCHECKPOINT 10\n", []string{"SELECT 1  CHECKPOINT 10\n"}, []bool{false}, []string{"1:10 " + msg}},
		{"in a string", "SELECT N'\uFEFF'\nGO\n", []string{"SELECT N'\uFEFF'\n"}, []bool{true}, nil},
		{"in a comment", "SELECT 1 -- \uFEFF\n/* \uFEFF */\nGO\n", []string{"SELECT 1 -- \uFEFF\n/* \uFEFF */\n"}, []bool{true}, nil},
		{"fullwidth", "SELECT 1 AS \uFF21\uFF21\nGO\n", []string{"SELECT 1 AS \uFF21\uFF21\n"}, []bool{true}, nil},
		{"line start", "SELECT 1\n\uFEFFCHECKPOINT 10\n", []string{"SELECT 1\nCHECKPOINT 10\n"}, []bool{false},
			[]string{`2:1 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; the statement after it is read here as if the mark were not there, but may fail on the server; remove the mark`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var texts []string
			var plain []bool
			sc := PreprocessPlain(NewFile("b.sql", tc.src), &PreprocessOptions{}, func(b *Batch, p bool) {
				texts = append(texts, b.Text)
				plain = append(plain, p)
			})
			diags := diagsAt(sc)
			if !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diags = %q,\nwant %q", diags, tc.diags)
			}
			if !reflect.DeepEqual(texts, tc.batches) || !reflect.DeepEqual(plain, tc.plain) {
				t.Errorf("batches = %q %v, want %q %v", texts, plain, tc.batches, tc.plain)
			}
		})
	}
	// The statement after the mark is found where the script has it.
	r := ParseFile(NewFile("b.sql", "PRINT 1;\uFEFFBACKUP DATABASE C TO DISK = 'NUL'\nGO\n"), nil)
	var kinds []string
	for _, st := range r.Statements {
		kinds = append(kinds, fmt.Sprintf("%d %s", st.Span().Start.Position().Column, st.Kind))
	}
	if want := []string{"1 other", "10 backup_database"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("statements = %q, want %q", kinds, want)
	}
}
