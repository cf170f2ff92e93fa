package parser

import (
	"testing"
)

// TestSelectFromBuiltText: SELECT @v = expr FROM ... (or +=), the usual
// way to build one statement a database (SELECT @sql += N'ALTER DATABASE '
// + QUOTENAME(name) + N' SET ...' FROM sys.databases), assigns each row
// the expression's text, as SET does once: its text is followed as SET's
// is, for a backup to NUL and for what BuiltRun holds. A list of select
// items may assign another variable, and a column alone is a value the
// script does not show: neither is followed.
func TestSelectFromBuiltText(t *testing.T) {
	checkBuiltRuns(t, []builtRunCase{
		{"DECLARE @sql nvarchar(max) = N'';\nSELECT @sql += N'ALTER DATABASE ' + QUOTENAME(name) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS;'\nFROM sys.databases AS d\nWHERE database_id > 4;\nEXEC sys.sp_executesql @sql;", "@sql||T"},
		{"DECLARE @sql nvarchar(max) = N'';\nSELECT @sql = @sql + N'USE ' + QUOTENAME(name) + N'; CHECKPOINT 10;' FROM sys.databases ORDER BY name;\nEXEC (@sql);", "@sql||C"},
		{"DECLARE @s nvarchar(max);\nSELECT @s = N'ALTER DATABASE ' + QUOTENAME(name) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS' FROM sys.databases WHERE name = N'Sales';\nEXEC (@s);", "@s||T"},
		// the same text at 60 SECONDS: nothing
		{"DECLARE @sql nvarchar(max) = N'';\nSELECT @sql += N'ALTER DATABASE ' + QUOTENAME(name) + N' SET TARGET_RECOVERY_TIME = 60 SECONDS;' FROM sys.databases;\nEXEC sys.sp_executesql @sql;", ""},
		// a list of select items, or a column alone: not followed
		{"DECLARE @s nvarchar(max), @n int;\nSELECT @s = N'CHECKPOINT 10', @n = COUNT(*) FROM sys.databases;\nEXEC (@s);", ""},
		{"SET @s = N'CHECKPOINT 10'\nSELECT @s = name FROM sys.databases\nEXEC (@s)", ""},
	})
	for _, tc := range []struct {
		src string
		db  string // "" for no NulBackup
	}{
		{"DECLARE @sql nvarchar(max) = N'';\nSELECT @sql += N'BACKUP LOG ' + QUOTENAME(name) + N' TO DISK = ''NUL'';' FROM sys.databases WHERE recovery_model_desc = N'FULL';\nEXEC (@sql);", "QUOTENAME(name)"},
		{"SELECT @c = 'BACKUP LOG [' + name + '] TO DISK = ''nul''' FROM sys.databases\nEXEC (@c)", "name"},
		{"SET @s = 'BACKUP LOG A TO DISK = ''NUL'''\nSELECT @s = x FROM t\nEXEC (@s)", ""},
		{"SELECT @c = 'BACKUP LOG [' + name + '] TO DISK = ''nul''', @n = 1 FROM sys.databases\nEXEC (@c)", ""},
	} {
		got := ""
		for _, st := range ParseFile(NewFile("t.sql", tc.src), nil).Statements {
			if nb, ok := st.Node.(*NulBackup); ok {
				got = nb.Databases
			}
		}
		if got != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, got, tc.db)
		}
	}
}
