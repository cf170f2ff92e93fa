package parser

import "testing"

// sp_executesql is an extended stored procedure: it takes its arguments
// by position ("Arguments for extended stored procedures must be entered
// in the specific order as described in the Syntax section", its page on
// learn.microsoft.com), so its first argument is the statement it runs
// whatever name it is given. A real tempdb set-up script runs its
// per-core text with EXEC sp_executesql @statement = @sql.
func TestExecuteSQLFirstArgumentAnyName(t *testing.T) {
	const built = `DECLARE @sql nvarchar(400), @n int = 2;
SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@n AS nvarchar(9)) + N', FILENAME = ''T:\t.ndf'', SIZE = 8GB)';
EXEC sp_executesql @statement = @sql;
`
	if tbs := tempdbBuiltOf(t, built); len(tbs) != 1 || tbs[0].Var != "@sql" {
		t.Errorf("built text run as @statement: %+v, want the TempdbBuilt of @sql", tbs)
	}
	const lit = "EXEC sp_executesql @statement = N'CHECKPOINT 10', @params = N''"
	stmts, _ := dynStatements(t, NewFile("t.sql", lit), nil)
	if len(stmts) != 1 || stmts[0].Kind != KindCheckpoint {
		t.Errorf("%q: %d dynamic statements, want its CHECKPOINT", lit, len(stmts))
	}
	// the statement named @stmt keeps being the statement
	const named = "EXEC sp_executesql @stmt = N'CHECKPOINT 10'"
	if stmts, _ := dynStatements(t, NewFile("t.sql", named), nil); len(stmts) != 1 || stmts[0].Kind != KindCheckpoint {
		t.Errorf("%q: %d dynamic statements, want its CHECKPOINT", named, len(stmts))
	}
}
