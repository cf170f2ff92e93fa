package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

func TestNormalize(t *testing.T) {
	same := []string{
		"ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 10GB);",
		"alter   database sales\n  -- grow the log\n  modify file(name=sales_log,size=10gb)",
		"ALTER DATABASE /* note */ SALES MODIFY FILE ( NAME = Sales_log , SIZE = 10GB ) ;",
	}
	want := Normalize(same[0])
	for _, s := range same[1:] {
		if got := Normalize(s); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", s, got, want)
		}
	}
	if want != "alter database sales modify file(name=sales_log,size=10gb)" {
		t.Errorf("Normalize = %q", want)
	}
	differ := []string{
		"ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);",
		"ALTER DATABASE Sales2 MODIFY FILE (NAME = Sales_log, SIZE = 10GB);",
		"BACKUP DATABASE Sales TO DISK = 'a.bak'",
	}
	for _, s := range differ {
		if Fingerprint(s) == Fingerprint(same[0]) {
			t.Errorf("%q has the fingerprint of %q", s, same[0])
		}
	}
	// string literals keep their case and spacing; comment markers inside them are text
	if Fingerprint("BACKUP DATABASE a TO DISK = 'X.bak'") == Fingerprint("BACKUP DATABASE a TO DISK = 'x.bak'") {
		t.Error("string literals must keep their case")
	}
	if got := Normalize("SELECT '--not a comment',  N'It''s'  /* a /* nested */ comment */ [My  Db]"); got != "select '--not a comment',N'It''s' [my  db]" {
		t.Errorf("literals: %q", got)
	}
	if len(Fingerprint("x")) != 16 {
		t.Errorf("fingerprint %q", Fingerprint("x"))
	}
}

func finding(rule, path string, line int, stmt string) report.Finding {
	return report.Finding{RuleID: rule, Path: path, Line: line, Message: rule + " message", Fingerprint: Fingerprint(stmt)}
}

func TestRoundTripAndFilter(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll("db", 0o755); err != nil {
		t.Fatal(err)
	}
	old := []report.Finding{
		finding("SL302", "db/V1.sql", 3, "CHECKPOINT 10"),
		finding("SL302", "db/V1.sql", 9, "CHECKPOINT 10"),
		finding("SL201", "db/V2.sql", 1, "ALTER DATABASE a SET AUTO_SHRINK ON"),
	}
	path := filepath.Join("ci", "sqllint-baseline.json")
	data, err := Encode(path, old)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], `{"version": 1,`) || lines[4] != "]}" {
		t.Fatalf("format:\n%s", text)
	}
	// files relative to the baseline's folder, sorted by file then rule
	if !strings.Contains(lines[1], `"file": "../db/V1.sql"`) || !strings.Contains(lines[1], `"occurrence": 1`) ||
		!strings.Contains(lines[2], `"occurrence": 2`) || !strings.Contains(lines[3], `"file": "../db/V2.sql"`) {
		t.Errorf("entries:\n%s", text)
	}
	if err := os.MkdirAll("ci", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 3 {
		t.Fatalf("entries %+v", b.Entries)
	}

	// lines inserted above: same findings, other lines: all hidden
	moved := []report.Finding{
		finding("SL302", "db/V1.sql", 13, "CHECKPOINT 10"),
		finding("SL302", "db/V1.sql", 19, "checkpoint  10;"),
		finding("SL201", "db/V2.sql", 5, "ALTER DATABASE a SET AUTO_SHRINK ON"),
	}
	res := b.Filter(moved, nil)
	if len(res.Findings) != 0 || res.Hidden != 3 || len(res.Stale) != 0 {
		t.Errorf("moved: %+v", res)
	}

	// a third identical CHECKPOINT is new; a fixed one leaves a stale entry
	res = b.Filter([]report.Finding{
		finding("SL302", "db/V1.sql", 3, "CHECKPOINT 10"),
		finding("SL302", "db/V1.sql", 9, "CHECKPOINT 10"),
		finding("SL302", "db/V1.sql", 12, "CHECKPOINT 10"),
	}, nil)
	if len(res.Findings) != 1 || res.Findings[0].Line != 12 || res.Hidden != 2 {
		t.Errorf("new identical finding: %+v", res)
	}
	if len(res.Stale) != 1 || res.Stale[0].File != "../db/V2.sql" {
		t.Errorf("stale: %+v", res.Stale)
	}
	// a run on V1 only does not call V2's entry stale
	res = b.Filter(moved[:2], []string{"db/V1.sql"})
	if len(res.Stale) != 0 || res.Hidden != 2 {
		t.Errorf("run on one file: %+v", res)
	}
	// a changed statement is a new finding
	res = b.Filter([]report.Finding{finding("SL201", "db/V2.sql", 1, "ALTER DATABASE b SET AUTO_SHRINK ON")}, []string{"db/V2.sql"})
	if len(res.Findings) != 1 || len(res.Stale) != 1 {
		t.Errorf("changed statement: %+v", res)
	}
	// the same findings from another working folder match too
	t.Chdir("db")
	res = b.Filter([]report.Finding{finding("SL201", "V2.sql", 1, "ALTER DATABASE a SET AUTO_SHRINK ON")}, []string{"V2.sql"})
	if res.Hidden != 1 || len(res.Findings) != 0 {
		t.Errorf("from another folder: %+v", res)
	}
}

func TestEncodeIsStable(t *testing.T) {
	dir := t.TempDir()
	fs := []report.Finding{finding("SL302", filepath.Join(dir, "b.sql"), 1, "x"), finding("SL101", filepath.Join(dir, "a.sql"), 1, "y")}
	a, _ := Encode(filepath.Join(dir, "base.json"), fs)
	b, _ := Encode(filepath.Join(dir, "base.json"), []report.Finding{fs[1], fs[0]})
	if string(a) != string(b) {
		t.Errorf("order changes the file:\n%s\n%s", a, b)
	}
	empty, _ := Encode(filepath.Join(dir, "base.json"), nil)
	if string(empty) != "{\"version\": 1, \"tool\": \"sqllint\", \"entries\": [\n]}\n" {
		t.Errorf("empty: %q", empty)
	}
	if _, err := Parse(filepath.Join(dir, "base.json"), empty); err != nil {
		t.Errorf("empty baseline: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct{ path, want string }{
		{filepath.Join(dir, "missing.json"), "missing.json: no such file"},
		{write("garbage.json", "{\"version\": 1,\n\"entries\": [\n{\"rule\": }\n]}"), "garbage.json: not a sqllint baseline: line 3"},
		{write("noversion.json", `{"entries": []}`), "no version"},
		{write("v2.json", `{"version": 2, "entries": []}`), "format version 2"},
		{write("unknown.json", `{"version": 1, "entries": [], "extra": 1}`), "unknown key"},
		{write("badentry.json", "{\"version\": 1, \"entries\": [\n{\"rule\": \"SL302\", \"file\": \"a.sql\"}]}"), "entry 1: needs"},
		{write("two.json", `{"version": 1, "entries": []} {}`), "text after"},
	}
	for _, tt := range tests {
		_, err := Load(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "baseline "+tt.path) {
			t.Errorf("Load(%s) = %v, want an error naming the file with %q", filepath.Base(tt.path), err, tt.want)
		}
	}
}
