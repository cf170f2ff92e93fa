package rules

import (
	"fmt"
	"slices"
	"testing"
)

// The live server's version tells SL203 that log growth of 64 MB or less
// is instant there (SQL Server 2022+), but only there: after a :connect to
// another server, whose version is unknown, the target version applies,
// as for the other live facts (factsAt). A 64 MB log growth on an older
// server was not flagged because the live server was a 2022.
func TestSL203VersionOnlyOnTheLiveServer(t *testing.T) {
	src := `ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, FILEGROWTH = 64MB);
GO
:connect OLDSRV
ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, FILEGROWTH = 64MB);
`
	cfg := &Config{
		Options: map[string]map[string]float64{"SL203": {"autogrowth-budget": 0.1}},
		Facts:   &ServerFacts{Server: "SQLPROD1", Major: 16, Databases: map[string]*ServerDatabase{}},
	}
	var got []string
	for _, f := range auditRun(t, src, cfg) {
		if f.Rule.ID == "SL203" {
			got = append(got, fmt.Sprintf("%d", f.Span.Start.Position().Line))
		}
	}
	if want := []string{"4"}; !slices.Equal(got, want) {
		t.Errorf("SL203 on lines %q, want %q (OLDSRV's version is unknown)", got, want)
	}
}
