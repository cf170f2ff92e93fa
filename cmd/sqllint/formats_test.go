package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatDestinations: a --format destination that cannot be right is
// a clear error before anything is analyzed. "sarif=" (a variable that
// was empty: --format sarif=$OUT) used to write SARIF to standard output,
// two formats to one file overwrote each other, and a folder as the file
// gave "rename .x.sqllint-123 x: file exists".
func TestFormatDestinations(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "a.sql", "CHECKPOINT 10;\n")
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--format", "sarif="}, `--format sarif=: no file after "="`},
		{[]string{"--format", "json=r.json", "--format", "sarif=./r.json"}, "--format json=r.json and --format sarif=./r.json write the same file"},
		{[]string{"--format", "sarif=out"}, "out: is a folder, not a file"},
	}
	for _, tt := range tests {
		args := append(append([]string{"scan", "--no-config"}, tt.args...), "a.sql")
		code, out, errs := runCmd(t, "", nil, args...)
		if code != 2 || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("%v: exit %d, %d bytes on stdout, stderr %q, want 2 and %q", tt.args, code, len(out), errs, tt.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left behind: %v", entries)
	}
}

// TestNothingToCheckIsSaid: a folder with no script (a wrong folder, an
// include pattern that matches nothing) passes, but says so on stderr
// instead of a silent green check.
func TestNothingToCheckIsSaid(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "docs/readme.txt", "hello\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "docs")
	if code != 0 || !strings.Contains(out, "no findings in 0 files") ||
		!strings.Contains(errs, "sqllint: warning: no file to check in docs (the config's include: **/*.sql)") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	writeFile(t, dir, "db/a.sql", "SELECT 1;\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "db"); code != 0 || errs != "" {
		t.Errorf("a folder with a script: exit %d %q", code, errs)
	}
}

func TestExcludedFileIsQuiet(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, ".sqllint.yaml", "exclude: [\"gen/**\"]\n")
	writeFile(t, dir, "gen/a.sql", "CHECKPOINT 10;\n")
	if code, out, errs := runCmd(t, "", nil, "scan", "gen/a.sql"); code != 0 || strings.Contains(errs, "warning") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

// TestErrorLinesArePrefixed: every line of an error on stderr starts with
// "sqllint: ", also the second error of a joined list and the part after a
// newline in a file name, so that no stderr line starts with a path (a
// file named "::error::x.sql" would be a GitHub workflow command).
func TestErrorLinesArePrefixed(t *testing.T) {
	var b strings.Builder
	e := &env{stderr: &b}
	e.errorf("%v", errors.Join(errors.New("a.sql: not fixed"), errors.New("::error::x.sql: not fixed\n::warning::y")))
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if !strings.HasPrefix(line, "sqllint: ") {
			t.Errorf("line %q", line)
		}
	}
}

// TestExplainSuggests: explain with a typo suggests the rule, as --select does.
func TestExplainSuggests(t *testing.T) {
	if code, _, errs := runCmd(t, "", nil, "explain", "checkpoint-duratio"); code != 2 || !strings.Contains(errs, "did you mean checkpoint-duration?") {
		t.Errorf("exit %d %q", code, errs)
	}
}

// TestStderrNotesStayOnOneLine: the notes on stderr that name files (what
// --fix wrote, a folder with nothing to check) keep a file name with a
// newline or an escape on their line, so that no stderr line starts with
// a pull request's text.
func TestStderrNotesStayOnOneLine(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	name := "x\n::error::y\x1b[2J.sql"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("CHECKPOINT 10;\n"), 0o644); err != nil {
		t.Skip("file name not allowed here:", err)
	}
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--fix", ".")
	if code != 0 || !strings.Contains(errs, "fixed: 1 fix(es)") || strings.Contains(errs, "\x1b") {
		t.Errorf("exit %d %q", code, errs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
		if !strings.HasPrefix(line, "sqllint: ") {
			t.Errorf("stderr line %q", line)
		}
	}
}

// TestParseTextIsNotACICommand: sqllint parse's text lines start with the
// file name and carry database names: defused like scan's text output.
func TestParseTextIsNotACICommand(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "::warning::p.sql", "USE [##vso[task.setvariable variable=X]]y];\nCHECKPOINT 10;\n")
	writeFile(t, dir, "::error::q.sql", "CHECKPOINT 10 x;\n")
	_, out, errs := runCmd(t, "", nil, "parse", "--all", ".")
	for _, line := range strings.Split(out+errs, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") || strings.Contains(strings.ToLower(line), "##vso[") {
			t.Errorf("line %q", line)
		}
	}
	if !strings.Contains(out, "p.sql:1:1:") {
		t.Errorf("parse output:\n%s%s", out, errs)
	}
}

// TestStdinOnce: "-" twice read standard input once and counted a second,
// empty file ("in 2 files").
func TestStdinOnce(t *testing.T) {
	code, _, errs := runCmd(t, "CHECKPOINT 10;\n", nil, "scan", "--no-config", "-", "-")
	if code != 2 || !strings.Contains(errs, "standard input (-) is given more than once") {
		t.Errorf("exit %d %q", code, errs)
	}
}
