package baseline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestUnchecked: a rewrite keeps the entries of files the run did not
// check and that exist; a folder given covers its files only (db, not
// db2), and a file a finding points into (an include) is checked.
func TestUnchecked(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, f := range []string{"db/V1.sql", "db2/V1.sql", "inc/x.sql", "other/a.sql"} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("CHECKPOINT 1;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := &Baseline{Dir: dir, Entries: []Entry{
		{Rule: "SL302", File: "db/V1.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL302", File: "db/gone.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL302", File: "db2/V1.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL302", File: "inc/x.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL302", File: "other/a.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL302", File: "other/gone.sql", Fingerprint: "a", Occurrence: 1},
		{Rule: "SL206", File: "", Fingerprint: "a", Occurrence: 1},
	}}
	all := func(string) bool { return true }
	got := b.Unchecked([]string{"db", "-"}, []string{"db/V1.sql"}, nil, []report.Finding{{RuleID: "SL302", Path: "inc/x.sql"}}, all)
	if len(got) != 2 || got[0].File != "db2/V1.sql" || got[1].File != "other/a.sql" {
		t.Errorf("kept %+v, want db2/V1.sql and other/a.sql", got)
	}
	if got := b.Unchecked([]string{"."}, nil, nil, nil, all); len(got) != 0 {
		t.Errorf("a run on the baseline's folder kept %+v", got)
	}
	// a rule that did not run (--select SL2): its entries stay
	got = b.Unchecked([]string{"."}, nil, nil, nil, func(rule string) bool { return rule != "SL302" })
	if len(got) != 4 || got[0].File != "db/V1.sql" {
		t.Errorf("a run without SL302 kept %+v, want the SL302 entries of the files that exist", got)
	}
	// a file that could not be read keeps its entries
	got = b.Unchecked([]string{"."}, []string{"db2/V1.sql"}, []string{"db/V1.sql"}, nil, all)
	if len(got) != 1 || got[0].File != "db/V1.sql" {
		t.Errorf("a run that could not read db/V1.sql kept %+v", got)
	}
}
