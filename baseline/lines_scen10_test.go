package baseline

import (
	"strings"
	"testing"
)

// TestParseErrorsNameTheLine: an entry that is not valid names its line,
// as a JSON syntax error does, and an empty file says it is empty rather
// than "EOF", and one with git's conflict markers says it is a merge
// conflict.
func TestParseErrorsNameTheLine(t *testing.T) {
	tests := []struct{ text, want string }{
		{"{\"version\": 1, \"tool\": \"sqllint\", \"entries\": [\n" +
			"{\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": \"x\", \"occurrence\": 1},\n\n" +
			"  {\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": \"x\", \"occurrence\": 0}\n]}\n",
			"baseline b.json: line 4: entry 2: needs a rule"},
		{`{"tool": "sqllint", "x": {"entries": []}, "entries": [{"rule": "", "fingerprint": "x", "occurrence": 1}], "version": 1}`,
			"unknown key"},
		{`{"tool": "sqllint", "entries": [{"rule": "", "fingerprint": "x", "occurrence": 1}], "version": 1}`,
			"baseline b.json: line 1: entry 1: needs a rule"},
		{" \n", "baseline b.json: not a sqllint baseline: the file is empty"},
		{"{\"version\": 1, \"tool\": \"sqllint\", \"entries\": [\n<<<<<<< HEAD\n{\"rule\": \"SL302\", \"file\": \"a.sql\", \"fingerprint\": \"x\", \"occurrence\": 1}\n=======\n>>>>>>> feat\n]}\n",
			"baseline b.json: not a sqllint baseline: line 2: a merge conflict"},
	}
	for _, tt := range tests {
		_, err := Parse("b.json", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
	if got := entryLine([]byte(`[1]`), 0); got != 0 {
		t.Errorf("entryLine of a non-object = %d", got)
	}
}
