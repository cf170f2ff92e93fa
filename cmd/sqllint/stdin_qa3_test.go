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

// A file redirected to standard input that is larger than max-file-size
// is not read to take the file's place: it stays standard input, which
// a run maps where it is (a 500 MB script redirected with
// --stdin-filename peaked at 188 MB read, 129 MB mapped); a smaller one
// is read, and takes the file's place.
func TestStdinInPlaceLeavesALargeFileMapped(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, size := range []int{100, 101} {
		f, err := os.CreateTemp(t.TempDir(), "in")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(strings.Repeat("x", size)); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Seek(0, 0); err != nil {
			t.Fatal(err)
		}
		paths, overlay, in, err := stdinInPlace([]string{"-"}, "V1.sql", f, 100)
		off, _ := f.Seek(0, 1)
		switch {
		case err != nil:
			t.Fatal(err)
		case size > 100 && (in != f || overlay != nil || paths[0] != "-" || off != 0):
			t.Errorf("%d bytes over a limit of 100: read (offset %d, overlay %v), want standard input left as it is", size, off, overlay != nil)
		case size <= 100 && (len(overlay) != 1 || paths[0] != "V1.sql"):
			t.Errorf("%d bytes: paths %v, %d overlays, want the text in V1.sql's place", size, paths, len(overlay))
		}
		f.Close()
	}
}
