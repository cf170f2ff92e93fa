package parser

import (
	"strings"
	"testing"
)

// TestUnterminatedValueInAnIncludedFile: a value that opens a comment in
// an included file whose text ends after it leaves the rest of the batch
// inside the comment, not the rest of the script: the GO after the :r
// ends the batch (sqlcmd finds GO lines before it substitutes) and the
// batches after it are checked. SL001 said the rest of the file.
func TestUnterminatedValueInAnIncludedFile(t *testing.T) {
	opt := &PreprocessOptions{Load: func(string) (*File, error) { return NewFile("inc.sql", "SELECT $(v)\n"), nil }}
	res := ParseFile(NewFile("main.sql", ":setvar v \"/*\"\n:r inc.sql\nGO\nCHECKPOINT 10\nGO\n"), opt)
	var got []string
	for _, d := range res.Diags {
		if d.Rule == "SL001" && strings.HasPrefix(d.Message, "unterminated") {
			got = append(got, d.Message)
		}
	}
	const want = "unterminated comment starting here: the rest of its batch is inside it, so nothing after it in the batch is checked (sqlcmd finds GO lines before it substitutes variables: the batches after it still run)"
	if len(got) != 1 || got[0] != want {
		t.Errorf("SL001 %q\nwant %q", got, want)
	}
}
