package analysis

import (
	"context"
	"strings"
	"testing"
)

// An empty path (sqllint scan "$SQL_DIR" with the variable unset in a CI
// job) was reported as ": no such file or directory", which names
// nothing. It says what it is.
func TestEmptyPathIsNamed(t *testing.T) {
	chdir(t, t.TempDir())
	for _, opt := range []Options{{Paths: []string{""}}, {Paths: []string{"-"}, Context: []string{""}}} {
		_, err := Run(context.Background(), opt, func(*FileResult) {})
		if err == nil || !strings.HasPrefix(err.Error(), `an empty path ("")`) {
			t.Errorf("paths %q, context %q: err = %v, want one naming the empty path", opt.Paths, opt.Context, err)
		}
	}
}
