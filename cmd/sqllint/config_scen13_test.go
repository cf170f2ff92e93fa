package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigMistakesAsAUserMakesThem: each mistake stops the run with exit
// status 2 and one message naming the config file, its line and column,
// and the key; --config naming a folder or a missing file names it.
func TestConfigMistakesAsAUserMakesThem(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 30;\n")
	cfg := filepath.Join(dir, ".sqllint.yaml")
	for _, c := range []struct{ yaml, want string }{
		{"rules: [all]\nbogus: 1\n", ":2:1: unknown key \"bogus\""},
		{"overrides:\n  - files: [\"x/**\"]\n", ":1:1: unknown key \"overrides\""},
		{"severity:\n  SL999: error\n", ":2:3: key \"severity\": unknown rule \"SL999\""},
		{"rules: [all, -SL999]\n", ":1:14: key \"rules[1]\": unknown rule \"SL999\""},
		{"target-version: [1]\n", ":1:17: key \"target-version\": must be a SQL Server version"},
		{"options:\n  SL101:\n    startup-budget: abc\n", ":3:21: key \"options.SL101.startup-budget\": must be a number, got \"abc\""},
		{"severity:\n  SL302: fatal\n", ":2:10: key \"severity.SL302\": must be error, warning, info or off, got \"fatal\""},
		{"\t bad: yaml\n", ":1:1: invalid YAML"},
	} {
		writeFile(t, dir, ".sqllint.yaml", c.yaml)
		code, out, errs := runCmd(t, "", nil, "scan", "db")
		if code != 2 || out != "" || !strings.HasPrefix(errs, "sqllint: "+cfg+c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.yaml, code, errs, cfg+c.want)
		}
	}
	writeFile(t, dir, ".sqllint.yaml", "rules: [all]\n")
	for _, c := range []struct{ arg, want string }{
		{dir, dir + ": cannot read config: not a regular file (a folder)"},
		{filepath.Join(dir, "none.yaml"), filepath.Join(dir, "none.yaml") + ": cannot read config: no such file or directory"},
	} {
		if code, _, errs := runCmd(t, "", nil, "scan", "--config", c.arg, "db"); code != 2 || !strings.HasPrefix(errs, "sqllint: "+c.want) {
			t.Errorf("--config %s: exit %d %q, want %q", c.arg, code, errs, c.want)
		}
	}
	// an exclude glob that matches nothing is no error (a hook names a
	// few files; most globs match none of them)
	writeFile(t, dir, ".sqllint.yaml", "exclude: [\"legacy/**\"]\n")
	if code, out, _ := runCmd(t, "", nil, "scan", "--no-source", "db"); code != 1 || len(found(out)) != 1 {
		t.Errorf("exclude matching nothing: exit %d\n%s", code, out)
	}
}

// TestNestedConfigIsNamed: a run reads one config file, found from its
// first path. A hook naming db/V1.sql reads db/.sqllint.yaml, a scan of
// the top does not: each run says which config file it leaves out, once,
// so their different findings are not a silent surprise. A config given
// with --config is the user's choice: no note.
func TestNestedConfigIsNamed(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 30;\n")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 30;\n")
	writeFile(t, dir, "x/b.sql", "CHECKPOINT 30;\n")
	writeFile(t, dir, "db/.sqllint.yaml", "rules: [all, -SL302]\n")
	for _, c := range []struct {
		args  []string
		found int
		note  string
	}{
		{[]string{"."}, 3, "sqllint: db/.sqllint.yaml is not read: a run reads one config file, the defaults (no config file is found from the first path); check db on its own to use it\n"},
		{[]string{"db/V1.sql", "db/V2.sql"}, 0, ""},
		{[]string{"db"}, 0, ""},
		{[]string{"db/V1.sql", "x/b.sql"}, 0, "sqllint: x/b.sql is checked with db/.sqllint.yaml, found from the first path; no config file is found from it (a run reads one config file: check it on its own for the defaults)\n"},
		{[]string{"x/b.sql", "db/V1.sql", "db/V2.sql"}, 3, "sqllint: db/V1.sql is checked with the defaults (no config file is found from the first path), not with db/.sqllint.yaml, found from it (a run reads one config file: check it on its own to use that one)\n"},
		{[]string{"--config", "db/.sqllint.yaml", "."}, 0, ""},
		{[]string{"--no-config", "."}, 3, ""},
	} {
		_, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-source"}, c.args...)...)
		if len(found(out)) != c.found || errs != c.note {
			t.Errorf("%v: %d findings, stderr %q; want %d, %q\n%s", c.args, len(found(out)), errs, c.found, c.note, out)
		}
	}
}
