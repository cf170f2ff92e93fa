package parser

import (
	"strings"
	"testing"
)

// A script reports at most ppMaxDiags sqlcmd errors, then one that says
// the rest are not reported: "$(" repeated would otherwise make a finding
// every two bytes. Up to the bound every error is reported.
func TestSqlcmdDiagsBounded(t *testing.T) {
	for _, tc := range []struct {
		refs, want int
	}{
		{ppMaxDiags - 1, ppMaxDiags - 1},
		{ppMaxDiags, ppMaxDiags},
		{ppMaxDiags + 1, ppMaxDiags + 1},
		{5 * ppMaxDiags, ppMaxDiags + 1},
	} {
		src := "SELECT 1\n" + strings.Repeat("$( ", tc.refs) + "\nGO\n"
		sc := Preprocess(NewFile("t.sql", src), nil)
		if len(sc.Diags) != tc.want {
			t.Fatalf("%d malformed references: %d diags, want %d", tc.refs, len(sc.Diags), tc.want)
		}
		for i, d := range sc.Diags {
			last := i == ppMaxDiags
			if got := strings.HasPrefix(d.Message, "more than 1000 sqlcmd errors"); got != last {
				t.Fatalf("%d malformed references: diag %d %q", tc.refs, i, d.Message)
			}
			if d.Rule != ppRuleSqlcmd || d.Span.Start.Offset != 9+3*i {
				t.Fatalf("%d malformed references: diag %d %s at %d", tc.refs, i, d.Rule, d.Span.Start.Offset)
			}
		}
	}
}
