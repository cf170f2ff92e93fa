package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestIncludedFilesAsPreprocess: IncludedFiles names the files Preprocess
// includes, in its order, and charges the run's expansion budget as it
// does, whatever stops an include: a cycle, the depth, a missing file,
// the per-script and per-run limits, :r under $(var) paths (set by -v,
// by :setvar, changed after a reference in the same batch), :quit and
// :exit, a comment or string an included file leaves open, too many :r.
func TestIncludedFilesAsPreprocess(t *testing.T) {
	line := strings.Repeat("-- some comment text\n", 50) // 1 KB
	chain := func(n int) map[string]string {
		m := map[string]string{}
		for i := 1; i <= n; i++ {
			text := line
			if i < n {
				text += fmt.Sprintf(":r f%02d.sql\n:r f%02d.sql\n", i+1, i+1)
			}
			m[fmt.Sprintf("f%02d.sql", i)] = text
		}
		return m
	}
	many := strings.Repeat(":r e.sql\n", ppMaxIncludes+2) + ":r late.sql\n"
	for _, tc := range []struct {
		name, root string
		files      map[string]string
		opt        PreprocessOptions
		total      int64 // the run's budget, 0: the default
		again      int   // preprocess the root this many more times with the same cache
	}{
		{name: "chain past max-expanded-size", root: ":r f01.sql\n", files: chain(14), opt: PreprocessOptions{MaxExpanded: 200 << 10}},
		{name: "chain past the depth", root: ":r f01.sql\n", files: chain(20), opt: PreprocessOptions{MaxExpanded: 1 << 20}},
		{name: "chain past the run's budget", root: ":r f01.sql\n", files: chain(12), total: 300 << 10, again: 3},
		{name: "diamond", root: ":r a.sql\n:r b.sql\nSELECT 1\nGO\n", files: map[string]string{
			"a.sql": ":r d.sql\nSELECT 2\n", "b.sql": "GO\n:r d.sql\n:r c.sql\n", "c.sql": ":r d.sql\n", "d.sql": "SELECT 3\n"}},
		{name: "cycle", root: ":r a.sql\n", files: map[string]string{
			"a.sql": ":r b.sql\n:r c.sql\n", "b.sql": ":r a.sql\n", "c.sql": "SELECT 1\n"}},
		{name: "missing", root: ":r nope.sql\n:r a.sql\n:r \"\"\n:r\n", files: map[string]string{"a.sql": "x\n"}},
		{name: "var paths", root: ":setvar D sub\n:r $(D)/a.sql\n:r $(V).sql\n:r $(U).sql\n:setvar D other\n:r $(D)/b.sql\n",
			opt:   PreprocessOptions{Vars: map[string]string{"V": "v"}},
			files: map[string]string{"sub/a.sql": "a\n", "v.sql": "v\n", "other/b.sql": "b\n"}},
		{name: "var changed in the batch, over the budget", root: ":setvar X abc\nSELECT '$(X)'\n:setvar X " + strings.Repeat("y", 300) + "\n:r a.sql\nGO\n:r b.sql\n",
			opt:   PreprocessOptions{MaxExpanded: 200},
			files: map[string]string{"a.sql": "a\n", "b.sql": "b\n"}},
		{name: "var changed in the batch", root: ":setvar X abc\nSELECT '$(X)'\n:r a.sql\n:setvar X de\n:r b.sql\nGO\n:r $(X).sql\n",
			files: map[string]string{"a.sql": "$(X)\n", "b.sql": "b\n", "de.sql": "de\n"}},
		{name: "quit in an include", root: ":r a.sql\n:r b.sql\n", files: map[string]string{
			"a.sql": ":r c.sql\nSELECT 1\n:quit\n", "b.sql": "b\n", "c.sql": "c\n"}},
		{name: "exit(query) after includes", root: ":r a.sql\n:exit(SELECT 1)\n:r b.sql\n", files: map[string]string{"a.sql": "a\n", "b.sql": "b\n"}},
		{name: "exit", root: ":r a.sql\nGO\n:r c.sql\n:exit\n:r b.sql\n", files: map[string]string{"a.sql": "a\n", "b.sql": "b\n", "c.sql": "SELECT 1\n"}},
		{name: "comment left open", root: ":r a.sql\n:r b.sql\n*/\n:r c.sql\n", files: map[string]string{
			"a.sql": "/* open\n", "b.sql": "b\n", "c.sql": "'\n", "d.sql": "d\n"}},
		{name: "reset", root: ":r a.sql\n:reset\n:r b.sql\n", files: map[string]string{"a.sql": "a\n", "b.sql": "b\n"}},
		{name: "chain, var changed in its batch", root: ":setvar X abc\nSELECT '$(X)'\n:r f01.sql\nSELECT '$(X)', '$(Y)'\n:setvar X de\n:setvar Y z\n:r f01.sql\nGO\n:r $(X).sql\n",
			files: func() map[string]string { m := chain(12); m["de.sql"] = "de\n"; return m }(), opt: PreprocessOptions{MaxExpanded: 300 << 10}},
		{name: "too many :r", root: many, files: map[string]string{"e.sql": "", "late.sql": "late\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := func(included func(*File, *PreprocessOptions) []*File) (got []string, expanded int64) {
				ld := &mapLoader{files: tc.files}
				opt := tc.opt
				opt.Load, opt.IncludeOutside = ld.load, true
				opt.Includes = NewIncludeCache(tc.total)
				for k := 0; k <= tc.again; k++ {
					for _, f := range included(NewFile("root.sql", tc.root), &opt) {
						got = append(got, f.Path)
					}
					got = append(got, "|")
				}
				return got, opt.Includes.Expanded()
			}
			want, wantExp := run(func(f *File, o *PreprocessOptions) []*File { return Preprocess(f, o).Files[1:] })
			got, gotExp := run(IncludedFiles)
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("IncludedFiles %v,\nPreprocess %v", got, want)
			}
			if gotExp != wantExp {
				t.Errorf("IncludedFiles expanded %d bytes, Preprocess %d", gotExp, wantExp)
			}
		})
	}
}

// TestIncludedFilesBuildsNoText: a chain of small files that includes
// each twice expands to max-expanded-size (64 MB); IncludedFiles learns
// the files without making that text.
func TestIncludedFilesBuildsNoText(t *testing.T) {
	m := map[string]string{}
	line := strings.Repeat("-- some comment text\n", 700) // 14 KB
	for i := 1; i <= 20; i++ {
		text := line
		if i < 20 {
			text += fmt.Sprintf(":r f%02d.sql\n:r f%02d.sql\n", i+1, i+1)
		}
		m[fmt.Sprintf("f%02d.sql", i)] = text
	}
	ld := &mapLoader{files: m}
	opt := &PreprocessOptions{Load: ld.load, IncludeOutside: true, Includes: NewIncludeCache(0)}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	files := IncludedFiles(NewFile("f00.sql", line+":r f01.sql\n"), opt)
	runtime.ReadMemStats(&after)
	if len(files) != 16 { // f01..f16: the root and 16 files deep
		t.Errorf("%d files included, want 16", len(files))
	}
	if opt.Includes.Expanded() < 56<<20 {
		t.Errorf("expanded %d bytes, want the chain to reach the 64 MB limit", opt.Includes.Expanded())
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("IncludedFiles allocated %d MB, want at most 8 MB", alloc>>20)
	}
}

// TestIncludedFilesVarChangedInABigBatch: a :setvar that changes a
// variable used earlier in the batch makes the batch's references read
// again at its GO; with 64 MB of includes in that batch, reading them
// joined its text (IncludedFiles and Preprocess alike) to compare 3
// bytes.
func TestIncludedFilesVarChangedInABigBatch(t *testing.T) {
	m := map[string]string{}
	line := strings.Repeat("-- some comment text\n", 700) // 14 KB
	for i := 1; i <= 12; i++ {                            // 4,095 includes, 60 MB
		text := line
		if i < 12 {
			text += fmt.Sprintf(":r f%02d.sql\n:r f%02d.sql\n", i+1, i+1)
		}
		m[fmt.Sprintf("f%02d.sql", i)] = text
	}
	m["x.sql"] = "SELECT 1\n"
	ld := &mapLoader{files: m}
	opt := &PreprocessOptions{Load: ld.load, IncludeOutside: true, Includes: NewIncludeCache(0)}
	root := NewFile("f00.sql", ":setvar X abc\nSELECT '$(X)'\n:r f01.sql\n:setvar X x\nGO\n:r $(X).sql\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	files := IncludedFiles(root, opt)
	runtime.ReadMemStats(&after)
	if len(files) != 13 || files[12].Path != "x.sql" {
		t.Errorf("%d files included, want f01..f12 and x.sql", len(files))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("IncludedFiles allocated %d MB, want at most 8 MB", alloc>>20)
	}
	if opt.Includes.Expanded() < 56<<20 {
		t.Errorf("expanded %d bytes, want 60 MB", opt.Includes.Expanded())
	}
	// Preprocess makes the batch, with the value X has at its GO.
	opt.Includes = NewIncludeCache(0)
	sc := Preprocess(root, opt)
	if len(sc.Batches) != 2 || !strings.HasPrefix(sc.Batches[0].Text, "SELECT 'x'\n-- some") || sc.Batches[1].Text != "SELECT 1\n" {
		t.Errorf("batches %d, the first starting %.20q", len(sc.Batches), sc.Batches[0].Text)
	}
}
