package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

const createX = "CREATE DATABASE X ON (NAME = X, FILENAME = 'x.mdf', SIZE = 1GB) LOG ON (NAME = X_log, FILENAME = 'x.ldf', SIZE = 19GB);\nGO\n"

const growX = "ALTER DATABASE X MODIFY FILE (NAME = X_log, SIZE = 20GB);\nGO\n"

// sl202Of is the SL202 messages of the scripts, checked file by file as a
// static run checks them, one string per file.
func sl202Of(t *testing.T, facts *ServerFacts, scripts ...string) []string {
	t.Helper()
	e := NewEngine(Default, &Config{Facts: facts})
	var out []string
	for i, s := range scripts {
		res := parser.ParseFile(parser.NewFile("f"+string(rune('1'+i))+".sql", s), &parser.PreprocessOptions{Vars: map[string]string{"Known": "SrvB"}})
		var ms []string
		for _, f := range e.File(res) {
			if f.Rule.ID == "SL202" {
				p := f.Span.Start.Position()
				what, _, _ := strings.Cut(f.Message, " of log file")
				ms = append(ms, itoa(p.Line)+": "+what)
			}
		}
		out = append(out, strings.Join(ms, "; "))
	}
	return out
}

// After :connect, the batches run on another server: the databases the
// scripts made on the first one are not there. A log grown to 20 GB on
// server B is an allocation of up to 20 GB (its size there unknown), not
// the 1 GB it grows by on the server that created it.
func TestConnectKeysDatabasesByServer(t *testing.T) {
	for _, c := range []struct {
		name, script, want string
	}{
		{"another server", createX + ":connect SrvB\n" + growX,
			"1: allocates 19 GB; 4: allocates up to 20 GB"},
		{"back to the first named server", ":connect SrvA\n" + createX + ":connect SrvB\nSELECT 1;\nGO\n:connect srva\n" + growX,
			"2: allocates 19 GB"},
		{"a variable with a value", createX + ":connect SrvB\n" + createX + ":connect $(Known) -l 30\n" + growX,
			"1: allocates 19 GB; 4: allocates 19 GB"},
		{"a variable with no value: unknown", createX + ":connect $(Unset)\n" + createX + ":connect $(Unset)\n" + growX,
			"1: allocates 19 GB; 4: allocates 19 GB; 7: allocates up to 20 GB"},
		{"quoted", ":connect \"SrvB\"\n" + createX + ":connect SrvB\n" + growX,
			"2: allocates 19 GB"},
	} {
		got := sl202Of(t, nil, c.script)[0]
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// Each script starts on the run's own server, whatever server the one
// before it connected to last; a server a script connected to keeps its
// databases for the next script that connects to it.
func TestConnectNextScriptStartsAtHome(t *testing.T) {
	got := sl202Of(t, nil, createX+":connect SrvB\n"+createX, growX, ":connect SrvB\n"+growX, ":connect SrvC\n"+growX)
	want := []string{"1: allocates 19 GB; 4: allocates 19 GB", "", "", "2: allocates up to 20 GB"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// In live mode the server's files describe its own databases only: a
// database on another server is not seeded from them, unless :connect
// names the live server itself.
func TestConnectSeedsOnlyOnTheLiveServer(t *testing.T) {
	facts := &ServerFacts{Server: "SQLPROD1", Databases: map[string]*ServerDatabase{
		"x": {Name: "X", Exists: true, Files: []ServerFile{{Name: "X", Size: 1 << 30}, {Name: "X_log", Log: true, Size: 19 << 30}}},
	}}
	got := sl202Of(t, facts, growX+":connect SrvB\n"+growX+":connect sqlprod1\n"+growX)[0]
	if want := "4: allocates up to 20 GB"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// SL305 reports what the live server has of the databases the scripts
// change there: not one of the same name that a :connect to another
// server changes.
func TestSL305OnlyOnTheLiveServer(t *testing.T) {
	const script = `ALTER DATABASE Sales SET RECOVERY FULL;
GO
:connect ReportServer
ALTER DATABASE Reports SET RECOVERY SIMPLE;
GO
:connect sql1
ALTER DATABASE Ops SET RECOVERY FULL;
GO
:connect $(Unset)
ALTER DATABASE Hist SET RECOVERY FULL;
`
	zero := 0
	facts := &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{}}
	for _, name := range []string{"Sales", "Reports", "Ops", "Hist"} {
		facts.Databases[lowerKey(name)] = &ServerDatabase{Name: name, Exists: true, TargetRecoverySeconds: &zero}
	}
	res := parser.ParseFile(parser.NewFile("deploy.sql", script), nil)
	var got []string
	for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
		if f.Rule.ID == "SL305" {
			got = append(got, itoa(f.Span.Start.Position().Line))
		}
	}
	if want := "1 7"; strings.Join(got, " ") != want {
		t.Errorf("SL305 at lines %q, want %q (Sales and Ops on SQL1)", strings.Join(got, " "), want)
	}
}

// After a :connect to another server, the live server's IFI and backup
// history say nothing of what the statements do: SL201 is not dropped
// for IFI, and a RESTORE takes no sizes from the live server's history.
func TestConnectLiveFactsOnlyOnTheLiveServer(t *testing.T) {
	on := true
	history := &ServerBackup{Finished: "2026-11-30T22:00:07", Files: []ServerFile{
		{Name: "Sales_dat", Size: 50 << 30, Filegroup: "PRIMARY"}, {Name: "Sales_log", Log: true, Size: 5 << 30}}}
	facts := &ServerFacts{Server: "SQLPROD1", IFI: &on, Databases: map[string]*ServerDatabase{
		"sales": {Name: "Sales", Exists: true, FullBackup: history}}}
	script := `CREATE DATABASE Big ON (NAME = Big, FILENAME = 'D:\big.mdf', SIZE = 100GB);
RESTORE DATABASE Sales FROM DISK = '\\share\Sales.bak' WITH REPLACE;
GO
:connect DR01
CREATE DATABASE Big2 ON (NAME = Big2, FILENAME = 'D:\big2.mdf', SIZE = 100GB);
RESTORE DATABASE Sales FROM DISK = '\\share\Sales.bak' WITH REPLACE;
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", script), nil)
	var got []string
	for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
		if f.Rule.ID == "SL201" || f.Rule.ID == "SL207" {
			got = append(got, f.Rule.ID+" "+itoa(f.Span.Start.Position().Line))
		}
	}
	// line 1: IFI on, dropped; line 2: sizes from history (the log)
	if want := "SL207 2|SL201 5"; strings.Join(got, "|") != want {
		t.Errorf("findings %q, want %q", strings.Join(got, "|"), want)
	}
}
