package analysis

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// fixAll runs Fix and writes the result.
func fixAll(t *testing.T, opt Options) (*FixResult, []report.Finding) {
	t.Helper()
	var rest []report.Finding
	_, res, err := Fix(context.Background(), opt, nil, func(r *FileResult) { rest = append(rest, r.Findings...) })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFixed(res.Files); err != nil {
		t.Fatal(err)
	}
	return res, rest
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestFixReachesAFixedPoint(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"CHECKPOINT 30 before a BACKUP is removed, not left as CHECKPOINT",
			"USE Sales;\nCHECKPOINT 30;\nBACKUP DATABASE Sales TO DISK = 'x.bak';\n",
			"USE Sales;\nBACKUP DATABASE Sales TO DISK = 'x.bak';\n"},
		{"two CHECKPOINTs before a BACKUP",
			"USE Sales;\nCHECKPOINT 10; CHECKPOINT; BACKUP DATABASE Sales TO DISK = 'x.bak';\n",
			"USE Sales;\nBACKUP DATABASE Sales TO DISK = 'x.bak';\n"}, // each CHECKPOINT starts the line: the blanks after it go too
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			chdir(t, dir)
			p := write(t, dir, "a.sql", tt.in)
			res, rest := fixAll(t, Options{Paths: []string{"a.sql"}})
			got := read(t, p)
			if got != tt.want {
				t.Errorf("fixed to %q, want %q", got, tt.want)
			}
			if len(rest) != 0 {
				t.Errorf("left %+v", rest)
			}
			if res.Total() == 0 || len(res.Files) != 1 {
				t.Errorf("result %+v", res)
			}
			// the next run finds nothing to fix and changes nothing
			again, rest := fixAll(t, Options{Paths: []string{"a.sql"}})
			if len(again.Files) != 0 || again.Total() != 0 || read(t, p) != got || len(rest) != 0 {
				t.Errorf("second fix: %+v, %q, %+v", again, read(t, p), rest)
			}
		})
	}
}

func TestFixSharedIncludeOnce(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	shared := write(t, dir, "inc/shared.sql", "CHECKPOINT 10;\nCHECKPOINT 20;\n")
	write(t, dir, "a.sql", ":r inc/shared.sql\nGO\n")
	write(t, dir, "b.sql", ":r inc/shared.sql\nGO\n")
	for i := 0; i < 3; i++ { // the same result every time
		if err := os.WriteFile(shared, []byte("CHECKPOINT 10;\nCHECKPOINT 20;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		res, rest := fixAll(t, Options{Paths: []string{"a.sql", "b.sql"}})
		if got := read(t, shared); got != "CHECKPOINT;\nCHECKPOINT;\n" {
			t.Errorf("shared include fixed to %q", got)
		}
		if res.Total() != 2 || res.Applied["SL302"] != 2 || len(res.Files) != 1 || len(rest) != 0 {
			t.Errorf("result %+v, rest %+v", res, rest)
		}
	}
}

func TestFixChoosesFindings(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	p := write(t, dir, "a.sql", "CHECKPOINT 10;\nGO\nCHECKPOINT 20;\n")
	only3 := func(fs []report.Finding) []report.Finding {
		var out []report.Finding
		for _, f := range fs {
			if f.Line == 3 {
				out = append(out, f)
			}
		}
		return out
	}
	var rest []report.Finding
	_, res, err := Fix(context.Background(), Options{Paths: []string{"a.sql"}}, only3, func(r *FileResult) { rest = append(rest, r.Findings...) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || string(res.Files[0].New) != "CHECKPOINT 10;\nGO\nCHECKPOINT;\n" || read(t, p) != "CHECKPOINT 10;\nGO\nCHECKPOINT 20;\n" {
		t.Errorf("plan %+v; Fix must not write", res.Files)
	}
	if len(rest) != 1 || rest[0].Line != 1 {
		t.Errorf("remaining %+v", rest)
	}
}

func TestWriteFixedRefusesAChangedFile(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	a := write(t, dir, "a.sql", "CHECKPOINT 10;\n")
	b := write(t, dir, "b.sql", "CHECKPOINT 20;\n")
	_, res, err := Fix(context.Background(), Options{Paths: []string{"a.sql", "b.sql"}}, nil, func(*FileResult) {})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(a, []byte("CHECKPOINT 10; -- edited meanwhile\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := WriteFixed(res.Files)
	if err == nil || !strings.Contains(err.Error(), "a.sql: not fixed: the file changed on disk") {
		t.Errorf("error %v", err)
	}
	if len(written) != 1 || written[0] != "b.sql" || read(t, b) != "CHECKPOINT;\n" || !strings.Contains(read(t, a), "edited meanwhile") {
		t.Errorf("written %v", written)
	}
}

func TestWriteFixedThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	target := write(t, dir, "d/a.sql", "CHECKPOINT 10;\n")
	if err := os.Symlink(target, "link.sql"); err != nil {
		t.Skip("no symlinks:", err)
	}
	fixAll(t, Options{Paths: []string{"link.sql"}})
	if info, err := os.Lstat("link.sql"); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", info, err)
	}
	if got := read(t, target); got != "CHECKPOINT;\n" {
		t.Errorf("target: %q", got)
	}
}

func TestFixReadsLiveFactsOnce(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "a.sql", "USE Sales;\nCHECKPOINT 30;\nBACKUP DATABASE Sales TO DISK = 'x.bak';\n")
	calls := 0
	opt := Options{Paths: []string{"a.sql"}, FactsFor: func(context.Context, Wanted) (*rules.ServerFacts, error) {
		calls++
		return &rules.ServerFacts{Server: "test"}, nil
	}}
	_, res, err := Fix(context.Background(), opt, nil, func(*FileResult) {})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds != 2 || calls != 1 {
		t.Errorf("%d rounds, %d calls for facts, want 2 and 1", res.Rounds, calls)
	}
}

func TestFixRefusesOneFileAndFixesTheOthers(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "a.sql", "CHECKPOINT 30;\n")
	write(t, dir, "b.sql", "CHECKPOINT 30;\n")
	// a.sql was analyzed as the overlay says, but the disk holds other
	// bytes: as if it changed between the read and the fix
	opt := Options{Paths: []string{"a.sql", "b.sql"},
		Overlay: map[string][]byte{absClean("a.sql"): []byte("CHECKPOINT 30; -- edited\n")}}
	_, res, err := Fix(context.Background(), opt, nil, func(*FileResult) {})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Error(), "a.sql: not fixed") {
		t.Fatalf("errors %v, want one for a.sql", res.Errors)
	}
	if len(res.Files) != 1 || res.Files[0].Path != "b.sql" {
		t.Fatalf("fixed %v, want b.sql only", res.Files)
	}
	if _, err := WriteFixed(res.Files); err != nil {
		t.Fatal(err)
	}
	if got := read(t, "a.sql"); got != "CHECKPOINT 30;\n" {
		t.Errorf("a.sql was written: %q", got)
	}
	if got := read(t, "b.sql"); got != "CHECKPOINT;\n" {
		t.Errorf("b.sql = %q, want the fix", got)
	}
}
