package rules

import "testing"

// A percent FILEGROWTH set by MODIFY FILE on a file the model does not
// know (a database the scripts only alter) is remembered: the MODIFY FILE
// that later gives the file a size estimates each growth again at that
// size (SL209), as for a file the scripts created. Where the size stays
// unknown, nothing is estimated.
func TestPercentGrowthOfUnknownFileAfterResize(t *testing.T) {
	cases := []struct {
		src  string
		want []string // SL209 messages' beginnings, in order
		line int      // of the first
	}{
		{"ALTER DATABASE a MODIFY FILE (NAME=a1, FILEGROWTH=10%);\nALTER DATABASE a MODIFY FILE (NAME=a1, SIZE=100GB);", []string{
			"data file a1 grows by 10% (10 GB at its size of 100 GB, more as it grows): without",
		}, 2},
		// 10% of 2 GB: 1.9 s, under the budget; of 100 GB: 97 s
		{"ALTER DATABASE b MODIFY FILE (NAME=b1, FILEGROWTH=10%);\nALTER DATABASE b MODIFY FILE (NAME=b1, SIZE=2GB);\nALTER DATABASE b MODIFY FILE (NAME=b1, SIZE=100GB);", []string{
			"data file b1 grows by 10% (10 GB at its size of 100 GB",
		}, 3},
		// the size stays unknown
		{"ALTER DATABASE c MODIFY FILE (NAME=c1, FILEGROWTH=10%);", nil, 0},
		// a fixed growth set since
		{"ALTER DATABASE d MODIFY FILE (NAME=d1, FILEGROWTH=10%);\nALTER DATABASE d MODIFY FILE (NAME=d1, FILEGROWTH=64MB);\nALTER DATABASE d MODIFY FILE (NAME=d1, SIZE=100GB);", nil, 0},
	}
	for _, c := range cases {
		var got []string
		line := 0
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL209" {
				if got = append(got, f.Message); len(got) == 1 {
					line = f.Span.Start.Position().Line
				}
			}
		}
		if !startsEach(got, c.want) || line != c.line {
			t.Errorf("%s\n got %q at line %d\nwant %q at line %d", c.src, got, line, c.want, c.line)
		}
	}
}
