package parser

import (
	"fmt"
	"strings"
	"testing"
)

// CREATE, ALTER and DROP DATABASE and USE take the database's name, and
// SQL Server rejects a variable there with a syntax error (a Jenkins
// restore script had IF NOT EXISTS (...) CREATE DATABASE @SQLDB): SL001,
// and the statement is not taken as run. BACKUP and RESTORE take a
// variable, and text built in variables that an EXEC runs names its
// database through them.
func TestVariableNamingTheDatabaseIsAParseError(t *testing.T) {
	src := "IF NOT EXISTS (SELECT * FROM sys.databases WHERE name = @SQLDB)\nBEGIN\n    CREATE DATABASE  @SQLDB\nEND\nGO\n" +
		"ALTER DATABASE @db SET RECOVERY SIMPLE\nGO\n" +
		"USE @db\nGO\n" +
		"DROP DATABASE a, @b\nGO\n" +
		"BACKUP DATABASE @db TO DISK = @path\nGO\n" +
		"RESTORE DATABASE @db FROM DISK = @path WITH REPLACE\nGO\n" +
		"CREATE DATABASE [@literal]\nGO\n" +
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE ' + @db + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';\nEXEC (@s);\n"
	res := ParseFile(NewFile("v.sql", src), &PreprocessOptions{})
	var got []string
	for _, d := range res.Diags {
		if d.Rule != "SL001" {
			continue
		}
		head, _, _ := strings.Cut(d.Message, ":")
		got = append(got, fmt.Sprintf("%d:%s", d.Span.Start.Position().Line, head))
		if !strings.Contains(d.Message, "not given by the variable @") {
			t.Errorf("message %q does not name the variable", d.Message)
		}
	}
	want := []string{"3:cannot parse CREATE DATABASE", "6:cannot parse ALTER DATABASE", "8:cannot parse USE", "10:cannot parse DROP DATABASE"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SL001 at %v, want %v", got, want)
	}
	var kinds []string
	for _, st := range res.Statements {
		if st.Node != nil {
			kinds = append(kinds, st.Kind.Title())
		}
	}
	// the rejected statements are not taken as run; the others are
	all := strings.Join(kinds, ",")
	for _, k := range []string{"BACKUP DATABASE", "RESTORE DATABASE", "CREATE DATABASE"} {
		if !strings.Contains(all, k) {
			t.Errorf("statements %v: no %s", kinds, k)
		}
	}
	if strings.Contains(all, "ALTER DATABASE") || strings.Contains(all, "USE") || strings.Contains(all, "DROP DATABASE") {
		t.Errorf("statements %v: a statement naming its database by a variable was taken as run", kinds)
	}
}
