//go:build unix

package analysis

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestPathLoopError: a path that cannot even be looked at (a loop of
// symbolic links) is named as given with the cause, not with Go's
// "stat PATH: ..." wording.
func TestPathLoopError(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.sql"), filepath.Join(dir, "b.sql")
	if os.Symlink(b, a) != nil || os.Symlink(a, b) != nil {
		t.Skip("no symbolic links")
	}
	_, err := Run(context.Background(), Options{Paths: []string{a}}, func(*FileResult) {})
	if err == nil || err.Error() != a+": too many levels of symbolic links" {
		t.Errorf("err = %v", err)
	}
}
