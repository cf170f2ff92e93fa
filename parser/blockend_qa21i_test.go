package parser

import "testing"

// The END of a BEGIN ... END block is split into the statement before it
// (IF @n = 1 BEGIN SELECT @s = N'...' END): the text a variable is given,
// or a statement run, there is read without it. A tempdb set-up script
// builds its per-core text in IF ... BEGIN ... END ELSE BEGIN ... END and
// runs it after the blocks.
func TestBlockEndNotPartOfStatement(t *testing.T) {
	for _, src := range []string{
		"DECLARE @s nvarchar(400), @n int = 4;\nIF @n = 1\n  BEGIN\n    SELECT @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t' + CONVERT(nvarchar(25), @n) + N', SIZE = 1GB)'\n  END\nELSE\n  BEGIN\n    SELECT @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t' + CONVERT(nvarchar(25), @n) + N', SIZE = 1GB)'\n  END\nEXEC sp_executesql @s\n",
		"DECLARE @s nvarchar(400);\nBEGIN TRY\n  SET @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t2, SIZE = 1GB)';\nEND TRY\nBEGIN CATCH\n  PRINT 1\nEND CATCH\nEXEC (@s)\n",
		"DECLARE @s nvarchar(400) = N'ALTER DATABASE tempdb ADD FILE (NAME = t2, SIZE = 1GB)';\nIF 1 = 1\nBEGIN\n  IF 2 = 2\n  BEGIN\n    EXEC sp_executesql @s\n  END;\nEND\n",
	} {
		if tbs := tempdbBuiltOf(t, src); len(tbs) != 1 {
			t.Errorf("%q: %d TempdbBuilt, want the text run", src, len(tbs))
		}
	}
	// an END that closes a CASE of the statement is its own
	const inCase = "DECLARE @s nvarchar(400), @n int = 1;\nIF @n = 1\nBEGIN\n  SET @s = CASE WHEN @n = 1 THEN N'BACKUP DATABASE x TO DISK = ''NUL''' END\nEND\nEXEC (@s)\n"
	found := false
	for _, st := range ParseFile(NewFile("t.sql", inCase), nil).Statements {
		if _, ok := st.Node.(*NulBackup); ok {
			found = true
		}
	}
	if !found {
		t.Errorf("%q: no NulBackup, want the backup to NUL the EXEC runs", inCase)
	}
	const lit = "IF 1 = 1\nBEGIN\n  EXEC sp_executesql N'CHECKPOINT 10'\nEND\n"
	if stmts, _ := dynStatements(t, NewFile("t.sql", lit), nil); len(stmts) != 1 || stmts[0].Kind != KindCheckpoint {
		t.Errorf("%q: %d dynamic statements, want its CHECKPOINT", lit, len(stmts))
	}
}
