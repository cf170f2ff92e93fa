package rules

import (
	"fmt"
	"slices"
	"testing"
)

// A database the scripts drop before they change it is not the one the
// server has: the CREATE DATABASE after DROP DATABASE makes a new one,
// whose target recovery time comes from model, not from the database
// dropped. SL305 reported the dropped database's
// target_recovery_time_in_seconds = 0 at the CREATE.
func TestSL305DroppedThenCreated(t *testing.T) {
	const script = `DROP DATABASE IF EXISTS Sales;
CREATE DATABASE Sales;
ALTER DATABASE Sales SET RECOVERY FULL;
ALTER DATABASE Hr SET RECOVERY FULL;
DROP DATABASE Hr;
CREATE DATABASE Hr;
`
	zero := 0
	facts := &ServerFacts{Server: "SQLPROD1", Databases: map[string]*ServerDatabase{
		"sales": {Name: "Sales", Exists: true, TargetRecoverySeconds: &zero},
		"hr":    {Name: "Hr", Exists: true, TargetRecoverySeconds: &zero},
	}}
	var got []string
	for _, f := range auditRun(t, script, &Config{Facts: facts}) {
		if f.Rule.ID == "SL305" {
			got = append(got, fmt.Sprintf("%d %s", f.Span.Start.Position().Line, f.Message[:len("database Hr")]))
		}
	}
	if want := []string{"4 database Hr"}; !slices.Equal(got, want) {
		t.Errorf("SL305 %q, want %q (Hr is changed before it is dropped; Sales is dropped first)", got, want)
	}
}
