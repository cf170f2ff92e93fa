package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestUntrustedCheck: a config a pull request may have changed cannot
// make the pull request's own check pass. What can only lower what the
// check finds or fails on is ignored and named: fail-on below warning,
// rules and severity that turn a rule off or lower it, options,
// target-version, exclude, an include that leaves *.sql files out, and
// the baseline (which the pull request can rewrite). What only makes the
// check stricter, and what says how the scripts read, stays.
func TestUntrustedCheck(t *testing.T) {
	dir := t.TempDir()
	yaml := `rules: [all, -SL302]
severity:
  SL101: info
  SL304: off
  SL303: error
options:
  SL101:
    startup-budget: 1000000
target-version: 2022
fail-on: never
include: ["migrations/**/*.sql"]
exclude: ["**/V9*.sql"]
baseline: .sqllint-baseline.json
variables:
  DatabaseName: Sales
database: Sales
`
	path := filepath.Join(dir, ".sqllint.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	dropped := c.UntrustedCheck()
	if len(c.Rules.Disabled) != 0 {
		t.Errorf("rules still off: %v", c.Rules.Disabled)
	}
	if want := map[string]parser.Severity{"SL303": parser.SevError}; !reflect.DeepEqual(c.Rules.Severity, want) {
		t.Errorf("severity %v, want only the raised %v", c.Rules.Severity, want)
	}
	if len(c.Rules.Options) != 0 || c.Rules.TargetVersion != 0 {
		t.Errorf("options %v, target-version %d kept", c.Rules.Options, c.Rules.TargetVersion)
	}
	if c.FailOn != "" || c.Baseline != "" || len(c.Exclude) != 0 {
		t.Errorf("fail-on %q, baseline %q, exclude %q kept", c.FailOn, c.Baseline, c.Exclude)
	}
	if want := []string{"**/*.sql", "migrations/**/*.sql"}; !reflect.DeepEqual(c.Include, want) {
		t.Errorf("include %q, want %q", c.Include, want)
	}
	if c.Variables["DatabaseName"] != "Sales" || c.Rules.DefaultDatabase != "Sales" {
		t.Errorf("variables %v, database %q: how the scripts read must stay", c.Variables, c.Rules.DefaultDatabase)
	}
	all := strings.Join(dropped, "\n")
	for _, s := range []string{"rules", "SL302", "severity", "SL101: info", "SL304: off", "options", "startup-budget",
		"target-version", "fail-on: never", "include", "exclude: [**/V9*.sql]", "baseline .sqllint-baseline.json"} {
		if !strings.Contains(all, s) {
			t.Errorf("dropped %q does not name %s", dropped, s)
		}
	}
	if strings.Contains(all, "SL303") || strings.Contains(all, "variables") || strings.Contains(all, "database") {
		t.Errorf("dropped %q names what it kept", dropped)
	}

	// stricter than the defaults: all of it stays, nothing said
	c, err = Parse(path, []byte("fail-on: info\nseverity: {all: error}\nrules: [all]\ninclude: [\"**/*.sql\", \"**/*.tsql\"]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.UntrustedCheck(); len(got) != 0 || c.FailOn != "info" || len(c.Rules.Severity) == 0 || len(c.Include) != 2 {
		t.Errorf("a stricter config: dropped %q, fail-on %q, severity %v, include %q", got, c.FailOn, c.Rules.Severity, c.Include)
	}
	// a rule turned off with severity: off alone is named under severity
	c, err = Parse(path, []byte("severity: {SL302: off}\nfail-on: error\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(c.UntrustedCheck(), "\n")
	if strings.Contains(got, "rules") || !strings.Contains(got, "SL302: off") || !strings.Contains(got, "fail-on: error") || len(c.Rules.Disabled) != 0 {
		t.Errorf("severity off: dropped %q, disabled %v", got, c.Rules.Disabled)
	}
	if d := Default(); len(d.UntrustedCheck()) != 0 {
		t.Error("the default config drops something")
	}
}

// TestUntrustedPreprocessOptions: after Untrusted the preprocessor knows
// the config's include-roots and include-outside are ignored, so that a
// refused :r does not suggest them (parser's TestRefusedIncludeHintUntrusted).
func TestUntrustedPreprocessOptions(t *testing.T) {
	c := Default()
	if c.PreprocessOptions(nil, nil).UntrustedConfig {
		t.Error("trusted config: UntrustedConfig set")
	}
	c.Untrusted()
	if !c.PreprocessOptions(nil, nil).UntrustedConfig {
		t.Error("untrusted config: UntrustedConfig not set")
	}
}
