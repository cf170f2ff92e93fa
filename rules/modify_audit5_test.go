package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// ALTER DATABASE ... MODIFY FILE of a logical name a database created by
// the scripts does not have (a typo) fails on the server (error 5041):
// it added a file to the database's count (SL101), which then grew by one
// at each such statement. The allocation is still reported, as an upper
// bound.
func TestModifyUnknownFileOfKnownDatabase(t *testing.T) {
	src := "CREATE DATABASE D2 ON (NAME = d2, FILENAME = 'D:\\d2.mdf', SIZE = 1GB) LOG ON (NAME = d2_log, FILENAME = 'E:\\d2.ldf', SIZE = 1GB);\nGO\n" +
		"ALTER DATABASE D2 MODIFY FILE (NAME = d2_data, SIZE = 20GB);\nGO\n" +
		"ALTER DATABASE D2 MODIFY FILE (NAME = d2_data2, SIZE = 20GB);\nGO\n" +
		"CREATE DATABASE E3;\nGO\nALTER DATABASE E3 MODIFY FILE (NAME = E3_dat, SIZE = 20GB);\nGO\n" +
		// a database the scripts did not create: the file is the server's
		"ALTER DATABASE Other MODIFY FILE (NAME = o1, SIZE = 20GB);\nGO\n"
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	m := BuildModel([]*parser.Result{res}, "", nil)
	want := []int32{2, 2, 2, 2, 2, 1}
	if len(m.Effects) != len(want) {
		t.Fatalf("%d effects, want %d", len(m.Effects), len(want))
	}
	for i, w := range want {
		if got := m.Effects[i].Files; got != w {
			t.Errorf("statement %d: %d files, want %d (%s)", i+1, got, w, m.Effects[i].Stmt.Text())
		}
	}
	msgs := auditMessages(auditRun(t, src, nil), "SL201")
	n := 0
	for _, msg := range msgs {
		if strings.Contains(msg, "allocates up to 20 GB") {
			n++
		}
	}
	if n != 4 {
		t.Errorf("SL201: %q, want 4 allocations of up to 20 GB", msgs)
	}
}

// ALTER DATABASE ... REMOVE FILEGROUP of a filegroup that still has files
// fails (error 5042, the filegroup is not empty): it lowered the count of
// filegroups all the same. Once its files are removed, it goes.
func TestRemoveFilegroupWithFiles(t *testing.T) {
	src := "CREATE DATABASE D ON PRIMARY (NAME = d, FILENAME = 'D:\\d.mdf'), FILEGROUP FG1 (NAME = f1, FILENAME = 'D:\\f1.ndf');\nGO\n" +
		"ALTER DATABASE D ADD FILEGROUP FG2;\nGO\n" +
		"ALTER DATABASE D ADD FILE (NAME = f2, FILENAME = 'D:\\f2.ndf') TO FILEGROUP [fg2];\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP FG2;\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP fg1;\nGO\n" +
		"ALTER DATABASE D REMOVE FILE f2;\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP FG2;\nGO\n"
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	m := BuildModel([]*parser.Result{res}, "", nil)
	want := []int32{2, 3, 3, 3, 3, 3, 2}
	if len(m.Effects) != len(want) {
		t.Fatalf("%d effects, want %d", len(m.Effects), len(want))
	}
	for i, w := range want {
		if got := m.Effects[i].Filegroups; got != w {
			t.Errorf("statement %d: %d filegroups, want %d (%s)", i+1, got, w, m.Effects[i].Stmt.Text())
		}
	}
}

// ALTER DATABASE ... MODIFY FILEGROUP name NAME = new renames the
// filegroup: the model kept the old name, so that a REMOVE FILEGROUP of
// the new name never lowered the count.
func TestRenameFilegroup(t *testing.T) {
	src := "CREATE DATABASE D ON PRIMARY (NAME = d, FILENAME = 'D:\\d.mdf'), FILEGROUP FG1 (NAME = f1, FILENAME = 'D:\\f1.ndf'), FILEGROUP FG2 (NAME = f2, FILENAME = 'D:\\f2.ndf');\nGO\n" +
		"ALTER DATABASE D MODIFY FILEGROUP FG1 NAME = [FG 9];\nGO\n" +
		"ALTER DATABASE D MODIFY FILEGROUP [FG2] NAME = 'FG8';\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP [FG 9];\nGO\n" + // not empty: refused
		"ALTER DATABASE D REMOVE FILE f1;\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP [fg 9];\nGO\n" +
		"ALTER DATABASE D REMOVE FILE f2;\nGO\n" +
		"ALTER DATABASE D REMOVE FILEGROUP fg8;\nGO\n"
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	m := BuildModel([]*parser.Result{res}, "", nil)
	want := []int32{3, 3, 3, 3, 3, 2, 2, 1}
	if len(m.Effects) != len(want) {
		t.Fatalf("%d effects, want %d", len(m.Effects), len(want))
	}
	for i, w := range want {
		if got := m.Effects[i].Filegroups; got != w {
			t.Errorf("statement %d: %d filegroups, want %d (%s)", i+1, got, w, m.Effects[i].Stmt.Text())
		}
	}
}
