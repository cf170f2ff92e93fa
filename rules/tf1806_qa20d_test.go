package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Trace flag 1806 on globally turns Instant File Initialization off for
// every database, whatever sys.dm_server_services says (its
// instant_file_initialization_enabled tells only whether the service
// account holds the privilege). Live mode with IFI "Y" and 1806 on
// dropped SL201, SL209 and the data part of SL207 as if the data files
// were not zero-filled, beside SL206 saying they are; with IFI unknown it
// did not raise them.
func TestTraceFlag1806TurnsIFIOff(t *testing.T) {
	src := `ALTER DATABASE Sales ADD FILE (NAME = big, FILENAME = 'D:\big.ndf', SIZE = 10GB, FILEGROWTH = 1GB);
RESTORE DATABASE Sales FROM DISK = 'D:\Sales.bak' WITH REPLACE;
ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 20GB);
`
	yes := true
	for _, ifi := range []*bool{&yes, nil} { // IFI "Y", and unknown
		facts := &ServerFacts{Server: "SQLPROD1", IFI: ifi, TraceFlags: map[int]bool{1806: true},
			Databases: map[string]*ServerDatabase{"sales": {Name: "Sales", Exists: true,
				Files: []ServerFile{{Name: "Sales", Filegroup: "PRIMARY", Size: 20 << 30}, {Name: "Sales_log", Log: true, Size: 1 << 20}}}}}
		got := map[string]string{}
		for _, f := range auditRun(t, src, &Config{Facts: facts}) {
			got[fmt.Sprintf("%d %s", f.Span.Start.Position().Line, f.Rule.ID)] = f.Severity.String() + ": " + f.Message
		}
		for _, k := range []string{"1 SL201", "1 SL209", "2 SL207", "3 SL208"} {
			msg, ok := got[k]
			switch {
			case !ok:
				t.Errorf("IFI %v: %s: no finding; all: %q", ifi != nil, k, got)
			case !strings.Contains(msg, "IFI is off on SQLPROD1 (trace flag 1806 is on globally)"):
				t.Errorf("IFI %v: %s: %q does not say IFI is off", ifi != nil, k, msg)
			}
		}
		if msg := got["1 SL201"]; !strings.HasPrefix(msg, parser.SevError.String()) {
			t.Errorf("IFI %v: SL201 %q, want an error", ifi != nil, msg)
		}
		if msg := got["1 SL209"]; !strings.HasPrefix(msg, parser.SevWarning.String()) {
			t.Errorf("IFI %v: SL209 %q, want a warning", ifi != nil, msg)
		}
		if msg := got["2 SL207"]; !strings.Contains(msg, "data files 30 GB") {
			t.Errorf("IFI %v: SL207 %q counts no data file", ifi != nil, msg)
		}
	}
}
