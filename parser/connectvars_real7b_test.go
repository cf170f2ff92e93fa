package parser

import (
	"strings"
	"testing"
)

// sqlcmd resolves the variables of a :connect command line before it
// connects, and stops at one that is not defined, as it does for :r and
// for the script's text: an undefined $(var) in :connect is SL002 at the
// reference. A defined one, and one sqlcmd or the project sets (value
// unknown here), are not reported.
func TestConnectUndefinedVariables(t *testing.T) {
	src := ":setvar Primary NODE1\n:Connect $(Primary)\nSELECT 1\nGO\n" +
		":CONNECT $(ServerB) -U $(SysAdminLoginName)\nSELECT 1\nGO\n" +
		":connect $(SQLCMDSERVER)\nGO\n"
	res := ParseFile(NewFile("t.sql", src), &PreprocessOptions{})
	var got []string
	for _, d := range res.Diags {
		if d.Rule != "SL002" {
			t.Errorf("unexpected %s: %s", d.Rule, d.Message)
			continue
		}
		got = append(got, src[d.Span.Start.Offset:d.Span.End.Offset])
		if !strings.Contains(d.Message, "is not defined") {
			t.Errorf("message: %s", d.Message)
		}
	}
	if strings.Join(got, " ") != "$(ServerB) $(SysAdminLoginName)" {
		t.Errorf("SL002 at %q, want $(ServerB) $(SysAdminLoginName)", got)
	}
	if n := len(res.Script.ConnectServers); n != 3 || res.Script.ConnectServers[0] != "node1" || res.Script.ConnectServers[1] != "" {
		t.Errorf("servers %q", res.Script.ConnectServers)
	}
}

// A :connect server name is resolved as a command argument is
// (ppArgRefs): set variables are replaced wherever they stand in the
// name, one without a value makes the server unknown (""), and a
// malformed reference stays as text, as go-sqlcmd keeps it.
func TestConnectServerName(t *testing.T) {
	src := ":setvar Host Node1\n:setvar Inst SQL2\n" +
		":connect $(Host)\\$(Inst),1433\nGO\n" +
		":connect \"$(Host).corp\" -l 30\nGO\n" +
		":connect $(Host)$(Missing)\nGO\n" +
		":connect srv$(a.b)\nGO\n"
	res := ParseFile(NewFile("t.sql", src), &PreprocessOptions{})
	want := []string{`node1\sql2,1433`, "node1.corp", "", "srv$(a.b)"}
	if got := res.Script.ConnectServers; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("servers %q, want %q", got, want)
	}
}
