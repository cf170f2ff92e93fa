package main

import (
	"strings"
	"testing"
)

// TestTargetVersionFlagForms: --target-version takes the release years
// (2008R2 too) and the major versions with or without ".0"; 16.0 means
// what 2022 means to SL203 (log growth of 64 MB or less is instant), 2008R2
// what 2019 means; anything else is refused with the forms accepted.
func TestTargetVersionFlagForms(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CREATE DATABASE Sales ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\\Sales.mdf', SIZE = 1GB)\n"+
		"LOG ON (NAME = Sales_log, FILENAME = 'L:\\Sales.ldf', SIZE = 1GB, FILEGROWTH = 64MB);\n")
	// a budget that a 64 MB growth exceeds unless the version makes it instant
	cfg := writeFile(t, dir, "c.yaml", "options:\n  SL203:\n    autogrowth-budget: 0.1\n")
	scan := func(v string) (int, string, string) {
		return runCmd(t, "", nil, "scan", "--config", cfg, "--select", "SL203", "--target-version", v, p)
	}
	_, base, _ := scan("2019")
	if !strings.Contains(base, "SL203") {
		t.Fatalf("2019: want SL203 on a 64 MB log growth:\n%s", base)
	}
	for _, v := range []string{"2022", "16", "16.0", "2025", "17.0"} {
		if code, out, errs := scan(v); code != 0 || strings.Contains(out, "SL203") {
			t.Errorf("%s: exit %d, want no SL203:\n%s%s", v, code, out, errs)
		}
	}
	for _, v := range []string{"2005", "2008", "2008R2", "9.0", "10.5", "15.0"} {
		if code, out, errs := scan(v); code != 1 || out != base {
			t.Errorf("%s: exit %d, want 2019's output:\n%s%s", v, code, out, errs)
		}
	}
	code, _, errs := scan("2018")
	if code != 2 || !strings.Contains(errs, `--target-version "2018"`) || !strings.Contains(errs, "2008R2") || !strings.Contains(errs, "10.5") {
		t.Errorf("2018: exit %d, stderr %q", code, errs)
	}
}
