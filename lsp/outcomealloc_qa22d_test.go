package lsp

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/report"
)

// TestOutcomeAllocatesOnce: the findings of a check were copied into a
// slice and converted into another, both grown one append at a time: a
// generated script with 100,000 findings allocated 160 MB per check in
// copies. They are now kept in place and the diagnostics allocated once.
func TestOutcomeAllocatesOnce(t *testing.T) {
	const n = maxDiagnostics // the most a check keeps
	s := New(strings.NewReader(""), io.Discard, Options{})
	d := &document{uri: "file:///tmp/gen.sql", path: "/tmp/gen.sql"}
	snap := &text{s: strings.Repeat("CHECKPOINT 10;\n", n)}
	findings := make([]report.Finding, n)
	for i := range findings {
		findings[i] = report.Finding{Path: "/tmp/gen.sql", RuleID: "SL302", Severity: report.Warning, Message: "m", Line: i + 1, Column: 1, EndLine: i + 1, EndColumn: 14}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, _, _ := s.outcome(d, 1, snap, findings, nil, false)
	runtime.ReadMemStats(&after)
	if len(res.diags) != n {
		t.Fatalf("%d diagnostics, want %d", len(res.diags), n)
	}
	// the diagnostics, their code descriptions and the line index
	want := n * int(unsafe.Sizeof(Diagnostic{})+unsafe.Sizeof(codeDescription{})+2*unsafe.Sizeof(0))
	if got := int(after.TotalAlloc - before.TotalAlloc); got > want*3/2 {
		t.Errorf("outcome allocated %d bytes for %d findings, want at most %d", got, n, want*3/2)
	}
}
