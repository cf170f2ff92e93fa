package parser

import (
	"strings"
	"testing"
)

// nulBackupOf is the NulBackup of the statements of src, nil when none.
func nulBackupOf(t *testing.T, src string) *NulBackup {
	t.Helper()
	var got *NulBackup
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		if nb, ok := st.Node.(*NulBackup); ok {
			if got != nil {
				t.Errorf("%q: two NulBackups", src)
			}
			got = nb
		}
	}
	return got
}

// nulCase is an expected NulBackup: db "" for none.
type nulCase struct {
	src      string
	db, typ  string // "" for no NulBackup
	copyOnly bool
}

// checkNulCases checks the NulBackup of each case's source, and that it
// comes from proc when proc is not "".
func checkNulCases(t *testing.T, proc string, cases []nulCase) {
	t.Helper()
	for _, tc := range cases {
		nb := nulBackupOf(t, tc.src)
		switch {
		case tc.db == "" && nb != nil:
			t.Errorf("%q: %+v, want none", tc.src, nb)
		case tc.db == "":
		case nb == nil:
			t.Errorf("%q: no NulBackup", tc.src)
		case proc != "" && nb.Proc != proc || nb.Databases != tc.db || nb.Type != tc.typ || nb.CopyOnly != tc.copyOnly:
			t.Errorf("%q: %+v, want %s %s copy-only %v", tc.src, nb, tc.db, tc.typ, tc.copyOnly)
		}
	}
}

// Text built in a variable through a CASE is any of its results: it backs
// up to NUL only when every result does (a result of NULL runs nothing),
// as SL304 says the backup goes to the null device.
func TestVarBackupCase(t *testing.T) {
	checkNulCases(t, "", []nulCase{
		// every result backs up to NUL
		{"SET @sql = CASE WHEN @full = 1 THEN N'BACKUP LOG A TO DISK = ''NUL:''' ELSE N'BACKUP LOG A TO DISK = ''NUL''' END\nEXEC (@sql)", "A", "LOG", false},
		{"SET @sql = CASE @t WHEN 'L' THEN N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''NUL''' WHEN 'F' THEN N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''nul''' END\nEXEC sp_executesql @sql", "QUOTENAME(@db)", "LOG", false},
		{"SET @sql = N'BACKUP LOG A TO DISK = ' + CASE WHEN @test = 1 THEN N'''NUL''' ELSE N'''\\\\.\\NUL''' END\nEXEC (@sql)", "A", "LOG", false},
		{"SET @sql = N'BACKUP DATABASE A TO DISK = ''NUL''' + CASE WHEN @c = 1 THEN N' WITH COPY_ONLY' ELSE N'' END\nEXEC (@sql)", "A", "FULL", true},
		{"SET @sql = (CASE WHEN @x = 1 THEN NULL ELSE 'BACKUP LOG A TO DISK = ''nul''' END)\nEXEC (@sql)", "A", "LOG", false},
		{"SET @sql = CASE WHEN @a = 1 THEN CASE WHEN @b = 1 THEN 'BACKUP LOG B TO DISK = ''nul''' ELSE 'BACKUP LOG B TO DISK = ''NUL''' END ELSE 'BACKUP LOG B TO DISK = ''NUL''' END\nEXEC (@sql)", "B", "LOG", false},
		// some result does not back up to NUL (a test mode's switch)
		{"SET @sql = CASE WHEN @full = 1 THEN N'BACKUP DATABASE A TO DISK = ''D:\\A.bak''' ELSE N'BACKUP LOG A TO DISK = ''NUL''' END\nEXEC (@sql)", "", "", false},
		{"SET @sql = CASE @t WHEN 'L' THEN N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''NUL''' WHEN 'F' THEN N'BACKUP DATABASE ' + QUOTENAME(@db) + N' TO DISK = ''X.bak''' END\nEXEC sp_executesql @sql", "", "", false},
		{"SET @sql = N'BACKUP LOG A TO DISK = ' + CASE WHEN @test = 1 THEN N'''NUL''' ELSE N'''D:\\A.trn''' END\nEXEC (@sql)", "", "", false},
		{"SET @sql = CASE WHEN @a = 1 THEN CASE WHEN @b = 1 THEN 'SELECT 1' ELSE 'BACKUP LOG B TO DISK = ''NUL''' END ELSE 'SELECT 2' END\nEXEC (@sql)", "", "", false},
		// no result backs up to NUL
		{"SET @sql = CASE WHEN @x = 1 THEN 'BACKUP LOG A TO DISK = ''D:\\a.trn''' ELSE 'BACKUP LOG A TO DISK = ''E:\\a.trn''' END\nEXEC (@sql)", "", "", false},
		{"SET @sql = CASE WHEN @x = 1 THEN 'BACKUP LOG A TO DISK = ''NUL''' ELSE NULL END\nPRINT @sql", "", "", false},
	})
}

// CHAR(13), CHAR(10), NCHAR(13), CHAR(9) (and CHAR(32)) between the
// pieces of the text are the characters they stand for: the words they
// separate stay apart.
func TestVarBackupCharBreaks(t *testing.T) {
	for _, tc := range []struct{ src, db string }{
		{"SET @s = 'BACKUP LOG A' + CHAR(13) + CHAR(10) + 'TO DISK = ''NUL'''\nEXEC (@s)", "A"},
		{"SET @s = N'BACKUP LOG' + NCHAR(13) + N'[A]' + char(9) + N'TO DISK = ''NUL'''\nEXEC sp_executesql @s", "A"},
		{"SET @s = 'BACKUP LOG B'\nSET @s += CHAR(10) + 'TO DISK = ''NUL'''\nEXEC (@s)", "B"},
		{"EXEC ('BACKUP LOG C' + CHAR(32) + 'TO DISK = ''NUL''')", "C"},
		// another character is not known: the text is not read as a backup to NUL
		{"SET @s = 'BACKUP LOG A' + CHAR(65) + 'TO DISK = ''NUL'''\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A' + CHAR(@n) + 'TO DISK = ''NUL'''\nEXEC (@s)", ""},
	} {
		got := ""
		if nb := nulBackupOf(t, tc.src); nb != nil {
			got = nb.Databases
		}
		if got != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, got, tc.db)
		}
	}
}

// sp_MSforeachdb @command1 = @v runs the text of @v for each database.
func TestVarBackupForeachdb(t *testing.T) {
	for _, tc := range []struct{ src, db string }{
		{"DECLARE @cmd nvarchar(2000) = N'IF ''?'' <> ''tempdb'' BACKUP LOG [?] TO DISK = ''NUL'''\nEXEC sp_MSforeachdb @command1 = @cmd", "?"},
		{"DECLARE @cmd varchar(2000)\nSET @cmd = 'BACKUP LOG [?] TO DISK = ''NUL'''\nEXEC master.sys.sp_MSforeachdb @cmd", "?"},
		{"SET @cmd = 'BACKUP LOG [?] TO DISK = ''D:\\?.trn'''\nEXEC sp_MSforeachdb @command1 = @cmd", ""},
		{"SET @cmd = 'BACKUP LOG [?] TO DISK = ''NUL'''\nEXEC sp_MSforeachdb @command1 = @other", ""},
		{"SET @cmd = 'BACKUP LOG [?] TO DISK = ''NUL'''\nGO\nEXEC sp_MSforeachdb @command1 = @cmd", ""},
	} {
		got := ""
		nb := nulBackupOf(t, tc.src)
		if nb != nil {
			got = nb.Databases
			if !strings.HasPrefix(nb.Var, "@cmd, sp_MSforeachdb") {
				t.Errorf("%q: variable %q", tc.src, nb.Var)
			}
		}
		if got != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, got, tc.db)
		}
	}
}

// Any mix of the pieces these read parses without a panic.
func TestVarBackupPiecesNeverPanic(t *testing.T) {
	pieces := []string{"SET @s = ", "SET @s += ", "CASE ", "WHEN ", "THEN ", "ELSE ", "END ", "(", ")", " + ", "@x ",
		"'BACKUP LOG A TO DISK = ''NUL''' ", "N'BACKUP ' ", "'NUL' ", "CHAR(13) ", "NCHAR(", "10", "NULL ", "@s ",
		"IIF(", ", ", "\nEXEC (@s)\n", "\nEXEC sp_MSforeachdb @command1 = @s\n", "\nEXEC sp_executesql @s\n", ";", "\nGO\n", "= 1 "}
	seed := uint32(7)
	for range 20000 {
		var b strings.Builder
		b.WriteString("SET @s = 'BACKUP LOG A TO DISK = ''NUL''' + ")
		for n := 0; n < 12; n++ {
			seed = seed*1664525 + 1013904223
			b.WriteString(pieces[(seed>>16)%uint32(len(pieces))])
		}
		b.WriteString("\nEXEC (@s)")
		ParseFile(NewFile("t.sql", b.String()), nil)
	}
}

// A backup to DISK = @v, where the batch last assigned @v a literal
// naming the null device, is a backup to that name.
func TestBackupToNulVariable(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // the device's value when known, "" when not
	}{
		{"DECLARE @path nvarchar(260) = N'NUL';\nBACKUP LOG A TO DISK = @path;", "NUL"},
		{"DECLARE @p nvarchar(260);\nSET @p = 'C:\\NUL';\nBACKUP DATABASE A TO DISK = @P WITH COPY_ONLY;", `C:\NUL`},
		{"SELECT @p = 'nul:'\nIF @test = 1 BACKUP LOG A TO DISK = @p", "nul:"},
		{"SET @p = 'NUL';\nSET @p = 'D:\\x.bak';\nBACKUP LOG A TO DISK = @p;", ""},
		{"SET @p = 'NUL';\nSELECT @p = path FROM dbo.cfg;\nBACKUP LOG A TO DISK = @p;", ""},
		// appending is followed exactly: NUL.bak, SL304's warning
		{"SET @p = 'NUL';\nSET @p += '.bak';\nBACKUP LOG A TO DISK = @p;", "NUL.bak"},
		{"SET @p = 'NUL' + @suffix;\nBACKUP LOG A TO DISK = @p;", ""},
		{"DECLARE @p nvarchar(10) = 'NUL', @q int = 1;\nBACKUP LOG A TO DISK = @p;", "NUL"},
		{"DECLARE @q int = 1, @p nvarchar(10) = N'nul:';\nBACKUP LOG A TO DISK = @p;", "nul:"},
		{"SET @p = 'NUL';\nDECLARE @q int = 1, @p nvarchar(10);\nBACKUP LOG A TO DISK = @p;", ""},
		{"SET @p = 'NUL';\nDECLARE @p nvarchar(10);\nBACKUP LOG A TO DISK = @p;", ""},
		{"SET @p = 'NUL';\nGO\nBACKUP LOG A TO DISK = @p;", ""},
		{"SET @p = 'NUL';\nBACKUP LOG A TO URL = @p;", ""},
		{"SET @p = 'NULL';\nBACKUP LOG A TO DISK = @p;", ""},
	} {
		got := ""
		for _, st := range ParseFile(NewFile("t.sql", tc.src), nil).Statements {
			if b, ok := st.Node.(*Backup); ok && len(b.Targets) == 1 && b.Targets[0].Known {
				got = b.Targets[0].Value
			}
		}
		if got != tc.want {
			t.Errorf("%q: device %q, want %q", tc.src, got, tc.want)
		}
	}
}

// IIF(condition, a, b) is read as CASE is.
func TestVarBackupIIF(t *testing.T) {
	for _, tc := range []struct{ src, db string }{
		{"SET @s = 'BACKUP LOG A TO DISK = ' + IIF(@test = 1, N'''NUL''', N'''nul.''')\nEXEC (@s)", "A"},
		{"SET @s = IIF(@full = 1, 'BACKUP LOG B TO DISK = ''NUL''', 'BACKUP LOG B TO DISK = ''nul''')\nEXEC (@s)", "B"},
		// one result does not back up to NUL
		{"SET @s = 'BACKUP LOG A TO DISK = ' + IIF(@test = 1, N'''NUL''', N'''D:\\a.trn''')\nEXEC (@s)", ""},
		{"SET @s = IIF(@full = 1, 'BACKUP DATABASE B TO DISK = ''b.bak''', 'BACKUP LOG B TO DISK = ''nul''')\nEXEC (@s)", ""},
		{"SET @s = IIF(@x = 1, NULL, 'BACKUP LOG C TO DISK = ''NUL''')\nEXEC (@s)", "C"},
		{"SET @s = 'BACKUP LOG A TO DISK = ' + IIF(@test = 1, N'''E:\\a.trn''', N'''D:\\a.trn''')\nEXEC (@s)", ""},
		{"SET @s = 'BACKUP LOG A TO DISK = ' + IIF(@a, N'''NUL''')\nEXEC (@s)", ""},
	} {
		got := ""
		if nb := nulBackupOf(t, tc.src); nb != nil {
			got = nb.Databases
		}
		if got != tc.db {
			t.Errorf("%q: database %q, want %q", tc.src, got, tc.db)
		}
	}
}
