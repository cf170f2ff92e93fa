package rules

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
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

// A name longer than SQL Server's 128 characters is shown cut, whole up
// to 128; the cut falls between characters.
func TestLongNamesShownShort(t *testing.T) {
	long := strings.Repeat("é", 300)
	at128 := strings.Repeat("b", 128)
	src := "USE [" + long + "];\nCHECKPOINT;\nBACKUP DATABASE [" + long + "] TO DISK = 'NUL';\n" +
		"ALTER DATABASE [" + long + "] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n" +
		"BACKUP DATABASE [" + at128 + "] TO DISK = 'NUL';\n"
	fs := auditRun(t, src, nil)
	cut := strings.Repeat("é", 128) + "... (300 characters)"
	n := 0
	for _, f := range fs {
		if !utf8.ValidString(f.Message) || len(f.Message) > 1000 {
			t.Errorf("%s: %d bytes: %.300q", f.Rule.ID, len(f.Message), f.Message)
		}
		switch {
		case strings.Contains(f.Message, cut):
			n++
		case strings.Contains(f.Message, at128+" "):
		default:
			t.Errorf("%s names no database: %.300q", f.Rule.ID, f.Message)
		}
	}
	if n != 3 || len(fs) != 4 {
		t.Errorf("%d findings, %d with the cut name", len(fs), n)
	}
	if got := shown(strings.Repeat("x", 129)); got != strings.Repeat("x", 128)+"... (129 characters)" {
		t.Errorf("shown(129 x) = %q", got)
	}
}
