package main

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/rules"
)

func TestApplySelection(t *testing.T) {
	enabled := func(rc *rules.Config) string {
		var ids []string
		for _, r := range rules.Default.All() {
			if !r.Live && rc.Enabled(r) {
				ids = append(ids, r.ID)
			}
		}
		return strings.Join(ids, ",")
	}
	tests := []struct {
		name     string
		disabled map[string]bool // from the config
		sel, ign []string
		want     string
	}{
		{"ID and name, comma list, any case", nil, []string{"sl302,checkpoint-before-backup"}, nil, "SL302,SL303"},
		{"repeated flag", nil, []string{"SL302", "SL101"}, nil, "SL101,SL302"},
		{"prefix", nil, []string{"SL3"}, nil, "SL301,SL302,SL303,SL304"},
		{"select replaces the config's list", map[string]bool{"SL302": true}, []string{"SL302"}, nil, "SL302"},
		{"ignore wins over select", nil, []string{"SL3"}, []string{"SL303", "backup-to-nul"}, "SL301,SL302"},
		{"ignore alone keeps the config's", map[string]bool{"SL101": true}, nil, []string{"SL0"}, "SL102,SL103,SL201,SL202,SL203,SL204,SL205,SL207,SL208,SL209,SL301,SL302,SL303,SL304"},
		{"all", nil, []string{"all"}, []string{"SL0,SL1,SL2"}, "SL301,SL302,SL303,SL304"},
	}
	for _, tt := range tests {
		rc := &rules.Config{Disabled: map[string]bool{}}
		for k, v := range tt.disabled {
			rc.Disabled[k] = v
		}
		if err := applySelection(rules.Default, rc, tt.sel, tt.ign); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := enabled(rc); got != tt.want {
			t.Errorf("%s: enabled %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestApplySelectionErrors(t *testing.T) {
	tests := []struct {
		sel, ign []string
		want     string
	}{
		{[]string{"SL3020"}, nil, "--select SL3020: no such rule; did you mean SL302?"},
		{nil, []string{"checkpoint-durations"}, "--ignore checkpoint-durations: no such rule; did you mean checkpoint-duration?"},
		{[]string{"SL101,bogus-thing-entirely"}, nil, "--select bogus-thing-entirely: no such rule (run sqllint rules"},
		{[]string{"SL9"}, nil, "--select SL9: no such rule"},
		// an empty value (--select "$RULES" with RULES unset) turned every rule off
		{[]string{""}, nil, "--select names no rule"},
		{[]string{" , ,"}, nil, "--select names no rule"},
		{nil, []string{""}, "--ignore names no rule"},
	}
	for _, tt := range tests {
		err := applySelection(rules.Default, &rules.Config{}, tt.sel, tt.ign)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("select %v ignore %v: %v, want %q", tt.sel, tt.ign, err, tt.want)
		}
	}
}
