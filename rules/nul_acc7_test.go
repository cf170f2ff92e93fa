package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Windows reserves the name NUL in every folder of a local path: a
// backup to C:\NUL or D:\Backup\nul writes to the null device as one to
// 'NUL' does (SQL Server opens 'NUL' itself in its backup folder). On a
// share, or with an extension, it is a file name (the open fails).
func TestIsNulInAFolder(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{`C:\NUL`, true}, {`D:\Backups\nul`, true}, {`d:/backups/Nul`, true}, {`backups\NUL `, true}, {`\\?\NUL`, true},
		{`\\server\share\NUL`, false}, {`//server/share/nul`, false}, {`\\.\C:\NUL`, false}, {`C:\NUL.bak`, false},
		{`C:\NULL`, false}, {`C:\NUL\x.bak`, false}, {`C:\`, false}, {`C:NUL`, false}, {`/`, false},
	} {
		if got := isNul(c.s); got != c.want {
			t.Errorf("isNul(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestSL304NulInAFolder(t *testing.T) {
	sql := `BACKUP LOG Sales TO DISK = 'C:\NUL';
BACKUP DATABASE Sales TO DISK = N'D:\Backups\nul' WITH COPY_ONLY;
BACKUP LOG Sales TO DISK = '\\backup01\sql\NUL';
DECLARE @s nvarchar(200) = N'BACKUP LOG Sales TO DISK = ''E:\nul''';
EXEC (@s);
`
	fs := run(t, sql, nil, "SL304")
	var got []string
	for _, f := range fs {
		got = append(got, itoa(f.Span.Start.Position().Line)+" "+f.Severity.String())
	}
	if want := "1 error|2 warning|5 error"; strings.Join(got, "|") != want {
		t.Errorf("SL304 at %q, want %q", strings.Join(got, "|"), want)
	}
}

// A DBA's backup script whose test mode sets the device to NUL.
func TestSL304NulInAVariable(t *testing.T) {
	sql := `DECLARE @file nvarchar(260) = N'L:\Logs\Sales.trn';
IF $(TestMode) = 1
    SET @file = N'NUL';
BACKUP LOG Sales TO DISK = @file WITH INIT;
GO
DECLARE @file nvarchar(260) = N'NUL';
SET @file = N'L:\Logs\Sales.trn';
BACKUP LOG Sales TO DISK = @file;
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), &parser.PreprocessOptions{Vars: map[string]string{"TestMode": "1"}})
	var got []string
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		got = append(got, f.Rule.ID+" "+itoa(f.Span.Start.Position().Line))
	}
	if want := "SL304 4"; strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", strings.Join(got, "|"), want)
	}
}
