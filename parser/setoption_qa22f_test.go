package parser

import (
	"strings"
	"testing"
)

// A SET option SQL Server does not document (a misspelt one), or a value
// outside its option's closed set, is a syntax error on the server: the
// statement never runs, so it is an SL001 that says what was expected and
// which word was meant, not an option read in silence (which hid that
// TARGET_RECOVERY_TIME = 0 was never applied). Placeholders, which are
// replaced before the script runs, are not judged.
func TestAlterDatabaseUnknownSetOption(t *testing.T) {
	bad := map[string]string{
		"ALTER DATABASE Sales SET TARGET_RECOVERY_TME = 0 SECONDS;":          `"TARGET_RECOVERY_TME" is not an ALTER DATABASE SET option (expected a documented option; did you mean TARGET_RECOVERY_TIME?) (line 1, column 26)`,
		"ALTER DATABASE Sales SET RECOVERY SIMPLEE;":                         `"SIMPLEE" is not a value of RECOVERY (expected FULL, BULK_LOGGED or SIMPLE; did you mean SIMPLE?) (line 1, column 26)`,
		"ALTER DATABASE Sales SET AUTO_CLOSE OFF,\n  RECOVRY FULL;":          `"RECOVRY" is not an ALTER DATABASE SET option (expected a documented option; did you mean RECOVERY?) (line 2, column 3)`,
		"ALTER DATABASE Sales SET PAGE_VERIFY CHECKSUMS;":                    `did you mean CHECKSUM?`,
		"ALTER DATABASE Sales SET DELAYED_DURABILITY = FORCE;":               `"FORCE" is not a value of DELAYED_DURABILITY (expected DISABLED, ALLOWED or FORCED; did you mean FORCED?)`,
		"ALTER DATABASE Sales SET AUTO_CLOSE OF;":                            `"OF" is not a value of AUTO_CLOSE (expected ON or OFF; did you mean OFF?) (line 1, column 26)`,
		"ALTER DATABASE Sales SET FROBNICATE ON;":                            `"FROBNICATE" is not an ALTER DATABASE SET option (expected a documented option) (line 1, column 26)`,
		"EXEC ('ALTER DATABASE Sales SET RECOVRY FULL');":                    `did you mean RECOVERY?`,
		":setvar Model SIMPLEE\nALTER DATABASE Sales SET RECOVERY $(Model);": `"SIMPLEE" is not a value of RECOVERY`,
	}
	for src, want := range bad {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 1 || res.Diags[0].Rule != "SL001" || !strings.Contains(res.Diags[0].Message, want) {
			t.Errorf("%q: %v, want SL001 with %s", src, res.Diags, want)
		}
	}
	good := []string{
		"ALTER DATABASE Sales SET RECOVERY ${model};",
		"ALTER DATABASE Sales SET RECOVERY <recovery_model, , SIMPLE>;",
		":setvar Opt RECOVERY\nALTER DATABASE Sales SET $(Opt) SIMPLE;",
		"ALTER DATABASE Sales SET ${option} = ON;",
		"ALTER DATABASE Sales SET <option_name, sysname, AUTO_CLOSE> OFF, RECOVERY FULL;",
		"alter database Sales set recovery bulk_logged, page_verify torn_page_detection;",
		"ALTER DATABASE Sales SET DELAYED_DURABILITY = ALLOWED, PARAMETERIZATION SIMPLE, CURSOR_DEFAULT LOCAL, CONTAINMENT = PARTIAL;",
		"ALTER DATABASE Sales SET RECOVERY FULL WITH ROLLBACK IMMEDIATE;",
	}
	for _, src := range good {
		res := ParseFile(NewFile("a.sql", src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 0 {
			t.Errorf("%q: %v", src, res.Diags)
		}
	}
	// every documented form stays without a diagnostic
	for _, f := range documentedForms {
		res := ParseFile(NewFile("a.sql", f.src+"\nGO\n"), &PreprocessOptions{})
		if len(res.Diags) != 0 {
			t.Errorf("%q: %v", f.src, res.Diags)
		}
	}
}
