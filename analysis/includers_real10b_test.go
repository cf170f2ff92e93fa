package analysis

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A real master script (a government project's CreateAllProd.sql) sets the
// folder of its includes and names them through it:
//
//	:setvar rootPath ".\Create"
//	:r $(rootPath)"\Create.sql"
//
// Create\Create.sql, named alone as a pre-commit hook names it, is
// checked where that master script includes it, with its rootPath: the
// lookup of the scripts above reads the master script's own :setvar lines
// for its :r names. Before, it found no includer and reported three
// undefined $(rootPath) that a scan of the folder does not.
func TestIncludersAboveReadsTheMastersSetvars(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "r/.git/HEAD", "ref: x\n")
	write(t, dir, "r/db/CreateAll.sql", "SET QUOTED_IDENTIFIER ON\nGO\n:setvar dbName \"EumisLogs\"\n:setvar rootPath \".\\Create\"\n"+
		":r $(rootPath)\"\\CreateDB.sql\"\n:r $(rootPath)\"\\Create.sql\"\n")
	write(t, dir, "r/db/Late.sql", ":r $(rootPath)\"\\Create.sql\"\n:setvar rootPath \".\\Create\"\n") // set after its :r: not read
	write(t, dir, "r/db/Create/CreateDB.sql", "CREATE DATABASE [$(dbName)];\nGO\nCHECKPOINT 5;\nGO\n")
	create := write(t, dir, "r/db/Create/Create.sql", "USE [$(dbName)]\nGO\n:r $(rootPath)\"\\Tables\\Logs.sql\"\n")
	write(t, dir, "r/db/Create/Tables/Logs.sql", "CHECKPOINT 10;\n")

	if got, want := IncludersAbove(create), []string{filepath.Join(dir, "r/db/CreateAll.sql")}; !slices.Equal(got, want) {
		t.Errorf("IncludersAbove = %v, want %v", got, want)
	}

	chdir(t, filepath.Join(dir, "r"))
	summary := func(opt Options) string {
		rs, _ := runAll(t, opt)
		var got []string
		for _, f := range findings(rs) {
			got = append(got, f.RuleID+" "+filepath.ToSlash(f.Path))
		}
		slices.Sort(got)
		return strings.Join(got, "\n")
	}
	folder := summary(Options{Paths: []string{"db"}})
	if want := "SL002 db/Late.sql\nSL302 db/Create/CreateDB.sql\nSL302 db/Create/Tables/Logs.sql"; folder != want {
		t.Errorf("folder scan:\n%s\nwant:\n%s", folder, want)
	}
	// The file alone: its own findings are those of the folder scan (none;
	// the findings of the scripts it includes belong to those scripts).
	// (the context a run gives a named file: its folder and the scripts
	// above that include it)
	named := filepath.FromSlash("db/Create/Create.sql")
	ctx := append([]string{filepath.Dir(named)}, IncludersAbove(named)...)
	if got := summary(Options{Paths: []string{named}, Context: ctx}); got != "" {
		t.Errorf("Create.sql alone:\n%s\nwant no finding, as in the folder scan", got)
	}
}

// masterSetvar reads :setvar lines as sqlcmd writes them and leaves
// malformed ones and unknown variables alone (no panic on any line).
func TestMasterSetvarLines(t *testing.T) {
	var vars map[string]string
	for _, line := range []string{":setvar", ":setvar ", ":setvar x", ":setvar x \"", "\t:SETVAR Root \".\\A \"\"b\"\"\" -- c\r",
		":setvar w word rest", "$(", "$(x", ":setvarx y z"} {
		vars, _ = masterSetvar(vars, line)
	}
	if len(vars) != 2 || vars["ROOT"] != `.\A "b"` || vars["W"] != "word" {
		t.Errorf("vars = %q", vars)
	}
	for _, c := range [][2]string{
		{`:r $(root)"\x.sql"`, `:r .\A "b""\x.sql"`},
		{`:r $(Other)\x.sql $(w)`, `:r $(Other)\x.sql word`},
		{`:r $(w`, `:r $(w`},
		{`PRINT '$(w)$(root)$(w)'`, `PRINT 'word.\A "b"word'`},
		{`:setvar root "elsewhere"`, `:setvar root "elsewhere"`}, // last: it sets root
	} {
		if _, got := masterSetvar(vars, c[0]); got != c[1] {
			t.Errorf("masterSetvar(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
