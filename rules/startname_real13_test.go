package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// The database the scripts start in (sqlcmd -d) keeps the name -d gives
// it in messages: a migration tool's script that says ALTER DATABASE
// CURRENT, checked with -d SalesDB, was reported "for salesdb" (the
// context's lowered key), and so was every later statement that names
// [SalesDB], as that first database kept the key for its name.
func TestStartDatabaseKeepsItsName(t *testing.T) {
	for _, c := range []struct {
		name, db, src, want string
	}{
		{"current", "SalesDB",
			"ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;\n",
			"for SalesDB:"},
		{"current-then-named", "SalesDB",
			"ALTER DATABASE CURRENT SET RECOVERY SIMPLE;\nGO\nALTER DATABASE [SalesDB] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n",
			"for SalesDB:"},
		{"as-given", "salesdb",
			"ALTER DATABASE CURRENT SET RECOVERY SIMPLE;\nGO\nALTER DATABASE [SalesDB] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n",
			"for salesdb:"},
		{"use-names-it", "SalesDB",
			"USE [Orders];\nGO\nALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;\n",
			"for Orders:"},
		{"no-start-database", "",
			"ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;\n",
			"for the database the script starts in (sqlcmd -d):"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := parser.ParseFile(parser.NewFile("m.sql", c.src), &parser.PreprocessOptions{Database: c.db})
			fs := Analyze(Default, []*parser.Result{res}, &Config{DefaultDatabase: c.db})
			msgs := auditMessages(fs, "SL301")
			if len(msgs) != 1 || !strings.Contains(msgs[0], c.want) {
				t.Fatalf("SL301 %q, want one with %q", msgs, c.want)
			}
		})
	}
}
