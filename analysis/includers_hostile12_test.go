package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The lookup of the scripts above a named one reads their :r lines; a :r
// naming a missing file listed its folder to match the name in another
// letter case, once per line: eight scripts of 16,000 such lines beside
// 200 files took 12 s to check one named script (0.4 s now). Each folder
// is listed once. Counted by allocations, which a listing makes per entry.
func TestIncludersAboveListsAFolderOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "r/.git/HEAD", "ref: x\n")
	for i := range 300 {
		write(t, dir, fmt.Sprintf("r/db/notes%03d.txt", i), "")
	}
	write(t, dir, "r/db/Master.sql", strings.Repeat(":r missing.sql\n", 2000)+":r .\\Create\\create.SQL\n")
	create := write(t, dir, "r/db/Create/Create.sql", "CHECKPOINT 10;\n")

	var got []string
	allocs := testing.AllocsPerRun(1, func() { got = IncludersAbove(create) })
	if want := []string{filepath.Join(dir, "r/db/Master.sql")}; !slices.Equal(got, want) {
		t.Fatalf("IncludersAbove = %v, want %v (the name in another case still matches)", got, want)
	}
	// a listing of the folder's 302 entries per :r line: 600,000 and more
	if allocs > 50*2000 {
		t.Errorf("%.0f allocations for 2,001 :r lines beside 302 files, want at most %d", allocs, 50*2000)
	}
}
