package lsp

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// fixAllActions asks for the code actions of the whole document with
// context.only (nil: none), as VS Code does on save.
func (c *client) fixAllActions(uri string, only []string) []CodeAction {
	c.t.Helper()
	p := codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}}
	p.Context.Only = only
	p.Context.Diagnostics = []Diagnostic{}
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", p), &actions)
	return actions
}

func fixAllOf(actions []CodeAction) *CodeAction {
	for i := range actions {
		if actions[i].Kind == fixAllKind {
			return &actions[i]
		}
	}
	return nil
}

// checkNoOverlap fails when two edits overlap or insert at one place, or
// when they are not in the order of the text.
func checkNoOverlap(t *testing.T, edits []TextEdit) {
	t.Helper()
	for i := 1; i < len(edits); i++ {
		a, b := edits[i-1].Range, edits[i].Range
		if before(b.Start, a.End) || a.Start == b.Start {
			t.Errorf("edits %d and %d overlap or are out of order: %+v %+v", i-1, i, a, b)
		}
	}
}

// TestFixAllOnSave: source.fixAll.sqllint applies every fix of the
// document in one WorkspaceEdit, in UTF-16 positions past a character
// outside the BMP, keeping CRLF line breaks; a CHECKPOINT 30 before a
// BACKUP has two fixes (drop the duration, drop the statement) whose
// edits overlap: one of them is applied, never both.
func TestFixAllOnSave(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "V1__fixall.sql"))
	c := newClient(t, Options{Version: "test"})
	res := c.initialize(modern, `null`)
	if !slices.Contains(res.Capabilities.CodeActionProvider.CodeActionKinds, fixAllKind) {
		t.Fatalf("codeActionKinds %v, want %s", res.Capabilities.CodeActionProvider.CodeActionKinds, fixAllKind)
	}
	text := "PRINT N'\U0001F600'; CHECKPOINT 10;\r\nUSE Sales;\r\nCHECKPOINT 30;\r\nBACKUP DATABASE Sales TO DISK = 'x.bak';\r\n"
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	if find(ds, "SL302") == nil {
		t.Fatalf("diagnostics %v, want SL302", codes(ds))
	}

	// Not in the light bulb: no only, or only quick fixes.
	for _, only := range [][]string{nil, {"quickfix"}, {"source.organizeImports"}, {"refactor"}} {
		if a := fixAllOf(c.fixAllActions(uri, only)); a != nil {
			t.Errorf("only %v: fix-all offered: %+v", only, a)
		}
	}
	for _, only := range [][]string{{"source.fixAll"}, {"source"}, {fixAllKind}, {"quickfix", "source.fixAll"}} {
		actions := c.fixAllActions(uri, only)
		a := fixAllOf(actions)
		if a == nil || a.Edit == nil || a.IsPreferred || len(a.Diagnostics) != 0 {
			t.Fatalf("only %v: %+v, want the fix-all action", only, actions)
		}
		if !slices.Contains(only, "quickfix") && len(actions) != 1 {
			t.Errorf("only %v: %d actions, want the fix-all one alone", only, len(actions))
		}
		edits := a.Edit.Changes[uri]
		checkNoOverlap(t, edits)
		got := applyEdits(t, text, edits, utf16)
		want := "PRINT N'\U0001F600'; CHECKPOINT;\r\nUSE Sales;\r\nBACKUP DATABASE Sales TO DISK = 'x.bak';\r\n"
		if got != want {
			t.Errorf("only %v: fixed text %q, want %q (edits %+v)", only, got, want, edits)
		}
	}

	// Once fixed, nothing is left to fix: no action.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []contentChange{{Text: "PRINT N'\U0001F600'; CHECKPOINT;\r\n"}},
	})
	c.diagnostics(uri, 2)
	if a := fixAllOf(c.fixAllActions(uri, []string{"source.fixAll"})); a != nil {
		t.Errorf("nothing to fix, offered %+v", a)
	}
}

// TestFixAllStale: no fix-all for a version whose analysis has not
// come: its edits would land in the wrong place.
func TestFixAllStale(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Hour})
	c.initialize(modern, `null`)
	c.open(uri, "CHECKPOINT 10;\n")
	c.diagnostics(uri, 1)
	if fixAllOf(c.fixAllActions(uri, []string{"source.fixAll"})) == nil {
		t.Fatal("no fix-all for the analyzed version")
	}
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- new line\n"}},
	})
	if actions := c.fixAllActions(uri, []string{"source.fixAll"}); len(actions) != 0 {
		t.Errorf("stale version: %+v, want none", actions)
	}
}

// overlapping gives findings whose fixes overlap, touch and repeat.
type overlapping struct{}

func (overlapping) Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	edit := func(c1, c2 int, s string) report.Edit {
		return report.Edit{Line: 1, Column: c1, EndLine: 1, EndColumn: c2, NewText: s}
	}
	f := func(id string, edits ...report.Edit) report.Finding {
		return report.Finding{RuleID: id, Severity: report.Warning, Message: id, Path: path, Line: 1, Column: 1, EndLine: 1, EndColumn: 2,
			Fix: &report.Fix{Description: id, Edits: edits}}
	}
	return []report.Finding{
		f("SL301", edit(1, 4, "X")),                    // "abc" → X
		f("SL302", edit(3, 6, "Y")),                    // overlaps the first: left out
		f("SL303", edit(1, 4, "X")),                    // the first again: once
		f("SL301", edit(4, 4, "+")),                    // an insertion where the first ends: kept
		f("SL302", edit(7, 8, "Z"), edit(4, 4, "-")),   // inserts where another does: left out whole
		f("SL303", edit(8, 9, "W"), edit(10, 11, "V")), // kept
	}, nil
}

func TestFixAllOverlap(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Analyzer: overlapping{}})
	c.initialize(modern, `null`)
	text := "abcdefghijk\n"
	c.open(uri, text)
	c.diagnostics(uri, 1)
	a := fixAllOf(c.fixAllActions(uri, []string{"source"}))
	if a == nil {
		t.Fatal("no fix-all")
	}
	edits := a.Edit.Changes[uri]
	checkNoOverlap(t, edits)
	if got, want := applyEdits(t, text, edits, utf16), "X+defgWiVk\n"; got != want {
		t.Errorf("fixed %q, want %q (edits %s)", got, want, mustJSON(t, edits))
	}
}
