package parser

import (
	"strings"
	"testing"
)

// TestAlterDatabaseWithoutAction: ALTER DATABASE takes an action (SET,
// ADD, MODIFY, ...); SQL Server rejects "ALTER DATABASE Sales;" as a
// syntax error, so it is a statement of interest that does not parse
// (SL001), not a change of the database.
func TestAlterDatabaseWithoutAction(t *testing.T) {
	for _, src := range []string{"ALTER DATABASE Sales;\n", "ALTER DATABASE [Sales]\nGO\n", "ALTER DATABASE Sales\n;\nCHECKPOINT;\n"} {
		res := ParseFile(NewFile("a.sql", src), &PreprocessOptions{})
		found := false
		for _, d := range res.Diags {
			if d.Rule == "SL001" && strings.Contains(d.Message, "ALTER DATABASE") && strings.Contains(d.Message, "(expected an action") {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no SL001 (%v)", src, res.Diags)
		}
	}
	// with an action it parses
	res := ParseFile(NewFile("a.sql", "ALTER DATABASE Sales SET RECOVERY FULL;\nALTER DATABASE Sales FAILOVER;\n"), &PreprocessOptions{})
	for _, d := range res.Diags {
		t.Errorf("with an action: %v", d)
	}
}
