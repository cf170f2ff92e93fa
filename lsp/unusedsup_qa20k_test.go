package lsp

import (
	"path/filepath"
	"testing"
)

// TestUnusedSuppressionFix: SL003 offers to remove the suppression that
// silences nothing (the comment, and its line when it is alone on it),
// or the rules it names that silence nothing, keeping the others and
// the reason; a quick fix, not the preferred one.
func TestUnusedSuppressionFix(t *testing.T) {
	for _, tc := range []struct{ name, text, title, want string }{
		{"alone on its line",
			"-- sqllint:ignore SL301 old reason\nSELECT 1;\n",
			"Remove the unused suppression",
			"SELECT 1;\n"},
		{"alone on its line, CRLF, indented",
			"SELECT 1;\r\n    -- sqllint:ignore SL301, SL302 old reason\r\nSELECT 2;\r\n",
			"Remove the unused suppression",
			"SELECT 1;\r\nSELECT 2;\r\n"},
		{"the last line, no break after it",
			"SELECT 1;\r\n-- sqllint:ignore SL301 old reason",
			"Remove the unused suppression",
			"SELECT 1;"},
		{"trailing a statement, past a character outside the BMP",
			"PRINT N'\U0001F600';  -- sqllint:ignore SL301 old reason\r\nSELECT 1;\r\n",
			"Remove the unused suppression",
			"PRINT N'\U0001F600';\r\nSELECT 1;\r\n"},
		{"a block comment trailing a statement",
			"PRINT N'\U0001F600'; /* sqllint:ignore SL301 x */\nSELECT 1;\n",
			"Remove the unused suppression",
			"PRINT N'\U0001F600';\nSELECT 1;\n"},
		{"some of its rules",
			"-- sqllint:ignore SL301, SL302 kept for the CHECKPOINT \U0001F600\r\nCHECKPOINT 10;\r\n",
			"Remove SL301 from the suppression",
			"-- sqllint:ignore SL302 kept for the CHECKPOINT \U0001F600\r\nCHECKPOINT 10;\r\n"},
		{"some of its rules, by name, trailing",
			"PRINT N'\U0001F600'; CHECKPOINT 10; -- sqllint:ignore checkpoint-duration,SL301,SL303 why\n",
			"Remove SL301, SL303 from the suppression",
			"PRINT N'\U0001F600'; CHECKPOINT 10; -- sqllint:ignore checkpoint-duration why\n"},
		{"some of its rules, separated by blanks, before an IF block",
			"-- sqllint:ignore SL302 SL304 measured\nIF 1 = 1\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\n",
			"Remove SL304 from the suppression",
			"-- sqllint:ignore SL302 measured\nIF 1 = 1\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
			c := newClient(t, Options{})
			c.initialize(modern, `null`)
			c.open(uri, tc.text)
			ds := c.diagnostics(uri, 1)
			d := find(ds, "SL003")
			if d == nil {
				t.Fatalf("diagnostics %v, want SL003", codes(ds))
			}
			var actions []CodeAction
			c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
			var fix *CodeAction
			for i := range actions {
				if actions[i].Title == tc.title {
					fix = &actions[i]
				}
			}
			if fix == nil {
				t.Fatalf("actions %+v, want %q", actions, tc.title)
			}
			if fix.Kind != "quickfix" || fix.IsPreferred || len(fix.Diagnostics) != 1 || fix.Diagnostics[0].Code != "SL003" || fix.Edit == nil {
				t.Errorf("action %+v", fix)
			}
			if got := applyEdits(t, tc.text, fix.Edit.Changes[uri], utf16); got != tc.want {
				t.Errorf("fixed %q, want %q", got, tc.want)
			}
			// Not part of fix-all: a suppression's reason is the author's.
			if a := fixAllOf(c.fixAllActions(uri, []string{"source.fixAll"})); a != nil {
				for _, e := range a.Edit.Changes[uri] {
					if e.Range.Start.Line == d.Range.Start.Line && e.Range.Start.Character <= d.Range.Start.Character && !before(e.Range.End, d.Range.End) {
						t.Errorf("fix-all removes the suppression: %+v", e)
					}
				}
			}
		})
	}
}
