package rules

import (
	"strings"
	"testing"
)

// An EXEC whose built text backs up to NUL and also runs CHECKPOINT
// with a duration, sets TARGET_RECOVERY_TIME to 0 or turns trace flag
// 1806 on is reported for each: SL304 for the backup, and SL302, SL301
// or SL204 for the rest (only SL304 was, the text's other statements
// left unread).
func TestBuiltTextNulAndMore(t *testing.T) {
	cases := []struct {
		src  string
		want string // rule IDs at the EXEC, sorted as reported
	}{
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 30; BACKUP DATABASE ' + QUOTENAME(DB_NAME()) + N' TO DISK = N''NUL'';';\nEXEC (@s);", "SL302,SL304"},
		{"DECLARE @s nvarchar(max);\nSET @s = N'BACKUP LOG ' + @db + N' TO DISK = ''NUL:''; ALTER DATABASE ' + @db + N' SET TARGET_RECOVERY_TIME = 0 SECONDS;';\nEXEC sp_executesql @s;", "SL301,SL304"},
		{"EXEC sp_MSforeachdb N'BACKUP DATABASE [?] TO DISK = ''NUL''; DBCC TRACEON (1806);';", "SL204,SL304"},
		{"EXEC (N'BACKUP DATABASE ' + @db + N' TO DISK = ''NUL'' WITH COPY_ONLY; CHECKPOINT 5');", "SL302,SL304"},
		// nothing else in the text: SL304 alone, as before
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT; BACKUP DATABASE ' + @db + N' TO DISK = ''NUL'';';\nEXEC (@s);", "SL304"},
		// no backup to NUL: SL302 alone, as before
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 30; BACKUP DATABASE ' + @db + N' TO DISK = ''X:\\b.bak'';';\nEXEC (@s);", "SL302"},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			got = append(got, f.Rule.ID)
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s\n got %v, want %s", c.src, got, c.want)
		}
	}
}

// A CHECKPOINT whose duration is built from an expression ('CHECKPOINT
// ' + @n, + CAST(@n AS varchar(10))) gives an explicit duration all the
// same: SL302 with max-duration 0 (any explicit duration); a limit over
// 0 cannot be checked against a value not known.
func TestBuiltCheckpointDurationFromExpression(t *testing.T) {
	cases := []struct {
		src   string
		limit float64
		want  string // in SL302's message; "" for no finding
	}{
		{"DECLARE @n nvarchar(10) = N'30';\nDECLARE @s nvarchar(max) = N'CHECKPOINT ' + @n;\nEXEC (@s);", 0, "CHECKPOINT @n asks"},
		{"DECLARE @n int = 30;\nDECLARE @s nvarchar(max) = N'CHECKPOINT ' + CAST(@n AS nvarchar(10)) + N';';\nEXEC (@s);", 0, "CHECKPOINT CAST(@n AS nvarchar(10)) asks"},
		{"EXEC (N'CHECKPOINT ' + CONVERT(varchar(10), @n));", 0, "CHECKPOINT CONVERT(varchar(10), @n) asks"},
		{"EXEC sp_executesql @s;\nDECLARE @s nvarchar(max) = N'CHECKPOINT ' + @n;\nEXEC sp_executesql @s;", 0, "EXEC runs the text of @s: CHECKPOINT @n"},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT ' + @n;\nEXEC (@s);", 30, ""},
		{"DECLARE @s nvarchar(max) = N'USE ' + QUOTENAME(@db) + N'; CHECKPOINT ' + @n + N';' + CHAR(13) + CHAR(10) + N'BACKUP DATABASE x TO DISK = ''X:\\x.bak''';\nEXEC (@s);", 0, "CHECKPOINT @n asks"},
		// a separator glued to CHECKPOINT or to the text after it: no
		// duration
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT' + @crlf + N'BACKUP DATABASE x TO DISK = ''X:\\x.bak''';\nEXEC (@s);", 0, ""},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT ' + @crlf + N'BACKUP DATABASE x TO DISK = ''X:\\x.bak''';\nEXEC (@s);", 0, ""},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT' + @n;\nEXEC (@s);", 0, ""},
		// no duration: nothing
		{"DECLARE @s nvarchar(max) = N'USE ' + QUOTENAME(@db) + N'; CHECKPOINT;';\nEXEC (@s);", 0, ""},
	}
	for _, c := range cases {
		cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": c.limit}}}
		msgs := auditMessages(auditRun(t, c.src+"\n", cfg), "SL302")
		switch {
		case c.want == "" && len(msgs) != 0:
			t.Errorf("%s\n got %q, want none", c.src, msgs)
		case c.want != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], c.want)):
			t.Errorf("%s\n got %q, want one with %q", c.src, msgs, c.want)
		}
	}
}

// ALTER DATABASE CURRENT in sp_MSforeachdb's command acts on the
// database the EXEC runs in, not on each database: sp_MSforeachdb does
// not move to each database; its command does, with USE [?]. After a
// USE in the text, CURRENT is the database of that USE.
func TestBuiltCurrentDatabase(t *testing.T) {
	cases := []struct{ src, want string }{
		{"EXEC sp_MSforeachdb N'ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS';", "for the database the EXEC runs in, not each database"},
		{"EXEC sp_MSforeachdb N'USE [?]; ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS';", "for each database:"},
		{"EXEC sp_MSforeachdb N'USE ?; ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS';", "for each database:"},
		{"DECLARE @s nvarchar(max) = N'USE Sales; ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;' + @x;\nEXEC (@s);", "for Sales:"},
		{"DECLARE @s nvarchar(max) = N'ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;' + @x;\nEXEC (@s);", "for the database it runs in:"},
	}
	for _, c := range cases {
		msgs := auditMessages(auditRun(t, c.src+"\n", nil), "SL301")
		if len(msgs) != 1 || !strings.Contains(msgs[0], c.want) {
			t.Errorf("%s\n got %q, want one with %q", c.src, msgs, c.want)
		}
	}
}
