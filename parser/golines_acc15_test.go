package parser

import "testing"

// GO lines as the GO documentation and SSMS's batch parser read them
// (README, lineCommand): any case, a tab as a blank before the count,
// a comment after it. go-sqlcmd differs on a tab (GO<tab>3 runs once
// there); sqllint keeps SSMS's reading, pinned here.
func TestGoLineForms(t *testing.T) {
	for _, tc := range []struct {
		line  string
		count int // 0: not a GO line
	}{
		{"GO", 1},
		{"go 2", 2},
		{"Go\t3", 3},
		{"GO\t", 1},
		{"  GO  ", 1},
		{"\tGO 4 -- again", 4},
		{"GO -- done", 1},
		{"GO\t-- done", 1},
		{"GO--done", 1},
		{"GO /* done */", 1},
		{"GO /* twice */ 2", 2},
		{"GOTO done", 0},
		{"GO;", 0},
	} {
		sc := Preprocess(NewFile("g.sql", "SELECT 1\n"+tc.line+"\nSELECT 2\n"), nil)
		switch {
		case tc.count == 0 && len(sc.Batches) != 1:
			t.Errorf("%q: %d batches, want 1 (no GO line)", tc.line, len(sc.Batches))
		case tc.count > 0 && (len(sc.Batches) != 2 || int(sc.Batches[0].Count) != tc.count):
			t.Errorf("%q: batches %d, want 2 with the first run %d times", tc.line, len(sc.Batches), tc.count)
		}
	}
}
