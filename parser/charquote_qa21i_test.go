package parser

import "testing"

// CHAR(39) and NCHAR(39) are the quote (CHAR returns the character of an
// ASCII code, learn.microsoft.com's CHAR page): text built in pieces
// quotes a value with them, as a real tempdb set-up script does
// (', filename = ' + NCHAR(39) + @path + 'tempdb.mdf' + NCHAR(39)).
func TestBuiltTextCharQuote(t *testing.T) {
	const tdb = "DECLARE @s nvarchar(400), @n int = 4, @p nvarchar(99);\n" +
		"SELECT @s = 'ALTER DATABASE tempdb ADD FILE (NAME = t' + CONVERT(nvarchar(25), @n) + ', filename = ' + nCHAR(39) + @p + 't.ndf' + nCHAR(39) + ', SIZE = 1GB);'\n" +
		"EXEC sp_executesql @s\n"
	tbs := tempdbBuiltOf(t, tdb)
	if len(tbs) != 1 || len(tbs[0].Files) != 1 || tbs[0].Files[0].Size == nil || tbs[0].Files[0].Size.Bytes != 1<<30 {
		t.Errorf("tempdb text quoted with NCHAR(39): %+v, want one file of 1 GB", tbs)
	}
	const nul = "DECLARE @s nvarchar(400);\nSET @s = N'BACKUP DATABASE x TO DISK = ' + CHAR(39) + N'NUL' + CHAR(39)\nEXEC (@s)\n"
	found := false
	for _, st := range ParseFile(NewFile("t.sql", nul), nil).Statements {
		if _, ok := st.Node.(*NulBackup); ok {
			found = true
		}
	}
	if !found {
		t.Errorf("%q: no NulBackup, want the backup to NUL the EXEC runs", nul)
	}
}
