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
