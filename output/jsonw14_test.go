package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// jsonPlain is the byte-by-byte test jw.str made, whatever byte sits at
// whatever place of a string of any length.
func TestJSONPlain(t *testing.T) {
	plain := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 19; n++ {
		base := []byte(strings.Repeat("ab Z~", 4)[:n])
		if jsonPlain(string(base)) != plain(string(base)) {
			t.Fatalf("%q", base)
		}
		for i := 0; i < n; i++ {
			for c := 0; c < 256; c++ {
				s := append([]byte(nil), base...)
				s[i] = byte(c)
				if got, want := jsonPlain(string(s)), plain(string(s)); got != want {
					t.Fatalf("jsonPlain(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
	// and jw writes any string as encoding/json does
	for _, s := range []string{"", "plain", `q"uote`, `back\slash`, "tab\there", "é", "<&>", strings.Repeat("x", 100) + "\x7f"} {
		var b bytes.Buffer
		w := jw{b: &b}
		w.begin(0)
		w.str(s)
		w.end()
		want, _ := json.Marshal(s)
		var d bytes.Buffer
		enc := json.NewEncoder(&d)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		if b.String() != strings.TrimSuffix(d.String(), "\n") {
			t.Fatalf("str(%q) = %s, want %s (%s)", s, b.String(), d.String(), want)
		}
	}
}
