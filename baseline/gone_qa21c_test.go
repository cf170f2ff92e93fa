package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStaleEntriesOfFilesGone: the entries of a file gone from inside a
// path the run was given are stale; those of a file outside it (a
// baseline entry "../x.sql" and the path "."), or of a file that still
// exists, are not.
func TestStaleEntriesOfFilesGone(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	data := `{"version": 1, "tool": "sqllint", "entries": [
{"rule": "SL302", "file": "../gone.sql", "fingerprint": "a", "occurrence": 1},
{"rule": "SL302", "file": "db/gone.sql", "fingerprint": "a", "occurrence": 1},
{"rule": "SL302", "file": "other/gone.sql", "fingerprint": "a", "occurrence": 1}
]}`
	b, err := Parse("baseline.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{nil, ""},
		{[]string{"db"}, "db/gone.sql"},
		{[]string{".", "-"}, "db/gone.sql other/gone.sql"},
		{[]string{"db/gone.sql"}, "db/gone.sql"},
	} {
		s := b.Stream()
		var got []string
		for _, e := range s.Result([]string{}, tc.paths...).Stale {
			got = append(got, e.File)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("paths %q: stale %q, want %q", tc.paths, got, tc.want)
		}
	}
}

// TestUncheckedKeepsEntriesAboveTheRunsFolder: a baseline written again
// from a run on "." keeps the entries of a file above that folder
// ("../db/V1.sql", the baseline kept in a subfolder), which the run did
// not check; they were taken for files inside "." and dropped.
func TestUncheckedKeepsEntriesAboveTheRunsFolder(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "ci")
	if err := os.MkdirAll(filepath.Join(dir, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "db", "V1.sql"), []byte("CHECKPOINT 10;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub)
	b, err := Parse("baseline.json", []byte(`{"version": 1, "tool": "sqllint", "entries": [
{"rule": "SL302", "file": "../db/V1.sql", "fingerprint": "a", "occurrence": 1}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	keep := b.Unchecked([]string{"."}, []string{}, nil, nil, func(string) bool { return true })
	if len(keep) != 1 {
		t.Errorf("kept %v, want the entry of ../db/V1.sql", keep)
	}
}

// TestParseBaselineWithByteOrderMark: a baseline saved again by an
// editor or PowerShell with a UTF-8 byte order mark is read (RFC 8259
// lets a parser ignore it): it was refused as "invalid character 'ï'".
func TestParseBaselineWithByteOrderMark(t *testing.T) {
	b, err := Parse("baseline.json", []byte("\xEF\xBB\xBF"+`{"version": 1, "tool": "sqllint", "entries": [
{"rule": "SL302", "file": "db/V1.sql", "fingerprint": "a", "occurrence": 1}
]}`))
	if err != nil || len(b.Entries) != 1 {
		t.Errorf("Parse with a byte order mark: %v, %v", b, err)
	}
}
