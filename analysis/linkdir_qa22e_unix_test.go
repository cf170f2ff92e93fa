//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkSaysLinkedFolder: a walk does not follow a symbolic link to a
// folder (as the go tool, git and os.walk do not: it may lead out of the
// repository or round in a loop), and it said nothing, so the scripts of
// db/common -> ../common went unchecked without a word. The summary
// names such links; a link to a script is read as before.
func TestWalkSaysLinkedFolder(t *testing.T) {
	dir := linkedCommon(t)
	if err := os.Symlink("V1__a.sql", filepath.Join(dir, "db/V2__b.sql")); err != nil {
		t.Fatal(err)
	}
	rs, sum := runAll(t, Options{Paths: []string{"db"}})
	if len(findings(rs)) != 1 || len(sum.Errors) != 0 {
		t.Errorf("findings %+v errors %+v, want V1's only", findings(rs), sum.Errors)
	}
	if want := []string{"db/common"}; !slices.Equal(sum.LinkedFolders, want) {
		t.Errorf("LinkedFolders %q, want %q", sum.LinkedFolders, want)
	}
	// in a Flyway location's subfolder too (gathered, not walked)
	write(t, dir, "fly/V1__a.sql", checkpoint10)
	write(t, dir, "fly/tables/V2__b.sql", checkpoint10)
	if err := os.Symlink("../../common", filepath.Join(dir, "fly/tables/common")); err != nil {
		t.Fatal(err)
	}
	rs, sum = runAll(t, Options{Paths: []string{"fly"}})
	if want := []string{"fly/tables/common"}; len(findings(rs)) != 2 || !slices.Equal(sum.LinkedFolders, want) {
		t.Errorf("Flyway location: findings %d, LinkedFolders %q, want %q", len(findings(rs)), sum.LinkedFolders, want)
	}
}

// TestContextSaysNoLinkedFolder: the folders read only as context (by
// default, the folder of each named file) are not what the user asked to
// check, and a link to a folder in them is not named: a pre-commit hook
// on db/V1__a.sql warned about db/common at every commit. A walk of a
// named folder still names it.
func TestContextSaysNoLinkedFolder(t *testing.T) {
	linkedCommon(t)
	_, sum := runAll(t, Options{Paths: []string{"db/V1__a.sql"}, Context: []string{"db"}})
	if len(sum.LinkedFolders) != 0 {
		t.Errorf("LinkedFolders %q, want none: db is only context", sum.LinkedFolders)
	}
	_, sum = runAll(t, Options{Paths: []string{"db"}, Context: []string{"common"}})
	if want := []string{"db/common"}; !slices.Equal(sum.LinkedFolders, want) {
		t.Errorf("LinkedFolders %q, want %q", sum.LinkedFolders, want)
	}
}

// linkedCommon makes, in a new working directory it returns,
// common/V5__c.sql, db/V1__a.sql and db/common, a symbolic link to
// ../common; it skips the test where links cannot be made.
func linkedCommon(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "common/V5__c.sql", checkpoint10)
	write(t, dir, "db/V1__a.sql", checkpoint10)
	if err := os.Symlink("../common", filepath.Join(dir, "db/common")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	return dir
}
