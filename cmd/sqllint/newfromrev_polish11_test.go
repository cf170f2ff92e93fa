package main

import (
	"strings"
	"testing"
)

// In a repository with no commits, an unknown revision is not blamed on
// a shallow clone: there is no history to fetch.
func TestNewFromRevEmptyRepository(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "a.sql", "CHECKPOINT 5;\n")
	for _, flag := range []string{"--new-from-rev", "--new-from-merge-base"} {
		code, _, errs := runCmd(t, "", nil, "scan", "--no-config", flag, "HEAD", ".")
		if code != exitError || !strings.Contains(errs, "it has no commits yet") || strings.Contains(errs, "shallow") {
			t.Errorf("%s in an empty repository: exit %d, %q", flag, code, errs)
		}
	}
	git("add", ".")
	git("commit", "-qm", "one")
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--new-from-rev", "no-such-rev", ".")
	if code != exitError || !strings.Contains(errs, "shallow clone") {
		t.Errorf("unknown revision with history: exit %d, %q", code, errs)
	}
}
