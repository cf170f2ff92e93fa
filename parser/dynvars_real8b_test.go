package parser

import (
	"strings"
	"testing"
)

// mayNameNul is the cheap test varBackup passes a text through before it
// parses it: it must hold for every spelling of the null device that
// IsNulDevice accepts, and fail for NULL, ISNULL and texts of files.
func TestMayNameNul(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"BACKUP LOG A TO DISK = 'NUL'", true},
		{"BACKUP LOG A TO DISK = 'nul:'", true},
		{`BACKUP LOG A TO DISK = '\\.\NUL'`, true},
		{`BACKUP LOG A TO DISK = '\\?\nul'`, true},
		{`BACKUP LOG A TO DISK = 'D:\Backup\Nul'`, true},
		{"BACKUP LOG A TO DISK = ' NUL '", true},
		{`BACKUP LOG A TO DISK = "NUL"`, true},
		{"DECLARE @d varchar(9) = 'NUL'; BACKUP LOG A TO DISK = @d", true},
		{"ends with NUL", true},
		{"the NUL device", true},
		{"", false},
		{"nu", false},
		{"BACKUP LOG A TO DISK = 'D:\\a.trn' WHERE x IS NULL", false},
		{"SELECT ISNULL(a, b), NULLIF(c, d) FROM msdb.dbo.backupset WHERE nullable = 1", false},
		{"BACKUP DATABASE A TO DISK = 'D:\\A_null.bak'", false},
		{"SELECT nul_count, NUL0, nul_ FROM t", false},
	} {
		if got := mayNameNul(tc.text); got != tc.want {
			t.Errorf("mayNameNul(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// Every spelling of the null device still gives the EXEC of the variable
// that holds it its NulBackup; a text with no NUL gives none.
func TestVarBackupNulSpellings(t *testing.T) {
	for _, tc := range []struct{ dev, db string }{
		{"NUL", "A"},
		{"nul:", "A"},
		{`\\.\NUL`, "A"},
		{`\\?\nul`, "A"},
		{`D:\Backup\NUL`, "A"},
		{" NUL ", "A"},
		{`D:\Backup\A.trn`, ""},
		{`D:\Backup\NULL.trn`, ""},
	} {
		src := "DECLARE @sql nvarchar(max) = N'BACKUP LOG A TO DISK = ''" + tc.dev + "'' WITH INIT';\nEXEC (@sql);\n"
		nb := nulBackupOf(t, src)
		switch {
		case tc.db == "" && nb != nil:
			t.Errorf("%q: %+v, want none", src, nb)
		case tc.db != "" && (nb == nil || nb.Databases != tc.db || nb.Type != "LOG"):
			t.Errorf("%q: %+v, want a LOG backup of %s", src, nb, tc.db)
		}
	}
}

// A text that backs up to files, not to NUL, is not parsed again at each
// EXEC that runs it: a batch that built N'BACKUP LOG [db1] ...; BACKUP
// LOG [db2] ...' with @sql = @sql + ... and ran it after each step parsed
// the whole text each time (3,000 steps of a 230 KB script: 2 s of CPU;
// 2,000 EXECs of one 60 KB text: 5 s). Counted in allocations, not time:
// parsing the 300 BACKUP statements again cost 34 allocations an EXEC,
// an EXEC that does not parse them costs none.
func TestVarBackupNoNulNotReparsed(t *testing.T) {
	text := strings.Repeat("BACKUP LOG [Sales] TO DISK = ''D:\\Backup\\Sales.trn'' WITH INIT; ", 300)
	batch := func(execs int) string {
		return "DECLARE @sql nvarchar(max) = N'" + text + "';\n" + strings.Repeat("EXEC (@sql);\n", execs)
	}
	allocs := func(src string) float64 {
		return testing.AllocsPerRun(3, func() { ParseFile(NewFile("t.sql", src), nil) })
	}
	one, many := allocs(batch(1)), allocs(batch(41))
	if per := (many - one) / 40; per > 5 {
		t.Errorf("each EXEC of a text without NUL costs %.0f allocations (1 EXEC: %.0f, 41: %.0f), want at most 5: it is parsed again", per, one, many)
	}
	if nb := nulBackupOf(t, batch(2)); nb != nil {
		t.Errorf("a text backing up to files: %+v, want no NulBackup", nb)
	}
}
