package config

import (
	"strings"
	"testing"
)

// TestTargetVersionForms: every release year SQL Server has shipped
// (2005, 2008, 2008 R2 too) and every major version, with or without
// ".0", reads as its major version, in the config file as with the flag;
// anything else is refused with the forms accepted.
func TestTargetVersionForms(t *testing.T) {
	good := map[string]int{
		"2005": 9, "2008": 10, "2008R2": 10, "2008 R2": 10, "2008r2": 10, "2012": 11, "2014": 12, "2016": 13,
		"2017": 14, "2019": 15, "2022": 16, "2025": 17,
		"9": 9, "9.0": 9, "10": 10, "10.0": 10, "10.5": 10, "10.50": 10, "11": 11, "11.0": 11, "12.0": 12,
		"13.0": 13, "14.0": 14, "15.0": 15, "16": 16, "16.0": 16, "17.0": 17,
	}
	for in, want := range good {
		if got, ok := ParseTargetVersion(in); !ok || got != want {
			t.Errorf("ParseTargetVersion(%q) = %d, %v; want %d", in, got, ok, want)
		}
		yaml := "target-version: " + in + "\n"
		if strings.Contains(in, " ") {
			yaml = "target-version: \"" + in + "\"\n"
		}
		cfg, err := Parse(".sqllint.yaml", []byte(yaml), nil)
		if err != nil || cfg.Rules.TargetVersion != want {
			t.Errorf("config %q: %v, %v; want %d", yaml, cfg, err, want)
		}
	}
	for _, in := range []string{"", "8", "18", "2018", "2022.0", "16.1", "10.25", "016", "+16", "SQL2022", "2008R3", "16.0.1000"} {
		if got, ok := ParseTargetVersion(in); ok {
			t.Errorf("ParseTargetVersion(%q) = %d, want refused", in, got)
		}
		if in == "" {
			continue
		}
		_, err := Parse(".sqllint.yaml", []byte("target-version: "+in+"\n"), nil)
		if err == nil || !strings.Contains(err.Error(), "2008R2") || !strings.Contains(err.Error(), "10.5") {
			t.Errorf("config %q: error %v, want the forms accepted", in, err)
		}
	}
}
