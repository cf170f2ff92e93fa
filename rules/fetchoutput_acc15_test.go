package rules

import (
	"strings"
	"testing"
)

// A variable that FETCH ... INTO, an OUTPUT argument or EXEC @v = p
// sets holds a value no script shows (a table's row, a procedure's
// answer): it is no longer followed as holding a name of the null
// device, text that backs up to NUL, runs CHECKPOINT n or sizes tempdb,
// or blanks. SELECT @v = col FROM ... forgot it already; these three
// kept the value the DECLARE gave, so a cursor over backup paths that
// starts from N'NUL' was SL304 (an error) at the BACKUP.
func TestFetchAndOutputForgetVariables(t *testing.T) {
	cases := []struct {
		src  string
		rule string // the finding the last statement gets; "" for none
	}{
		{"DECLARE @path nvarchar(260) = N'NUL';\nFETCH NEXT FROM c INTO @path;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @n int;\nDECLARE @path nvarchar(260) = N'NUL';\nFETCH c INTO @n, @path;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @path nvarchar(260) = N'NUL';\nEXEC dbo.GetBackupPath @path = @path OUTPUT;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @path nvarchar(260) = N'NUL';\nEXECUTE dbo.GetBackupPath @path OUT;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @path nvarchar(260) = N'NUL';\nEXEC @path = dbo.GetPath;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @path nvarchar(260) = N'NUL';\nEXEC sp_executesql N'SELECT @p = N''D:\\x.bak''', N'@p nvarchar(260) OUTPUT', @p = @path OUTPUT;\nBACKUP DATABASE x TO DISK = @path;\n", ""},
		{"DECLARE @s nvarchar(max) = N'BACKUP LOG x TO DISK = ''NUL''';\nFETCH NEXT FROM c INTO @s;\nEXEC (@s);\n", ""},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 30';\nEXEC dbo.p @s OUTPUT;\nEXEC (@s);\n", ""},
		{"DECLARE @s nvarchar(max) = N'ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 50GB)';\nFETCH NEXT FROM c INTO @s;\nEXEC (@s);\n", ""},
		{"DECLARE @sep nvarchar(10) = N' ', @sql nvarchar(max);\nFETCH NEXT FROM c INTO @sep;\nSET @sql = N'BACKUP LOG' + @sep + N'x TO DISK = ''NUL''';\nEXEC (@sql);\n", ""},
		// an argument that is no OUTPUT one, a FETCH into other
		// variables: still followed
		{"DECLARE @path nvarchar(260) = N'NUL';\nEXEC dbo.LogPath @path;\nBACKUP DATABASE x TO DISK = @path;\n", "SL304"},
		{"DECLARE @n int;\nDECLARE @path nvarchar(260) = N'NUL';\nFETCH NEXT FROM c INTO @n;\nBACKUP DATABASE x TO DISK = @path;\n", "SL304"},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 30';\nEXEC dbo.p @s;\nEXEC (@s);\n", "SL302"},
		{"DECLARE @sep nvarchar(10) = N' ', @sql nvarchar(max);\nSET @sql = N'BACKUP LOG' + @sep + N'x TO DISK = ''NUL''';\nEXEC (@sql);\n", "SL304"},
	}
	for _, c := range cases {
		last := strings.Count(c.src, "\n")
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Span.Start.Position().Line == last {
				got = append(got, f.Rule.ID)
			}
		}
		if c.rule == "" && len(got) != 0 || c.rule != "" && (len(got) != 1 || got[0] != c.rule) {
			t.Errorf("%s\n findings at line %d: %v, want %q", c.src, last, got, c.rule)
		}
	}
}
