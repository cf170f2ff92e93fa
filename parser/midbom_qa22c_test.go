package parser

import (
	"reflect"
	"strings"
	"testing"
)

// TestMidFileBOM: a byte order mark in the middle of a file (files
// joined with cat keep each one's) is SL002 at the mark, with a message
// that names it and what it breaks: before GO or a command, sqlcmd takes
// no command there (commands are recognized only at the start of a
// line); the line is read as if the mark were not there, so that the
// rest of the file is checked as meant. A mark after GO on its line
// leaves the line T-SQL. Another character that starts with 0xEF
// (U+FF21, a fullwidth A) is none of this.
func TestMidFileBOM(t *testing.T) {
	tests := []struct {
		name, src string
		batches   []string
		plain     []bool
		diags     []string
	}{
		{"before GO", "SELECT 1\n\uFEFFGO\nSELECT 2\n", []string{"SELECT 1\n", "SELECT 2\n"}, []bool{true, true},
			[]string{`2:1 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; sqlcmd takes a command only at the start of a line, so it does not run "GO" (it is read here as if the mark were not there); remove the mark`}},
		{"before a statement", "SELECT 1\nGO\n\uFEFFCHECKPOINT 10\nGO\n", []string{"SELECT 1\n", "CHECKPOINT 10\n"}, []bool{true, false},
			[]string{`3:1 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; the statement after it is read here as if the mark were not there, but may fail on the server; remove the mark`}},
		{"before setvar", "  \uFEFF:setvar d x\nUSE [$(d)]\n", []string{"  USE [x]\n"}, []bool{false},
			[]string{`1:3 a byte order mark (U+FEFF) starts this line, in the middle of the file: files joined with cat or copy keep each one's mark; sqlcmd takes a command only at the start of a line, so it does not run ":setvar d x" (it is read here as if the mark were not there); remove the mark`}},
		{"after GO", "SELECT 1\nGO\uFEFFSELECT 2\n", []string{"SELECT 1\nGO\uFEFFSELECT 2\n"}, []bool{true},
			[]string{`2:1 a byte order mark (U+FEFF) follows GO on this line: the end of a file joined to the next one (with cat or copy) without a line break, which keeps the next file's mark; sqlcmd does not read the line as GO, so the batch does not end here: put a line break after GO and remove the mark`}},
		{"fullwidth", "SELECT 1\n\uFF21\nGO\n", []string{"SELECT 1\n\uFF21\n"}, []bool{true}, nil},
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
				t.Errorf("diags = %q, want %q", diags, tc.diags)
			}
			if !reflect.DeepEqual(texts, tc.batches) {
				t.Errorf("batches = %q, want %q", texts, tc.batches)
			}
			if !reflect.DeepEqual(plain, tc.plain) {
				t.Errorf("plain = %v, want %v", plain, tc.plain)
			}
		})
	}
	// The statement after the mark keeps its position in the file.
	sc := Preprocess(NewFile("b.sql", "SELECT 1\nGO\n\uFEFFCHECKPOINT 10\n"), &PreprocessOptions{})
	b := sc.Batches[len(sc.Batches)-1]
	if p := b.Pos(strings.Index(b.Text, "CHECKPOINT")).Position(); p.Line != 3 || p.Column != 2 {
		t.Errorf("CHECKPOINT at %d:%d, want 3:2", p.Line, p.Column)
	}
}
