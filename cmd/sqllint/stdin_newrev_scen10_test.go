package main

import (
	"strings"
	"testing"
)

// TestNewFromRevComparesStandardInput: standard input checked with
// --new-from-rev takes the place of the file it names, so its own lines
// are compared with the revision. They were looked up in the diff of the
// copy on disk: a staged blob (git show :db/V1.sql) whose work-tree copy
// has other, unstaged lines reported nothing of what it adds (line 5),
// and reported an old line that sits where the disk's new lines are
// (line 1).
func TestNewFromRevComparesStandardInput(t *testing.T) {
	dir, git := gitRepo(t)
	old := "CHECKPOINT 10;\nGO\nSELECT 1;\n"
	writeFile(t, dir, "db/V1.sql", old)
	git("add", ".")
	git("commit", "-qm", "old")
	// the work tree: two unstaged lines above; the staged blob: one
	// more CHECKPOINT at the end
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 20;\nGO\n"+old)
	staged := old + "GO\nCHECKPOINT 30;\n"
	scan := func(stdin string, args ...string) []string {
		t.Helper()
		code, out, errs := runCmd(t, stdin, nil, append([]string{"scan", "--no-config", "--no-source", "--new-from-rev", "HEAD"}, args...)...)
		if code == 2 {
			t.Fatalf("exit 2: %s", errs)
		}
		return found(out)
	}
	if got := scan(staged, "--stdin-filename", "db/V1.sql", "-"); strings.Join(got, ",") != "db/V1.sql:5 SL302" {
		t.Errorf("staged blob: %v, want its new CHECKPOINT 30 at line 5 only", got)
	}
	// with CRLF line ends (an editor's buffer on Windows): the same lines
	crlf := strings.ReplaceAll(staged, "\n", "\r\n")
	if got := scan(crlf, "--stdin-filename", "db/V1.sql", "-"); strings.Join(got, ",") != "db/V1.sql:5 SL302" {
		t.Errorf("staged blob with CRLF: %v, want line 5 only", got)
	}
	// the blob as committed: nothing new, though the disk copy changed
	if got := scan(old, "--stdin-filename", "db/V1.sql", "-"); len(got) != 0 {
		t.Errorf("unchanged blob: %v, want none", got)
	}
	// a name the revision does not have: wholly new, as an untracked file
	if got := scan(old, "--stdin-filename", "db/V2.sql", "-"); strings.Join(got, ",") != "db/V2.sql:1 SL302" {
		t.Errorf("new file on standard input: %v, want its CHECKPOINT", got)
	}
	// the disk copy itself is still compared as before
	if got := scan("", "db/V1.sql"); strings.Join(got, ",") != "db/V1.sql:1 SL302" {
		t.Errorf("work tree: %v, want the unstaged CHECKPOINT 20", got)
	}
}
