package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
)

// indexRun is one run of TestEffectIndexFindsWhatAScanFinds: its files
// in order and its config.
type indexRun struct {
	name  string
	paths []string
	cfg   func() *Config
}

// Every rule finds the same, in the same order, whether it visits the
// effects the engine indexed for it or every effect of the file (as
// before the index): over every fixture and generated corpora of every
// density, through Analyze and through an Engine, which lets go of
// parsed forms as it replays (and, with copyAfter low, keeps copies of
// some in effectMores, as in a huge script).
func TestEffectIndexFindsWhatAScanFinds(t *testing.T) {
	runs := fixtureRuns(t)
	dir := t.TempDir()
	for _, c := range []struct {
		files   int
		bytes   int64
		density float64
		seed    uint64
	}{{20, 2e6, 1, 1}, {10, 1e6, 0.3, 2}, {5, 1e6, 0.05, 3}, {1, 1e6, 1, 4}} {
		sub := filepath.Join(dir, fmt.Sprintf("g%d", c.seed))
		paths, err := gencorpus.Write(sub, gencorpus.Options{Files: c.files, Bytes: c.bytes, Density: c.density, Seed: c.seed})
		if err != nil {
			t.Fatal(err)
		}
		sort.Slice(paths, func(i, j int) bool { return natsort.Less(paths[i], paths[j]) })
		runs = append(runs, indexRun{name: filepath.Base(sub), paths: paths, cfg: func() *Config { return &Config{} }})
	}
	// what no fixture holds: a DBCC SHRINKFILE after USE tempdb, tempdb
	// files added from variables, a text that backs up to NUL and does
	// more
	for i, sql := range indexScripts {
		path := filepath.Join(dir, fmt.Sprintf("s%d.sql", i))
		if err := os.WriteFile(path, []byte(sql), 0o644); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, indexRun{name: filepath.Base(path), paths: []string{path}, cfg: func() *Config { return &Config{} }})
	}
	visited, all := 0, 0
	for _, r := range runs {
		for _, copyLow := range []bool{false, true} {
			for _, engine := range []bool{false, true} {
				name := fmt.Sprintf("%s/copy-low=%v/engine=%v", r.name, copyLow, engine)
				want := findingsBy(t, r, engine, copyLow, true)
				got := findingsBy(t, r, engine, copyLow, false)
				if got != want {
					t.Errorf("%s: with the index:\n%s\nvisiting every effect:\n%s", name, got, want)
				}
				if strings.HasPrefix(r.name, "g") && engine && !copyLow {
					visited, all = visited+lastVisits, all+lastEffects
				}
			}
		}
	}
	t.Logf("the indexed rules visited %d effects of the %d they would scan", visited, all)
	// the indexed rules visit far fewer effects than all of them
	if all == 0 || visited*3 > all {
		t.Errorf("the indexed rules visited %d effects of the %d they would scan", visited, all)
	}
}

// indexScripts are scripts of TestEffectIndexFindsWhatAScanFinds.
var indexScripts = []string{
	`ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 1000MB);
GO
USE tempdb;
GO
DBCC SHRINKFILE (tempdev, 100);
GO
ALTER DATABASE tempdb ADD FILE (NAME = temp2, FILENAME = 'T:\temp2.ndf', SIZE = 500MB);
`,
	`DECLARE @path nvarchar(200) = N'T:\', @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev2, FILENAME = ''' + @path + N'tempdev2.ndf'', SIZE = 160GB)';
EXEC (@sql);
`,
	`DECLARE @sql nvarchar(max);
SET @sql = N'BACKUP DATABASE Sales TO DISK = ''NUL''; DBCC TRACEON (3004, -1); DBCC TRACEON (1806, -1); CHECKPOINT 30; ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;';
EXEC (@sql);
`,
}

// lastVisits and lastEffects are how many effects the indexed rules
// visited in the last run of findingsBy, and how many they would have
// visited scanning every effect of its files.
var lastVisits, lastEffects int

// findingsBy is the findings of run r, one a line, the rules visiting
// every effect with scanAll, else the effects indexed for them; through
// an Engine or Analyze; with copyAfter at 0 with copyLow.
func findingsBy(t *testing.T, r indexRun, engine, copyLow, scanAll bool) string {
	t.Helper()
	defer func(n int, s bool) { copyAfter, scanAllEffects = n, s }(copyAfter, scanAllEffects)
	if copyLow {
		copyAfter = 0
	}
	scanAllEffects = scanAll
	cfg := r.cfg()
	var results []*parser.Result
	for _, p := range r.paths {
		results = append(results, parser.ParseFile(readScript(t, p), &parser.PreprocessOptions{Database: cfg.DefaultDatabase}))
	}
	var fs []Finding
	lastVisits, lastEffects = 0, 0
	countVisits = func(visited, effects int) { lastVisits, lastEffects = lastVisits+visited, lastEffects+effects }
	defer func() { countVisits = nil }()
	if engine {
		e := NewEngine(Default, cfg)
		for _, res := range results {
			Compact(res)
			fs = append(fs, e.File(res)...)
		}
	} else {
		fs = Analyze(Default, results, cfg)
	}
	var b strings.Builder
	for _, f := range fs {
		s, e := f.Span.Start, f.Span.End
		path := ""
		if s.File != nil {
			path = s.File.Path
		}
		fmt.Fprintf(&b, "%s %s %s:%d-%d %q %q", f.Rule.ID, f.Severity, path, s.Offset, e.Offset, f.Message, f.Confirmed)
		if f.Fix != nil {
			fmt.Fprintf(&b, " fix %q", f.Fix.Description)
			for _, ed := range f.Fix.Edits {
				fmt.Fprintf(&b, " %d-%d %q", ed.Start, ed.End, ed.New)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// fixtureRuns are the runs of TestFixtures: each .sql file of
// testdata/rules, and each folder of them in natural order, with the
// config its first line sets.
func fixtureRuns(t *testing.T) []indexRun {
	t.Helper()
	root := filepath.Join("..", "testdata", "rules")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var runs []indexRun
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		var files []string
		switch {
		case e.IsDir():
			filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sql") {
					files = append(files, p)
				}
				return nil
			})
			sort.Slice(files, func(i, j int) bool { return natsort.Less(files[i], files[j]) })
		case strings.HasSuffix(e.Name(), ".sql"):
			files = []string{path}
		default:
			continue
		}
		if len(files) == 0 {
			continue
		}
		first, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, indexRun{name: e.Name(), paths: files, cfg: func() *Config {
			cfg := &Config{}
			testConfig(t, string(first), cfg)
			return cfg
		}})
	}
	if len(runs) < 10 {
		t.Fatalf("only %d fixtures found under %s", len(runs), root)
	}
	return runs
}

// readScript reads and decodes the script at path.
func readScript(tb testing.TB, path string) *parser.File {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := parser.Decode(path, data)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
