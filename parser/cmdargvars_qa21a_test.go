package parser

import (
	"strings"
	"testing"
)

// sqlcmd resolves the variables of :out, :error, :perftrace and !!
// before it runs the command ("sqlcmd - Use with scripting variables",
// example D: `:OUT $(MyTempDirectory)`; go-sqlcmd resolves their
// arguments and fails on a variable that is not defined), as it does for
// :connect and :r: an undefined $(var) there is SL002 at the reference.
// A defined one, one that sqlcmd sets itself and one in a trailing
// comment are not reported.
func TestCommandArgumentUndefinedVariables(t *testing.T) {
	src := ":setvar Dir C:\\Temp\n" +
		":out $(Dir)\\out.txt\n" +
		":OUT $(OutFile)\n" +
		":error $(ErrFile)\n" +
		":perftrace $(TraceFile) -- $(NotRead)\n" +
		"!! mkdir $(Folder)\n" +
		":!! echo $(SQLCMDSERVER)\n" +
		"SELECT 1\nGO\n"
	res := ParseFile(NewFile("t.sql", src), &PreprocessOptions{})
	var got []string
	for _, d := range res.Diags {
		if d.Rule != "SL002" || !strings.Contains(d.Message, "is not defined") {
			t.Errorf("unexpected %s: %s", d.Rule, d.Message)
			continue
		}
		got = append(got, src[d.Span.Start.Offset:d.Span.End.Offset])
	}
	if want := "$(OutFile) $(ErrFile) $(TraceFile) $(Folder)"; strings.Join(got, " ") != want {
		t.Errorf("SL002 at %q, want %s", got, want)
	}
}
