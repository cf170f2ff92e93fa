package rules

import (
	"strings"
	"testing"
)

// Text built with a variable that holds blanks alone (a line break, a
// tab, a space, or nothing) gets the variable's value: it was written
// as its bracketed name, [@CrLf], and a CREATE DATABASE or ALTER
// DATABASE built so did not parse, its sizes lost without a word.
func TestBuiltTextBlankVariables(t *testing.T) {
	const create = "N'CREATE DATABASE s ON PRIMARY (NAME = s, FILENAME = ''D:\\s.mdf'', SIZE = 20GB)' + %s + N'LOG ON (NAME = s_log, FILENAME = ''L:\\s.ldf'', SIZE = 1MB, FILEGROWTH = 10%)'"
	built := func(decl, sep string) string {
		return decl + "DECLARE @sql nvarchar(max) = " + strings.Replace(create, "%s", sep, 1) + ";\nEXEC (@sql);\n"
	}
	want := []string{"SL201 EXEC runs the text of @sql: allocates 20 GB of data file", "SL203 EXEC runs the text of @sql: log file s_log grows by 10%"}
	cases := []struct {
		src  string
		want []string
	}{
		{built("DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\n", "@CrLf"), want},
		{built("DECLARE @CrLf AS char(2);\nSET @CrLf = CHAR(13) + CHAR(10);\n", "@CrLf"), want},
		{built("DECLARE @lf char(1) = CHAR(10), @tab varchar(1) = CHAR(9);\n", "@lf + @tab"), want},
		{built("DECLARE @sp nvarchar(10);\nSELECT @sp = N' ';\nSET @sp += (CHAR(32));\n", "@sp"), want},
		{built("DECLARE @nl nvarchar(4) = NCHAR(10);\nDECLARE @nl2 nvarchar(4) = @nl + @nl;\n", "@nl2"), want},
		// no longer blanks: as before, the text does not parse
		{built("DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\nSET @CrLf = N'x';\n", "@CrLf"), nil},
		{built("DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\nSELECT @CrLf = name FROM sys.databases;\n", "@CrLf"), nil},
		{built("DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\nSET @CrLf += N'x';\n", "@CrLf"), nil},
		// declared but not given a value: NULL; an int is no text
		{built("DECLARE @CrLf nchar(2);\n", "@CrLf"), nil},
		{built("DECLARE @n int = ' ';\n", "@n"), nil},
		// a variable of another batch is not this one's
		{built("DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\nGO\n", "@CrLf"), nil},
		// built from an empty text with +=
		{"DECLARE @sql nvarchar(max) = N'';\nSET @sql += N'ALTER DATABASE x ADD LOG FILE (NAME = l2, FILENAME = ''L:\\l2.ldf'', SIZE = 10GB, FILEGROWTH = 2GB)';\nEXEC (@sql);\n",
			[]string{"SL202 EXEC runs the text of @sql: allocates 10 GB of log file", "SL203 EXEC runs the text of @sql: log file l2 grows by 2 GB"}},
		// a backup to NUL built with a line break
		{"DECLARE @nl char(1) = CHAR(10);\nDECLARE @sql nvarchar(max) = N'BACKUP DATABASE Sales TO DISK = ''NUL'' WITH' + @nl + N'COMPRESSION';\nEXEC (@sql);\n",
			[]string{"SL304 EXEC runs the text of @sql: BACKUP DATABASE Sales TO DISK = 'NUL', which writes nothing"}},
	}
	for _, c := range cases {
		fs := auditRun(t, c.src, nil)
		var got []string
		for _, f := range fs {
			got = append(got, f.Rule.ID+" "+f.Message)
		}
		if len(fs) != len(c.want) {
			t.Errorf("%s\n got %d findings %q, want %q", c.src, len(fs), got, c.want)
			continue
		}
		for i, f := range fs {
			id, part, _ := strings.Cut(c.want[i], " ")
			if f.Rule.ID != id || !strings.Contains(f.Message, part) {
				t.Errorf("%s\n finding %d: %s %q, want %q", c.src, i, f.Rule.ID, f.Message, c.want[i])
			}
		}
	}
}
