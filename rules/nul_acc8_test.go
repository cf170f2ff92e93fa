package rules

import (
	"strings"
	"testing"
)

// SL304 names the device as the script wrote it when it is not plain
// NUL (C:\x\NUL, \\?\NUL, nul:, a device built from pieces), saying it
// is the null device: a reader who sees 'NUL' in the message and
// 'C:\x\NUL' in the script may think the rule misread the path. Plain
// NUL, in any case, stays 'NUL'.
func TestSL304NamesTheDeviceAsWritten(t *testing.T) {
	sql := `BACKUP LOG Sales TO DISK = 'C:\x\NUL';
BACKUP LOG Sales TO DISK = N'\\?\NUL';
BACKUP DATABASE Sales TO DISK = 'nul:' WITH COPY_ONLY;
BACKUP DATABASE Sales TO DISK = 'nul';
BACKUP DATABASE Sales TO DISK = 'NUL', DISK = 'D:\Sales.bak';
BACKUP DATABASE Sales TO DISK = 'D:\Sales.bak', DISK = 'E:\Dump\nul';
DECLARE @s nvarchar(200) = N'BACKUP LOG Sales TO DISK = ''' + N'E:\' + N'NUL' + N'''';
EXEC (@s);
BACKUP LOG Sales TO DISK = 'C:\it''s\NUL';
`
	var got []string
	for _, f := range run(t, sql, nil, "SL304") {
		msg := f.Message
		if i := strings.Index(msg, "DISK = "); i >= 0 {
			msg = msg[i:]
		}
		if i := strings.Index(msg, " writes"); i >= 0 {
			msg = msg[:i]
		}
		if i := strings.Index(msg, ", which"); i >= 0 {
			msg = msg[:i]
		}
		got = append(got, itoa(f.Span.Start.Position().Line)+" "+msg)
	}
	want := []string{
		`1 DISK = 'C:\x\NUL' (the null device)`,
		`2 DISK = '\\?\NUL' (the null device)`,
		`3 DISK = 'nul:' (the null device)`,
		`4 DISK = 'NUL'`,
		`5 DISK = 'NUL'`,
		`6 DISK = 'E:\Dump\nul' (the null device)`,
		`8 DISK = 'E:\NUL' (the null device)`,
		`9 DISK = 'C:\it''s\NUL' (the null device)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("SL304:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// sqlcmd runs scripts with QUOTED_IDENTIFIER OFF unless started with -I,
// and a script may set it OFF itself: "NUL" is then a string, and
// TO DISK = "NUL" a backup to the null device. (With it ON, "NUL" is an
// identifier where BACKUP wants a string: the statement does not run.)
// A bracketed [NUL] is an identifier whatever the setting. The device
// is a file for a restore too: BACKUP TO DISK = "D:\x.bak" is what
// RESTORE FROM DISK = 'D:\x.bak' reads (SL207 knows its sizes).
func TestSL304DoubleQuotedDevice(t *testing.T) {
	sql := `SET QUOTED_IDENTIFIER OFF;
GO
BACKUP LOG Sales TO DISK = "NUL";
BACKUP DATABASE Sales TO DISK = "D:\Backup\nul" WITH COPY_ONLY;
BACKUP DATABASE Sales TO DISK = [NUL];
BACKUP DATABASE Sales TO DISK = "D:\Sales.bak";
`
	var got []string
	for _, f := range run(t, sql, nil, "SL304") {
		got = append(got, itoa(f.Span.Start.Position().Line)+" "+f.Severity.String())
	}
	if want := "3 error|4 warning"; strings.Join(got, "|") != want {
		t.Errorf("SL304 at %q, want %q", strings.Join(got, "|"), want)
	}
	sql = `CREATE DATABASE Sales ON (NAME = Sales_dat, FILENAME = 'D:\Sales.mdf', SIZE = 100GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Sales.ldf', SIZE = 10GB);
BACKUP DATABASE Sales TO DISK = "B:\Sales.bak" WITH INIT;
RESTORE DATABASE Sales_Copy FROM DISK = 'B:\Sales.bak'
WITH MOVE 'Sales_dat' TO 'E:\Copy.mdf', MOVE 'Sales_log' TO 'E:\Copy.ldf';
`
	if fs := run(t, sql, nil, "SL207"); len(fs) != 1 || !strings.Contains(fs[0].Message, "100 GB") {
		t.Errorf("SL207 %v, want the restore of the 100 GB backup", fs)
	}
}
