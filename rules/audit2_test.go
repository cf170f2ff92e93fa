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

// CHECKPOINT's duration is an int greater than zero: a larger one makes
// the statement fail whatever max-duration says; a number written other
// than as whole seconds (0x10, 1e3, 10.5) is an explicit duration all the
// same, flagged under the default max-duration of 0 as a variable is.
func TestSL302OddDurations(t *testing.T) {
	cases := []struct {
		dur   string
		limit float64
		want  string // message prefix, "" for no finding
	}{
		{"99999999999999999999", 0, "CHECKPOINT 99999999999999999999 asks for a duration over the largest int"},
		{"99999999999999999999", 3600, "CHECKPOINT 99999999999999999999 asks for a duration over the largest int"},
		{"2147483648", 3600, "CHECKPOINT 2147483648 asks for a duration over the largest int"},
		{strings.Repeat("9", 100000), 0, "CHECKPOINT 99999999999999999999... (100000 digits) asks for a duration over"},
		{"2147483647", 0, "CHECKPOINT 2147483647 asks SQL Server to stretch the checkpoint over 2147483647 s;"},
		{"0x10", 0, "CHECKPOINT 0x10 asks SQL Server to stretch the checkpoint over 0x10 seconds;"},
		{"1e3", 0, "CHECKPOINT 1e3 asks SQL Server to stretch the checkpoint over 1e3 seconds;"},
		{"10.5", 0, "CHECKPOINT 10.5 asks SQL Server"},
		{"1e3", 3600, ""}, // its value is not read: only the default flags it
		{"10", 3600, ""},
	}
	for _, c := range cases {
		cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": c.limit}}}
		fs := auditRun(t, "CHECKPOINT "+c.dur+";\n", cfg)
		msgs := auditMessages(fs, "SL302")
		switch {
		case c.want == "" && len(msgs) != 0:
			t.Errorf("CHECKPOINT %.30s (max %v): %q", c.dur, c.limit, msgs)
		case c.want != "" && (len(msgs) != 1 || !strings.HasPrefix(msgs[0], c.want)):
			t.Errorf("CHECKPOINT %.30s (max %v): %.300q, want %q", c.dur, c.limit, msgs, c.want)
		}
		for _, f := range fs {
			if f.Rule.ID == "SL302" && (f.Fix == nil || len(f.Fix.Edits) != 1) {
				t.Errorf("CHECKPOINT %.30s: no fix", c.dur)
			}
		}
	}
}

// A comma after the last rule ID asks for another: SL004 says so rather
// than that the suppression names no rule.
func TestSL004CommaBeforeReason(t *testing.T) {
	fs := auditRun(t, "-- sqllint:ignore SL302, because\nCHECKPOINT 5;\n-- sqllint:ignore , SL302 x\nCHECKPOINT 5;\n", nil)
	want := []string{
		"suppression lists no rule after the comma that follows SL302: remove the comma before the reason",
		"suppression names no rule: write sqllint:ignore SLnnn reason",
	}
	if got := auditMessages(fs, "SL004"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL004: %q, want %q", got, want)
	}
}

// A number of a million digits is shown cut in SL301's message.
func TestSL301LongNumberShownShort(t *testing.T) {
	zeros := strings.Repeat("0", 1000000)
	fs := auditRun(t, "ALTER DATABASE x SET TARGET_RECOVERY_TIME = "+zeros+" SECONDS;\n", nil)
	msgs := auditMessages(fs, "SL301")
	want := "TARGET_RECOVERY_TIME = 00000000000000000000... (1000000 digits) SECONDS turns off indirect checkpoints for x:"
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) || len(msgs[0]) > 400 {
		t.Errorf("SL301: %.300q", msgs)
	}
}

// sqlcmd diagnostics naming a million-character variable, include or
// command show it cut.
func TestSL002LongWordsShownShort(t *testing.T) {
	v := strings.Repeat("V", 1000000)
	src := "CHECKPOINT $(" + v + ");\nGO\n:r " + strings.Repeat("p", 1000000) + ".sql\nGO\n:" + strings.Repeat("y", 1000000) + "\n"
	msgs := auditMessages(auditRun(t, src, nil), "SL002")
	if len(msgs) != 3 {
		t.Fatalf("SL002: %d findings", len(msgs))
	}
	for _, m := range msgs {
		if len(m) > 1000 || !strings.Contains(m, "... (100000") || !utf8.ValidString(m) {
			t.Errorf("SL002 message of %d bytes: %.300q", len(m), m)
		}
	}
	if got := shortWords("short words " + strings.Repeat("x", 512) + " end"); got != "short words "+strings.Repeat("x", 512)+" end" {
		t.Errorf("a 512-byte word is cut: %.100q", got)
	}
}
