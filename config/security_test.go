package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/rules"
)

func TestSecurityKeys(t *testing.T) {
	src := `env: [DeployEnv, "*", Target_DB]
include-roots: [../shared, /abs/sql]
include-outside: true
max-file-size: 1MB
max-expanded-size: "10 MB"
max-total-expanded-size: 2GiB
`
	cfg, err := Parse("/repo/.sqllint.yaml", []byte(src), rules.Default)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg.Env, []string{"DeployEnv", "*", "Target_DB"}) {
		t.Errorf("env %q", cfg.Env)
	}
	if !reflect.DeepEqual(cfg.IncludeRoots, []string{filepath.Clean("../shared"), filepath.Clean("/abs/sql")}) || !cfg.IncludeOutside {
		t.Errorf("include-roots %q, include-outside %v", cfg.IncludeRoots, cfg.IncludeOutside)
	}
	if cfg.MaxFileSize != 1<<20 || cfg.MaxExpandedSize != 10<<20 || cfg.MaxTotalExpandedSize != 2<<30 {
		t.Errorf("sizes %d %d %d", cfg.MaxFileSize, cfg.MaxExpandedSize, cfg.MaxTotalExpandedSize)
	}
	// A single string is a list of one.
	cfg, err = Parse("c.yaml", []byte("env: DeployEnv\ninclude-roots: lib\n"), rules.Default)
	if err != nil || !reflect.DeepEqual(cfg.Env, []string{"DeployEnv"}) || !reflect.DeepEqual(cfg.IncludeRoots, []string{"lib"}) {
		t.Errorf("%v %q %q", err, cfg.Env, cfg.IncludeRoots)
	}
}

func TestSecurityKeyErrors(t *testing.T) {
	for src, want := range map[string]string{
		"env: [GITHUB_TOKEN]\n":          `c.yaml:1:7: key "env[0]": GITHUB_TOKEN looks like a secret`,
		"env: DB_PASSWORD\n":             `c.yaml:1:6: key "env": DB_PASSWORD looks like a secret`,
		"env: [\"a b\"]\n":               `key "env[0]": bad environment variable name "a b"`,
		"env: {a: 1}\n":                  `key "env": must be`,
		"include-outside: yes please\n":  `key "include-outside": must be true or false`,
		"include-roots: [\"\"]\n":        `key "include-roots[0]": must be a folder`,
		"max-file-size: 0\n":             `key "max-file-size": must be more than 0`,
		"max-file-size: -1MB\n":          `key "max-file-size": must be a size such as 64MB`,
		"max-expanded-size: ten MB\n":    `key "max-expanded-size": must be a size`,
		"max-total-expanded-size: [1]\n": `key "max-total-expanded-size": must be a size such as 64MB, got`,
		"max-file-size: 99999999999GB\n": `key "max-file-size": size "99999999999GB" is too large`,
		"include-outsid: true\n":         `unknown key "include-outsid"`,
	} {
		_, err := Parse("c.yaml", []byte(src), rules.Default)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", src, err, want)
		}
	}
}

func TestCheckEnvName(t *testing.T) {
	if CheckEnvName("*") != nil || CheckEnvName("TargetDb") != nil {
		t.Error("valid names refused")
	}
	if err := CheckEnvName("SQLCMDPASSWORD"); err == nil || !strings.Contains(err.Error(), "SQLCMDPASSWORD looks like a secret") {
		t.Errorf("SQLCMDPASSWORD: %v", err)
	}
	if err := CheckEnvName("A=B"); err == nil {
		t.Error("A=B accepted")
	}
}

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{"1": 1, "64MB": 64 << 20, "64 mb": 64 << 20, "1gb": 1 << 30, "512KiB": 512 << 10, "100 bytes": 100, "7B": 7} {
		if got, err := ParseSize(s); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
}

func TestConfigPreprocessOptions(t *testing.T) {
	dir := t.TempDir()
	scripts := filepath.Join(dir, "scripts")
	if err := os.MkdirAll(scripts, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "one.sql")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := Default()
	cfg.Dir = filepath.Join(dir, "conf")
	cfg.IncludeRoots = []string{"../shared", "/abs"}
	cfg.Env = []string{"DeployEnv"}
	cfg.Variables["V"] = "x"
	cfg.Rules.DefaultDatabase = "Sales"
	cfg.MaxFileSize, cfg.MaxExpandedSize = 10, 20
	env := func(string) (string, bool) { return "", false }
	opt := cfg.PreprocessOptions([]string{scripts, file, "-"}, env)
	want := []string{scripts, dir, cfg.Dir, filepath.Join(dir, "shared"), "/abs"}
	if !reflect.DeepEqual(opt.Roots, want) {
		t.Errorf("roots %q, want %q", opt.Roots, want)
	}
	if opt.Database != "Sales" || opt.Vars["V"] != "x" || opt.MaxFileSize != 10 || opt.MaxExpanded != 20 || opt.Includes == nil || opt.IncludeOutside {
		t.Errorf("options %+v", opt)
	}
	if opt.EnvAllowed == nil || !opt.EnvAllowed("deployenv") || opt.EnvAllowed("HOME") {
		t.Error("EnvAllowed does not follow env:")
	}
	// No env: nothing from the environment.
	if Default().PreprocessOptions(nil, env).EnvAllowed != nil {
		t.Error("the default allows environment variables")
	}
	if f, r, run := Default().Limits(); f != "64 MB" || r != "64 MB" || run != "256 MB" {
		t.Errorf("limits %s %s %s", f, r, run)
	}
}
