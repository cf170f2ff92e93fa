package rules

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Rule IDs of a suppression may be separated by blanks as well as by
// commas: "SL302 SL303 reason" names both, where the second was read as
// the start of the reason and its finding stayed.
func TestDirectiveIDsSeparatedByBlanks(t *testing.T) {
	for _, c := range []struct {
		text    string
		ids     []string
		problem string // a part of it; "" for none
	}{
		{"ignore SL302 SL303 both measured", []string{"SL302", "SL303"}, ""},
		{"ignore SL302\tsl303 measured", []string{"SL302", "SL303"}, ""},
		{"ignore SL302 SL303, SL304 measured", []string{"SL302", "SL303", "SL304"}, ""},
		{"ignore SL302,SL303 measured", []string{"SL302", "SL303"}, ""},
		{"ignore SL302 measured SL303 later", []string{"SL302"}, ""},
		{"ignore-file SL101 SL103 archive", []string{"SL101", "SL103"}, ""},
		{"ignore SL302 SL303", nil, "gives no reason"},
		{"ignore SL302 SL999 measured", nil, "unknown rule SL999"},
	} {
		_, ids, problem := parseDirective(Default, c.text)
		if !reflect.DeepEqual(ids, c.ids) || (c.problem == "") != (problem == "") || !strings.Contains(problem, c.problem) {
			t.Errorf("%q: IDs %q, problem %q; want %q, %q", c.text, ids, problem, c.ids, c.problem)
		}
	}
}

// The fixes that shorten a suppression read a list separated by blanks
// as parseDirective does, and keep its separator.
func TestIgnoreListEditBlanks(t *testing.T) {
	drop303 := func(w string) bool { return strings.EqualFold(w, "SL303") }
	for _, c := range []struct{ comment, want string }{
		{"-- sqllint:ignore SL302 SL303 SL304 measured", "-- sqllint:ignore SL302 SL304 measured"},
		{"-- sqllint:ignore SL303 SL302 measured", "-- sqllint:ignore SL302 measured"},
		{"-- sqllint:ignore SL302, SL303 measured", "-- sqllint:ignore SL302 measured"},
		{"-- sqllint:ignore SL302,SL303,SL304 measured", "-- sqllint:ignore SL302,SL304 measured"},
	} {
		a, b, list, ok := IgnoreListEdit(c.comment, drop303)
		if !ok {
			t.Errorf("%q: not read", c.comment)
			continue
		}
		if got := c.comment[:a] + list + c.comment[b:]; got != c.want {
			t.Errorf("%q: %q, want %q", c.comment, got, c.want)
		}
	}
}

// SL303's fix removes a CHECKPOINT that shares its line with a statement
// a trailing suppression covers: a suppression that names another rule
// too, with the IDs separated by blanks as by commas, loses only SL302
// and SL303; it still covers the BACKUP's SL304.
func TestCheckpointFixKeepsOtherIDsSeparatedByBlanks(t *testing.T) {
	for _, list := range []string{"SL302 SL304", "SL302,SL304", "SL304 SL302"} {
		src := "USE Sales;\nCHECKPOINT; BACKUP DATABASE Sales TO DISK = 'NUL' WITH COPY_ONLY; -- sqllint:ignore " + list + " read-speed test\n"
		want := "USE Sales;\nBACKUP DATABASE Sales TO DISK = 'NUL' WITH COPY_ONLY; -- sqllint:ignore SL304 read-speed test\n"
		res := parser.ParseFile(parser.NewFile("a.sql", src), &parser.PreprocessOptions{})
		var edits []Edit
		for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
			if f.Rule.ID == "SL303" && f.Fix != nil {
				edits = append(edits, f.Fix.Edits...)
			}
		}
		if got, _ := ApplyEdits(src, edits); got != want {
			t.Errorf("%s: fixed\n%q, want\n%q", list, got, want)
		}
	}
}
