package baseline

import (
	"strings"
	"testing"
)

// A baseline entry with a key of its own (hand-edited, or from a merge)
// was "not a sqllint baseline: json: unknown field "extra"", without the
// line the README promises for a bad entry; the key's line is named.
func TestUnknownFieldNamesTheLine(t *testing.T) {
	tests := []struct{ text, want string }{
		{"{\"version\": 1, \"tool\": \"sqllint\", \"entries\": [\n" +
			"{\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": \"x\", \"occurrence\": 1},\n" +
			"{\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": \"y\", \"occurrence\": 1,\n \"extra\": [1, {\"extra\": 2}]}\n]}\n",
			`baseline b.json: not a sqllint baseline: line 4: unknown key "extra"`},
		// a value that spells the name is not the key
		{"{\"version\": 1, \"entries\": [{\"rule\": \"extra\", \"file\": \"a.sql\",\n\"fingerprint\": \"x\", \"occurrence\": 1}],\n\"extra\": {}}",
			`line 3: unknown key "extra"`},
		{"{\"version\": 1,\n\"x\\u0079\": 1, \"entries\": []}", `line 2: unknown key "xy"`},
	}
	for _, tt := range tests {
		_, err := Parse("b.json", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
}
