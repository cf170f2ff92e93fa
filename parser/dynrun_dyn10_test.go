package parser

import (
	"strings"
	"testing"
)

// builtRunsOf is the BuiltRun of each statement of src that has one, in
// order, as "var|each|kinds" (kinds: T for a TARGET_RECOVERY_TIME of 0,
// C for a CHECKPOINT with a duration, F for DBCC TRACEON).
func builtRunsOf(src string) []string {
	var out []string
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		br, ok := st.Node.(*BuiltRun)
		if !ok {
			continue
		}
		s := br.Var + "|"
		if br.Each {
			s += "each"
		}
		s += "|"
		for _, n := range br.Runs {
			switch n.(type) {
			case *AlterDatabase:
				s += "T"
			case *Checkpoint:
				s += "C"
			case *TraceFlags:
				s += "F"
			}
		}
		out = append(out, s)
	}
	return out
}

// TestBuiltRun: text built in a variable (or in the EXEC) and run, and
// sp_MSforeachdb's command, are read for a TARGET_RECOVERY_TIME of 0, a
// CHECKPOINT with a duration and DBCC TRACEON of 1806, 3004 or 3605;
// they were read only for a backup to NUL and tempdb's files.
func TestBuiltRun(t *testing.T) {
	checkBuiltRuns(t, []builtRunCase{
		{"EXEC sp_MSforeachdb 'ALTER DATABASE [?] SET TARGET_RECOVERY_TIME = 0 SECONDS';", "|each|T"},
		{"EXEC sp_MSforeachdb N'USE [?]; CHECKPOINT 10';", "|each|C"},
		{"EXEC master.sys.sp_MSforeachdb @command1 = N'USE [?]; CHECKPOINT 10'", "|each|C"},
		{"DECLARE @db sysname = N'Sales';\nDECLARE @s nvarchar(max) = N'ALTER DATABASE ' + QUOTENAME(@db) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';\nEXEC (@s);\nEXEC sp_executesql @s;", "@s||T @s||T"},
		{"DECLARE @s nvarchar(max);\nSET @s = N'DBCC TRACEON(1806, -1)'; EXEC (@s);", "@s||F"},
		{"DECLARE @s nvarchar(max) = N'ALTER DATABASE A SET TARGET_RECOVERY_TIME = ';\nSET @s += N'0 MINUTES';\nEXEC (@s)", "@s||T"},
		{"DECLARE @s nvarchar(max) = N'DBCC TRACEON';\nSET @s = @s + N' (3004, 3605)';\nEXEC (@s)", "@s||F"},
		{"DECLARE @c nvarchar(200) = N'USE [?]; CHECKPOINT 30'\nEXEC sp_MSforeachdb @c", "@c|each|C"},
		// ? stands for each database's name, bracketed or not
		{"EXEC sp_MSforeachdb 'ALTER DATABASE ? SET TARGET_RECOVERY_TIME = 0 SECONDS'", "|each|T"},
		{"DECLARE @c nvarchar(200) = N'IF ''?'' <> ''tempdb'' ALTER DATABASE ? SET TARGET_RECOVERY_TIME = 0 SECONDS'\nEXEC (@c)\nEXEC sp_MSforeachdb @c", "@c|each|T"},
		// a variable followed after sp_MSforeachdb's literal command
		{"EXEC sp_MSforeachdb N'CHECKPOINT 10'\nDECLARE @c nvarchar(200) = N'CHECKPOINT 30'\nEXEC (@c)", "|each|C @c||C"},
		{"EXEC (N'ALTER DATABASE ' + @db + N' SET TARGET_RECOVERY_TIME = 0 SECONDS')", "||T"},
		{"SET @s = CASE WHEN @x = 1 THEN N'CHECKPOINT 5' ELSE N'SELECT 1' END\nEXEC (@s)", "@s||C"},
		// nothing of interest: none
		{"SET @s = N'ALTER DATABASE A SET TARGET_RECOVERY_TIME = 60 SECONDS'\nEXEC (@s)", ""},
		{"SET @s = N'CHECKPOINT'\nEXEC (@s)", ""},
		{"SET @s = N'DBCC TRACEON(1222, -1)'\nEXEC (@s)", ""},
		{"SET @s = N'DBCC TRACEOFF(1806, -1)'\nEXEC (@s)", ""},
		// a dry run: printed, never run
		{"SET @s = N'CHECKPOINT 10'\nPRINT @s\nSELECT @s", ""},
		// sp_executesql refuses a varchar statement (error 214)
		{"DECLARE @s varchar(100) = 'CHECKPOINT 10'\nEXEC sp_executesql @s", ""},
		// assigned something else, declared again: no longer followed
		{"SET @s = N'CHECKPOINT 10'\nSET @s = @other\nEXEC (@s)", ""},
		{"SET @s = N'CHECKPOINT 10'\nSELECT @s = name FROM sys.databases\nEXEC (@s)", ""},
		{"SET @s = N'CHECKPOINT 10'\nGO\nEXEC (@s)", ""},
		// the literal alone is constant dynamic SQL, read as such
		{"EXEC (N'CHECKPOINT 10')", ""},
		{"EXEC sp_executesql N'CHECKPOINT 10'", ""},
		// a backup to NUL keeps its NulBackup (SL304), as before
		{"SET @s = N'BACKUP LOG A TO DISK = ''NUL''; CHECKPOINT 10'\nEXEC (@s)", ""},
	})
}

// builtRunCase is a script and the BuiltRuns it gives (builtRunsOf),
// joined by " "; "" for none.
type builtRunCase struct {
	src  string
	want string
}

// checkBuiltRuns compares each case's BuiltRuns with its want.
func checkBuiltRuns(t *testing.T, cases []builtRunCase) {
	t.Helper()
	for _, tc := range cases {
		if got := strings.Join(builtRunsOf(tc.src), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestBuiltRunRepeated: a text EXECed again and again is parsed once
// (10,000 EXEC (@s) of a 60 KB text parsed it 10,000 times), the same
// text built again in the EXEC too; each EXEC has its own BuiltRun, and
// a changed text is read anew.
func TestBuiltRunRepeated(t *testing.T) {
	pad := strings.Repeat(" ", 60000)
	for _, tc := range []struct {
		src   string
		texts int // the texts parsed (for sp_MSforeachdb apart): distinct statements found
	}{
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 10;" + pad + "'\n" + strings.Repeat("EXEC (@s)\n", 10000), 1},
		{"DECLARE @s nvarchar(max) = N'CHECKPOINT 10;" + pad + "'\n" + strings.Repeat("EXEC sp_executesql @s\n", 5000) + strings.Repeat("EXEC sp_MSforeachdb @s\n", 5000), 2},
		{strings.Repeat("EXEC (N'CHECKPOINT 10;"+pad[:2000]+"' + @x)\n", 10000), 1},
		{"SET @s = N'CHECKPOINT 10'\nEXEC (@s)\nEXEC (@s)\nSET @s = N'CHECKPOINT 20'\nEXEC (@s)\n", 2},
		// two texts in turn: each parsed once
		{"DECLARE @a nvarchar(max) = N'CHECKPOINT 10;" + pad + "'\nDECLARE @b nvarchar(max) = N'CHECKPOINT 20;" + pad + "'\n" + strings.Repeat("EXEC (@a)\nEXEC (@b)\n", 5000), 2},
	} {
		n := 0
		found := map[Node]bool{}
		for _, st := range ParseFile(NewFile("t.sql", tc.src), nil).Statements {
			if br, ok := st.Node.(*BuiltRun); ok {
				n++
				for _, r := range br.Runs {
					found[r] = true
				}
			}
		}
		if want := strings.Count(tc.src, "EXEC"); n != want || len(found) != tc.texts {
			t.Errorf("%.60q: %d BuiltRuns of %d texts, want %d of %d", tc.src, n, len(found), want, tc.texts)
		}
	}
}

// TestEachName: the ? of sp_MSforeachdb's command outside brackets and
// string literals is bracketed; the others are left as they are.
func TestEachName(t *testing.T) {
	for in, want := range map[string]string{
		"ALTER DATABASE ? SET X":       "ALTER DATABASE [?] SET X",
		"USE [?]; CHECKPOINT 10":       "USE [?]; CHECKPOINT 10",
		"IF '?' <> 'a?' USE ?":         "IF '?' <> 'a?' USE [?]",
		"USE [a?b]; SELECT '''?''', ?": "USE [a?b]; SELECT '''?''', [?]",
		"CHECKPOINT 10":                "CHECKPOINT 10",
	} {
		if got := eachName(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
