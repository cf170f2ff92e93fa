package rules

import (
	"strings"
	"testing"
)

// A file whose MAXSIZE, given with its FILEGROWTH, is no larger than its
// known size never grows: SL203 and SL209 say nothing of its growth. A
// MAXSIZE with room left, UNLIMITED, or a size the model does not know
// leaves them as they were.
func TestGrowthAtMaxSize(t *testing.T) {
	cases := []struct {
		src  string
		want string // rule IDs of SL203/SL209 findings, comma-separated
	}{
		{"CREATE DATABASE a ON (NAME=a1, FILENAME='a1.mdf', SIZE=6GB, MAXSIZE=6GB, FILEGROWTH=1GB) LOG ON (NAME=a2, FILENAME='a2.ldf', SIZE=1GB, MAXSIZE=1024MB, FILEGROWTH=10%);", ""},
		{"CREATE DATABASE b ON (NAME=b1, FILENAME='b1.mdf', SIZE=6GB, MAXSIZE=7GB, FILEGROWTH=1GB) LOG ON (NAME=b2, FILENAME='b2.ldf', SIZE=1GB, MAXSIZE=2GB, FILEGROWTH=10%);", "SL209,SL203"},
		{"CREATE DATABASE c ON (NAME=c1, FILENAME='c1.mdf', MAXSIZE=6GB, FILEGROWTH=1GB) LOG ON (NAME=c2, FILENAME='c2.ldf', SIZE=1GB, MAXSIZE=UNLIMITED, FILEGROWTH=1GB);", "SL209,SL203"},
		{"ALTER DATABASE d ADD LOG FILE (NAME=d3, FILENAME='d3.ldf', SIZE=2GB, MAXSIZE=2048MB, FILEGROWTH=1GB);", ""},
		{"ALTER DATABASE d ADD LOG FILE (NAME=d3, FILENAME='d3.ldf', SIZE=2GB, MAXSIZE=3GB, FILEGROWTH=1GB);", "SL203"},
		{"ALTER DATABASE d ADD FILE (NAME=d4, FILENAME='d4.ndf', SIZE=10GB, MAXSIZE=5GB, FILEGROWTH=10%);", ""},
		// MODIFY FILE: the size the model knows from CREATE DATABASE
		{"CREATE DATABASE e ON (NAME=e1, FILENAME='e1.mdf', SIZE=6GB);\nALTER DATABASE e MODIFY FILE (NAME=e1, MAXSIZE=6GB, FILEGROWTH=2GB);", ""},
		{"CREATE DATABASE e ON (NAME=e1, FILENAME='e1.mdf', SIZE=6GB);\nALTER DATABASE e MODIFY FILE (NAME=e1, MAXSIZE=8GB, FILEGROWTH=2GB);", "SL209"},
		// an unknown size: the growth may happen
		{"ALTER DATABASE z MODIFY FILE (NAME=z_log, MAXSIZE=1GB, FILEGROWTH=1GB);", "SL203"},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL203" || f.Rule.ID == "SL209" {
				got = append(got, f.Rule.ID)
			}
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s\n got %v, want %q", c.src, got, c.want)
		}
	}
}
