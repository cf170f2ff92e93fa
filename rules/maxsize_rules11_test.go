package rules

import "testing"

// A FILEGROWTH larger than the room a file's MAXSIZE leaves above its
// known size never zero-fills more than that room (SQL Server grows a
// file no further than its MAXSIZE): SL203 and SL209 estimate the room,
// and say so; a room under the budget is not reported.
func TestGrowthCutToMaxSize(t *testing.T) {
	cases := []struct {
		src  string
		want []string // the SL203/SL209 messages' beginnings, in order
	}{
		// 1 GB growth, 100 MB of room: 0.9 s, under the 5 s budget
		{"CREATE DATABASE a ON (NAME=a1, FILENAME='a1.mdf', SIZE=1GB, MAXSIZE=1100MB, FILEGROWTH=1GB) LOG ON (NAME=a2, FILENAME='a2.ldf', SIZE=1GB, MAXSIZE=1100MB, FILEGROWTH=1GB);", nil},
		{"ALTER DATABASE d ADD LOG FILE (NAME=d3, FILENAME='d3.ldf', SIZE=2GB, MAXSIZE=2100MB, FILEGROWTH=1GB);", nil},
		{"ALTER DATABASE d ADD FILE (NAME=d4, FILENAME='d4.ndf', SIZE=10GB, MAXSIZE=10300MB, FILEGROWTH=10%);", nil},
		{"CREATE DATABASE e ON (NAME=e1, FILENAME='e1.mdf', SIZE=6GB);\nALTER DATABASE e MODIFY FILE (NAME=e1, MAXSIZE=6200MB, FILEGROWTH=2GB);", nil},
		// room over the budget: estimated at the room (a growth up to the
		// MAXSIZE itself: SQL Server refuses a larger one, error 5169)
		{"CREATE DATABASE b ON (NAME=b1, FILENAME='b1.mdf', SIZE=1GB, MAXSIZE=8GB, FILEGROWTH=8GB) LOG ON (NAME=b2, FILENAME='b2.ldf', SIZE=1GB, MAXSIZE=8GB, FILEGROWTH=8GB);", []string{
			"data file b1 grows by 8 GB, no more than the 7 GB its MAXSIZE leaves: without Instant File Initialization each autogrowth is zero-filled while the writers wait, about 68 s",
			"log file b2 grows by 8 GB, no more than the 7 GB its MAXSIZE leaves: each autogrowth zero-fills it while transactions wait, about 68 s",
		}},
		// room enough for the whole growth: as before
		{"CREATE DATABASE c ON (NAME=c1, FILENAME='c1.mdf', SIZE=1GB, MAXSIZE=20GB, FILEGROWTH=1GB);", []string{"data file c1 grows by 1 GB: without"}},
		// no size known: the growth may be whole
		{"ALTER DATABASE z MODIFY FILE (NAME=z_log, MAXSIZE=1100MB, FILEGROWTH=1GB);", []string{"log file z_log grows by 1 GB: each"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL203" || f.Rule.ID == "SL209" {
				got = append(got, f.Message)
			}
		}
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
