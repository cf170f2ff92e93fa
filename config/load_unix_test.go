//go:build unix

package config

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// --config naming a named pipe (or a device) is an error naming it, not a
// run that waits forever for a writer.
func TestLoadRefusesANamedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.yaml")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(p, nil)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), p+": cannot read config: not a regular file") {
			t.Errorf("error %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load waited on the named pipe") // the goroutine stays blocked; the test binary ends
	}
}
