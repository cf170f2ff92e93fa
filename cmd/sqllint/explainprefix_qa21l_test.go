package main

import (
	"strings"
	"testing"
)

// TestExplainPrefixAsSelectReadsIt: explain takes for an ID prefix what
// --select does (SL and a digit or two): "explain SL" and "explain s"
// listed every rule as the prefix's, where --select SL is no rule.
func TestExplainPrefixAsSelectReadsIt(t *testing.T) {
	for _, ref := range []string{"SL", "s", "all"} {
		code, _, errs := runCmd(t, "", nil, "explain", ref)
		if code != exitError || strings.Contains(errs, "is the prefix of") {
			t.Errorf("explain %s: exit %d %q", ref, code, errs)
		}
	}
	if _, _, errs := runCmd(t, "", nil, "scan", "--select", "SL", "."); !strings.Contains(errs, "--select SL: no such rule") {
		t.Errorf("--select SL: %q", errs)
	}
	if _, _, errs := runCmd(t, "", nil, "help", "SL30"); !strings.Contains(errs, "SL30 is the prefix of SL301, SL302, SL303, SL304, SL305: explain one of them") {
		t.Errorf("help SL30: %q", errs)
	}
}
