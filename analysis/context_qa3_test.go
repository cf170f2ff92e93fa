package analysis

import (
	"path/filepath"
	"testing"
)

// A script in a subfolder of a Flyway location (tables/V2__x.sql under
// a folder of V1__.sql scripts) runs after the scripts above it, as the
// scan of the location runs it; named alone (a pre-commit hook), its
// context was its own folder, so the cross-file rules missed every
// older version (an SL201 growth read as a new allocation, an SL101
// count short). ContextFolder widens it to the highest folder above that
// holds Flyway's scripts, through folders without scripts, never past a
// folder with a script of another name, nor above the repository's top.
func TestContextFolderFlywayLocation(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "r/.git/HEAD", "ref: x\n")
	write(t, dir, "V0__above_top.sql", "SELECT 1;\n")
	write(t, dir, "r/db/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "r/db/tables/V2__b.sql", "SELECT 1;\n")
	write(t, dir, "r/db/x/y/V3__c.sql", "SELECT 1;\n")
	write(t, dir, "r/db/rep/R__view.sql", "SELECT 1;\n")
	write(t, dir, "r/plain/setup.sql", "SELECT 1;\n")
	write(t, dir, "r/plain/sub/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "r/mixed/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "r/mixed/t/V2__b.sql", "SELECT 1;\n")
	write(t, dir, "r/mixed/t/notes.sql", "SELECT 1;\n")
	write(t, dir, "r/empty/sub/V1__a.sql", "SELECT 1;\n")
	for in, want := range map[string]string{
		"r/db/tables":  "r/db",
		"r/db/x/y":     "r/db", // through x, which has no script
		"r/db/rep":     "r/db", // repeatable scripts of the location
		"r/db":         "r/db", // not above the repository's top
		"r/plain/sub":  "r/plain/sub",
		"r/mixed/t":    "r/mixed/t", // a script of another name: not a location
		"r/empty/sub":  "r/empty/sub",
		"r/db/missing": "r/db/missing",
	} {
		if got := ContextFolder(filepath.Join(dir, in)); got != filepath.Join(dir, want) {
			t.Errorf("ContextFolder(%s) = %s, want %s", in, got, filepath.Join(dir, want))
		}
	}
	// a relative folder climbs above the current one
	t.Chdir(filepath.Join(dir, "r/db/tables"))
	if got := ContextFolder("."); got != ".." {
		t.Errorf(`ContextFolder(".") = %s, want ..`, got)
	}
}
