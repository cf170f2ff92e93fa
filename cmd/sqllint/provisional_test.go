package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A scan prints its findings as the run gives them, before it knows that
// no file includes another; when one does (a wrapper read after what it
// includes was checked on its own), what was printed is withdrawn and the
// run's final findings are printed once: the included file's finding
// where the wrapper includes it, with the wrapper's variables.
func TestScanWithdrawsProvisionalOutput(t *testing.T) {
	dir := t.TempDir()
	// (more printed than the outputs' own buffers hold before the run
	// starts again)
	const files = 1500
	long := "PRINT 'x';\nCHECKPOINT 10; -- " + strings.Repeat("x", 300) + "\n"
	for i := 2; i <= files; i++ {
		writeFile(t, dir, fmt.Sprintf("d/V%d.sql", i), long)
	}
	// the first file is included by the last, which comes after far more
	// files than are ever in flight: the first was merged on its own
	writeFile(t, dir, "d/V1.sql", "USE S;\nCHECKPOINT $(n);\n")
	writeFile(t, dir, "d/Z.sql", ":setvar n 5\n:r V1.sql\n")
	d := filepath.Join(dir, "d")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", d)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	v1 := filepath.ToSlash(filepath.Join(d, "V1.sql")) + ":"
	if n := strings.Count(out, v1); n != 1 || strings.Count(out, ": warning SL302 ") != files || !strings.Contains(out, v1+"2:1: warning SL302 checkpoint-duration: CHECKPOINT 5 ") ||
		strings.Contains(out, "SL002") || !strings.Contains(out, fmt.Sprintf("%d findings (0 errors, %d warnings, 0 infos) in %d files", files, files, files+1)) {
		t.Errorf("text output (%d findings in V1.sql):\n%s", n, out[max(0, len(out)-2000):])
	}
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "json", d)
	var rep jsonReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("json output (exit %d, %v): %s", code, err, errs)
	}
	if len(rep.Findings) != files {
		t.Errorf("json output: %d findings, want %d", len(rep.Findings), files)
	}
}
