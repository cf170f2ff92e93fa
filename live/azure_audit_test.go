package live_test

import (
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
)

// Azure SQL reports ProductVersion 12.0.2000.8 although its engine is
// newer than SQL Server 2022's: its major version is unknown, not 12
// (SQL Server 2014), so that version-dependent rules fall back to the
// configured target version. SQL Server 2014 itself, same build, is 12.
func TestFactsAzureVersionUnknown(t *testing.T) {
	f, _ := facts(t, tdstest.State{ServerName: "srv", ProductVersion: "12.0.2000.8", Edition: "SQL Azure"})
	if f.Major != 0 || f.ProductVersion != "12.0.2000.8" {
		t.Errorf("Azure SQL: Major %d, ProductVersion %q", f.Major, f.ProductVersion)
	}
	f, _ = facts(t, tdstest.State{ServerName: "srv", ProductVersion: "12.0.2000.8", Edition: "Enterprise Edition (64-bit)"})
	if f.Major != 12 {
		t.Errorf("SQL Server 2014: Major %d", f.Major)
	}
}
