package rules

import "testing"

// A percent FILEGROWTH is a share of the file's size: when a later
// statement makes a data file larger, each growth of that file grows
// with it. SL209 estimates a percent growth at the file's known size, so
// the statement whose new size puts the growth over the budget is
// reported, not only the statement that set the percentage.
func TestPercentGrowthAfterResize(t *testing.T) {
	cases := []struct {
		src  string
		want []string // SL209 messages' beginnings, in order
	}{
		// 10% of 1 GB: 0.9 s; of 60 GB: 58 s
		{"CREATE DATABASE a ON (NAME=a1, FILENAME='a1.mdf', SIZE=1GB, FILEGROWTH=10%);\nALTER DATABASE a MODIFY FILE (NAME=a1, SIZE=60GB);", []string{
			"data file a1 grows by 10% (6 GB at its size of 60 GB, more as it grows): without",
		}},
		// set by ADD FILE, then by MODIFY FILE of the growth alone
		{"ALTER DATABASE b ADD FILE (NAME=b2, FILENAME='b2.ndf', SIZE=1GB);\nALTER DATABASE b MODIFY FILE (NAME=b2, FILEGROWTH=10%);\nALTER DATABASE b MODIFY FILE (NAME=b2, SIZE=60GB);", []string{
			"data file b2 grows by 10% (6 GB at its size of 60 GB",
		}},
		// still under the budget at the new size (10% of 4 GB: 3.9 s)
		{"CREATE DATABASE c ON (NAME=c1, FILENAME='c1.mdf', SIZE=1GB, FILEGROWTH=10%);\nALTER DATABASE c MODIFY FILE (NAME=c1, SIZE=4GB);", nil},
		// a fixed growth does not change with the size
		{"CREATE DATABASE d ON (NAME=d1, FILENAME='d1.mdf', SIZE=1GB, FILEGROWTH=100MB);\nALTER DATABASE d MODIFY FILE (NAME=d1, SIZE=60GB);", nil},
		// the percentage was replaced by a fixed growth before the resize
		{"CREATE DATABASE e ON (NAME=e1, FILENAME='e1.mdf', SIZE=1GB, FILEGROWTH=10%);\nALTER DATABASE e MODIFY FILE (NAME=e1, FILEGROWTH=100MB);\nALTER DATABASE e MODIFY FILE (NAME=e1, SIZE=60GB);", nil},
		// a MAXSIZE reached by the resize: the file grows no more
		{"CREATE DATABASE f ON (NAME=f1, FILENAME='f1.mdf', SIZE=1GB, MAXSIZE=60GB, FILEGROWTH=10%);\nALTER DATABASE f MODIFY FILE (NAME=f1, SIZE=60GB);", nil},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL209" {
				got = append(got, f.Message)
			}
		}
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
