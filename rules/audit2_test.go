package rules

import (
	"reflect"
	"testing"
)

// A suppression naming several rules is stale in each rule that silenced
// nothing: SL003 names those IDs, so that they can be removed.
func TestSL003MultiIDPartlyUsed(t *testing.T) {
	cases := []struct {
		src      string
		disabled string
		want     []string
	}{
		{"-- sqllint:ignore SL302, SL303 gentle\nCHECKPOINT 5;\n", "",
			[]string{"suppression of SL303 matched no finding: remove SL303 from it"}},
		{"-- sqllint:ignore SL302,SL303,SL201 gentle\nCHECKPOINT 5;\n", "",
			[]string{"suppression of SL303, SL201 matched no finding: remove SL303, SL201 from it"}},
		{"-- sqllint:ignore SL303, SL302 gentle\nCHECKPOINT 5;\n", "",
			[]string{"suppression of SL303 matched no finding: remove SL303 from it"}},
		// none used: the whole comment goes, as before
		{"-- sqllint:ignore SL303, SL201 stale\nSELECT 1;\n", "",
			[]string{"suppression of SL303, SL201 matched no finding: remove it"}},
		// all used: nothing to say
		{"-- sqllint:ignore SL302 gentle\nCHECKPOINT 5;\n", "", nil},
		// a rule that did not run cannot be told stale; the others can
		{"-- sqllint:ignore SL303, SL201 stale\nSELECT 1;\n", "SL201",
			[]string{"suppression of SL303 matched no finding: remove SL303 from it"}},
		{"-- sqllint:ignore SL303 stale\nSELECT 1;\n", "SL303", nil},
	}
	for _, c := range cases {
		cfg := &Config{}
		if c.disabled != "" {
			cfg.Disabled = map[string]bool{c.disabled: true}
		}
		got := auditMessages(auditRun(t, c.src, cfg), "SL003")
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q (disabled %q):\n got %q\nwant %q", c.src, c.disabled, got, c.want)
		}
	}
}
