package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
)

// TestLiveRunLevelSARIFHasLocation: GitHub code scanning refuses a whole
// SARIF upload when one result has no file ("locationFromSarifResult:
// expected at least one location"). A run-level finding (SL206 when no
// scanned statement touches a database) is placed at line 1 of the first
// file scanned, its message saying it is about the server.
func TestLiveRunLevelSARIFHasLocation(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD2", IFI: "Y", TraceFlags: []int{1806}})
	dir := t.TempDir()
	writeFile(t, dir, "b.sql", "SELECT 2;\n")
	writeFile(t, dir, "a.sql", "SELECT 1;\n")
	code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
		"--format", "sarif", "-S", srv.Addr(), "-U", liveUser, dir)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	var doc struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation *struct {
						ArtifactLocation *struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	n := 0
	for _, r := range doc.Runs[0].Results {
		n++
		if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation == nil || r.Locations[0].PhysicalLocation.ArtifactLocation == nil ||
			r.Locations[0].PhysicalLocation.ArtifactLocation.URI == "" {
			t.Errorf("result %s has no physicalLocation with an artifactLocation.uri:\n%s", r.RuleID, out)
			continue
		}
		if r.RuleID == "SL206" {
			pl := r.Locations[0].PhysicalLocation
			if !strings.HasSuffix(pl.ArtifactLocation.URI, "a.sql") || pl.Region == nil || pl.Region.StartLine != 1 ||
				!strings.Contains(r.Message.Text, "SQLPROD2") || !strings.Contains(r.Message.Text, "about the server") {
				t.Errorf("SL206 not at line 1 of the first file scanned, saying it is about the server:\n%s", out)
			}
		}
	}
	if n == 0 || !strings.Contains(out, `"ruleId": "SL206"`) {
		t.Errorf("no SL206 result:\n%s", out)
	}
}

// TestLiveRunLevelSARIFInWorkspace: run from a subfolder of the GitHub
// workspace, the run-level finding's file is named from the repository,
// as every other result's is.
func TestLiveRunLevelSARIFInWorkspace(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD2", IFI: "Y", TraceFlags: []int{1806}})
	ws := t.TempDir()
	writeFile(t, ws, "db/q.sql", "SELECT 1;\n")
	t.Chdir(filepath.Join(ws, "db"))
	_, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword, "GITHUB_WORKSPACE": ws}, "scan", "--no-config",
		"--format", "sarif", "-S", srv.Addr(), "-U", liveUser, "q.sql")
	if !strings.Contains(out, `"ruleId": "SL206"`) || !strings.Contains(out, `"uri": "db/q.sql"`) {
		t.Errorf("sarif:\n%s\nstderr: %s", out, errs)
	}
}
