package analysis

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/output"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// The differential test: the pipeline as it was before streaming (collect
// every file, parse them all, one whole-run rules.Analyze, a report that
// keeps every file for its source lines), kept here only, against Run.
// Both must print the same bytes in every format.

func oldCollect(root string) []string {
	var found []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && d.Name()[0] == '.' {
				return filepath.SkipDir
			}
			return nil
		}
		if isSQL(path) {
			found = append(found, path)
		}
		return nil
	})
	sort.Slice(found, func(i, j int) bool { return natsort.Less(found[i], found[j]) })
	return found
}

func oldReport(t *testing.T, root string, cfg *config.Config) *report.Report {
	t.Helper()
	var results []*parser.Result
	byPath := map[string]*parser.File{}
	pre := cfg.PreprocessOptions([]string{root}, nil)
	for _, p := range oldCollect(root) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.Decode(displayPath(p), data)
		if err != nil {
			t.Fatal(err)
		}
		r := parser.ParseFile(f, pre)
		results = append(results, r)
		for _, g := range r.Script.Files {
			byPath[g.Path] = g
		}
	}
	ruleCfg := cfg.Rules
	rep := &report.Report{Tool: "sqllint", Version: "test", Files: len(results)}
	// The old pipeline read a file both scanned and included (by another
	// root file) twice, as two files, and reported its findings twice;
	// Run reports them once, which is what this keeps of the old output.
	type key struct {
		path, rule, msg string
		line, col       int
	}
	seen := map[key]bool{}
	for _, f := range rules.Analyze(rules.Default, results, &ruleCfg) {
		rf := ReportFinding(f)
		k := key{rf.Path, rf.RuleID, rf.Message, rf.Line, rf.Column}
		if seen[k] {
			continue
		}
		seen[k] = true
		rep.Findings = append(rep.Findings, rf)
	}
	for _, r := range rules.Default.All() {
		if ruleCfg.Enabled(r) {
			rep.Rules = append(rep.Rules, ReportRule(r))
		}
	}
	rep.Source = func(path string, line int) (string, bool) {
		if f := byPath[path]; f != nil {
			return f.Line(line)
		}
		return "", false
	}
	return rep
}

func newReport(t *testing.T, root string, cfg *config.Config) *report.Report {
	t.Helper()
	var fs []report.Finding
	sum, err := Run(context.Background(), Options{Paths: []string{root}, Config: cfg, Workers: 3}, func(r *FileResult) {
		fs = append(fs, r.Findings...)
	})
	if err != nil {
		t.Fatal(err)
	}
	fs = append(sum.Findings, fs...)
	return &report.Report{Tool: "sqllint", Version: "test", Files: sum.Files, Findings: fs, Rules: sum.Rules,
		Errors: sum.Errors, Source: report.SourceOf(fs)}
}

// streamed prints a run as sqllint scan does without a baseline: no
// fingerprints, each file's findings given to output.Stream as the run
// delivers them.
func streamed(t *testing.T, root string, cfg *config.Config, format string, opts output.Options) []byte {
	t.Helper()
	var b bytes.Buffer
	s, err := output.NewStream(&b, format, &report.Report{Tool: "sqllint", Version: "test", Rules: EnabledRules(rules.Default, &cfg.Rules)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), Options{Paths: []string{root}, Config: cfg, Workers: 3, SkipFingerprints: true}, func(r *FileResult) {
		if err := s.Add(r.Findings); err != nil {
			t.Fatal(err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) > 0 {
		t.Fatal("a static run has no run-level findings")
	}
	if err := s.Close(&report.Report{Files: sum.Files, Errors: sum.Errors}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func compareFormats(t *testing.T, root string, cfg *config.Config) map[string]bool {
	t.Helper()
	old, cur := oldReport(t, root, cfg), newReport(t, root, cfg)
	ids := map[string]bool{}
	for _, f := range old.Findings {
		ids[f.RuleID] = true
	}
	if len(old.Findings) == 0 {
		t.Fatalf("%s: no findings: the comparison would prove nothing", root)
	}
	for _, format := range output.Formats() {
		opts := output.Options{SrcRoot: root, ShowSource: true}
		var a, b bytes.Buffer
		if err := output.Write(&a, format, old, opts); err != nil {
			t.Fatal(err)
		}
		if err := output.Write(&b, format, cur, opts); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s, %s: output differs (%d findings before, %d now)\n%s",
				root, format, len(old.Findings), len(cur.Findings), firstDiff(a.String(), b.String()))
		}
		if c := streamed(t, root, cfg, format, opts); !bytes.Equal(a.Bytes(), c) {
			t.Errorf("%s, %s: streamed output differs\n%s", root, format, firstDiff(a.String(), string(c)))
		}
	}
	return ids
}

// firstDiff shows the first line where before and now differ.
func firstDiff(before, now string) string {
	a, b := strings.Split(before, "\n"), strings.Split(now, "\n")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n--- before\n%s\n--- now\n%s", i+1, x, y)
		}
	}
	return "(same lines)"
}

func TestSameOutputAsBeforeOnFixtures(t *testing.T) {
	for _, dir := range []string{"../testdata/rules", "../examples/migrations"} {
		compareFormats(t, dir, config.Default())
	}
	cfg := config.Default()
	cfg.Rules.DefaultDatabase = "Sales"
	cfg.Rules.TargetVersion = 16
	cfg.Variables["DB"] = "Sales"
	compareFormats(t, "../testdata/rules", cfg)
}

// Parsing a script a few batches at a time, compacting each run, and
// each batch of 200 bytes or more a run of statements at a time
// (parser.ParseBatchStream), gives the same findings.
func TestSameOutputAsBeforeParsingInSmallRuns(t *testing.T) {
	defer func(n, m, k int) { parseChunk, parseBatches, streamMin = n, m, k }(parseChunk, parseBatches, streamMin)
	parseChunk, parseBatches, streamMin = 300, 3, 200
	compareFormats(t, "../testdata/rules", config.Default())
	dir := t.TempDir()
	if _, err := gencorpus.Write(dir, gencorpus.Options{Files: 2, Bytes: 4e5, Density: 0.2, Seed: 14}); err != nil {
		t.Fatal(err)
	}
	compareFormats(t, dir, config.Default())
}

func TestSameOutputAsBeforeOnGeneratedCorpora(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range []gencorpus.Options{
		{Files: 300, Bytes: 3e6, Density: 0.02, Seed: 11, Dirs: 4},
		{Files: 60, Bytes: 1e6, Density: 1, Seed: 12, Dirs: 3}, // SL101 across files
		{Files: 1, Bytes: 1e6, Density: 0.1, Seed: 13},
	} {
		dir := t.TempDir()
		if _, err := gencorpus.Write(dir, o); err != nil {
			t.Fatal(err)
		}
		cfg := config.Default()
		cfg.Rules.Options["SL101"] = map[string]float64{"startup-budget": 2} // about 160 files
		for id := range compareFormats(t, dir, cfg) {
			seen[id] = true
		}
	}
	// the corpora exercise the cross-file and cross-statement rules
	for _, id := range []string{"SL101", "SL103", "SL201", "SL203", "SL301", "SL302", "SL303"} {
		if !seen[id] {
			t.Errorf("no %s finding in the generated corpora", id)
		}
	}
}

// Mapping every file (the path of large scripts), checking and releasing
// its pages a little at a time, gives the same findings.
func TestSameOutputAsBeforeMapped(t *testing.T) {
	if !canMap {
		t.Skip("files are not mapped on this system")
	}
	mapEverything(t)
	before := mapped.Load()
	compareFormats(t, "../testdata/rules", config.Default())
	if mapped.Load() == before {
		t.Fatal("no file was mapped")
	}
	dir := t.TempDir()
	files, err := gencorpus.Write(dir, gencorpus.Options{Files: 3, Bytes: 6e5, Density: 0.2, Seed: 15})
	if err != nil {
		t.Fatal(err)
	}
	compareFormats(t, dir, config.Default())
	// UTF-16 and Windows-1252 scripts are decoded into a temporary file,
	// which is mapped in turn
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := parser.Decode(f, data)
		g.Encoding = []parser.Encoding{parser.UTF16LE, parser.UTF16BE, parser.CP1252}[i%3]
		text := g.Text
		if g.Encoding == parser.CP1252 {
			text = strings.ReplaceAll(text, "--", "-- café ") // a byte that is not UTF-8
		}
		enc, err := g.Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, enc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before = transcoded.Load()
	compareFormats(t, dir, config.Default())
	// compareFormats runs the corpus once per format: each run must
	// transcode every file
	if d := transcoded.Load() - before; d == 0 || d%int64(len(files)) != 0 {
		t.Fatalf("%d files transcoded into a mapped file, want a multiple of %d", d, len(files))
	}
}

// mapEverything makes the rest of the test map every script it reads (the
// path of large scripts): each is also preprocessed and parsed on two
// goroutines, in runs of a few batches (a batch of 1,000 bytes or more on
// its own, streamed), and detached on two.
func mapEverything(t *testing.T) {
	t.Helper()
	n, m, k, l, c, d, e := parseChunk, parseBatches, mapMin, pipeMin, pipeChunk, detachSplit, streamMin
	t.Cleanup(func() {
		parseChunk, parseBatches, mapMin, pipeMin, pipeChunk, detachSplit, streamMin = n, m, k, l, c, d, e
	})
	parseChunk, parseBatches, mapMin, pipeMin, pipeChunk, detachSplit, streamMin = 2000, 50, 1, 0, 500, 2, 1000
}
