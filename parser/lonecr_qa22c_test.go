package parser

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestLoneCRCommand: sqlcmd reads a script up to each line feed
// (go-sqlcmd: bufio's ReadLine), so a GO line or command that only a
// lone CR (an old Mac line break) starts is part of the line before
// and does not run; SQL Server likewise ends a -- comment only at a
// line feed. The first such line of each file is SL002 (GO, :setvar and
// :r alike), and the lines are still read as an editor shows them. A
// CRLF or LF file, and a lone CR before T-SQL, are not reported.
func TestLoneCRCommand(t *testing.T) {
	msg := func(line string, more ...string) string {
		return fmt.Sprintf("%q follows a lone CR line break (an old Mac line ending): sqlcmd ends a line only at a line feed, "+
			"so it reads this as part of the line before, not as a command, and does not run it; save the file with CRLF or LF line breaks "+
			"(reported once a file%s)", line, strings.Join(more, ""))
	}
	tests := []struct {
		name, src string
		inc       string
		batches   []string
		diags     []string
	}{
		{"go", "SELECT 1\rGO\rSELECT 2\rGO\r", "", []string{"SELECT 1\r", "SELECT 2\r"}, []string{"m.sql:2:1 " + msg("GO", ": 1 more in this file, at line 4")}},
		{"setvar", "SELECT 1\r:setvar d x\rUSE [$(d)]\r", "", []string{"SELECT 1\rUSE [x]\r"}, []string{"m.sql:2:1 " + msg(":setvar d x")}},
		{"include, once a file", "SELECT 1\r:r inc.sql\rGO\r", "SELECT 2\rGO\rSELECT 3\r",
			[]string{"SELECT 1\rSELECT 2\r", "SELECT 3\r"}, []string{"m.sql:2:1 " + msg(":r inc.sql", ": 1 more in this file, at line 3"), "inc.sql:2:1 " + msg("GO")}},
		{"T-SQL only", "SELECT 1\rSELECT 2\r", "", []string{"SELECT 1\rSELECT 2\r"}, nil},
		{"crlf and lf", "SELECT 1\r\nGO\n:setvar d x\r\nUSE [$(d)]\n", "", []string{"SELECT 1\r\n", "USE [x]\n"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ld := &mapLoader{files: map[string]string{"inc.sql": tc.inc}}
			sc := Preprocess(NewFile("m.sql", tc.src), &PreprocessOptions{Load: ld.load})
			var diags []string
			for _, d := range sc.Diags {
				p := d.Span.Start.Position()
				diags = append(diags, fmt.Sprintf("%s:%d:%d %s", d.Span.Start.File.Path, p.Line, p.Column, d.Message))
			}
			if !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diags = %q, want %q", diags, tc.diags)
			}
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.batches) {
				t.Errorf("batches = %q, want %q", got, tc.batches)
			}
		})
	}
}
