package rules

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// dynBranchScripts are IF ... ELSE statements written out, each run
// after a database with known files: the same text held in constant
// dynamic SQL (EXEC, sp_executesql, dynamic SQL inside dynamic SQL)
// runs one arm as well.
var dynBranchScripts = []string{
	// each arm adds a file: the MODIFY FILE after the IF does not know
	// the file's size (f1 exists only when the THEN arm ran)
	"IF @@SERVERNAME = 'X' ALTER DATABASE Big ADD FILE (NAME = f1, FILENAME = 'D:\\f1.ndf', SIZE = 10GB) ELSE ALTER DATABASE Big ADD FILE (NAME = f2, FILENAME = 'D:\\f2.ndf', SIZE = 10GB);",
	// the arms set the size apart
	"IF @@SERVERNAME = 'X' ALTER DATABASE Big MODIFY FILE (NAME = Big_dat, SIZE = 10GB); ELSE ALTER DATABASE Big MODIFY FILE (NAME = Big_dat, SIZE = 12GB);",
	// nested, in blocks
	"IF 1 = 1 BEGIN IF 2 = 2 ALTER DATABASE Big ADD FILE (NAME = f1, FILENAME = 'D:\\f1.ndf', SIZE = 10GB); ELSE PRINT 'x'; END ELSE BEGIN ALTER DATABASE Big ADD FILE (NAME = f3, FILENAME = 'D:\\f3.ndf', SIZE = 10GB); END",
}

const dynBranchAfter = "\nGO\nALTER DATABASE Big MODIFY FILE (NAME = f1, SIZE = 20GB);\nALTER DATABASE Big MODIFY FILE (NAME = Big_dat, SIZE = 30GB);\n"

// messagesOf is the rules' messages on sql, without where they are.
func messagesOf(t *testing.T, sql string) []string {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	var out []string
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		out = append(out, f.Rule.ID+" "+strings.ReplaceAll(f.Message, " (in dynamic SQL)", ""))
	}
	return out
}

// An IF ... ELSE in constant dynamic SQL gets the model's branch
// treatment as in script text: the arms replay from the state before
// the IF and are joined after it, not counted one after the other.
func TestDynamicBranchesAsPlain(t *testing.T) {
	const create = "CREATE DATABASE Big ON PRIMARY (NAME = Big_dat, FILENAME = 'D:\\Big.mdf', SIZE = 1GB) LOG ON (NAME = Big_log, FILENAME = 'L:\\Big.ldf', SIZE = 1GB);\nGO\n"
	quote := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	for _, text := range dynBranchScripts {
		want := messagesOf(t, create+text+dynBranchAfter)
		for _, dyn := range []string{
			"EXEC (N'" + quote(text) + "');",
			"EXEC sp_executesql N'" + quote(text) + "';",
			"EXEC (N'EXEC (N''" + quote(quote(text)) + "'')');",
			"PRINT 'before';\nEXEC (N'PRINT ''a''; " + quote(text) + " PRINT ''b'';');\nPRINT 'after';",
		} {
			if got := messagesOf(t, create+dyn+dynBranchAfter); !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\ngot  %q\nwant %q", dyn, got, want)
			}
		}
	}
}
