package rules

import (
	"strings"
	"testing"
)

// CHECKPOINT's duration must be an int greater than zero: CHECKPOINT 0 is
// an explicit duration SQL Server refuses, flagged whatever max-duration
// says (0 is not over the default max-duration of 0), with the fix that
// removes it. A plain CHECKPOINT stays silent.
func TestSL302ZeroDuration(t *testing.T) {
	cases := []struct {
		src   string
		limit float64
		want  string // message prefix, "" for no finding
		fixed string // the statement after the fix
	}{
		{"CHECKPOINT 0;", 0, "CHECKPOINT 0 asks for a duration of 0 s: SQL Server accepts only an int greater than zero", "CHECKPOINT;"},
		{"checkpoint 000", 0, "CHECKPOINT 000 asks for a duration of 0 s:", "checkpoint"},
		{"CHECKPOINT 0;", 3600, "CHECKPOINT 0 asks for a duration of 0 s:", "CHECKPOINT;"},
		{"CHECKPOINT;", 0, "", ""},
		{"CHECKPOINT 1;", 3600, "", ""},
		{"CHECKPOINT 1;", 0, "CHECKPOINT 1 asks SQL Server to stretch the checkpoint over 1 s;", "CHECKPOINT;"},
	}
	for _, c := range cases {
		cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": c.limit}}}
		fs := auditRun(t, c.src+"\n", cfg)
		var got []Finding
		for _, f := range fs {
			if f.Rule.ID == "SL302" {
				got = append(got, f)
			}
		}
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%s (max %v): %q", c.src, c.limit, got[0].Message)
			}
			continue
		}
		if len(got) != 1 || !strings.HasPrefix(got[0].Message, c.want) {
			t.Errorf("%s (max %v): %d findings %v, want %q", c.src, c.limit, len(got), auditMessages(fs, "SL302"), c.want)
			continue
		}
		f := got[0]
		if f.Fix == nil || len(f.Fix.Edits) != 1 {
			t.Errorf("%s: no fix", c.src)
			continue
		}
		e := f.Fix.Edits[0]
		text := c.src + "\n"
		if fixed := text[:e.Start] + e.New + text[e.End:]; fixed != c.fixed+"\n" {
			t.Errorf("%s: fixed to %q, want %q", c.src, fixed, c.fixed)
		}
	}
}
