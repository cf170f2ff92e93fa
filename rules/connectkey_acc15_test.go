package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// After a :connect, CURRENT before any USE is the new connection's
// database, and a database literally named [current] is another one: the
// two shared the model key "current", so the second MODIFY FILE took the
// first's size as known ("allocates 10 GB" instead of "up to 20 GB") and
// the files of both counted as one database's.
func TestConnectCurrentNotNamedCurrent(t *testing.T) {
	src := ":connect other\nGO\nALTER DATABASE CURRENT MODIFY FILE (NAME = f, SIZE = 10GB);\nGO\nALTER DATABASE [current] MODIFY FILE (NAME = f, SIZE = 20GB);\nGO\n"
	msgs := auditMessages(startRun(t, "", src), "SL201")
	if len(msgs) != 2 || !strings.HasPrefix(msgs[1], "allocates up to 20 GB of data file") {
		t.Errorf("SL201 %q", msgs)
	}
	src = ":connect other\nALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE [current] ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\nGO\n"
	if msgs := auditMessages(startRun(t, "", src), "SL101"); len(msgs) != 0 {
		t.Errorf("SL101 across two databases %q", msgs)
	}
	m := BuildModel([]*parser.Result{parser.ParseFile(parser.NewFile("s.sql", src), nil)}, "", nil)
	other := m.conns.named["other"]
	if d := other["current"]; d == nil || d.Name != "current" || d.FileCount() != 1 {
		t.Errorf("[current] %+v", d)
	}
	if d := other[connectKey]; d == nil || d.Name != connectShown || d.FileCount() != 1 {
		t.Errorf("CURRENT %+v", d)
	}
}

// SL305 passed over a database literally named current (the key CURRENT
// once had), at the server's TARGET_RECOVERY_TIME 0.
func TestSL305DatabaseNamedCurrent(t *testing.T) {
	zero := 0
	facts := &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{
		"current": {Name: "current", Exists: true, TargetRecoverySeconds: &zero}}}
	for _, src := range []string{"ALTER DATABASE [current] SET AUTO_CLOSE OFF;\n", "USE [current];\nGO\nCREATE TABLE dbo.t (id int);\n"} {
		res := parser.ParseFile(parser.NewFile("deploy.sql", src), nil)
		var got []string
		for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
			if f.Rule.ID == "SL305" {
				got = append(got, f.Message)
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "database current has target_recovery_time_in_seconds = 0") {
			t.Errorf("%q: SL305 %q", src, got)
		}
	}
}
