package parser

import "testing"

// A collation may be a placeholder replaced before the script runs, as a
// database name may: a Maven-filtered template writes
// CREATE DATABASE [${sqlserver.db}] COLLATE ${sqlserver.collation}, an SSMS
// template COLLATE <collation_name, sysname, ...>, a DbUp script
// COLLATE $Collation$, an sqlcmd script COLLATE $(Collation) (SL002 reports
// it when undefined). None of them is a parse error; a COLLATE with no name
// still is.
func TestCollatePlaceholder(t *testing.T) {
	for _, tc := range []struct{ src, collation string }{
		{"CREATE DATABASE [${sqlserver.db}]\nCOLLATE ${sqlserver.collation}\nGO\n", "${sqlserver.collation}"},
		{"ALTER DATABASE [${sqlserver.db}] COLLATE ${sqlserver.collation}\nGO\n", "${sqlserver.collation}"},
		{"CREATE DATABASE <db_name, sysname, x> COLLATE <collation_name, sysname, Latin1_General_CI_AS>\nGO\n", "<collation_name, sysname, Latin1_General_CI_AS>"},
		{"CREATE DATABASE $DatabaseName$ COLLATE $Collation$\nGO\n", "$Collation$"},
		{"CREATE DATABASE d1 ON (NAME = d1, FILENAME = 'd1.mdf', SIZE = 10GB) COLLATE $(Collation)\nGO\n", "$(Collation)"},
		{"ALTER DATABASE d1 COLLATE $(Collation);\nGO\n", "$(Collation)"},
	} {
		res := ParseFile(NewFile("t.sql", tc.src), &PreprocessOptions{})
		for _, d := range res.Diags {
			if d.Rule == "SL001" {
				t.Errorf("%q: unexpected SL001: %s", tc.src, d.Message)
			}
		}
		found := false
		for _, s := range res.Statements {
			switch n := s.Node.(type) {
			case *CreateDatabase:
				found = true
				if n.Collation != tc.collation {
					t.Errorf("%q: collation %q, want %q", tc.src, n.Collation, tc.collation)
				}
			case *AlterDatabase:
				found = true
				if n.Collation != tc.collation {
					t.Errorf("%q: collation %q, want %q", tc.src, n.Collation, tc.collation)
				}
			}
		}
		if !found {
			t.Errorf("%q: no CREATE/ALTER DATABASE statement", tc.src)
		}
	}
	// the file of the CREATE with a placeholder collation is still modelled
	res := ParseFile(NewFile("t.sql", "CREATE DATABASE d1 ON (NAME = d1, FILENAME = 'd1.mdf', SIZE = 10GB) COLLATE ${c}\nGO\n"), &PreprocessOptions{})
	for _, s := range res.Statements {
		if cd, ok := s.Node.(*CreateDatabase); ok && (len(cd.Files) != 1 || cd.Files[0].Size == nil) {
			t.Errorf("files %+v", cd.Files)
		}
	}
	bad := ParseFile(NewFile("t.sql", "CREATE DATABASE d1 COLLATE;\nGO\n"), &PreprocessOptions{})
	if len(bad.Diags) != 1 || bad.Diags[0].Rule != "SL001" {
		t.Errorf("CREATE DATABASE d1 COLLATE: %+v", bad.Diags)
	}
}
