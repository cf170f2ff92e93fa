package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUntrusted: a config a pull request from a fork may have changed
// keeps what it checks and how, but none of what widens what a script
// reads, expands or contacts: include-outside, include-roots, env, the
// server, limits above the defaults, and context folders or a baseline
// outside the config's folder or hidden below it (.git/config).
func TestUntrusted(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "db", "ctx"), 0o755); err != nil {
		t.Fatal(err)
	}
	yaml := `rules: [all, -SL302]
fail-on: error
include-outside: true
include-roots: [../shared]
env: ["*"]
server: sqlserver://evil.example.com
max-file-size: 1GB
max-expanded-size: 1MB
context: [db/ctx, .git, /]
baseline: ../elsewhere.json
`
	path := filepath.Join(dir, ".sqllint.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	dropped := c.Untrusted()
	if c.IncludeOutside || len(c.IncludeRoots) != 0 || len(c.Env) != 0 || c.Server != "" {
		t.Errorf("kept include-outside %v, include-roots %q, env %q, server %q", c.IncludeOutside, c.IncludeRoots, c.Env, c.Server)
	}
	if c.MaxFileSize != 0 || c.MaxExpandedSize != 1<<20 {
		t.Errorf("limits %d %d, want the default file size and the lower expanded size", c.MaxFileSize, c.MaxExpandedSize)
	}
	if want := []string{filepath.Join(dir, "db", "ctx")}; !slices.Equal(c.Context, want) || !c.ContextSet || len(c.ContextAt) != 1 {
		t.Errorf("context %q (at %d), want %q", c.Context, len(c.ContextAt), want)
	}
	if c.Baseline != "" {
		t.Errorf("baseline %q kept", c.Baseline)
	}
	if !c.Rules.Disabled["SL302"] || c.FailOn != "error" {
		t.Errorf("rules or fail-on changed: %v %q", c.Rules.Disabled, c.FailOn)
	}
	all := strings.Join(dropped, "\n")
	for _, key := range []string{"include-outside", "include-roots", "env", "server", "max-file-size", "context .git", "context /", "baseline"} {
		if !strings.Contains(all, key) {
			t.Errorf("dropped %q does not name %s", dropped, key)
		}
	}
	if strings.Contains(all, "max-expanded-size") || strings.Contains(all, "db/ctx") {
		t.Errorf("dropped %q names what it kept", dropped)
	}
	// nothing to drop: nothing said
	d := Default()
	if got := d.Untrusted(); len(got) != 0 {
		t.Errorf("default config: dropped %q", got)
	}
}
