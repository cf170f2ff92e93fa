package rules

import (
	"strings"
	"testing"
)

// A server-build script renames tempdb's data file before sizing it
// (MODIFY FILE (NAME = tempdev, NEWNAME = 'tempdb'), then MODIFY FILE
// (NAME = N'tempdb', SIZE = ...)). The renamed file is the same file:
// tempdb then has 2 files, 1 GB of data and 1 GB of log, and SL208 fires
// at the log's statement. Counting the new name as a third file would
// keep the 8 MB default of "tempdev" as well.
func TestSL208TempdbRenamedFile(t *testing.T) {
	src := `USE [master]
GO
ALTER DATABASE [tempdb] MODIFY FILE (NAME = tempdev, NEWNAME='tempdb')
GO
ALTER DATABASE [tempdb] MODIFY FILE (NAME = N'tempdb', SIZE = 1048576KB , FILEGROWTH = 102400KB )
GO
ALTER DATABASE [tempdb] MODIFY FILE (NAME = N'templog', SIZE = 1048576KB , FILEGROWTH = 102400KB )
GO
`
	fs := auditRun(t, src, nil)
	var got []Finding
	for _, f := range fs {
		if f.Rule.ID == "SL208" {
			got = append(got, f)
		}
	}
	if len(got) != 1 {
		t.Fatalf("SL208 findings: %q, want 1", auditMessages(fs, "SL208"))
	}
	if line := got[0].Span.Start.Position().Line; line != 7 {
		t.Errorf("SL208 on line %d, want 7 (the log's MODIFY FILE)", line)
	}
	if !strings.Contains(got[0].Message, "its 2 files total 1 GB of data and 1 GB of log") {
		t.Errorf("SL208 message: %q, want 2 files, 1 GB of data and 1 GB of log", got[0].Message)
	}
}

// A tempdb contention demo empties and removes tempdb's extra data files
// (REMOVE FILE tempdev2 ...) before adding new ones. A removed file no
// longer counts in the per-restart total: 600 MB + 400 MB added, the
// 400 MB file removed, another 400 MB added stays under the 10 s budget
// (about 1 GB with the 8 MB log); without the REMOVE the total crosses it.
func TestSL208TempdbRemoveFile(t *testing.T) {
	for _, name := range []string{"t2", "[t2]", "T2"} {
		src := "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n" +
			"ALTER DATABASE tempdb ADD FILE (NAME = t2, FILENAME = 'T:\\t2.ndf', SIZE = 400MB);\n" +
			"ALTER DATABASE tempdb REMOVE FILE " + name + ";\n" +
			"ALTER DATABASE tempdb ADD FILE (NAME = t3, FILENAME = 'T:\\t3.ndf', SIZE = 400MB);\n"
		if got := auditMessages(auditRun(t, src, nil), "SL208"); len(got) != 0 {
			t.Errorf("REMOVE FILE %s: SL208 %q, want none", name, got)
		}
	}
	kept := "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n" +
		"ALTER DATABASE tempdb ADD FILE (NAME = t2, FILENAME = 'T:\\t2.ndf', SIZE = 400MB);\n" +
		"ALTER DATABASE tempdb ADD FILE (NAME = t3, FILENAME = 'T:\\t3.ndf', SIZE = 400MB);\n"
	if got := auditMessages(auditRun(t, kept, nil), "SL208"); len(got) != 1 {
		t.Errorf("no REMOVE FILE: SL208 %q, want 1", got)
	}
}
