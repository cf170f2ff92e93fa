package parser

import (
	"strings"
	"testing"
)

// A job script as SSMS writes it puts SQL Server Agent tokens in escape
// macros into its job steps. sqlcmd reads them as variable references:
// the finding names the token whole and says what each sqlcmd does with
// it, instead of calling it a malformed reference cut at its "(".
func TestAgentTokenInJobStep(t *testing.T) {
	src := "EXEC msdb.dbo.sp_add_jobstep @job_id = @jobId, @step_name = N'Cleanup',\n" +
		"\t@command = N'sqlcmd -E -S $(ESCAPE_SQUOTE(SRVR)) -d DBA -b',\n" +
		"\t@output_file_name = N'$(escape_none(SQLLOGDIR))\\Cleanup_$(ESCAPE_SQUOTE(JOBID)).txt'\n"
	sc := Preprocess(NewFile("job.sql", src), nil)
	want := []struct{ token, name string }{
		{"$(ESCAPE_SQUOTE(SRVR))", "SRVR"},
		{"$(escape_none(SQLLOGDIR))", "SQLLOGDIR"},
		{"$(ESCAPE_SQUOTE(JOBID))", "JOBID"},
	}
	if len(sc.Diags) != len(want) {
		t.Fatalf("want %d findings, got %v", len(want), sc.Diags)
	}
	for k, d := range sc.Diags {
		w := want[k]
		if d.Rule != "SL002" || !strings.HasPrefix(d.Message, w.token+" is a SQL Server Agent token") ||
			!strings.Contains(d.Message, "$("+w.name+")") || strings.Contains(d.Message, "malformed") {
			t.Errorf("finding %d: %s %s", k, d.Rule, d.Message)
		}
		if got := src[d.Span.Start.Offset:d.Span.End.Offset]; got != w.token {
			t.Errorf("finding %d spans %q, want the token %q", k, got, w.token)
		}
	}
	// the text is kept as written
	if text := sc.Batches[0].Text; !strings.Contains(text, "$(ESCAPE_SQUOTE(SRVR))") {
		t.Errorf("the token is not kept: %q", text)
	}
	// a name that is no escape macro, or a macro not closed, is still a
	// malformed reference
	for _, bad := range []string{"SELECT '$(ESCAPE_SOMETHING(SRVR))'", "SELECT '$(ESCAPE_SQUOTE(SRVR)'", "SELECT '$(ESCAPE_NONE())'"} {
		sc := Preprocess(NewFile("bad.sql", bad), nil)
		if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, "malformed sqlcmd variable reference") {
			t.Errorf("%s: %v", bad, sc.Diags)
		}
	}
}
