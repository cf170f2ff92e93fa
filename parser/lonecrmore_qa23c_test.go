package parser

import (
	"fmt"
	"reflect"
	"testing"
)

// TestLoneCRCommandMore: the first GO line or command of a file that a
// lone CR starts is SL002, once a file (TestLoneCRCommand); its message
// says how many more the file has and where, as the finding of a
// variable not defined names the lines of its later uses. A file with
// one keeps the message as it was.
func TestLoneCRCommandMore(t *testing.T) {
	msg := func(line, more string) string {
		return fmt.Sprintf("%q follows a lone CR line break (an old Mac line ending): sqlcmd ends a line only at a line feed, "+
			"so it reads this as part of the line before, not as a command, and does not run it; save the file with CRLF or LF line breaks "+
			"(reported once a file%s)", line, more)
	}
	tests := []struct {
		name, src string
		diags     []string
	}{
		{"one", "SELECT 1\rGO\r", []string{"2:1 " + msg("GO", "")}},
		{"three", "SELECT 1\rGO\rSELECT 2\r:setvar d x\rGO\r", []string{"2:1 " + msg("GO", ": 2 more in this file, at lines 4 and 5")}},
		{"many", "SELECT 1\rGO\rGO\rGO\rGO\rGO\rGO\rGO\rGO\r", []string{"2:1 " + msg("GO", ": 7 more in this file, at lines 3, 4, 5, 6, 7 and later ones")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("m.sql", tc.src), &PreprocessOptions{})
			diags := diagsAt(sc)
			if !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diags = %q,\nwant %q", diags, tc.diags)
			}
		})
	}
}
