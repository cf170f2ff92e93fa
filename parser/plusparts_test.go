package parser

import (
	"slices"
	"strings"
	"testing"
)

// plusParts splits at the + signs outside parentheses only, in order, and
// stops at the first piece its caller refuses.
func TestPlusParts(t *testing.T) {
	text := "@a + (@b + N'x') + CHAR(13) + ' '"
	var toks []Token
	for _, tk := range new(Scanner).Scan(text) {
		if strings.TrimSpace(text[tk.Start:tk.End]) != "" {
			toks = append(toks, tk)
		}
	}
	piece := func(p []Token) string {
		if len(p) == 0 {
			return ""
		}
		return text[p[0].Start:p[len(p)-1].End]
	}
	var got []string
	if !plusParts(text, toks, func(p []Token) bool { got = append(got, piece(p)); return true }) {
		t.Fatal("plusParts reported a refusal no call made")
	}
	if want := []string{"@a", "(@b + N'x')", "CHAR(13)", "' '"}; !slices.Equal(got, want) {
		t.Fatalf("pieces %q, want %q", got, want)
	}
	got = got[:0]
	if plusParts(text, toks, func(p []Token) bool { got = append(got, piece(p)); return len(got) < 2 }) {
		t.Fatal("plusParts reported success after a refusal")
	}
	if len(got) != 2 {
		t.Fatalf("plusParts went on after a refusal: %q", got)
	}
}
