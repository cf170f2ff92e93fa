package analysis

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPeekDir: peekDir gives every entry of a folder of many (more than
// one read of records) with its type, asked of the system too when it
// must be, and stops where fn says.
func TestPeekDir(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := range 300 {
		name := fmt.Sprintf("V%d__a_rather_long_description_of_the_change.sql", i)
		if i%50 == 0 {
			name = fmt.Sprintf("sub%d", i)
			if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, name)
	}
	slices.Sort(want)
	for _, lstat := range []bool{false, true} {
		forceLstat = lstat
		var got []string
		peekDir(dir, func(d fs.DirEntry) bool {
			if isDir := d.IsDir(); isDir != (d.Name()[0] == 's') {
				t.Errorf("%s: IsDir %v", d.Name(), isDir)
			}
			got = append(got, d.Name())
			return true
		})
		forceLstat = false
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("lstat %v: %d entries, want %d", lstat, len(got), len(want))
		}
	}
	n := 0
	peekDir(dir, func(fs.DirEntry) bool { n++; return n < 70 })
	if n != 70 {
		t.Errorf("peekDir went on after fn said stop: %d calls", n)
	}
	peekDir(filepath.Join(dir, want[1]), func(fs.DirEntry) bool { t.Error("a file peeked as a folder"); return true })
}
