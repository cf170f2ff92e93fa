package analysis

import (
	"fmt"
	"strings"
	"testing"
)

// fgs adds filegroups from..to-1 to Sales, one file each.
func fgs(from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE Sales ADD FILEGROUP FG%d;\nALTER DATABASE Sales ADD FILE (NAME = F%d, FILENAME = 'D:\\F%d.ndf', SIZE = 8MB) TO FILEGROUP FG%d;\n", i, i, i, i)
	}
	return b.String()
}

// TestStdinTakesThePlaceOfTheFileItNames: standard input checked with
// context (git show :d/V2.sql | sqllint scan --context d
// --stdin-filename d/V2.sql -, the staged blob of a file) runs where the
// file it names runs, in natural order, and replaces that file: the copy
// on disk is not read as context too. Standard input was sorted by the
// name "-" (before every other file of the folder, so before the V1 that
// creates the database) and the file on disk was counted as well.
func TestStdinTakesThePlaceOfTheFileItNames(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "d/V1.sql", "CREATE DATABASE Sales ON PRIMARY (NAME = Sales, FILENAME = 'D:\\s.mdf', SIZE = 1GB)\n"+
		"  LOG ON (NAME = Sales_log, FILENAME = 'L:\\s.ldf', SIZE = 1GB);\nGO\n")
	write(t, dir, "d/V2.sql", "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 40GB);\nGO\n")

	// The log's size before V2 is V1's 1 GB: the staged V2 grows it by 19 GB.
	rs, sum := runAll(t, Options{Paths: []string{"-"}, Context: []string{"d"}, StdinName: "d/V2.sql",
		Stdin: strings.NewReader("ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);\nGO\n")})
	fs := findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL202" || fs[0].Path != "d/V2.sql" || !strings.Contains(fs[0].Message, "allocates 19 GB of log file") {
		t.Errorf("findings %+v, want SL202 allocating 19 GB in d/V2.sql", fs)
	}
	if sum.Files != 1 {
		t.Errorf("files %d, want 1", sum.Files)
	}

	// The copy of d/V2.sql on disk is not counted besides standard input:
	// 500 + 200 + 150 filegroups cross the budget at V3 (with the disk's
	// 350 more as well, the count crossed it in V2 on disk, unreported).
	write(t, dir, "d/V1.sql", "CREATE DATABASE Sales;\nGO\n"+fgs(0, 500))
	write(t, dir, "d/V2.sql", fgs(500, 850))
	write(t, dir, "d/V3.sql", fgs(1000, 1150))
	rs, _ = runAll(t, Options{Paths: []string{"-", "d/V3.sql"}, Context: []string{"d"}, StdinName: "d/V2.sql",
		Stdin: strings.NewReader(fgs(850, 1000))})
	fs = findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL101" || fs[0].Path != "d/V3.sql" {
		t.Errorf("findings %+v, want SL101 in d/V3.sql", fs)
	}
}
