package main

import (
	"strings"
	"testing"
)

// TestStagedPathInNestedRepository: --staged reads the index of the
// repository of the first path, and a path in another repository is an
// error (README, "A plain git hook"). A submodule, or a repository inside
// the work tree, is another repository even though its folder is below
// the top: the outer index holds none of its files, so its work tree's
// text was checked in place of what it stages.
func TestStagedPathInNestedRepository(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT;\n")
	git("add", ".")
	git("commit", "-qm", "one")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 2;\n")
	git("add", "db/V2.sql")
	writeFile(t, dir, "lib/V9.sql", "CHECKPOINT 9;\n")
	git("-C", "lib", "init", "-q", "-b", "main")
	git("-C", "lib", "add", "V9.sql")
	writeFile(t, dir, "lib/V9.sql", "CHECKPOINT;\n") // not staged in lib
	for _, args := range [][]string{{"db/V2.sql", "lib/V9.sql"}, {"db/V2.sql", "lib"}} {
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--staged"}, args...)...)
		if code != 2 || !strings.Contains(errs, "lib") || !strings.Contains(errs, "another git repository") {
			t.Errorf("%q: exit %d, want an error naming the nested repository\n%s%s", args, code, out, errs)
		}
	}
	// named first, its own repository's index is read
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged", "lib/V9.sql")
	if code != 1 || !strings.Contains(out, "lib/V9.sql:1:1: warning SL302") {
		t.Errorf("lib/V9.sql alone: exit %d\n%s%s", code, out, errs)
	}
	// the outer repository's own scripts: no error
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged", "db/V2.sql"); code != 1 || !strings.Contains(out, "db/V2.sql:1:1") {
		t.Errorf("db/V2.sql: exit %d\n%s%s", code, out, errs)
	}
}
