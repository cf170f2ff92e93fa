package rules

import (
	"strings"
	"testing"
)

// DBCC TRACEON with a variable among its arguments (DBCC TRACEON (1806,
// @scope), or built text with such a part) turns its flags on for the
// session or, when the variable is -1, for the whole instance: the
// message said "for this session" alone. A flag given by a variable
// alone is no flag of interest. The memo of one-flag SL205 messages
// keeps the scope of each.
func TestTraceScopeUnresolved(t *testing.T) {
	fs := auditRun(t, "DBCC TRACEON (1806, @scope);\nGO\nDBCC TRACEON (3004, @a, @b) WITH NO_INFOMSGS;\nGO\n"+
		"DBCC TRACEON (3004);\nGO\nDBCC TRACEON (3004, -1, @x);\nGO\nDBCC TRACEON (@f, -1);\nGO\n"+
		"DECLARE @s nvarchar(99) = N'DBCC TRACEON (1806, ' + @g + N')';\nEXEC (@s);\nGO\n", nil)
	for _, tc := range []struct {
		rule string
		want []string
	}{
		{"SL204", []string{
			"turns on trace flag 1806 for this session, or for the whole instance if @scope is -1, which disables",
			"EXEC runs the text of @s: DBCC TRACEON turns on trace flag 1806 for this session, or for the whole instance if @g is -1, which disables",
		}},
		{"SL205", []string{
			"trace flag 3004 for this session, or for the whole instance if @a or @b is -1: 3004 reports every file-zeroing step",
			"trace flag 3004 for this session: 3004 reports every file-zeroing step",
			"trace flag 3004 for the whole instance: 3004 reports every file-zeroing step",
		}},
	} {
		msgs := auditMessages(fs, tc.rule)
		if len(msgs) != len(tc.want) {
			t.Fatalf("%s findings: %q", tc.rule, msgs)
		}
		for i, w := range tc.want {
			if !strings.Contains(msgs[i], w) {
				t.Errorf("%s finding %d: %q lacks %q", tc.rule, i, msgs[i], w)
			}
		}
	}
}
