//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// A symbolic link met while walking a folder is read only when its target
// lies where :r may read: inside the checked folders or the config file's
// folder (include-roots, include-outside widen it). A pull request could
// otherwise make a scan read /etc/passwd or a file of another checkout,
// and --fix rewrite it.
func TestWalkedSymlinkOutsideIsNotRead(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "outside/x.sql", checkpoint10)
	write(t, dir, "db/inside.sql", checkpoint10)
	if err := os.Symlink("../outside/x.sql", filepath.Join(dir, "db/out.sql")); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := os.Symlink("inside.sql", filepath.Join(dir, "db/in.sql")); err != nil {
		t.Fatal(err)
	}
	rs, sum := runAll(t, Options{Paths: []string{"db"}})
	fs := findings(rs)
	if len(fs) != 1 || fs[0].Path != "db/in.sql" && fs[0].Path != "db/inside.sql" {
		t.Errorf("findings %+v, want the one of inside.sql only", fs)
	}
	if len(sum.Errors) != 1 || sum.Errors[0].Path != "db/out.sql" || !strings.Contains(sum.Errors[0].Message, "outside the checked folders") {
		t.Errorf("errors %+v", sum.Errors)
	}
	// include-outside: true reads it
	cfg := config.Default()
	cfg.IncludeOutside = true
	rs, sum = runAll(t, Options{Paths: []string{"db"}, Config: cfg})
	if fs := findings(rs); len(fs) != 2 || len(sum.Errors) != 0 {
		t.Errorf("include-outside: findings %+v errors %+v", fs, sum.Errors)
	}
	// a link named on the command line is the user's choice
	rs, sum = runAll(t, Options{Paths: []string{"db/out.sql"}})
	if fs := findings(rs); len(fs) != 1 || len(sum.Errors) != 0 {
		t.Errorf("named link: findings %+v errors %+v", fs, sum.Errors)
	}
}
