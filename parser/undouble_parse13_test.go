package parser

import (
	"strings"
	"testing"
)

// unquoteBefore and stringValueBefore are Unquote and StringValue as they
// were written before unDouble: the reference they must keep answering as.
func unquoteBefore(s string) string {
	if len(s) >= 2 {
		switch {
		case s[0] == '[' && s[len(s)-1] == ']':
			return strings.ReplaceAll(s[1:len(s)-1], "]]", "]")
		case s[0] == '"' && s[len(s)-1] == '"':
			return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
		}
	}
	if len(s) >= 1 && s[0] == '[' {
		return s[1:]
	}
	return s
}

func stringValueBefore(s string) string {
	if len(s) > 0 && (s[0] == 'N' || s[0] == 'n') {
		s = s[1:]
	}
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if len(s) >= 1 && s[0] == '\'' {
		return s[1:]
	}
	return s
}

var unquoteSeeds = []string{"", "[", "]", "[]", "[a]", "[a]]b]", "[a]b]", "[]]]", "[]]]]", `""`, `"a""b"`, `"a"b"`, `"""`, `""""`,
	"'", "''", "'it''s'", "N'it''s'", "n'''", "N''''", "'a'b'", "'''", "x", "N", "[é]]ü]", "'\xff'''"}

func TestUnquoteAsBefore(t *testing.T) {
	for _, s := range unquoteSeeds {
		if got, want := Unquote(s), unquoteBefore(s); got != want {
			t.Errorf("Unquote(%q) = %q, want %q", s, got, want)
		}
		if got, want := StringValue(s), stringValueBefore(s); got != want {
			t.Errorf("StringValue(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzUnquote(f *testing.F) {
	for _, s := range unquoteSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Unquote(s), unquoteBefore(s); got != want {
			t.Fatalf("Unquote(%q) = %q, want %q", s, got, want)
		}
		if got, want := StringValue(s), stringValueBefore(s); got != want {
			t.Fatalf("StringValue(%q) = %q, want %q", s, got, want)
		}
	})
}
