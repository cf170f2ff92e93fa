package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// baselinePanics is an Analyzer whose BaselineOf has a bug for scripts
// named boom.sql: it runs after the analysis, on the debounce timer's
// goroutine, outside the recovery of the analyzer's Analyze.
type baselinePanics struct{}

func (baselinePanics) BaselineOf(path string) string {
	if filepath.Base(path) == "boom.sql" {
		panic("a bug in BaselineOf")
	}
	return ""
}

func (baselinePanics) Analyze(_ context.Context, path string, _ map[string][]byte) ([]report.Finding, error) {
	return []report.Finding{{Path: filepath.ToSlash(path), RuleID: "SL302", Severity: report.Warning, Message: "m", Line: 1, Column: 1}}, nil
}

// TestTimerPanicRecovered: a panic on a timer's goroutine (the debounced
// re-check) ended the process: the editor lost the server and every
// script's diagnostics. It now costs that one analysis, shown as an
// error at the top of the script and in the editor's log
// (window/logMessage); a pull waiting for it is answered, and the
// session serves the other scripts.
func TestTimerPanicRecovered(t *testing.T) {
	dir := t.TempDir()
	boom, ok := pathURI(filepath.Join(dir, "boom.sql")), pathURI(filepath.Join(dir, "sub", "ok.sql"))
	var log syncBuffer
	c := newClient(t, Options{Analyzer: baselinePanics{}, Log: &log})
	c.initialize(modern, `null`)
	c.open(boom, "SELECT 1;\n")
	ds := c.diagnostics(boom, 1)
	if len(ds) != 1 || ds[0].Severity != severityError || !strings.Contains(ds[0].Message, "internal error") {
		t.Errorf("boom.sql: %+v, want one internal error", ds)
	}
	lm := c.next("window/logMessage", func(m *message) bool { return m.Method == "window/logMessage" })
	var p logMessageParams
	if err := json.Unmarshal(lm.Params, &p); err != nil || p.Type != messageError || !strings.Contains(p.Message, "a bug in BaselineOf") {
		t.Errorf("logMessage %s, want an error naming the panic", lm.Params)
	}
	c.open(ok, "SELECT 1;\n")
	if ds := c.diagnostics(ok, 1); find(ds, "SL302") == nil {
		t.Errorf("ok.sql: %v, want SL302", codes(ds))
	}
	c.shutdown()
	if l := log.String(); !strings.Contains(l, "a bug in BaselineOf") || !strings.Contains(l, "goroutine") {
		t.Errorf("log %q, want the panic with its stack", l)
	}
}

// TestTimerPanicPull: the same for a client that pulls: its pull is
// answered with the internal error, not left waiting.
func TestTimerPanicPull(t *testing.T) {
	dir := t.TempDir()
	boom := pathURI(filepath.Join(dir, "boom.sql"))
	c := newClient(t, Options{Analyzer: baselinePanics{}})
	c.initialize(pullCaps, `null`)
	c.open(boom, "SELECT 1;\n")
	r := c.pull(boom, "")
	if r.Items == nil || len(*r.Items) != 1 || !strings.Contains((*r.Items)[0].Message, "internal error") {
		t.Errorf("pulled %+v, want one internal error", r)
	}
	c.shutdown()
}
