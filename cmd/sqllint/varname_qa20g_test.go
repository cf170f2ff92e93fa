package main

import (
	"strings"
	"testing"
)

// -v takes the sqlcmd variable names variables: takes: the config file
// refused "A B" as a name, but -v "A B=x" was accepted and defined a
// variable no $(...) can name, without a word.
func TestVFlagRefusesABadVariableName(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	for _, v := range []string{"Data base=Sales", "$(DB)=Sales", "D'B=x"} {
		code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "-v", v, script)
		if code != exitError || !strings.Contains(errs, "bad sqlcmd variable name") || !strings.Contains(errs, "-v ") {
			t.Errorf("-v %q: exit %d, stderr %q", v, code, errs)
		}
	}
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "-v", " DB =Sales", script); code != exitOK {
		t.Errorf("-v ' DB =Sales': exit %d, %q", code, errs)
	}
}

// parse reads -v as scan does: a bad name is an error, the name is
// trimmed and the value's quotes dropped.
func TestParseVFlagAsScan(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "USE [$(DB)];\nCHECKPOINT 5;\n")
	if code, _, errs := runCmd(t, "", nil, "parse", "-v", "Data base=x", script); code != exitError || !strings.Contains(errs, "bad sqlcmd variable name") {
		t.Errorf("parse -v 'Data base=x': exit %d, %q", code, errs)
	}
	code, out, errs := runCmd(t, "", nil, "parse", "--all", "-v", ` DB ="Sales"`, script)
	if code != exitOK || !strings.Contains(out, "Sales") || strings.Contains(out, `"Sales"`) || strings.Contains(out, "$(DB)") {
		t.Errorf("parse -v ' DB =\"Sales\"': exit %d, %q %q", code, out, errs)
	}
}
