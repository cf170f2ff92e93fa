package parser

import "testing"

// ALTER DATABASE name FOR SECONDARY SET QUERY_STORE = ... (Query Store for
// readable secondaries, SQL Server 2025) is documented syntax: it changes
// no file, so it parses as an action sqllint does not model, without
// SL001, while a broken FOR clause still gets one.
func TestAlterDatabaseForSecondary(t *testing.T) {
	src := "ALTER DATABASE Db1 FOR SECONDARY SET QUERY_STORE = ON (OPERATION_MODE = READ_WRITE, QUERY_CAPTURE_MODE = ALL );\nGO\n" +
		"alter database [Db1] for secondary set query_store = off\nGO\n"
	res := ParseFile(NewFile("t.sql", src), &PreprocessOptions{})
	for _, d := range res.Diags {
		t.Errorf("unexpected %s: %s", d.Rule, d.Message)
	}
	n := 0
	for _, s := range res.Statements {
		if ad, ok := s.Node.(*AlterDatabase); ok {
			n++
			if ad.Database.Value != "Db1" || len(ad.Files) != 0 {
				t.Errorf("statement %d: %+v", n, ad)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d ALTER DATABASE statements, want 2", n)
	}
	bad := ParseFile(NewFile("t.sql", "ALTER DATABASE Db1 FOR;\nGO\n"), &PreprocessOptions{})
	if len(bad.Diags) != 1 || bad.Diags[0].Rule != "SL001" {
		t.Errorf("ALTER DATABASE Db1 FOR: %+v", bad.Diags)
	}
}
