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
