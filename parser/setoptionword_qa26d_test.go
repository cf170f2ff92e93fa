package parser

import (
	"strings"
	"testing"
)

// A SET option whose value is one word of a closed set (RECOVERY SIMPLE,
// PAGE_VERIFY CHECKSUM, DELAYED_DURABILITY = DISABLED) has no word after
// that value, and one that takes no value (MULTI_USER, OFFLINE,
// ENABLE_BROKER) has none after its name, as ON | OFF has none after it:
// SQL Server stops there with a syntax error and the statement never
// runs. Real SSMS scripts saved with each GO joined to the line before
// (ALTER DATABASE [Library] SET RECOVERY SIMPLE GO) were read as RECOVERY
// set to "SIMPLE GO" in silence, while SET ANSI_NULLS ON GO, a few lines
// away in the same script, was SL001; so was a missing comma (SET
// RECOVERY SIMPLE PAGE_VERIFY CHECKSUM). A word that starts the next
// statement is still no part of the option.
func TestAlterDatabaseSetOptionWordAfterValue(t *testing.T) {
	bad := map[string]string{
		"ALTER DATABASE [Library] SET RECOVERY SIMPLE GO":                               `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 46)`,
		"ALTER DATABASE [Library] SET MULTI_USER GO":                                    `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 41)`,
		"ALTER DATABASE [Library] SET PARAMETERIZATION SIMPLE GO":                       `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 54)`,
		"ALTER DATABASE Sales SET RECOVERY SIMPLE PAGE_VERIFY CHECKSUM":                 `unexpected token "PAGE_VERIFY" (expected a comma between options, or the end of the statement) (line 1, column 42)`,
		"ALTER DATABASE Sales SET DELAYED_DURABILITY = DISABLED GO":                     `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 56)`,
		"ALTER DATABASE Sales SET AUTO_CLOSE OFF,\n  PAGE_VERIFY  CHECKSUM\tGO":         `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 2, column 25)`,
		"ALTER DATABASE Sales SET OFFLINE  GO WITH ROLLBACK IMMEDIATE":                  `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 35)`,
		"ALTER DATABASE Sales SET ENABLE_BROKER, READ_WRITE GO":                         `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 52)`,
		"ALTER DATABASE Sales SET RECOVERY SIMPLEE GO":                                  `"SIMPLEE" is not a value of RECOVERY (expected FULL, BULK_LOGGED or SIMPLE; did you mean SIMPLE?) (line 1, column 26)`,
		"ALTER DATABASE [Library]\nSET COMPATIBILITY_LEVEL = 120 GO IF (1 = 1) PRINT 1": `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 2, column 31)`,
		"ALTER DATABASE Sales SET TWO_DIGIT_YEAR_CUTOFF = 2049 GO":                      `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 55)`,
		":setvar Model SIMPLE\nALTER DATABASE Sales SET RECOVERY $(Model) GO":           `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 2, column 26)`,
	}
	for src, want := range bad {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 1 || res.Diags[0].Rule != "SL001" || !strings.Contains(res.Diags[0].Message, want) {
			t.Errorf("%q: %v, want SL001 with %s", src, res.Diags, want)
		}
	}
	good := []string{
		"ALTER DATABASE Sales SET RECOVERY SIMPLE PRINT 'recovery set'",
		"ALTER DATABASE Sales SET MULTI_USER WITH ROLLBACK IMMEDIATE",
		"ALTER DATABASE Sales SET OFFLINE EXEC sp_who",
		"ALTER DATABASE Sales SET RECOVERY SIMPLE -- GO",
		"ALTER DATABASE Sales SET PAGE_VERIFY CHECKSUM /* then */ SELECT 1",
		"ALTER DATABASE Sales SET SINGLE_USER; GO",
		"ALTER DATABASE Sales SET PARTNER SAFETY OFF",
		"ALTER DATABASE Sales SET PARTNER TIMEOUT 30",
		"ALTER DATABASE Sales SET HADR AVAILABILITY GROUP = ag1",
		"ALTER DATABASE Sales SET COMPATIBILITY_LEVEL = 160 PRINT 'level set'",
		"ALTER DATABASE Sales SET COMPATIBILITY_LEVEL = <level, int, 160>",
	}
	for _, src := range good {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 0 {
			t.Errorf("%q: %v", src, res.Diags)
		}
	}
}

// The options whose value is a parenthesized list (FILESTREAM (...),
// QUERY_STORE (...), AUTOMATIC_TUNING (...), CHANGE_TRACKING (...)) have
// no word after its closing parenthesis either: SSMS writes SET
// FILESTREAM( NON_TRANSACTED_ACCESS = OFF ) in every database script, and
// with its GO joined to that line it was read in silence.
func TestAlterDatabaseSetOptionWordAfterGroup(t *testing.T) {
	bad := map[string]string{
		"ALTER DATABASE [Library]\nSET FILESTREAM(NON_TRANSACTED_ACCESS = OFF) GO":                                                  `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 2, column 45)`,
		"ALTER DATABASE Sales SET FILESTREAM ( NON_TRANSACTED_ACCESS = FULL, DIRECTORY_NAME = N'a(b)''c' )  GO":                     `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 100)`,
		"ALTER DATABASE Sales SET QUERY_STORE (OPERATION_MODE = READ_WRITE, CLEANUP_POLICY = (STALE_QUERY_THRESHOLD_DAYS = 30)) GO": `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 120)`,
		"ALTER DATABASE Sales SET AUTOMATIC_TUNING (FORCE_LAST_GOOD_PLAN = ON /* ) */) GO":                                          `unexpected token "GO" (expected a comma between options, or the end of the statement) (line 1, column 26)`,
	}
	for src, want := range bad {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 1 || res.Diags[0].Rule != "SL001" || !strings.Contains(res.Diags[0].Message, want) {
			t.Errorf("%q: %v, want SL001 with %s", src, res.Diags, want)
		}
	}
	good := []string{
		"ALTER DATABASE Sales SET FILESTREAM( NON_TRANSACTED_ACCESS = OFF )",
		"ALTER DATABASE Sales SET FILESTREAM (DIRECTORY_NAME = N'x') PRINT 'set'",
		"ALTER DATABASE Sales SET QUERY_STORE (OPERATION_MODE = READ_WRITE), RECOVERY FULL WITH NO_WAIT",
		"ALTER DATABASE Sales SET CHANGE_TRACKING (CHANGE_RETENTION = 2 DAYS, AUTO_CLEANUP = ON)",
		"ALTER DATABASE Sales SET AUTOMATIC_TUNING = AUTO",
	}
	for _, src := range good {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 0 {
			t.Errorf("%q: %v", src, res.Diags)
		}
	}
}
