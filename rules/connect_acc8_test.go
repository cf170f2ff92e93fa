package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// sqlcmd sets SQLCMDSERVER to the server it is connected to (-S, then
// the one each :connect names), so :connect $(SQLCMDSERVER) connects
// again to the server the script is on: its databases are the ones the
// script made there, not those of an unknown server (a log grown from 19
// to 20 GB is 1 GB more, under the budget, not "up to 20 GB").
func TestConnectSQLCMDSERVERStaysOnTheServer(t *testing.T) {
	for _, c := range []struct {
		name, script, want string
	}{
		{"the run's own server", createX + ":connect $(SQLCMDSERVER)\n" + growX,
			"1: allocates 19 GB"},
		{"any case, quoted, with options", createX + ":CONNECT \"$(SqlCmdServer)\" -l 30\n" + growX,
			"1: allocates 19 GB"},
		{"after a named server", ":connect SrvB\n" + createX + ":connect $(SQLCMDSERVER)\n" + growX,
			"2: allocates 19 GB"},
		{"two in a row, no statement between", ":connect SrvB\n" + createX + ":connect SrvC\n:connect $(SQLCMDSERVER)\n" + growX,
			"2: allocates 19 GB; 6: allocates up to 20 GB"},
		{"after an unknown server", ":connect $(Unset)\n" + createX + ":connect $(SQLCMDSERVER)\n" + growX,
			"2: allocates 19 GB"},
		{"collapsed onto an unknown server", createX + ":connect $(Unset)\n:connect $(SQLCMDSERVER)\n" + growX,
			"1: allocates 19 GB; 5: allocates up to 20 GB"},
		{"back home, then away", createX + ":connect $(SQLCMDSERVER)\nSELECT 1;\nGO\n:connect SrvB\n" + growX,
			"1: allocates 19 GB; 7: allocates up to 20 GB"},
		{"a server with its instance is another one", createX + ":connect $(SQLCMDSERVER)\\INST2\n" + growX,
			"1: allocates 19 GB; 4: allocates up to 20 GB"},
	} {
		if got := sl202Of(t, nil, c.script)[0]; got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	// the next script starts on the run's own server again
	got := sl202Of(t, nil, ":connect SrvB\n"+createX, ":connect $(SQLCMDSERVER)\n"+growX)
	if want := "2: allocates 19 GB|2: allocates up to 20 GB"; strings.Join(got, "|") != want {
		t.Errorf("two scripts: got %q, want %q", strings.Join(got, "|"), want)
	}
}

// In live mode, :connect $(SQLCMDSERVER) stays on the live server: its
// facts still apply (the log's 19 GB is known there, SL305 reports what
// the scripts change there), and on another server they still do not.
func TestConnectSQLCMDSERVERLive(t *testing.T) {
	facts := &ServerFacts{Server: "SQLPROD1", Databases: map[string]*ServerDatabase{
		"x": {Name: "X", Exists: true, Files: []ServerFile{{Name: "X", Size: 1 << 30}, {Name: "X_log", Log: true, Size: 19 << 30}}},
	}}
	got := sl202Of(t, facts, ":connect $(SQLCMDSERVER)\n"+growX+":connect SrvB\n:connect $(SQLCMDSERVER)\n"+growX)[0]
	if want := "6: allocates up to 20 GB"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	const script = `:connect $(SQLCMDSERVER)
ALTER DATABASE Sales SET RECOVERY FULL;
GO
:connect ReportServer
:connect $(SQLCMDSERVER)
ALTER DATABASE Reports SET RECOVERY SIMPLE;
`
	zero := 0
	facts = &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{}}
	for _, name := range []string{"Sales", "Reports"} {
		facts.Databases[lowerKey(name)] = &ServerDatabase{Name: name, Exists: true, TargetRecoverySeconds: &zero}
	}
	res := parser.ParseFile(parser.NewFile("deploy.sql", script), nil)
	var lines []string
	for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
		if f.Rule.ID == "SL305" {
			lines = append(lines, itoa(f.Span.Start.Position().Line))
		}
	}
	if want := "2"; strings.Join(lines, " ") != want {
		t.Errorf("SL305 at lines %q, want %q (Sales on SQL1)", strings.Join(lines, " "), want)
	}
}
