package baseline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// A script renamed or moved since the baseline was written keeps its old
// findings hidden (the entries of a file gone, all matched by one file
// the baseline does not name); a finding it has in addition is new. A
// copy of a script that is still there, or a new script that holds only
// some of a deleted script's findings, is new.
func TestFilterFollowsRenamedFiles(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	create := func(files ...string) {
		t.Helper()
		for _, f := range files {
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	old := []report.Finding{
		finding("SL302", "db/V1.sql", 3, "CHECKPOINT 10"),
		finding("SL301", "db/V1.sql", 5, "ALTER DATABASE a SET TARGET_RECOVERY_TIME = 0 SECONDS"),
		finding("SL302", "db/V2.sql", 1, "CHECKPOINT 10"),
		finding("SL302", "db/old/V3.sql", 1, "CHECKPOINT 20"),
	}
	create("db/V1.sql", "db/V2.sql", "db/old/V3.sql")
	data, err := Encode("baseline.json", old)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("baseline.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Load("baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	lines := func(fs []report.Finding) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path+":"+f.RuleID)
		}
		return out
	}

	// V1 renamed V001 with a new finding, V3 moved to another folder
	for _, f := range []string{"db/V1.sql", "db/old/V3.sql"} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	create("db/V001.sql", "db/new/V3.sql")
	res := b.Filter([]report.Finding{
		finding("SL302", "db/V001.sql", 4, "checkpoint 10;"),
		finding("SL301", "db/V001.sql", 6, "ALTER DATABASE a SET TARGET_RECOVERY_TIME = 0 SECONDS"),
		finding("SL302", "db/V001.sql", 9, "CHECKPOINT 10"),
		finding("SL302", "db/V2.sql", 1, "CHECKPOINT 10"),
		finding("SL302", "db/new/V3.sql", 1, "CHECKPOINT 20"),
	}, nil)
	if got := lines(res.Findings); len(got) != 1 || got[0] != "db/V001.sql:SL302" || res.Findings[0].Line != 9 || res.Hidden != 4 || len(res.Stale) != 0 {
		t.Errorf("renamed: %v, hidden %d, stale %v; want the third CHECKPOINT of V001 only, 4 hidden", got, res.Hidden, res.Stale)
	}

	// a copy of V2, which is still there, is new
	create("db/V2copy.sql")
	res = b.Filter([]report.Finding{
		finding("SL302", "db/V2.sql", 1, "CHECKPOINT 10"),
		finding("SL302", "db/V2copy.sql", 1, "CHECKPOINT 10"),
	}, []string{"db/V2.sql", "db/V2copy.sql"})
	if got := lines(res.Findings); len(got) != 1 || got[0] != "db/V2copy.sql:SL302" {
		t.Errorf("copy: %v, want db/V2copy.sql:SL302", got)
	}

	// a new script with one of the two findings of the deleted V1 is new
	res = b.Filter([]report.Finding{
		finding("SL302", "db/V9.sql", 1, "CHECKPOINT 10"),
	}, []string{"db/V9.sql"})
	if got := lines(res.Findings); len(got) != 1 || got[0] != "db/V9.sql:SL302" {
		t.Errorf("part of a deleted script: %v, want db/V9.sql:SL302", got)
	}
}
