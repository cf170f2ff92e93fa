package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/sqllint/sqllint/report"
)

// runCmd runs sqllint in-process with args and returns the exit status,
// standard output and standard error.
func runCmd(t *testing.T, stdin string, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		getenv: func(k string) string { return vars[k] },
		lookupEnv: func(k string) (string, bool) {
			v, ok := vars[k]
			return v, ok
		},
	}
	code := e.run(args)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type jsonReport struct {
	Findings []report.Finding `json:"findings"`
	Errors   []report.InputError
}

func scanJSON(t *testing.T, wantCode int, args ...string) jsonReport {
	t.Helper()
	code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--format", "json", "--no-config"}, args...)...)
	if code != wantCode {
		t.Fatalf("exit status %d, want %d\nstdout: %s\nstderr: %s", code, wantCode, out, errs)
	}
	var r jsonReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return r
}

func rulesOf(r jsonReport) string {
	var ids []string
	for _, f := range r.Findings {
		ids = append(ids, f.RuleID+"@"+itoa(f.Line))
	}
	return strings.Join(ids, " ")
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestExampleFolder(t *testing.T) {
	r := scanJSON(t, 1, "../../examples/migrations")
	got := rulesOf(r)
	// natural order: V1, V2, V10
	want := "SL201@5 SL209@5 SL202@7 SL203@7 SL301@10 SL103@7 SL205@4 SL302@5 SL303@7 SL304@14"
	if got != want {
		t.Errorf("findings = %s\nwant       %s", got, want)
	}
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	clean := writeFile(t, dir, "clean.sql", "USE Sales;\nCHECKPOINT;\nSELECT 1;\n")
	warn := writeFile(t, dir, "warn.sql", "CHECKPOINT 10;\n")
	errf := writeFile(t, dir, "err.sql", "BACKUP LOG Sales TO DISK = 'NUL';\n")
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"clean file", []string{clean}, 0},
		{"warning", []string{warn}, 1},
		{"warnings only with --fail-on error", []string{"--fail-on", "error", warn}, 0},
		{"error with --fail-on error", []string{"--fail-on", "error", errf}, 1},
		{"--fail-on never", []string{"--fail-on=never", errf}, 0},
		{"--fail-on info", []string{"--fail-on", "info", clean}, 0},
		{"missing path", []string{filepath.Join(dir, "nope.sql")}, 2},
		{"bad --fail-on", []string{"--fail-on", "sometimes", clean}, 2},
		{"unknown format", []string{"--format", "yaml", clean}, 2},
		{"no path", nil, 2},
		{"flags after paths", []string{warn, "--fail-on", "error"}, 0},
		{"--fix on standard input", []string{"--fix", "-"}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config"}, c.args...)...)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s%s", code, c.code, out, errs)
			}
		})
	}
}

func TestMissingPathMessage(t *testing.T) {
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "no/such/dir")
	if code != 2 || !strings.Contains(errs, "no/such/dir: no such file or directory") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestBinaryFileIsAnInputError(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "b.sql", "\x00\x01\x02binary\x00")
	r := scanJSON(t, 2, dir)
	if len(r.Findings) != 1 || len(r.Errors) != 1 || !strings.HasSuffix(r.Errors[0].Path, "b.sql") {
		t.Errorf("findings %v, errors %v", r.Findings, r.Errors)
	}
}

func TestStdin(t *testing.T) {
	code, out, _ := runCmd(t, "CHECKPOINT 5;\n", nil, "scan", "--no-config", "--stdin-filename", "db/x.sql", "-")
	if code != 1 || !strings.Contains(out, "db/x.sql:1:1: warning SL302 checkpoint-duration") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestConfigChangesOutput(t *testing.T) {
	dir := t.TempDir()
	sql := writeFile(t, dir, "m/V1.sql", "CHECKPOINT 10;\nBACKUP LOG Sales TO DISK = 'NUL';\n"+
		"CREATE DATABASE Big ON (NAME = b, FILENAME = 'b.mdf', SIZE = 10GB);\n")
	r := scanJSON(t, 1, sql)
	if got := rulesOf(r); got != "SL302@1 SL304@2 SL201@3" {
		t.Fatalf("without config: %s", got)
	}
	writeFile(t, dir, ".sqllint.yaml", "rules: [all, -SL302]\nseverity:\n  SL304: warning\noptions:\n  SL201:\n    zeroing-budget: 120\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--format", "json", sql)
	if code != 1 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	var got jsonReport
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Findings) != 1 || got.Findings[0].RuleID != "SL304" || got.Findings[0].Severity != "warning" {
		t.Errorf("with config: %+v", got.Findings)
	}
	// a typo is an error naming the file and the line
	writeFile(t, dir, ".sqllint.yaml", "rules: [all]\noptionz:\n  SL201: {}\n")
	code, _, errs = runCmd(t, "", nil, "scan", sql)
	if code != 2 || !strings.Contains(errs, ".sqllint.yaml:2") {
		t.Errorf("bad config: exit %d, stderr %q", code, errs)
	}
}

func TestParseJSON(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", ":setvar db Sales\nUSE [$(db)]\nGO\nALTER DATABASE CURRENT\n  ADD FILE (NAME = f, FILENAME = 'f.ndf', SIZE = 1GB) TO FILEGROUP fg\n")
	code, out, errs := runCmd(t, "", nil, "parse", "--format", "json", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var entries []map[string]any
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("entries: %s", out)
	}
	use, alter := entries[0], entries[1]
	if use["kind"] != "use" || use["database"] != "Sales" || use["line"] != 2.0 || use["column"] != 1.0 {
		t.Errorf("use: %v", use)
	}
	files := alter["files"].([]any)
	size := files[0].(map[string]any)["size"].(map[string]any)["bytes"]
	if alter["kind"] != "alter_database" || alter["line"] != 4.0 || alter["end_line"] != 5.0 || size != float64(1<<30) {
		t.Errorf("alter: %v", alter)
	}
}

func TestRulesAndExplain(t *testing.T) {
	code, out, _ := runCmd(t, "", nil, "rules")
	if code != 0 || !strings.Contains(out, "SL302") || !strings.Contains(out, "checkpoint-duration") {
		t.Errorf("rules: %d %s", code, out)
	}
	code, out, _ = runCmd(t, "", nil, "explain", "sl302")
	if code != 0 || !strings.Contains(out, "# SL302 checkpoint-duration") || !strings.Contains(out, "6,274") {
		t.Errorf("explain: %d %s", code, out)
	}
	if code, _, _ := runCmd(t, "", nil, "explain", "SL999"); code != 2 {
		t.Errorf("explain SL999: exit %d", code)
	}
}

func TestInitWritesAValidConfig(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := runCmd(t, "", nil, "init", dir); code != 0 {
		t.Fatalf("init: %s", errs)
	}
	if code, _, _ := runCmd(t, "", nil, "init", dir); code != 2 {
		t.Error("init over an existing file should fail")
	}
	sql := writeFile(t, dir, "a.sql", "SELECT 1;\n")
	if code, out, errs := runCmd(t, "", nil, "scan", "--config", filepath.Join(dir, ".sqllint.yaml"), sql); code != 0 {
		t.Errorf("scan with the starter config: %d %s %s", code, out, errs)
	}
}

// utf16le encodes s as UTF-16LE with a BOM.
func utf16le(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func TestFixKeepsEncodingAndLineEndings(t *testing.T) {
	dir := t.TempDir()
	src := "USE Sales;\r\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\r\nCHECKPOINT 30;\r\nCHECKPOINT;\r\nBACKUP DATABASE Sales TO DISK = N'B:\\é.bak';\r\n"
	// fixed to a fixed point: CHECKPOINT 30 becomes CHECKPOINT, which SL303
	// then removes before the BACKUP, as does the other CHECKPOINT
	want := "USE Sales;\r\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 60 SECONDS;\r\nBACKUP DATABASE Sales TO DISK = N'B:\\é.bak';\r\n"
	p := filepath.Join(dir, "fix.sql")
	if err := os.WriteFile(p, utf16le(src), 0o640); err != nil {
		t.Fatal(err)
	}
	// without --fix nothing is written
	runCmd(t, "", nil, "scan", "--no-config", p)
	if data, _ := os.ReadFile(p); !bytes.Equal(data, utf16le(src)) {
		t.Fatal("scan without --fix changed the file")
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fix", p)
	if code != 0 {
		t.Errorf("after fixing everything, exit %d\n%s%s", code, out, errs)
	}
	data, _ := os.ReadFile(p)
	if !bytes.Equal(data, utf16le(want)) {
		t.Errorf("fixed file:\n%q\nwant\n%q", data, utf16le(want))
	}
	if code, out, _ := runCmd(t, "", nil, "scan", "--no-config", p); code != 0 || strings.Contains(out, "SL3") {
		t.Errorf("a scan after --fix finds: exit %d\n%s", code, out)
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", info.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*sqllint*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestOutputToFiles(t *testing.T) {
	dir := t.TempDir()
	sql := writeFile(t, dir, "dir with space/a,b.sql", "CHECKPOINT 10;\n")
	sarif := filepath.Join(dir, "out.sarif")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "github", "--format", "sarif="+sarif, sql)
	if code != 1 || !strings.Contains(out, "::warning file=") || !strings.Contains(out, "a%2Cb.sql") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(sarif)
	if err != nil || !strings.Contains(string(data), `"ruleId": "SL302"`) {
		t.Errorf("sarif: %v %s", err, data)
	}
	if code, _, _ := runCmd(t, "", nil, "scan", "--no-config", "--format", "json", "--format", "text", sql); code != 2 {
		t.Error("two formats on standard output should be a usage error")
	}
}

func TestExcludeIsRelativeToTheConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "exclude: [\"db/legacy/**\"]\n")
	writeFile(t, dir, "db/legacy/old.sql", "CHECKPOINT 10;\n")
	keep := writeFile(t, dir, "db/new/V1.sql", "CHECKPOINT 20;\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--format", "json", filepath.Join(dir, "db"))
	if code != 1 || strings.Contains(out, "old.sql") || !strings.Contains(out, "V1.sql") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	// --exclude on the command line adds to the config's
	code, out, _ = runCmd(t, "", nil, "scan", "--format", "json", "--exclude", "db/new/*.sql", filepath.Join(dir, "db"), keep)
	if code != 0 || strings.Contains(out, "V1.sql") {
		t.Errorf("--exclude: exit %d\n%s", code, out)
	}
}

func TestStdinUsesTheConfigOfItsName(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "db/.sqllint.yaml", "rules: [all, -SL302]\nexclude: [\"legacy/**\"]\n")
	name := filepath.Join(dir, "db", "V1.sql")
	code, out, errs := runCmd(t, "CHECKPOINT 5;\nBACKUP LOG x TO DISK = 'NUL';\n", nil, "scan", "--stdin-filename", name, "-")
	if code != 1 || strings.Contains(out, "SL302") || !strings.Contains(out, "SL304") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = runCmd(t, "CHECKPOINT 5;\n", nil, "scan", "--stdin-filename", filepath.Join(dir, "db", "legacy", "old.sql"), "-")
	if code != 0 || strings.Contains(out, "SL3") {
		t.Errorf("excluded stdin: exit %d\n%s", code, out)
	}
}
