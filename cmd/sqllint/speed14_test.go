package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// rankOf is severityRank, for every severity and for one it does not know.
func TestRankOf(t *testing.T) {
	for _, sev := range []string{report.Error, report.Warning, report.Info, "", "fatal"} {
		if rankOf(sev) != severityRank[sev] {
			t.Errorf("rankOf(%q) = %d, want %d", sev, rankOf(sev), severityRank[sev])
		}
	}
	var st findingStatus
	st.add([]report.Finding{{Severity: report.Info}, {Severity: report.Error}, {Severity: report.Warning}})
	if st.rank != rankError || st.exit("error") != exitFindings {
		t.Errorf("rank %d", st.rank)
	}
}

// A run copies the findings' source lines only for an output that reads
// them: the formats print the same with other formats beside them as on
// their own (sarif's fingerprints hash the lines; json prints none).
func TestSourceOnlyWhereRead(t *testing.T) {
	cases := []struct {
		formats []string
		source  bool
		want    bool
	}{
		{[]string{"json"}, true, false},
		{[]string{"github", "azure", "checkstyle"}, true, false},
		{[]string{"text"}, false, false},
		{[]string{"text"}, true, true},
		{[]string{"json", "sarif"}, true, true},
		{[]string{"gitlab"}, true, true},
		{[]string{"junit"}, true, true},
	}
	for _, c := range cases {
		var specs []outputSpec
		for _, f := range c.formats {
			specs = append(specs, outputSpec{format: f})
		}
		if got := readsSource(specs, c.source); got != c.want {
			t.Errorf("readsSource(%v, %v) = %v", c.formats, c.source, got)
		}
	}

	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/a.sql", "CHECKPOINT 10;\nGO\nDBCC TRACEON (1806, -1);\nGO\nCHECKPOINT 10;\n")
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, f := range []string{"sarif", "gitlab", "junit", "json", "text"} {
		_, alone, _ := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", f, "db")
		_, jsonOut, _ := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "json", "--format", f+"=out."+f, "db")
		if got := read("out." + f); got != alone {
			t.Errorf("%s beside json:\n%s\nalone:\n%s", f, got, alone)
		}
		if _, jsonAlone, _ := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "json", "db"); jsonOut != jsonAlone {
			t.Errorf("json beside %s:\n%s\nalone:\n%s", f, jsonOut, jsonAlone)
		}
	}
}
