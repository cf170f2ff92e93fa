package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// panicky is an Analyzer with a bug for scripts named boom.sql.
type panicky struct{}

func (panicky) Analyze(_ context.Context, path string, _ map[string][]byte) ([]report.Finding, error) {
	if filepath.Base(path) == "boom.sql" {
		panic("a bug")
	}
	return []report.Finding{{Path: filepath.ToSlash(path), RuleID: "SL302", Severity: report.Warning, Message: "m", Line: 1, Column: 1}}, nil
}

// TestAnalyzerPanicCostsOneScript: the analysis runs on a timer's
// goroutine, where a panic of the analyzer (a bug in the config, context
// or baseline code that runs before the per-file recovery of the
// pipeline) ended the whole process: the editor lost every script's
// diagnostics and the language server with them. It now costs that one
// analysis, shown as an error at the top of the script; the session and
// the other scripts go on.
func TestAnalyzerPanicCostsOneScript(t *testing.T) {
	dir := t.TempDir()
	boom, ok := pathURI(filepath.Join(dir, "boom.sql")), pathURI(filepath.Join(dir, "sub", "ok.sql"))
	c := newClient(t, Options{Analyzer: panicky{}})
	c.initialize(modern, `null`)
	c.open(boom, "SELECT 1;\n")
	ds := c.diagnostics(boom, 1)
	if len(ds) != 1 || ds[0].Severity != severityError || !strings.Contains(ds[0].Message, "internal error") {
		t.Errorf("boom.sql: %+v, want one internal error", ds)
	}
	c.open(ok, "SELECT 1;\n")
	if ds := c.diagnostics(ok, 1); find(ds, "SL302") == nil {
		t.Errorf("ok.sql: %v, want SL302", codes(ds))
	}
	c.shutdown()
}
