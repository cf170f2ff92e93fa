//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestConfigNameNotRegular: a folder or a named pipe that has the config
// file's name is an error naming it (it was skipped without a word, and
// the run went on with another config or none); the pipe is never opened.
func TestConfigNameNotRegular(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	for _, tc := range []struct {
		name, kind string
		make       func(p string) error
	}{
		{".sqllint.yaml", "a folder", func(p string) error { return os.Mkdir(p, 0o755) }},
		{".sqllint.yml", "a named pipe", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
	} {
		root := t.TempDir()
		dir := filepath.Join(root, "db")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// a config above that the run would otherwise take silently
		if err := os.WriteFile(filepath.Join(root, ".sqllint.yaml"), []byte("fail-on: error\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, tc.name)
		if err := tc.make(p); err != nil {
			t.Skip(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := Find(dir, nil)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), p+": cannot read config: not a regular file ("+tc.kind+")") {
				t.Errorf("%s: error %v", tc.kind, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Find waited", tc.kind)
		}
	}
}
