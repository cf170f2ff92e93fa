package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// scen16Dir is a temporary folder, made the current one, holding
// migrations/V1.sql and V2.sql with a finding each.
func scen16Dir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	t.Chdir(dir)
	writeFile(t, dir, "migrations/V1.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "migrations/V2.sql", "CHECKPOINT 20;\n")
	return dir
}

// TestOutputFilesNeverOverwriteScripts: --write-baseline migrations/*.sql
// (the shell puts V1.sql where the baseline goes) and --format
// json=V1.sql overwrote a script with a report; --write-baseline
// README.md replaced the readme. Each is refused before the run, naming
// the flag and the file, and the file keeps its content.
func TestOutputFilesNeverOverwriteScripts(t *testing.T) {
	dir := scen16Dir(t)
	writeFile(t, dir, "README.md", "# the project\n")
	writeFile(t, dir, "notes/old.SQL", "CHECKPOINT 30;\n")
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"--write-baseline", "migrations/V1.sql", "migrations/V2.sql"}, "migrations/V1.sql", "--write-baseline migrations/V1.sql: migrations/V1.sql looks like a SQL script (.sql)"},
		{[]string{"--write-baseline", "migrations/V1.sql", "migrations"}, "migrations/V1.sql", "--write-baseline migrations/V1.sql: migrations/V1.sql is a script this run checks"},
		{[]string{"--format", "json=migrations/V1.sql", "migrations"}, "migrations/V1.sql", "--format json=migrations/V1.sql: migrations/V1.sql is a script this run checks"},
		{[]string{"--format", "sarif=./migrations/../migrations/V2.sql", "migrations/V2.sql"}, "migrations/V2.sql", "is a script this run checks"},
		{[]string{"--format", "text=notes/old.SQL", "migrations"}, "notes/old.SQL", "notes/old.SQL looks like a SQL script (.sql)"},
		{[]string{"--write-baseline", "README.md", "migrations"}, "README.md", "--write-baseline README.md: README.md holds something other than a sqllint baseline"},
	} {
		before, _ := os.ReadFile(filepath.Join(dir, c.file))
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config"}, c.args...)...)
		if code != exitError || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, want exit 2 and %q", c.args, code, errs, c.want)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, c.file)); string(after) != string(before) {
			t.Errorf("%v: %s was overwritten:\n%s", c.args, c.file, after)
		}
	}
	// a baseline's own file is written again, a report beside the scripts too
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "migrations/baseline.json", "migrations"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "migrations/baseline.json", "migrations"); code != 0 {
		t.Fatalf("--write-baseline again: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "json=migrations/report.json", "migrations"); code != 0 {
		t.Fatalf("report beside the scripts: exit %d\n%s%s", code, out, errs)
	}
}

// TestReportNeverOverwritesBaselineOrConfig: --format json=FILE with the
// baseline the run reads (or the config file) replaced it with a report.
func TestReportNeverOverwritesBaselineOrConfig(t *testing.T) {
	dir := scen16Dir(t)
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "bl.json", "migrations"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "bl.json"))
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", "bl.json", "--format", "json=bl.json", "migrations")
	if code != exitError || !strings.Contains(errs, "--format json=bl.json: bl.json is the baseline of this run") {
		t.Errorf("report over the baseline: exit %d, %s", code, errs)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "bl.json")); string(after) != string(before) {
		t.Errorf("the baseline was overwritten:\n%s", after)
	}
	writeFile(t, dir, ".sqllint.yaml", "fail-on: never\n")
	code, _, errs = runCmd(t, "", nil, "scan", "--format", "json=.sqllint.yaml", "migrations")
	if code != exitError || !strings.Contains(errs, ".sqllint.yaml is the config file of this run") {
		t.Errorf("report over the config: exit %d, %s", code, errs)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".sqllint.yaml")); string(data) != "fail-on: never\n" {
		t.Errorf("the config was overwritten:\n%s", data)
	}
}

// TestReportFolderIsMade: --format sarif=out/r.sarif failed when out did
// not exist, while --write-baseline makes its folder: a report's folder is
// made too.
func TestReportFolderIsMade(t *testing.T) {
	dir := scen16Dir(t)
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "sarif=out/ci/r.sarif", "migrations")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "out/ci/r.sarif")); err != nil || !strings.Contains(string(data), "SL302") {
		t.Errorf("out/ci/r.sarif: %v\n%s", err, data)
	}
}

// TestBadExcludeGlob: --exclude '[abc' (unbalanced), an empty glob and an
// absolute path matched nothing, silently: every file was checked. Each
// is a usage error naming the flag and the glob.
func TestBadExcludeGlob(t *testing.T) {
	scen16Dir(t)
	for g, want := range map[string]string{
		"[abc":         `--exclude "[abc": bad glob: syntax error in pattern (a "[" opens a character class`,
		"migrations\\": `--exclude "migrations\\": bad glob: syntax error in pattern`,
		"":             `--exclude "": the glob is empty`,
		"/migrations":  `--exclude "/migrations": give a glob relative to the current folder, not an absolute path`,
	} {
		code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--exclude", g, "migrations")
		if code != exitError || !strings.HasPrefix(errs, "sqllint: "+want) || out != "" {
			t.Errorf("--exclude %q: exit %d, stderr %q, want exit 2 and %q", g, code, errs, want)
		}
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--exclude", `**/V[1].sql`, "migrations"); code != 1 || len(found(out)) != 1 || errs != "" {
		t.Errorf("a good class: exit %d %v %s", code, found(out), errs)
	}
}

// TestTimeoutInSeconds: --connect-timeout 15 (sqlcmd -l takes seconds)
// was "invalid value" for want of a unit. A number is seconds; a duration
// keeps its unit; anything else says what to write.
func TestTimeoutInSeconds(t *testing.T) {
	scen16Dir(t)
	for _, v := range []string{"15", "2.5", "15s", "1m30s"} {
		for _, name := range []string{"--connect-timeout", "--query-timeout"} {
			if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", name, v, "migrations"); code != 1 || errs != "" {
				t.Errorf("%s %s: exit %d\n%s%s", name, v, code, out, errs)
			}
		}
	}
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--connect-timeout", "15 sec", "migrations")
	if code != exitError || !strings.Contains(errs, `--connect-timeout "15 sec": give a duration such as 15s, 2m or 1m30s, or a number of seconds`) {
		t.Errorf("--connect-timeout '15 sec': exit %d, %s", code, errs)
	}
	var d secondsFlag
	if err := d.Set("15"); err != nil || time.Duration(d) != 15*time.Second {
		t.Errorf("15: %v, %v", time.Duration(d), err)
	}
	if err := d.Set("0.25"); err != nil || time.Duration(d) != 250*time.Millisecond {
		t.Errorf("0.25: %v, %v", time.Duration(d), err)
	}
}

// TestStdinFilenameWithoutStdin: --stdin-filename db/V2.sql without - as
// a path read no standard input and checked the paths given as if the
// flag were not there. It is a usage error saying to add -.
func TestStdinFilenameWithoutStdin(t *testing.T) {
	scen16Dir(t)
	code, out, errs := runCmd(t, "CHECKPOINT 5;\n", nil, "scan", "--no-config", "--stdin-filename", "migrations/V3.sql", "migrations")
	if code != exitError || out != "" || !strings.HasPrefix(errs, "sqllint: --stdin-filename migrations/V3.sql names standard input, but no path is -: add - to read it") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "CHECKPOINT 5;\n", nil, "scan", "--no-config", "--stdin-filename", "migrations/V3.sql", "-")
	if code != 1 || !slices.Equal(found(out), []string{"migrations/V3.sql:1 SL302"}) {
		t.Errorf("with -: exit %d\n%s%s", code, out, errs)
	}
}

// TestConfigConflictMarkers: a .sqllint.yaml left from a merge with a
// conflict was "invalid YAML: mapping values are not allowed in this
// context" at the line after the marker. It is an error naming the file
// and the marker's line, saying what to do; a baseline left so is
// written again by --write-baseline, as its error says.
func TestConfigConflictMarkers(t *testing.T) {
	dir := scen16Dir(t)
	writeFile(t, dir, ".sqllint.yaml", "fail-on: error\n<<<<<<< HEAD\nexclude: [old/]\n=======\nexclude: [legacy/]\n>>>>>>> topic\n")
	code, out, errs := runCmd(t, "", nil, "scan", "migrations")
	want := "sqllint: " + filepath.Join(dir, ".sqllint.yaml") + ":2:1: a merge conflict marker (<<<<<<<): the file is left from a merge with a conflict; keep the lines you want"
	if code != exitError || out != "" || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d\n%s%s\nwant %s", code, out, errs, want)
	}
	os.Remove(filepath.Join(dir, ".sqllint.yaml"))

	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "bl.json", "migrations"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "bl.json"))
	conflicted := strings.Replace(string(data), "\n", "\n<<<<<<< HEAD\n=======\n>>>>>>> topic\n", 1)
	writeFile(t, dir, "bl.json", conflicted)
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", "bl.json", "migrations"); code != exitError || !strings.Contains(errs, "line 2: a merge conflict") {
		t.Errorf("--baseline with a conflict: exit %d, %s", code, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", "bl.json", "migrations"); code != 0 {
		t.Errorf("--write-baseline over a conflicted baseline: exit %d\n%s%s", code, out, errs)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "bl.json")); string(again) != string(data) {
		t.Errorf("baseline written again:\n%s\nwant\n%s", again, data)
	}
}

// TestEnvValuesNeverPrinted: with --allow-env (or env: in the config),
// $(SQLLINT_HOST) expanded to the CI runner's server, and a rule that
// names the database, or an :r that names its file, put that value in
// the findings of every format and in the baseline. Each value is
// written back as $(NAME) in every format; the rules still see it.
func TestEnvValuesNeverPrinted(t *testing.T) {
	dir := scen16Dir(t)
	writeFile(t, dir, "db/V1.sql", "BACKUP LOG [$(SQLLINT_HOST)] TO DISK = 'NUL';\nGO\n:r $(INC_DIR)/missing.sql\nGO\nCHECKPOINT 10; -- db01x.corp.example.org is not the value\n")
	vars := map[string]string{"SQLLINT_HOST": "db01.corp.example", "INC_DIR": "/srv/share-9f3"}
	for _, format := range []string{"text", "json", "sarif", "github", "gitlab", "checkstyle", "junit", "azure"} {
		for _, allow := range [][]string{{"--allow-env"}, {"--env", "SQLLINT_HOST", "--env", "INC_DIR"}} {
			args := append(append([]string{"scan", "--no-config", "--format", format}, allow...), "db")
			code, out, errs := runCmd(t, "", vars, args...)
			if code != 1 || strings.Contains(out+errs, "db01.corp.example") || strings.Contains(out+errs, "share-9f3") {
				t.Errorf("%v: exit %d, an environment value is printed:\n%s%s", args, code, out, errs)
			}
			if format == "text" && (!strings.Contains(out, "BACKUP LOG $(SQLLINT_HOST) TO DISK = 'NUL'") || !strings.Contains(out, `:r "$(INC_DIR)/missing.sql" is not included: $(INC_DIR)/missing.sql`) ||
				!strings.Contains(out, "db01x.corp.example.org")) {
				t.Errorf("%v: the values are not shown as their names:\n%s", args, out)
			}
		}
	}
	code, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--allow-env", "--format", "json=r.json", "--write-baseline", "bl.json", "db")
	if code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	for _, f := range []string{"r.json", "bl.json"} {
		if data, _ := os.ReadFile(filepath.Join(dir, f)); strings.Contains(string(data), "corp.example\"") || strings.Contains(string(data), "share-9f3") {
			t.Errorf("%s holds an environment value:\n%s", f, data)
		}
	}
}

func TestRedact(t *testing.T) {
	vals := []envValue{{"LONG", "App.Sales"}, {"DB", "App"}, {"SHARE", `\\fs1\backup`}}
	for in, want := range map[string]string{
		"BACKUP DATABASE App to App.Sales": "BACKUP DATABASE $(DB) to $(LONG)",
		"AppLog, App_1, MyApp, (App)":      "AppLog, App_1, MyApp, ($(DB))",
		`TO DISK = '\\fs1\backup\x.bak'`:   `TO DISK = '$(SHARE)\x.bak'`,
		`\\fs1\backups`:                    `\\fs1\backups`,
		"nothing":                          "nothing",
	} {
		if got := redact(in, vals); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOutputFileNamesAFolder: --format sarif=out/ and --write-baseline
// ci/ made the folder, ran, and failed at the end ("rename ... file
// exists"); --write-baseline - wrote a file named "-". Each is refused
// before the run, and nothing is made.
func TestOutputFileNamesAFolder(t *testing.T) {
	dir := scen16Dir(t)
	for _, c := range []struct{ args []string }{
		{[]string{"--format", "sarif=out/"}},
		{[]string{"--write-baseline", "ci/"}},
		{[]string{"--write-baseline", "migrations"}},
		{[]string{"--write-baseline", "-"}},
	} {
		code, out, errs := runCmd(t, "", nil, append(append([]string{"scan", "--no-config"}, c.args...), "migrations")...)
		if code != exitError || out != "" || !strings.Contains(errs, c.args[1]+": ") {
			t.Errorf("%v: exit %d\n%s%s", c.args, code, out, errs)
		}
	}
	for _, name := range []string{"out", "ci", "-"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was made", name)
		}
	}
}

// TestRedactFixes: a fix's description and new text are redacted in a
// copy; the run's own fix keeps the value (--fix writes what it means).
func TestRedactFixes(t *testing.T) {
	r := newEnvRedactor([]string{"*"}, func(string) (string, bool) { return "db01.corp", true })
	if _, ok := r.lookup("SQLLINT_HOST"); !ok {
		t.Fatal("lookup")
	}
	fix := &report.Fix{Description: "use db01.corp", Edits: []report.Edit{{NewText: "ALTER DATABASE db01.corp"}}}
	fs := []report.Finding{{Message: "on db01.corp", Fix: fix}}
	r.findings(fs)
	if fs[0].Message != "on $(SQLLINT_HOST)" || fs[0].Fix.Description != "use $(SQLLINT_HOST)" || fs[0].Fix.Edits[0].NewText != "ALTER DATABASE $(SQLLINT_HOST)" {
		t.Errorf("redacted: %+v %+v", fs[0], fs[0].Fix)
	}
	if fix.Description != "use db01.corp" || fix.Edits[0].NewText != "ALTER DATABASE db01.corp" {
		t.Errorf("the run's fix changed: %+v", fix)
	}
	if newEnvRedactor(nil, os.LookupEnv) != nil {
		t.Error("a run that allows no environment variable has a redactor")
	}
}

// TestReportThroughSymlink: --format sarif=latest.sarif, a link to
// reports/today.sarif, replaced the link with a regular file and left the
// file it points to as it was. The link is followed, as a shell's > does.
func TestReportThroughSymlink(t *testing.T) {
	dir := scen16Dir(t)
	writeFile(t, dir, "reports/today.sarif", "old\n")
	for link, to := range map[string]string{"latest.sarif": "reports/today.sarif", "bl.json": "ci/baseline.json"} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skip(err)
		}
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "sarif=latest.sarif", "--write-baseline", "bl.json", "migrations")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for link, want := range map[string]string{"latest.sarif": "SL302", "bl.json": `"tool": "sqllint"`} {
		if info, err := os.Lstat(filepath.Join(dir, link)); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", link, err)
		}
		if data, err := os.ReadFile(filepath.Join(dir, link)); err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s's file: %v\n%s", link, err, data)
		}
	}
}

// TestReadOnlyOutputFile: a read-only baseline (a TFVC or Perforce file
// not checked out) was replaced by --write-baseline, behind the version
// control's back; --fix leaves a read-only script alone. So do the
// baseline and the reports now.
func TestReadOnlyOutputFile(t *testing.T) {
	dir := scen16Dir(t)
	const old = `{"version": 1, "tool": "sqllint", "entries": []}` + "\n"
	p := writeFile(t, dir, "bl.json", old)
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--write-baseline", "bl.json"}, {"--format", "json=bl.json"}} {
		code, out, errs := runCmd(t, "", nil, append(append([]string{"scan", "--no-config"}, args...), "migrations")...)
		if code != exitError || out != "" || !strings.Contains(errs, "bl.json: the file is read-only; not overwritten") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	if data, _ := os.ReadFile(p); string(data) != old {
		t.Errorf("bl.json was overwritten:\n%s", data)
	}
}

// TestInitOneFolder: sqllint init a b wrote a/.sqllint.yaml and ignored
// b. It is a usage error, and nothing is written.
func TestInitOneFolder(t *testing.T) {
	dir := scen16Dir(t)
	writeFile(t, dir, "a/x.sql", "")
	writeFile(t, dir, "b/x.sql", "")
	code, out, errs := runCmd(t, "", nil, "init", "a", "b")
	if code != exitError || out != "" || !strings.Contains(errs, "init writes one folder's .sqllint.yaml, got 2 paths: a b") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	for _, d := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(dir, d, ".sqllint.yaml")); err == nil {
			t.Errorf("%s/.sqllint.yaml was written", d)
		}
	}
}
