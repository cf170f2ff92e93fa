package parser

import (
	"strings"
	"testing"
)

// nameValueBefore is what converter.name did before nameValue: Unquote,
// and the four searches for an unresolved name.
func nameValueBefore(s string) (string, bool) {
	unresolved := strings.Contains(s, "$(") || strings.HasPrefix(s, "@") || strings.HasPrefix(s, "<") ||
		strings.HasPrefix(s, "${")
	return Unquote(s), unresolved
}

var nameValueSeeds = append([]string{"$(", "[$(x)]", "[a$(b]", "$(db)", "@v", "<t,,>", "${x}", "$", "${", "[$]", "[a]](]",
	`"a$("`, "x$", "[Sales]", "[FG_99_17]", "Sales", "[a\"b]", `"a]b"`, "[a]]", `"a"""`}, unquoteSeeds...)

func TestNameValueAsBefore(t *testing.T) {
	for _, s := range nameValueSeeds {
		v, u := nameValue(s)
		if wv, wu := nameValueBefore(s); v != wv || u != wu {
			t.Errorf("nameValue(%q) = %q, %v, want %q, %v", s, v, u, wv, wu)
		}
	}
}

func FuzzNameValue(f *testing.F) {
	for _, s := range nameValueSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, u := nameValue(s)
		if wv, wu := nameValueBefore(s); v != wv || u != wu {
			t.Fatalf("nameValue(%q) = %q, %v, want %q, %v", s, v, u, wv, wu)
		}
	})
}

func TestTrimQuotesAsTrim(t *testing.T) {
	for _, s := range append([]string{"sp_executesql", "[sp_executesql]", `"sp_executesql"`, "[[x]]", `[]"`, "a[b]c", `"[x"]`}, nameValueSeeds...) {
		if got, want := trimQuotes(s), strings.Trim(s, `[]"`); got != want {
			t.Errorf("trimQuotes(%q) = %q, want %q", s, got, want)
		}
	}
}
