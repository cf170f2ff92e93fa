package main

import (
	"strings"
	"testing"
)

// TestExplainPrefix: explain SL3 said "did you mean SL003?" (two edits
// away), where SL3 is the prefix of the SL3xx rules, as --select reads
// it; it now lists them. help SL3 says the same; a typo keeps its
// suggestion.
func TestExplainPrefix(t *testing.T) {
	for _, cmd := range []string{"explain", "help"} {
		code, out, errs := runCmd(t, "", nil, cmd, "sl3")
		if code != exitError || out != "" || !strings.Contains(errs, `sl3 is the prefix of SL301, SL302, SL303, SL304, SL305: explain one of them`) {
			t.Errorf("%s sl3: exit %d %q", cmd, code, errs)
		}
	}
	if _, _, errs := runCmd(t, "", nil, "explain", "SL3020"); !strings.Contains(errs, "did you mean SL302?") {
		t.Errorf("explain SL3020: %q", errs)
	}
}
