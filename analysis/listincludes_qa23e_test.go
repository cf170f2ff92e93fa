package analysis

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestListIncludes: with Options.ListIncludes a reported script's result
// names every file its check included: through a variable, and from an
// included file; without it, none (the CLI's results are unchanged).
func TestListIncludes(t *testing.T) {
	dir := t.TempDir()
	main := write(t, dir, "main.sql", ":setvar d lib\n:r $(d)\\a.sql\nPRINT 1;\n")
	a := write(t, dir, "lib/a.sql", ":r lib/b.sql\n")
	b := write(t, dir, "lib/b.sql", "PRINT 2;\n")
	for _, list := range []bool{true, false} {
		got, _ := runAll(t, Options{Paths: []string{main}, ListIncludes: list})
		if len(got) != 1 {
			t.Fatalf("results %v", got)
		}
		var abs []string
		for _, p := range got[0].Includes {
			p, _ = filepath.Abs(p)
			abs = append(abs, p)
		}
		if want := []string{a, b}; list && !slices.Equal(abs, want) || !list && got[0].Includes != nil {
			t.Errorf("ListIncludes %v: includes %q, want %q", list, got[0].Includes, want)
		}
	}
}
