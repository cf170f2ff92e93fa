package rules

import (
	"fmt"
	"reflect"
	"testing"
)

// tempdb is an instance's: the sizes set after :connect to another server
// are that server's tempdb, not added to the first one's. SL208 reports
// once per instance (a server named again, in any case, is the same one).
func TestSL208PerServer(t *testing.T) {
	cases := []struct {
		src  string
		want []string // "line: data/log" of the SL208 findings
	}{
		// 600 MB on each of two servers: each under the 10 s budget
		{":connect srvA\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 600MB);\nGO\n:connect srvB\nALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n", nil},
		// the same server again, named in another case
		{":connect srvA\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 600MB);\nGO\n:connect SRVA\nALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n", []string{"5"}},
		// once per server
		{":connect srvA\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 20GB);\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 30GB);\nGO\n:connect srvB\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 20GB);\n", []string{"2", "6"}},
		// the run's own server, and one :connect leaves it
		{"ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 600MB);\nGO\n:connect srvB\nALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n", nil},
		{"ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 600MB);\nALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);\n", []string{"2"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL208" {
				got = append(got, fmt.Sprint(f.Span.Start.Position().Line))
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %q, want %q", c.src, got, c.want)
		}
	}
}
