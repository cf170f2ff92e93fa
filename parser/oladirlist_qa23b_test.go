package parser

import "testing"

// DatabaseBackup reads @Directory as Ola Hallengren's procedure does: it
// drops CR and LF, the blanks around the commas and at the ends, and
// splits the list at the commas; a list that holds NUL and another
// directory (or NUL twice) fails its parameter check ("The value for the
// parameter @Directory is not supported", "When doing a pseudo backup to
// NUL you must not specify another backup target") and backs up nothing:
// no backup to NUL, nor a set striped over NUL. ' NUL ' and 'NUL' on a
// line of its own are NUL, which only a bare 'NUL' was.
func TestNulBackupDirectoryList(t *testing.T) {
	for _, tc := range []struct {
		dir  string
		nul  bool
		args string // more parameters
	}{
		{"'NUL'", true, ""},
		{"' nul '", true, ""},
		{"'\r\nNUL\r\n'", true, ""},
		{"N'D:\\Backup, NUL'", false, ""},
		{"'NUL,D:\\Backup'", false, ""},
		{"'NUL, NUL'", false, ""},
		{"'NUL,'", false, ""},
		{"'D:\\Backup\\NUL'", false, ""},
		// parameters the procedure refuses with NUL: it backs up nothing
		{"'NUL'", false, "@Verify = 'Y'"},
		{"'NUL'", false, "@CleanupTime = 24"},
		{"'NUL'", false, "@MirrorDirectory = N'E:\\Mirror'"},
		{"'NUL'", true, "@Verify = 'N', @CleanupTime = NULL, @MirrorDirectory = NULL"},
		{"'NUL'", true, "@CleanupTime = @hours"},
	} {
		src := "EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = " + tc.dir + ", @BackupType = 'FULL'\n"
		if tc.args != "" {
			src = "EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = " + tc.dir + ", @BackupType = 'LOG', " + tc.args + "\n"
		}
		got := false
		for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
			if _, ok := st.Node.(*NulBackup); ok {
				got = true
			}
		}
		if got != tc.nul {
			t.Errorf("@Directory = %q: a backup to NUL %v, want %v", tc.dir, got, tc.nul)
		}
	}
}
