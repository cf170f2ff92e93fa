package lsp

import (
	"path/filepath"
	"testing"
)

// TestConfigErrorLinksToConfig: an invalid .sqllint.yaml shows as an
// error at the top of each open script, its message naming the file,
// line and column in text. The user could not get there from the
// diagnostic: LSP's relatedInformation is the place for "the cause is
// over there", which editors show as a link (VS Code's Problems panel
// opens the config at the line). The error's location is now given as
// related information.
func TestConfigErrorLinksToConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, ".sqllint.yaml")
	writeFile(t, cfg, "rules:\n  SL302: [\n")
	uri := pathURI(filepath.Join(dir, "V1__x.sql"))
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, "CHECKPOINT 10;\n")
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 || ds[0].Severity != severityError {
		t.Fatalf("diagnostics %+v, want the config error", ds)
	}
	ri := ds[0].RelatedInformation
	if len(ri) != 1 || ri[0].Location.URI != pathURI(cfg) || ri[0].Location.Range.Start != (Position{1, 9}) || ri[0].Message == "" {
		t.Errorf("relatedInformation %+v, want %s at 1:9", ri, pathURI(cfg))
	}
}

// TestConfigErrorColumnEncoded: a config error's column counts
// characters (code points), as sqllint's messages do, but it went to the
// client as the character of the related location unconverted: after a
// character outside the BMP (or any non-ASCII one in UTF-8) the link
// landed before the value at fault. It is now converted to the
// negotiated position encoding, as findings' positions are.
func TestConfigErrorColumnEncoded(t *testing.T) {
	for _, tc := range []struct {
		enc  string
		want int
	}{{"utf-16", 22}, {"utf-8", 26}, {"utf-32", 20}} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, ".sqllint.yaml"), "# config\ninclude: [\"😀😀.sql\", [1]]\n")
		uri := pathURI(filepath.Join(dir, "V1__x.sql"))
		c := newClient(t, Options{})
		c.initialize(`{"general":{"positionEncodings":["`+tc.enc+`"]}}`, `null`)
		c.open(uri, "CHECKPOINT 10;\n")
		ds := c.diagnostics(uri, 1)
		if len(ds) != 1 || len(ds[0].RelatedInformation) != 1 {
			t.Fatalf("%s: diagnostics %+v, want the config error with its place", tc.enc, ds)
		}
		if got := ds[0].RelatedInformation[0].Location.Range.Start; got != (Position{1, tc.want}) {
			t.Errorf("%s: the config error at %+v, want 1:%d (%s)", tc.enc, got, tc.want, ds[0].Message)
		}
		c.shutdown()
	}
}
