package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Text built in a variable and run, and sp_MSforeachdb's command, are
// read for SL301, SL302, SL204 and SL205 (none depends on the database
// the text names): each finding is at the EXEC, says what runs, and has
// no fix. They were silent, though the same text as a literal EXEC
// ('...') was reported.
func TestBuiltRunFindings(t *testing.T) {
	sql := `EXEC sp_MSforeachdb 'ALTER DATABASE [?] SET TARGET_RECOVERY_TIME = 0 SECONDS';
EXEC sp_MSforeachdb N'USE [?]; CHECKPOINT 10';
DECLARE @db sysname = N'Sales';
DECLARE @s nvarchar(max) = N'ALTER DATABASE ' + QUOTENAME(@db) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';
EXEC (@s);
SET @s = N'DBCC TRACEON(1806, -1)'; EXEC sp_executesql @s;
SET @s = N'DBCC TRACEON(3004, 3605)';
EXEC (@s);
DECLARE @c nvarchar(400) = N'USE [?]; ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 MINUTES; CHECKPOINT 3000000000';
EXEC sp_MSforeachdb @c;
EXEC (N'ALTER DATABASE [' + @db + N'] SET TARGET_RECOVERY_TIME = 00 SECONDS');
SET @s = N'DBCC TRACEON(3605)'; PRINT @s; SELECT @s AS dry_run;
`
	var got []string
	for _, id := range []string{"SL301", "SL302", "SL204", "SL205"} {
		for _, f := range run(t, sql, nil, id) {
			if f.Fix != nil {
				t.Errorf("%s at line %d has a fix", id, f.Span.Start.Position().Line)
			}
			msg := f.Message
			if i := strings.Index(msg, ": automatic"); i >= 0 {
				msg = msg[:i]
			}
			if i := strings.Index(msg, "; a duration"); i >= 0 {
				msg = msg[:i]
			}
			if i := strings.Index(msg, ", which disables"); i >= 0 {
				msg = msg[:i]
			}
			if i := strings.Index(msg, ": 3004 and"); i >= 0 {
				msg = msg[:i]
			}
			p := f.Span.Start.Position()
			got = append(got, id+" "+itoa(p.Line)+":"+itoa(p.Column)+" "+msg)
		}
	}
	want := []string{
		"SL301 1:1 EXEC runs the text of sp_MSforeachdb's command, for each database: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for each database",
		"SL301 5:1 EXEC runs the text of @s: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for QUOTENAME(@db)",
		"SL301 10:1 EXEC runs the text of @c, sp_MSforeachdb's command, for each database: TARGET_RECOVERY_TIME = 0 MINUTES turns off indirect checkpoints for each database",
		"SL301 11:1 EXEC runs the text it builds: TARGET_RECOVERY_TIME = 00 SECONDS turns off indirect checkpoints for @db",
		"SL302 2:1 EXEC runs the text of sp_MSforeachdb's command, for each database: CHECKPOINT 10 asks SQL Server to stretch the checkpoint over 10 s",
		"SL302 10:1 EXEC runs the text of @c, sp_MSforeachdb's command, for each database: CHECKPOINT 3000000000 asks for a duration over the largest int, 2,147,483,647 s: SQL Server accepts only an int greater than zero, so the statement fails; remove the duration",
		"SL204 6:37 EXEC runs the text of @s: DBCC TRACEON turns on trace flag 1806 for the whole instance",
		"SL205 8:1 EXEC runs the text of @s: DBCC TRACEON turns on diagnostic trace flags 3004 and 3605 for this session",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// SL302's max-duration applies to the text built and run as to script
// text: a duration within the limit is no finding.
func TestBuiltRunCheckpointLimit(t *testing.T) {
	sql := "SET @s = N'CHECKPOINT 30';\nEXEC (@s);\nSET @s = N'CHECKPOINT 90';\nEXEC (@s);\n"
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": 60}}}
	var lines []int
	for _, f := range Analyze(Default, []*parser.Result{res}, cfg) {
		if f.Rule.ID == "SL302" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if len(lines) != 1 || lines[0] != 4 {
		t.Errorf("SL302 at lines %v, want 4 alone", lines)
	}
}

// CHECKPOINT 0 in built text is reported as in script text, whatever
// max-duration says: SQL Server takes only an int greater than zero.
func TestBuiltRunCheckpointZero(t *testing.T) {
	sql := "DECLARE @s nvarchar(100) = N'CHECKPOINT 0';\nEXEC (@s);\nSET @s = N'CHECKPOINT 20'; EXEC (@s);\n"
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": 30}}}
	var got []Finding
	for _, f := range Analyze(Default, []*parser.Result{res}, cfg) {
		if f.Rule.ID == "SL302" {
			got = append(got, f)
		}
	}
	if len(got) != 1 || got[0].Span.Start.Position().Line != 2 || got[0].Fix != nil ||
		!strings.Contains(got[0].Message, "EXEC runs the text of @s: CHECKPOINT 0 asks for a duration of 0 s") {
		t.Fatalf("got %v, want one SL302 at line 2 for CHECKPOINT 0, no fix", got)
	}
}
