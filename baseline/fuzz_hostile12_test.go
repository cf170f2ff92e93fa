package baseline

import (
	"strings"
	"testing"
)

// FuzzParse: a baseline file comes with the repository, so from a pull
// request: whatever it holds, Parse returns a baseline or an error that
// names the file, and never panics.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"version": 1, "tool": "sqllint", "entries": [
{"rule": "SL101", "file": "migrations/V2__more.sql", "fingerprint": "5d41402abc4b2a76", "occurrence": 1}
]}`))
	f.Add([]byte(`{"version": 1, "entries": [{"rule": "SL1", "file": "../../x\u202e", "fingerprint": "", "occurrence": -1}]}`))
	f.Add([]byte(`{"version": 99999999999999999999}`))
	f.Add([]byte("\xef\xbb\xbf{\"version\":1,\"entries\":[{}]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse("dir/base.json", data)
		if err != nil {
			if !strings.Contains(err.Error(), "dir/base.json") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if b == nil {
			t.Fatal("nil baseline without an error")
		}
	})
}
