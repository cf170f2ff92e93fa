package config

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestContextAndBaselineKeys(t *testing.T) {
	dir := filepath.Join("/repo", "db")
	cfg, err := Parse(filepath.Join(dir, ".sqllint.yaml"), []byte("context: [migrations, shared/common]\nbaseline: ci/base.json\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.ContextSet || len(cfg.Context) != 2 || cfg.Context[0] != filepath.Join(dir, "migrations") || cfg.Context[1] != filepath.Join(dir, "shared", "common") {
		t.Errorf("context %v %v", cfg.ContextSet, cfg.Context)
	}
	if cfg.Baseline != filepath.Join(dir, "ci", "base.json") {
		t.Errorf("baseline %q", cfg.Baseline)
	}
	cfg, err = Parse(filepath.Join(dir, ".sqllint.yaml"), []byte("context: []\n"), nil)
	if err != nil || !cfg.ContextSet || len(cfg.Context) != 0 {
		t.Errorf("context []: %v %+v", err, cfg)
	}
	cfg, err = Parse(filepath.Join(dir, ".sqllint.yaml"), []byte("fail-on: error\n"), nil)
	if err != nil || cfg.ContextSet || cfg.Baseline != "" {
		t.Errorf("unset: %v %+v", err, cfg)
	}
	for _, bad := range []string{"baseline: [a]\n", "baseline: \"\"\n", "context: {a: b}\n", "context: [\"\"]\n"} {
		if _, err := Parse("x.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), "x.yaml:1") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
