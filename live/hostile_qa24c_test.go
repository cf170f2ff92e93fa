package live_test

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
)

// TestFactsTooManyFiles: SQL Server allows at most 32,767 files in one
// database (Maximum capacity specifications for SQL Server). A server
// that sends more rows from sys.master_files is not one sqllint can
// believe: the files become unknown, with a notice, instead of being all
// kept in memory and "confirmed".
func TestFactsTooManyFiles(t *testing.T) {
	f, srv := facts(t, tdstest.State{ServerName: "SQL1", IFI: "N", Databases: []tdstest.Database{
		{Name: "Huge", DataFiles: 40000, LogFiles: 1},
		{Name: "Full", DataFiles: 32766, LogFiles: 1},
		{Name: "Sales", DataFiles: 1, LogFiles: 1},
	}}, "Huge", "Full", "Sales")
	if d := f.Database("Huge"); d == nil || !d.Exists || d.Files != nil || d.FilegroupCount != 0 {
		t.Errorf("Huge: want existing with unknown files, got %d files, %d filegroups", len(d.Files), d.FilegroupCount)
	}
	if !strings.Contains(notices(f), `files of database "Huge" unknown`) || !strings.Contains(notices(f), "32,767") {
		t.Errorf("notices lack the unknown files of Huge:\n%s", notices(f))
	}
	if d := f.Database("Full"); d == nil || len(d.Files) != 32767 {
		t.Errorf("Full: want its 32,767 files")
	}
	// the connection still serves the next database
	if d := f.Database("Sales"); d == nil || len(d.Files) != 2 {
		t.Errorf("Sales after Huge: %+v", d)
	}
	_ = srv
}
