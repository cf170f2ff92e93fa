package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Whether a database uses TDE (which rules out IFI for its data files) is
// its state when the statement runs, not at the end of the scripts: an
// allocation before SET ENCRYPTION ON met no TDE, one after SET ENCRYPTION
// OFF none either, and a restore of a backup taken while TDE was on
// restores an encrypted database.
func TestTDEAtTheStatement(t *testing.T) {
	src := `ALTER DATABASE a MODIFY FILE (NAME = a, SIZE = 10GB);
ALTER DATABASE a SET ENCRYPTION ON;
ALTER DATABASE a MODIFY FILE (NAME = a, SIZE = 20GB, FILEGROWTH = 1GB);
BACKUP DATABASE a TO DISK = 'a.bak';
ALTER DATABASE a SET ENCRYPTION OFF;
ALTER DATABASE a MODIFY FILE (NAME = a, SIZE = 30GB);
RESTORE DATABASE b FROM DISK = 'a.bak';
`
	want := map[string]bool{ // "line rule": says TDE
		"1 SL201": false,
		"3 SL201": true,
		"3 SL209": true,
		"6 SL201": false,
		"7 SL207": true,
	}
	got := map[string]bool{}
	for _, f := range auditRun(t, src, nil) {
		got[fmt.Sprintf("%d %s", f.Span.Start.Position().Line, f.Rule.ID)] = strings.Contains(f.Message, "uses TDE")
	}
	for k, w := range want {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: no finding", k)
		case g != w:
			t.Errorf("%s: says TDE %v, want %v", k, g, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}
