package config

import (
	"path/filepath"
	"testing"
)

// An absolute baseline path is used as written, as an absolute context
// path is; a relative one is relative to the config file's folder.
func TestBaselineAbsolutePath(t *testing.T) {
	dir := t.TempDir()
	abs := filepath.Join(t.TempDir(), "ci", "baseline.json")
	for _, c := range []struct{ value, want string }{
		{filepath.ToSlash(abs), abs},
		{"ci/baseline.json", filepath.Join(dir, "ci", "baseline.json")},
	} {
		cfg, err := Parse(filepath.Join(dir, ".sqllint.yaml"), []byte("baseline: "+c.value+"\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Baseline != c.want {
			t.Errorf("baseline: %s read as %s, want %s", c.value, cfg.Baseline, c.want)
		}
	}
}
