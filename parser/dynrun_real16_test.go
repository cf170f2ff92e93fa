package parser

import (
	"reflect"
	"testing"
)

// TestBuiltRunFlagsWithParts: DBCC TRACEON built with a part concat
// cannot read (a variable scope, a CAST of a flag) was a statement that
// did not parse, and its literal flags 1806, 3004 and 3605 were lost.
func TestBuiltRunFlagsWithParts(t *testing.T) {
	checkBuiltRuns(t, []builtRunCase{
		{"DECLARE @scope nvarchar(4) = N'-1', @s nvarchar(200);\nSET @s = N'DBCC TRACEON (1806, ' + @scope + N')';\nEXEC (@s);", "@s||F"},
		{"SET @s = N'DBCC TRACEON(' + CAST(@f AS nvarchar(10)) + N', 3004) WITH NO_INFOMSGS;'\nEXEC sp_executesql @s", "@s||F"},
		{"SET @s = N'DBCC TRACEON (3604, 3605, ' + @g + N')'\nEXECUTE (@s)", "@s||F"},
		{"EXEC (N'DBCC TRACEON (1806, ' + @scope + N')')", "||F"},
		// no flag of interest written, or turned off: none
		{"SET @s = N'DBCC TRACEON (' + @f + N', -1)'\nEXEC (@s)", ""},
		{"SET @s = N'DBCC TRACEON (4199, ' + @scope + N')'\nEXEC (@s)", ""},
		{"SET @s = N'DBCC TRACEOFF (1806, ' + @scope + N')'\nEXEC (@s)", ""},
		// not a list of flags
		{"SET @s = N'DBCC TRACEON (1806 ' + @scope + N')'\nEXEC (@s)", ""},
		{"SET @s = N'DBCC TRACEON (1806, ''' + @scope + N''')'\nEXEC (@s)", ""},
	})
}

// TestBuiltFlags: the flags, scope and unread parts builtFlags gives.
func TestBuiltFlags(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want *TraceFlags
	}{
		{"DBCC TRACEON (1806, [@scope])", &TraceFlags{On: true, Flags: []int{1806}, Unresolved: []string{"@scope"}}},
		{"DBCC TRACEON([CAST(@f AS int)], 3004, -1) WITH NO_INFOMSGS;", &TraceFlags{On: true, Flags: []int{3004}, Global: true, Unresolved: []string{"CAST(@f AS int)"}}},
		{"DBCC TRACEON (3605, - 1, [@x]);", &TraceFlags{On: true, Flags: []int{3605}, Global: true, Unresolved: []string{"@x"}}},
		{"DBCC TRACEON [@x]", nil},
		{"DBCC TRACEON (1806, [@x]", nil},
		{"DBCC TRACEON (1806, 'a')", nil},
		{"DBCC TRACEON (1806, -[@x])", nil},
		{"DBCC CHECKDB ([@x])", nil},
	} {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		if len(r.Statements) != 1 {
			t.Fatalf("%q: %d statements", tc.src, len(r.Statements))
		}
		if got := builtFlags(r.Statements[0]); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, want %+v", tc.src, got, tc.want)
		}
	}
}
