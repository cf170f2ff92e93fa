package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A script named in the temporary folder or the home folder itself reads
// as context only the scripts beside it, not the folder's whole tree (a
// script saved in /tmp read every corpus below /tmp before it was
// checked); a script in any other folder still reads its subfolders.
func TestNoProjectFolderReadsOnlyScriptsBeside(t *testing.T) {
	create := "CREATE DATABASE Sales ON PRIMARY (NAME = Sales, FILENAME = 'D:\\s.mdf', SIZE = 1GB)\n" +
		"  LOG ON (NAME = Sales_log, FILENAME = 'L:\\s.ldf', SIZE = 1GB);\nGO\n"
	grow := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);\nGO\n"
	for _, env := range []string{"TMPDIR", "HOME"} {
		root := t.TempDir()
		t.Setenv(env, root)
		writeFile(t, root, "sub/V1.sql", create)
		writeFile(t, root, "V2.sql", grow)
		writeFile(t, root, "proj/sub/V1.sql", create)
		writeFile(t, root, "proj/V2.sql", grow)
		cases := []struct{ path, want string }{
			{filepath.Join(root, "V2.sql"), "allocates up to 20 GB of log file"}, // sub/ not read
			{filepath.Join(root, "proj", "V2.sql"), "allocates 19 GB of log file"},
		}
		for _, c := range cases {
			code, out, errs := runCmd(t, "", nil, "scan", "--no-config", c.path)
			if code != 1 || len(found(out)) != 1 || !strings.Contains(out, c.want) {
				t.Errorf("%s=%s, %s: exit %d, findings %v, want one saying %q\n%s%s", env, root, c.path, code, found(out), c.want, out, errs)
			}
		}
		// the scripts beside it are still read
		writeFile(t, root, "V1.sql", create)
		code, out, errs := runCmd(t, "", nil, "scan", "--no-config", filepath.Join(root, "V2.sql"))
		if code != 1 || !strings.Contains(out, "allocates 19 GB of log file") {
			t.Errorf("%s: a script beside it: exit %d\n%s%s", env, code, out, errs)
		}
	}
}
