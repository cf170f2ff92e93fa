package analysis

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/parser"
)

// parseBoth runs parseCompact on f with plain batches passed over and
// with every batch parsed, and fails unless the results are the same.
// It returns how many statements were kept.
func parseBoth(t *testing.T, f *parser.File, opt *parser.PreprocessOptions) int {
	t.Helper()
	defer func(s bool) { skimming = s }(skimming)
	skimming = false
	all := parseCompact(f, opt, nil, nil)
	skimming = true
	skim := parseCompact(f, opt, nil, nil)
	if !reflect.DeepEqual(all.Diags, skim.Diags) {
		t.Errorf("%s: diagnostics differ: %d parsing every batch, %d passing over plain ones", f.Path, len(all.Diags), len(skim.Diags))
	}
	if !reflect.DeepEqual(all.Directives, skim.Directives) {
		t.Errorf("%s: directives differ: %d parsing every batch, %d passing over plain ones", f.Path, len(all.Directives), len(skim.Directives))
	}
	if len(all.Statements) != len(skim.Statements) {
		t.Errorf("%s: %d statements kept parsing every batch, %d passing over plain ones", f.Path, len(all.Statements), len(skim.Statements))
		return len(all.Statements)
	}
	for i, a := range all.Statements {
		if b := skim.Statements[i]; !reflect.DeepEqual(a, b) {
			t.Errorf("%s: statement %d differs: %q at %v, %q at %v", f.Path, i, a.Keyword(), a.Span().Start.Position(), b.Keyword(), b.Span().Start.Position())
		}
	}
	return len(all.Statements)
}

// fixtureOptions sets the variables the fixtures' scripts use.
func fixtureOptions() *parser.PreprocessOptions {
	return &parser.PreprocessOptions{Vars: map[string]string{"DatabaseName": "Sales", "DB": "Sales"}, IncludeOutside: true}
}

// fixtureFiles decodes every script of the fixtures and the examples.
func fixtureFiles(t *testing.T) []*parser.File {
	t.Helper()
	var files []*parser.File
	for _, root := range []string{"../testdata", "../examples"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sql") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			f, err := parser.Decode(p, data)
			if err != nil {
				return err
			}
			files = append(files, f)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 50 {
		t.Fatalf("only %d fixtures", len(files))
	}
	return files
}

// Passing over plain batches keeps the same statements, diagnostics and
// directives as parsing every batch, on the fixtures and on generated
// scripts of every density, in runs of any size.
func TestPlainBatchesPassedOver(t *testing.T) {
	opt := fixtureOptions()
	for _, f := range fixtureFiles(t) {
		parseBoth(t, f, opt)
	}
	defer func(n, m int) { parseChunk, parseBatches = n, m }(parseChunk, parseBatches)
	for _, run := range []struct{ chunk, batches int }{{4 << 20, 16 << 10}, {300, 3}} {
		parseChunk, parseBatches = run.chunk, run.batches
		for _, density := range []float64{0.02, 0.2, 1} {
			for seed := uint64(1); seed <= 3; seed++ {
				var sb strings.Builder
				if _, err := gencorpus.New(seed, density, int(seed)).WriteTo(&sb, 200<<10); err != nil {
					t.Fatal(err)
				}
				if parseBoth(t, parser.NewFile("gen.sql", sb.String()), nil) == 0 {
					t.Errorf("density %v, seed %d: nothing kept: the comparison proves nothing", density, seed)
				}
			}
		}
	}
}

// parsePipedAndNot runs parseCompact on f on one goroutine and on two
// (parsePiped), skimming or not, and fails unless the results are the
// same. It returns how many statements were kept.
func parsePipedAndNot(t *testing.T, f *parser.File, opt *parser.PreprocessOptions) int {
	t.Helper()
	defer func(n, c int, s bool) { pipeMin, pipeChunk, skimming = n, c, s }(pipeMin, pipeChunk, skimming)
	kept := 0
	for _, skim := range []bool{true, false} {
		skimming = skim
		pipeMin = len(f.Text) + 1
		one := parseCompact(f, opt, nil, nil)
		pipeMin = 0
		for _, chunk := range []int{1, 700, 1 << 20} {
			pipeChunk = chunk
			two := parseCompact(f, opt, nil, nil)
			if !reflect.DeepEqual(one.Diags, two.Diags) || !reflect.DeepEqual(one.Directives, two.Directives) ||
				!reflect.DeepEqual(one.Script.Diags, two.Script.Diags) || !reflect.DeepEqual(one.Script.Files, two.Script.Files) {
				t.Errorf("%s (skimming %v, runs of %d bytes): diagnostics, directives or files differ on two goroutines", f.Path, skim, chunk)
			}
			if len(one.Statements) != len(two.Statements) {
				t.Errorf("%s (skimming %v, runs of %d bytes): %d statements kept on one goroutine, %d on two", f.Path, skim, chunk, len(one.Statements), len(two.Statements))
				continue
			}
			for i, a := range one.Statements {
				if b := two.Statements[i]; !reflect.DeepEqual(a, b) {
					t.Errorf("%s (skimming %v, runs of %d bytes): statement %d differs: %q at %v, %q at %v", f.Path, skim, chunk, i, a.Keyword(), a.Span().Start.Position(), b.Keyword(), b.Span().Start.Position())
				}
			}
		}
		kept = len(one.Statements)
	}
	return kept
}

// A script preprocessed on one goroutine while a second parses its runs
// of batches gives the same statements, directives and diagnostics as on
// one, on the fixtures and on generated scripts of every density, in
// runs of any size.
func TestPipedParseSameAsOneGoroutine(t *testing.T) {
	opt := fixtureOptions()
	for _, f := range fixtureFiles(t) {
		parsePipedAndNot(t, f, opt)
	}
	defer func(n, m int) { parseChunk, parseBatches = n, m }(parseChunk, parseBatches)
	for _, run := range []struct{ chunk, batches int }{{4 << 20, 16 << 10}, {300, 3}} {
		parseChunk, parseBatches = run.chunk, run.batches
		for _, density := range []float64{0.02, 1} {
			var sb strings.Builder
			if _, err := gencorpus.New(7, density, 7).WriteTo(&sb, 300<<10); err != nil {
				t.Fatal(err)
			}
			sb.WriteString(strings.Repeat("SELECT 1\nGO\n", 5000)) // a long run of plain batches, dropped early
			if parsePipedAndNot(t, parser.NewFile("gen.sql", sb.String()), nil) == 0 {
				t.Errorf("density %v: nothing kept: the comparison proves nothing", density)
			}
		}
	}
}
