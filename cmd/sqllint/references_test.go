package main

import (
	"regexp"
	"strings"
	"testing"
)

// internalRef is what users must never read: the project's notes folder,
// its seed files, or a source named by its internal number.
var internalRef = regexp.MustCompile(`(?i)shared/|seeds|\b00[0-9] article|\(00[0-9]\)|article`)

// TestUserTextCitesPublicReferences: explain, rules and SARIF help give
// public references, never files users do not have.
func TestUserTextCitesPublicReferences(t *testing.T) {
	for _, id := range []string{"SL101", "SL201", "SL302", "SL305"} {
		code, out, errs := runCmd(t, "", nil, "explain", id)
		if code != 0 || internalRef.MatchString(out) || !strings.Contains(out, "Reference: [") {
			t.Errorf("explain %s: exit %d, want a public reference and no internal one\n%s%s", id, code, out, errs)
		}
	}
	code, out, _ := runCmd(t, "", nil, "rules")
	if code != 0 || internalRef.MatchString(out) {
		t.Errorf("rules: exit %d\n%s", code, out)
	}
	dir := t.TempDir()
	p := writeFile(t, dir, "big.sql", "CREATE DATABASE Big ON (NAME = b, FILENAME = 'D:\\b.mdf', SIZE = 100GB);\nUSE Big;\nCHECKPOINT 30;\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "sarif", p)
	if code != 1 || internalRef.MatchString(out) || !strings.Contains(out, "learn.microsoft.com/sql/relational-databases/databases/database-instant-file-initialization") {
		t.Errorf("sarif: exit %d, want the IFI page cited and no internal reference\n%s%s", code, out, errs)
	}
}
