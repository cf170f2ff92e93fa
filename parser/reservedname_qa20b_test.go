package parser

import (
	"fmt"
	"strings"
	"testing"
)

// CURRENT and PRIMARY are reserved words of T-SQL. ALTER DATABASE takes
// CURRENT for the database of the connection, but BACKUP, RESTORE,
// CREATE and DROP DATABASE and USE take only a name (BACKUP and RESTORE
// a variable too), and SQL Server stops on the bare word with a syntax
// error: BACKUP DATABASE CURRENT TO DISK = ... never runs (seen in an
// application's backup code). It was read as a database named CURRENT,
// without a word, and a BACKUP LOG current TO DISK = 'NUL' was reported
// as a backup that runs. Bracketed, [CURRENT] is a name like any other.
func TestReservedWordNamingTheDatabaseIsAParseError(t *testing.T) {
	src := "BACKUP DATABASE CURRENT TO DISK = N'x.bak'\nGO\n" +
		"BACKUP LOG current TO DISK = N'NUL'\nGO\n" +
		"RESTORE DATABASE CURRENT FROM DISK = N'x.bak'\nGO\n" +
		"USE CURRENT\nGO\n" +
		"CREATE DATABASE CURRENT\nGO\n" +
		"DROP DATABASE a, CURRENT\nGO\n" +
		"BACKUP DATABASE PRIMARY TO DISK = N'x.bak'\nGO\n" +
		"ALTER DATABASE PRIMARY SET RECOVERY FULL\nGO\n" +
		"ALTER DATABASE CURRENT SET RECOVERY FULL\nGO\n" +
		"BACKUP DATABASE [CURRENT] TO DISK = N'x.bak'\nGO\n" +
		"RESTORE DATABASE [PRIMARY] FROM DISK = N'x.bak'\nGO\n"
	res := ParseFile(NewFile("r.sql", src), &PreprocessOptions{})
	var got []string
	for _, d := range res.Diags {
		if d.Rule != "SL001" {
			continue
		}
		head, _, _ := strings.Cut(d.Message, ":")
		got = append(got, fmt.Sprintf("%d:%s", d.Span.Start.Position().Line, head))
		if !strings.Contains(d.Message, "reserved word") {
			t.Errorf("message %q does not say the word is reserved", d.Message)
		}
	}
	want := []string{"1:cannot parse BACKUP DATABASE", "3:cannot parse BACKUP LOG", "5:cannot parse RESTORE DATABASE",
		"7:cannot parse USE", "9:cannot parse CREATE DATABASE", "11:cannot parse DROP DATABASE",
		"13:cannot parse BACKUP DATABASE", "15:cannot parse ALTER DATABASE"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SL001 at %v, want %v", got, want)
	}
	var run []string
	for _, st := range res.Statements {
		if st.Node != nil {
			run = append(run, fmt.Sprintf("%d:%s", st.Span().Start.Position().Line, st.Kind.Title()))
		}
	}
	// only the valid statements are taken as run
	wantRun := []string{"17:ALTER DATABASE", "19:BACKUP DATABASE", "21:RESTORE DATABASE"}
	if fmt.Sprint(run) != fmt.Sprint(wantRun) {
		t.Errorf("statements %v, want %v", run, wantRun)
	}
}
