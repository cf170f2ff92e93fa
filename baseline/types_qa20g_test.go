package baseline

import (
	"strings"
	"testing"
)

// A baseline value of the wrong type (a hand-edited fingerprint written as
// a number, a quoted version, a file that is a list) named Go's types:
// "json: cannot unmarshal number into Go struct field
// Entry.entries.fingerprint of type string". It names the key, what it
// must be and what it is, and the line; an unknown key drops "json:".
func TestWrongTypeSaysWhatTheKeyMustBe(t *testing.T) {
	tests := []struct{ text, want string }{
		{"{\"version\": 1, \"tool\": \"sqllint\", \"entries\": [\n" +
			"{\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": 5, \"occurrence\": 1}\n]}\n",
			`line 2: "fingerprint" must be a string, got a number`},
		{`{"version": "1", "entries": []}`, `line 1: "version" must be a whole number, got a string`},
		{`{"version": 1, "entries": {}}`, `line 1: "entries" must be a list, got an object`},
		{"{\"version\": 1, \"entries\": [\n5]}", `line 2: an entry must be an object, got a number`},
		{"[]", `line 1: the file must be a JSON object, got a list`},
		{"{\"version\": 1, \"entries\": [],\n\"extra\": 1}", `line 2: unknown key "extra"`},
	}
	for _, tt := range tests {
		_, err := Parse("b.json", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), " json:") {
			t.Errorf("Parse(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
}
