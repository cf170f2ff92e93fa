package parser

import (
	"strings"
	"testing"
)

// MODIFY FILEGROUP takes one property: READ_ONLY, READ_WRITE (or
// READONLY, READWRITE), DEFAULT, NAME = new_name, AUTOGROW_SINGLE_FILE or
// AUTOGROW_ALL_FILES. Its words were read as any words at all, so SSMS's
// ALTER DATABASE [x] MODIFY FILEGROUP [PRIMARY] DEFAULT with its GO
// joined to the line, a misspelt property (READONLYY) or a word after
// one were taken in silence, though SQL Server rejects each of them and
// the statement never runs.
func TestAlterDatabaseModifyFilegroupProperty(t *testing.T) {
	bad := map[string]string{
		"ALTER DATABASE [Chapter6] MODIFY FILEGROUP [PRIMARY] DEFAULT GO":     `unexpected token "GO" (expected the end of the statement) (line 1, column 62)`,
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 READONLYY":                 `"READONLYY" is not a MODIFY FILEGROUP property (expected READ_ONLY, READ_WRITE, READONLY, READWRITE, DEFAULT, NAME, AUTOGROW_SINGLE_FILE or AUTOGROW_ALL_FILES; did you mean READONLY?) (line 1, column 43)`,
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 NAME = fg2 GO":             `unexpected token "GO" (expected the end of the statement) (line 1, column 54)`,
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1\n  AUTOGROW_ALL_FILES  GO": `unexpected token "GO" (expected the end of the statement) (line 2, column 23)`,
	}
	for src, want := range bad {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 1 || res.Diags[0].Rule != "SL001" || !strings.Contains(res.Diags[0].Message, want) {
			t.Errorf("%q: %v, want SL001 with %s", src, res.Diags, want)
		}
	}
	good := []string{
		"IF NOT EXISTS (SELECT name FROM sys.filegroups WHERE is_default=1 AND name = N'PRIMARY') ALTER DATABASE [Sales] MODIFY FILEGROUP [PRIMARY] DEFAULT",
		"ALTER DATABASE Sales MODIFY FILEGROUP [Archive 2019] READ_ONLY",
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 readwrite; SELECT 1",
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 NAME = [fg two]",
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 AUTOGROW_SINGLE_FILE PRINT 'done'",
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 <property, , DEFAULT>",
		"ALTER DATABASE Sales MODIFY FILEGROUP fg1 DEFAULT -- GO",
	}
	for _, src := range good {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 0 {
			t.Errorf("%q: %v", src, res.Diags)
		}
	}
}
