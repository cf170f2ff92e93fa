package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A RESTORE of a backup the scripts did not take, over a database they
// created, was reported at the sizes of the database it replaces, even
// when its MOVE options name logical files that database does not have:
// the backup is then of another database (a sample database restored over
// an empty one of the same name), and those sizes say nothing of it.
func TestSL207ForeignMoves(t *testing.T) {
	create := "CREATE DATABASE AW ON (NAME = aw, FILENAME = 'D:\\aw.mdf', SIZE = 50GB) LOG ON (NAME = aw_log, FILENAME = 'E:\\aw.ldf', SIZE = 5GB);\nGO\n"
	cases := []struct {
		restore string
		want    int
	}{
		{"RESTORE DATABASE AW FROM DISK = 'Z:\\AdventureWorks2022.bak' WITH MOVE 'AdventureWorks2022_Data' TO 'D:\\aw.mdf', MOVE 'AdventureWorks2022_Log' TO 'E:\\aw.ldf', REPLACE;", 0},
		{"RESTORE DATABASE AW FROM DISK = 'Z:\\aw.bak' WITH MOVE 'AW' TO 'D:\\aw2.mdf', MOVE 'aw_log' TO 'E:\\aw2.ldf', REPLACE;", 1},
		{"RESTORE DATABASE AW FROM DISK = 'Z:\\aw.bak' WITH REPLACE;", 1},
	}
	for _, c := range cases {
		if got := len(auditMessages(auditRun(t, create+c.restore+"\n", nil), "SL207")); got != c.want {
			t.Errorf("%s: %d SL207 findings, want %d", c.restore, got, c.want)
		}
	}
	// CREATE DATABASE alone, then the sample restored over it
	src := "CREATE DATABASE AdventureWorks;\nGO\nRESTORE DATABASE AdventureWorks FROM DISK = '/var/opt/mssql/backup/AdventureWorks2022.bak'\n" +
		"WITH MOVE 'AdventureWorks2022_Data' TO '/var/opt/mssql/data/AdventureWorks2022.mdf', MOVE 'AdventureWorks2022_Log' TO '/var/opt/mssql/data/AdventureWorks2022_Log.ldf', REPLACE;\n"
	if msgs := auditMessages(auditRun(t, src, nil), "SL207"); len(msgs) != 0 {
		t.Errorf("sample over CREATE DATABASE alone: %q", msgs)
	}
}

// After such a restore the database has the files MOVE names, of unknown
// size, and others the model does not know of: a MODIFY FILE of one of
// them allocates up to its new size, and one of another name is a file
// the server has.
func TestForeignMovesLayout(t *testing.T) {
	src := "CREATE DATABASE AW ON (NAME = aw, FILENAME = 'D:\\aw.mdf', SIZE = 50GB) LOG ON (NAME = aw_log, FILENAME = 'E:\\aw.ldf', SIZE = 5GB);\nGO\n" +
		"RESTORE DATABASE AW FROM DISK = 'Z:\\x.bak' WITH MOVE 'X_Data' TO 'D:\\aw.mdf', MOVE 'X_Log' TO 'E:\\aw.ldf', REPLACE;\nGO\n" +
		"ALTER DATABASE AW MODIFY FILE (NAME = X_Data, SIZE = 60GB);\nGO\n" +
		"ALTER DATABASE AW MODIFY FILE (NAME = X_Data2, SIZE = 60GB);\nGO\n"
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	m := BuildModel([]*parser.Result{res}, "", nil)
	for i, w := range []int32{2, 2, 2, 3} {
		if got := m.Effects[i].Files; got != w {
			t.Errorf("statement %d: %d files, want %d", i+1, got, w)
		}
	}
	msgs := auditMessages(auditRun(t, src, nil), "SL201")
	if len(msgs) != 3 || !strings.Contains(msgs[1], "allocates up to 60 GB") {
		t.Errorf("SL201: %q", msgs)
	}
}
