package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// startRun checks src with the database the script starts in given as
// db (sqlcmd -d; "" for none) and SL101's budget at 0.015 s, which two
// files pass (0.02 s) and one does not.
func startRun(t *testing.T, db, src string) []Finding {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("s.sql", src), &parser.PreprocessOptions{Database: db})
	return Analyze(Default, []*parser.Result{res}, &Config{DefaultDatabase: db,
		Options: map[string]map[string]float64{"SL101": {"startup-budget": 0.015}}})
}

// Without -d, ALTER DATABASE CURRENT before any USE and
// $(SQLCMDDBNAME) (in any case, bracketed or not) are the one database
// the script starts in, as they are with -d: they were three databases
// of one file each, so SL101 never saw the two files, and messages said
// "for CURRENT". After a :connect, CURRENT is the new connection's
// database: still another.
func TestStartDatabaseWithoutD(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      string // SL101's message holds it; "" for none
	}{
		{"current-then-var",
			"ALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE [$(SQLCMDDBNAME)] ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			"s.sql:3: the database the script starts in (sqlcmd -d) reaches 2 files"},
		{"var-then-current",
			"ALTER DATABASE $(SqlCmdDbName) ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE CURRENT ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			"s.sql:3: the database the script starts in (sqlcmd -d) reaches 2 files"},
		{"bracketed-and-bare",
			"ALTER DATABASE [$(SQLCMDDBNAME)] ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE $(SQLCMDDBNAME) ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			"s.sql:3: the database the script starts in (sqlcmd -d) reaches 2 files"},
		{"use-var-then-current",
			"USE [$(SQLCMDDBNAME)];\nGO\nALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE $(SQLCMDDBNAME) ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			"s.sql:5: the database the script starts in (sqlcmd -d) reaches 2 files"},
		{"after-use-current-is-that-database",
			"USE Orders;\nGO\nALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE [$(SQLCMDDBNAME)] ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			""},
		{"after-connect-current-is-another",
			"ALTER DATABASE [$(SQLCMDDBNAME)] ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\n:connect other\nALTER DATABASE CURRENT ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
			""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, f := range startRun(t, "", c.src) {
				if f.Rule.ID == "SL101" {
					got = append(got, "s.sql:"+itoa(f.Span.Start.Position().Line)+": "+f.Message)
				}
			}
			if c.want == "" {
				if len(got) != 0 {
					t.Fatalf("SL101 %q, want none", got)
				}
				return
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], c.want) {
				t.Fatalf("SL101 %q, want one starting %q", got, c.want)
			}
		})
	}
}

// With -d the same script names the database as -d gives it (the
// messages without -d say which database in its place).
func TestStartDatabaseWithD(t *testing.T) {
	src := "ALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE [$(SQLCMDDBNAME)] ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n"
	msgs := auditMessages(startRun(t, "Sales", src), "SL101")
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "database Sales reaches 2 files") {
		t.Fatalf("SL101 %q", msgs)
	}
}

// A CHECKPOINT before any USE runs in the database the script starts
// in: right before BACKUP DATABASE [$(SQLCMDDBNAME)] it adds nothing,
// with -d (reported before) or without (not reported: its context was
// unknown). After a :connect it runs in the new connection's database.
func TestCheckpointBeforeBackupOfStartDatabase(t *testing.T) {
	src := "CHECKPOINT;\nBACKUP DATABASE [$(SQLCMDDBNAME)] TO DISK = N'x.bak';\nGO\n:connect other\nCHECKPOINT;\nBACKUP DATABASE [$(SQLCMDDBNAME)] TO DISK = N'y.bak';\n"
	for _, db := range []string{"", "Sales"} {
		var lines []int
		for _, f := range startRun(t, db, src) {
			if f.Rule.ID == "SL303" {
				lines = append(lines, f.Span.Start.Position().Line)
			}
		}
		if len(lines) != 1 || lines[0] != 1 {
			t.Errorf("-d %q: SL303 at lines %v, want [1]", db, lines)
		}
	}
}

// A database named by a sqlcmd variable without a value (a SQL
// project's $(DatabaseName)) is one database whether the name is
// bracketed, quoted or bare and in any case: sqlcmd puts the same value
// in each. USE [$(DatabaseName)] then ALTER DATABASE $(DatabaseName)
// were two databases (raw texts "[$(DatabaseName)]" and
// "$(DatabaseName)"), so SL101 never saw their files together, nor
// ALTER DATABASE CURRENT after the USE with the bare name's.
func TestVariableNameIsOneDatabase(t *testing.T) {
	for _, src := range []string{
		"USE [$(DatabaseName)];\nGO\nALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE $(DatabaseName) ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
		"ALTER DATABASE [$(DatabaseName)] ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE \"$(databasename)\" ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
		"ALTER DATABASE [$(Prefix)_Sales] ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE $(PREFIX)_SALES ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n",
	} {
		msgs := auditMessages(startRun(t, "", src), "SL101")
		if len(msgs) != 1 || !strings.Contains(msgs[0], " reaches 2 files") {
			t.Errorf("%s: SL101 %q, want one at 2 files", src, msgs)
		}
	}
	// other variables are other databases
	src := "ALTER DATABASE [$(Db1)] ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE [$(Db2)] ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\n"
	if msgs := auditMessages(startRun(t, "", src), "SL101"); len(msgs) != 0 {
		t.Errorf("two variables: SL101 %q, want none", msgs)
	}
}

// SL303 sees the same database in USE [$(DatabaseName)] and BACKUP
// DATABASE $(DatabaseName).
func TestCheckpointBeforeBackupOfVariableDatabase(t *testing.T) {
	src := "USE [$(DatabaseName)];\nGO\nCHECKPOINT;\nBACKUP DATABASE $(DatabaseName) TO DISK = N'x.bak';\n"
	if msgs := auditMessages(startRun(t, "", src), "SL303"); len(msgs) != 1 {
		t.Errorf("SL303 %q, want one", msgs)
	}
}
