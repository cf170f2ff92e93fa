package rules

import "testing"

// TARGET_RECOVERY_TIME takes an int ("target_recovery_time is type
// int", ALTER DATABASE SET options): a value written with a decimal
// point is not read as a number of seconds. Whether SQL Server rejects
// it or rounds it is not documented, so nothing is claimed: no SL301
// (its value is not known to be 0), no SL001 (the statement parses),
// and the database's recovery time stays unknown.
func TestTargetRecoveryTimeDecimalIsUnknown(t *testing.T) {
	for _, v := range []string{"42.5 SECONDS", "0.0 SECONDS", "0.5 MINUTES"} {
		fs := auditRun(t, "ALTER DATABASE x SET TARGET_RECOVERY_TIME = "+v+";\n", nil)
		if len(fs) != 0 {
			t.Errorf("%s: %v", v, fs)
		}
	}
	// a whole number still is read
	if fs := auditRun(t, "ALTER DATABASE x SET TARGET_RECOVERY_TIME = 0 SECONDS;\n", nil); len(auditMessages(fs, "SL301")) != 1 {
		t.Errorf("0 SECONDS: %v", fs)
	}
}
