package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A finding names the database as it was called when its statement ran:
// a later ALTER DATABASE ... MODIFY NAME does not rename the findings
// before it. SL101 still reports once for the database under both names.
func TestRenameKeepsEarlierNames(t *testing.T) {
	src := "ALTER DATABASE a SET TARGET_RECOVERY_TIME = 0 SECONDS;\nALTER DATABASE a MODIFY NAME = b;\nALTER DATABASE b SET TARGET_RECOVERY_TIME = 0 MINUTES;\n"
	var got []string
	for _, m := range auditMessages(auditRun(t, src, nil), "SL301") {
		got = append(got, strings.SplitN(strings.SplitN(m, " for ", 2)[1], ":", 2)[0])
	}
	if want := []string{"a", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("SL301 names %q, want %q", got, want)
	}

	var b strings.Builder
	b.WriteString("CREATE DATABASE a;\n")
	for i := 0; i < 900; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE a ADD FILE (NAME = a%d, FILENAME = 'a%d.ndf');\n", i, i)
	}
	b.WriteString("ALTER DATABASE a MODIFY NAME = b;\nALTER DATABASE b ADD FILE (NAME = b1, FILENAME = 'b1.ndf');\n")
	msgs := auditMessages(auditRun(t, b.String(), nil), "SL101")
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "database a reaches 801 files") {
		t.Errorf("SL101: %q, want one for a at 801 files", msgs)
	}
}
