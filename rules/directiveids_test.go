package rules

import (
	"reflect"
	"strings"
	"testing"
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
