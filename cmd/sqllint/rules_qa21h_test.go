package main

import (
	"strings"
	"testing"
)

// TestRulesFormat: sqllint rules takes --format json as scan and parse
// do (it knew only --json, and --format was an unknown flag); --json
// stays; another format is refused with the ones it takes.
func TestRulesFormat(t *testing.T) {
	_, want, _ := runCmd(t, "", nil, "rules", "--json")
	for _, args := range [][]string{{"--format", "json"}, {"--format=json"}} {
		if code, out, errs := runCmd(t, "", nil, append([]string{"rules"}, args...)...); code != exitOK || out != want || !strings.HasPrefix(out, "[") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	_, text, _ := runCmd(t, "", nil, "rules")
	if code, out, _ := runCmd(t, "", nil, "rules", "--format", "text"); code != exitOK || out != text || !strings.HasPrefix(out, "ID ") {
		t.Errorf("--format text: exit %d\n%s", code, out)
	}
	if code, _, errs := runCmd(t, "", nil, "rules", "--format", "sarif"); code != exitError || !strings.Contains(errs, `--format must be text or json, not "sarif"`) {
		t.Errorf("--format sarif: exit %d %q", code, errs)
	}
}
