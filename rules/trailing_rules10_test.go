package rules

import (
	"fmt"
	"reflect"
	"testing"
)

// A suppression that trails a statement silences its own line and the
// statement it trails: a multi-line statement reports on its first line,
// so a comment after its last token silenced nothing and SL003 called it
// unused. A statement that ended on an earlier line is not the one it
// trails.
func TestTrailingSuppressionCoversItsStatement(t *testing.T) {
	cases := []struct {
		src  string
		want []string // "line RULE" of the findings left
	}{
		{"CHECKPOINT\n  10 -- sqllint:ignore SL302 reason\n", nil},
		{"CHECKPOINT 5; CHECKPOINT\n  6 -- sqllint:ignore SL302 the second only\n", []string{"1 SL302"}},
		// inside a statement, after one of its tokens
		{"CREATE DATABASE x\nON (NAME = x, FILENAME = 'x.mdf', SIZE = 100GB) -- sqllint:ignore SL201 sized on purpose\nLOG ON (NAME = x_log, FILENAME = 'x.ldf', SIZE = 100GB);\n", []string{"3 SL202"}},
		// its own line still: every statement on it
		{"CHECKPOINT 5; CHECKPOINT 6; -- sqllint:ignore SL302 both\n", nil},
		// the statement before ended on an earlier line
		{"CHECKPOINT 7;\nPRINT 1 -- sqllint:ignore SL302 not the checkpoint\n", []string{"1 SL302", "2 SL003"}},
		{"CHECKPOINT 7\n;\nPRINT 1; -- sqllint:ignore SL302 not the checkpoint\n", []string{"1 SL302", "3 SL003"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			got = append(got, fmt.Sprintf("%d %s", f.Span.Start.Position().Line, f.Rule.ID))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %q, want %q", c.src, got, c.want)
		}
	}
}

// A suppression on a line of its own inside a statement of interest,
// before the clause a finding points at (LOG ON, SET, MODIFY FILE), also
// silences the rest of that statement: it applied only to the next
// statement, so it silenced nothing there and SL003 called it unused. It
// still applies to the next statement, and not to the part of the
// statement before it.
func TestSuppressionInsideAStatement(t *testing.T) {
	cases := []struct {
		src  string
		want []string // "line RULE" of the findings left
	}{
		{"CREATE DATABASE x ON (NAME = x, FILENAME = 'x.mdf')\n-- sqllint:ignore SL202 big log on purpose\nLOG ON (NAME = x_log, FILENAME = 'x.ldf', SIZE = 100GB);\n", nil},
		{"ALTER DATABASE y\n-- sqllint:ignore SL301 test database\nSET TARGET_RECOVERY_TIME = 0 SECONDS;\n", nil},
		{"CREATE DATABASE z ON (NAME = z, FILENAME = 'z.mdf')\n-- sqllint:ignore SL302 the next statement\nLOG ON (NAME = z_log, FILENAME = 'z.ldf', SIZE = 100GB);\nCHECKPOINT 6;\n", []string{"3 SL202"}},
		// the statement's own start is before the comment
		{"CREATE DATABASE w ON (NAME = w, FILENAME = 'w.mdf', SIZE = 100GB)\n-- sqllint:ignore SL201 too late\nLOG ON (NAME = w_log, FILENAME = 'w.ldf');\n", []string{"1 SL201", "2 SL003"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			got = append(got, fmt.Sprintf("%d %s", f.Span.Start.Position().Line, f.Rule.ID))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %q, want %q", c.src, got, c.want)
		}
	}
}
