package analysis

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/rules"
)

// The database the scripts start in (-d, the config's database) is one
// the scripts change when they ALTER DATABASE CURRENT or run statements
// before any USE, but live mode did not ask the server about it: with
// -d Sales, Sales at target_recovery_time_in_seconds = 0 went unreported
// (and its files, for SL101, and its TDE, for SL201, were unknown).
func TestLiveAsksForTheStartDatabase(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "a.sql", "ALTER DATABASE CURRENT SET RECOVERY FULL;\nCHECKPOINT;\n")
	cfg := config.Default()
	cfg.Rules.DefaultDatabase = "Sales"
	var asked []string
	trt := 0
	factsFor := func(_ context.Context, w Wanted) (*rules.ServerFacts, error) {
		asked = w.Databases
		f := &rules.ServerFacts{Server: "SQLPROD1", Databases: map[string]*rules.ServerDatabase{}}
		if slices.Contains(w.Databases, "Sales") {
			f.Databases["sales"] = &rules.ServerDatabase{Name: "Sales", Exists: true, TargetRecoverySeconds: &trt}
		}
		return f, nil
	}
	rs, _ := runAll(t, Options{Paths: []string{"a.sql"}, Config: cfg, FactsFor: factsFor})
	if !slices.Equal(asked, []string{"Sales"}) {
		t.Errorf("asked the server about %q, want Sales", asked)
	}
	var got []string
	for _, f := range findings(rs) {
		got = append(got, fmt.Sprintf("%d %s", f.Line, f.RuleID))
	}
	if want := []string{"1 SL305"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}
