package rules

import (
	"strings"
	"testing"
)

// A restore of a database whose every file the scripts show, one with a
// size that is not known (a placeholder, SIZE = foo), counts the known
// sizes as a lower bound; the message said the scripts showed only some
// of the files, which they did not.
func TestSL207UnsizedFile(t *testing.T) {
	const sql = `CREATE DATABASE Part ON (NAME = Part, FILENAME = 'D:\Part.mdf', SIZE = foo)
LOG ON (NAME = Part_log, FILENAME = 'L:\Part_log.ldf', SIZE = 12GB);
RESTORE DATABASE Part FROM DISK = 'B:\Part.bak' WITH REPLACE;
`
	fs := run(t, sql, nil, "SL207")
	if len(fs) != 1 || !strings.Contains(fs[0].Message, ": log 12 GB, about 116 s, IFI or not") ||
		!strings.HasSuffix(fs[0].Message, "; the scripts do not show every file of the database with its size, so these are lower bounds") {
		t.Errorf("%v, want the log's 12 GB as a lower bound, the data file's size not known", fs)
	}
}
