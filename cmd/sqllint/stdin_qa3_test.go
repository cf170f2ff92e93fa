package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Standard input named with --stdin-filename "counts as that file: it
// takes the place of the copy on disk, with the same context". A hook
// pipes the staged blob of db/sub/V2.sql, which master.sql includes after
// :setvar Size: the file named gets the master's variable, but standard
// input was checked on its own (SL002: $(Size) undefined) and the
// master's include read the copy on disk, not the text piped.
func TestStdinAMasterIncludesTakesTheFilesPlace(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "master.sql", ":setvar Size 99GB\n:r db/sub/V2.sql\n")
	disk := "ALTER DATABASE S ADD FILE (NAME = N'T', FILENAME = N'D:\\T.ndf', SIZE = $(Size));\nGO\n"
	writeFile(t, dir, "db/sub/V2.sql", disk)
	staged := disk + "CHECKPOINT 5;\n"
	t.Chdir(filepath.Join(dir, "db", "sub"))
	_, out, errs := runCmd(t, staged, nil, "scan", "--no-config", "--no-source", "--stdin-filename", "V2.sql", "-")
	if got := strings.Join(found(out), ","); got != "V2.sql:1 SL201,V2.sql:3 SL302" {
		t.Errorf("standard input named V2.sql: %s, want the file's findings with the master's $(Size) and the CHECKPOINT piped\n%s%s", got, out, errs)
	}
	if data, _ := os.ReadFile("V2.sql"); string(data) != disk {
		t.Errorf("V2.sql was written: %q", data)
	}
	// a new file, which no master includes, in a folder that exists
	_, out, errs = runCmd(t, "CHECKPOINT 7;\n", nil, "scan", "--no-config", "--no-source", "--stdin-filename", "V3.sql", "-")
	if got := strings.Join(found(out), ","); got != "V3.sql:1 SL302" {
		t.Errorf("a new file: %s\n%s%s", got, out, errs)
	}
}
