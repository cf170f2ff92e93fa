package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReportVersionIsVersionLine: a JSON report names the version that
// sqllint version prints (the report said "dev" where version said
// "(devel)"), so a report can be traced to the build that wrote it.
func TestReportVersionIsVersionLine(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT 5;\n")
	_, vout, _ := runCmd(t, "", nil, "version")
	want := strings.TrimPrefix(strings.TrimSpace(vout), "sqllint ")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "json", p)
	var rep struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFindings {
		t.Fatalf("exit %d, %v\n%s%s", code, err, out, errs)
	}
	if rep.Version != want {
		t.Errorf("report version %q, sqllint version says %q", rep.Version, want)
	}
}
