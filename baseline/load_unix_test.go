//go:build unix

package baseline

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// --baseline naming a named pipe is an error naming it, not a hang.
func TestLoadRefusesANamedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "b.json")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(p)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "baseline "+p+": not a regular file") {
			t.Errorf("error %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load waited on the named pipe")
	}
}
