package main

import (
	"strings"
	"testing"
)

// TestHookFlywayLocationLeavesOutIgnoredScripts: a hook given
// db/tables/V3__more.sql reads as context the Flyway location its folder
// is part of (db, whose V1 and V2 run before it), found by climbing while
// the scripts above are all named as Flyway names them. A git-ignored
// scratch script in db (db/scratch.sql) stopped the climb: the hook read
// db/tables alone and missed the SL101 that the scan of db, which leaves
// the ignored script out, reports. What git ignores does not change the
// findings; an untracked script git does not ignore still stops it, as
// the folder scan reads it too.
func TestHookFlywayLocationLeavesOutIgnoredScripts(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1__create.sql", createSales)
	writeFile(t, dir, "db/V2__fg.sql", "USE Sales;\nGO\n"+filegroups(0, 700))
	writeFile(t, dir, ".gitignore", "scratch.sql\n")
	git("add", ".")
	git("commit", "-qm", "init")
	writeFile(t, dir, "db/tables/V3__more.sql", "USE Sales;\nGO\n"+filegroups(700, 850))
	git("add", ".")
	hook := append(hookEntry(t), "--no-config", "db/tables/V3__more.sql")
	check := func(what string, want int) {
		t.Helper()
		code, out, errs := runCmd(t, "", nil, hook...)
		got := found(out)
		ok := len(got) == want && (want == 0 && code == 0 || want == 1 && code == 1 && strings.HasPrefix(got[0], "db/tables/V3__more.sql:") && strings.HasSuffix(got[0], " SL101"))
		if !ok {
			t.Errorf("%s: exit %d, %v, want %d SL101 in db/tables/V3__more.sql\n%s%s", what, code, got, want, out, errs)
		}
	}
	check("the Flyway location db", 1)
	writeFile(t, dir, "db/scratch.sql", "PRINT 1;\n")
	check("a git-ignored scratch script in db", 1)
	code, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "db")
	if got := found(out); code != 1 || len(got) != 1 || !strings.HasPrefix(got[0], "db/tables/V3__more.sql:") {
		t.Errorf("the scan of db: exit %d, %v", code, got)
	}
}

// TestHookFlywayLocationLeavesOutExcludedScripts: a script the config
// excludes stopped the climb to the Flyway location as a git-ignored one
// did: the context is read "as a folder scan would, excludes applied".
func TestHookFlywayLocationLeavesOutExcludedScripts(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1__create.sql", createSales)
	writeFile(t, dir, "db/V2__fg.sql", "USE Sales;\nGO\n"+filegroups(0, 700))
	writeFile(t, dir, "db/scratch.sql", "PRINT 1;\n")
	writeFile(t, dir, ".sqllint.yaml", "exclude: [\"db/scratch.sql\"]\n")
	git("add", ".")
	git("commit", "-qm", "init")
	writeFile(t, dir, "db/tables/V3__more.sql", "USE Sales;\nGO\n"+filegroups(700, 850))
	git("add", ".")
	for _, paths := range [][]string{{"db"}, {"db/tables/V3__more.sql"}} {
		code, out, errs := runCmd(t, "", nil, append(append(hookEntry(t), "--no-source"), paths...)...)
		if got := found(out); code != 1 || len(got) != 1 || !strings.HasPrefix(got[0], "db/tables/V3__more.sql:") || !strings.HasSuffix(got[0], " SL101") {
			t.Errorf("%v with db/scratch.sql excluded: exit %d, %v, want SL101 in db/tables/V3__more.sql\n%s%s", paths, code, got, out, errs)
		}
	}
}
