package parser

import (
	"strings"
	"testing"
)

// sqlcmd finds GO lines in the script's text, before it substitutes the
// variables of a batch: a value with a quote or a comment opening in it
// (`:setvar v "it's"`) leaves its batch inside a string or a comment, but
// the next GO still ends the batch and the batches after it run and are
// checked. SL001 said "the rest of the file is inside it, so nothing
// after it is checked"; it now says the rest of the batch is. A batch
// that runs to the end of the file keeps the message of the file.
func TestUnterminatedBeforeTheFileEnds(t *testing.T) {
	const batch = "the rest of its batch is inside it, so nothing after it in the batch is checked (sqlcmd finds GO lines before it substitutes variables: the batches after it still run)"
	const file = "the rest of the file is inside it, so nothing after it is checked"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"quote-in-value", ":setvar v \"it's\"\nSELECT '$(v)'\nGO\nSELECT 1\nGO\n", "unterminated string starting here: " + batch},
		{"comment-in-value", ":setvar v \"/*\"\nSELECT $(v)\nGO 2\nSELECT 1\n", "unterminated comment starting here: " + batch},
		// a command after the batch: no GO, but the file goes on
		{"quote-in-value-then-command", ":setvar v \"it's\"\nSELECT '$(v)'\n:setvar w 1\n", "unterminated string starting here: " + batch},
		{"quote-in-value-last-batch", ":setvar v \"it's\"\nSELECT '$(v)'\n", "unterminated string starting here: " + file},
		{"open-string-to-the-end", "SELECT 1\nGO\nSELECT 'a\nGO\n", "unterminated string starting here: " + file},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := ParseFile(NewFile("t.sql", tc.src), &PreprocessOptions{})
			var got []string
			for _, d := range res.Diags {
				if d.Rule == "SL001" && strings.HasPrefix(d.Message, "unterminated") {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("SL001 %q\nwant %q", got, tc.want)
			}
		})
	}
}
