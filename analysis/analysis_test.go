package analysis

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/report"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runAll runs opt and returns the results in order and the summary.
func runAll(t *testing.T, opt Options) ([]*FileResult, *Summary) {
	t.Helper()
	var got []*FileResult
	sum, err := Run(context.Background(), opt, func(r *FileResult) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	return got, sum
}

func findings(rs []*FileResult) []report.Finding {
	var out []report.Finding
	for _, r := range rs {
		out = append(out, r.Findings...)
	}
	return out
}

const checkpoint10 = "CHECKPOINT 10;\n"

func chdir(t *testing.T, dir string) {
	t.Helper()
	t.Chdir(dir)
}

func TestSamePhysicalFileOnce(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "d/a.sql", checkpoint10)
	if err := os.Symlink(filepath.Join(dir, "d", "a.sql"), filepath.Join(dir, "link.sql")); err != nil {
		t.Skip("no symlinks:", err)
	}
	rs, sum := runAll(t, Options{Paths: []string{"d/a.sql", "./d/a.sql", "d/../d/a.sql", filepath.Join(dir, "d", "a.sql"), "link.sql", "d"}})
	if len(rs) != 1 || rs[0].Path != "d/a.sql" || sum.Files != 1 {
		t.Fatalf("got %d results (%+v), want d/a.sql once", len(rs), rs)
	}
	if n := len(findings(rs)); n != 1 {
		t.Errorf("%d findings, want 1", n)
	}
}

func TestIncludedFileReportedOnce(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "inc/shared.sql", checkpoint10)
	write(t, dir, "a.sql", ":r inc/shared.sql\nGO\n")
	write(t, dir, "b.sql", ":r inc/shared.sql\nGO\n")
	rs, _ := runAll(t, Options{Paths: []string{"a.sql", "b.sql", "inc/shared.sql"}})
	fs := findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL302" || !strings.HasSuffix(fs[0].Path, "shared.sql") {
		t.Fatalf("findings %+v, want one SL302 in shared.sql", fs)
	}
	if fs[0].SourceText != "CHECKPOINT 10;" {
		t.Errorf("source text %q", fs[0].SourceText)
	}
}

func TestUnreadableFolderIsAnInputError(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/a.sql", checkpoint10)
	write(t, dir, "m/locked/b.sql", checkpoint10)
	write(t, dir, "m/z.sql", checkpoint10)
	readDir = func(name string) ([]os.DirEntry, error) {
		if filepath.Base(name) == "locked" {
			return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrPermission}
		}
		return os.ReadDir(name)
	}
	t.Cleanup(func() { readDir = os.ReadDir })
	rs, sum := runAll(t, Options{Paths: []string{"m"}})
	var paths []string
	for _, r := range rs {
		paths = append(paths, r.Path)
	}
	if strings.Join(paths, " ") != "m/a.sql m/locked m/z.sql" {
		t.Errorf("results %v", paths)
	}
	if len(sum.Errors) != 1 || sum.Errors[0].Path != "m/locked" || sum.Files != 2 {
		t.Errorf("errors %+v, files %d", sum.Errors, sum.Files)
	}
}

func TestNaturalOrderAcrossFolders(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	for _, n := range []string{"V10__x.sql", "V2__x.sql", "V1/a.sql", "V1.sql", "notes.txt", ".hidden/h.sql"} {
		write(t, dir, "m/"+n, "SELECT 1;\n")
	}
	rs, _ := runAll(t, Options{Paths: []string{"m"}})
	var paths []string
	for _, r := range rs {
		paths = append(paths, r.Path)
	}
	// as natural order of the full paths: "V1.sql" < "V1/a.sql" ('.' < '/')
	if got := strings.Join(paths, " "); got != "m/V1.sql m/V1/a.sql m/V2__x.sql m/V10__x.sql" {
		t.Errorf("order %s", got)
	}
}

func TestContextFeedsTheModelOnly(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	// 801 files across two scripts: SL101 fires in the second only
	// because the first one's files count.
	var a, b strings.Builder
	a.WriteString("CREATE DATABASE Big;\nGO\n")
	for i := 0; i < 700; i++ {
		a.WriteString("ALTER DATABASE Big ADD FILE (NAME = f" + strconv.Itoa(i) + ", FILENAME = 'x" + strconv.Itoa(i) + ".ndf');\n")
	}
	for i := 700; i < 900; i++ {
		b.WriteString("ALTER DATABASE Big ADD FILE (NAME = f" + strconv.Itoa(i) + ", FILENAME = 'x" + strconv.Itoa(i) + ".ndf');\n")
	}
	write(t, dir, "m/V1.sql", a.String()+checkpoint10)
	write(t, dir, "m/V2.sql", b.String())
	rs, sum := runAll(t, Options{Paths: []string{"m/V2.sql"}, Context: []string{"m"}})
	if len(rs) != 1 || rs[0].Path != "m/V2.sql" || sum.Files != 1 {
		t.Fatalf("results %+v", rs)
	}
	fs := findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL101" {
		t.Errorf("findings %+v, want SL101 only (V1's SL302 is context)", fs)
	}
	rs, _ = runAll(t, Options{Paths: []string{"m/V2.sql"}})
	if fs := findings(rs); len(fs) != 0 {
		t.Errorf("without context: %+v", fs)
	}
}

func TestOverlayReplacesTheDisk(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	p := write(t, dir, "a.sql", "SELECT 1;\n")
	rs, _ := runAll(t, Options{Paths: []string{"a.sql", "new.sql"}, Overlay: map[string][]byte{
		p:                             []byte(checkpoint10),
		filepath.Join(dir, "new.sql"): []byte("SELECT 2;\n" + checkpoint10),
	}})
	fs := findings(rs)
	if len(fs) != 2 || fs[0].Path != "a.sql" || fs[1].Path != "new.sql" || fs[1].Line != 2 {
		t.Errorf("findings %+v", fs)
	}
}

func TestMissingPathIsAnError(t *testing.T) {
	_, err := Run(context.Background(), Options{Paths: []string{filepath.Join(t.TempDir(), "nope.sql")}}, func(*FileResult) {})
	if err == nil || !strings.Contains(err.Error(), "no such file or directory") {
		t.Errorf("err = %v", err)
	}
}

func TestExcludeAppliesToNamedFiles(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "gen/a.sql", checkpoint10)
	write(t, dir, "b.sql", checkpoint10)
	cfg := config.Default()
	cfg.Exclude = []string{"gen/"}
	rs, _ := runAll(t, Options{Paths: []string{"gen/a.sql", "b.sql", "."}, Config: cfg})
	if len(rs) != 1 || rs[0].Path != "b.sql" {
		t.Errorf("results %+v", rs)
	}
}

// A cancelled run stops early and returns the context's error.
func TestCancelStopsTheRun(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 200; i++ {
		write(t, dir, "m/V"+strconv.Itoa(i)+".sql", checkpoint10)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	_, err := Run(ctx, Options{Paths: []string{filepath.Join(dir, "m")}, Workers: 2}, func(*FileResult) {
		n++
		if n == 3 {
			cancel()
		}
	})
	if err == nil || n >= 200 {
		t.Errorf("err %v after %d files", err, n)
	}
}

// Parse hands every file's statements to the caller, in order.
func TestParseStreamsStatements(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "V2.sql", "USE Sales;\nCHECKPOINT;\n")
	write(t, dir, "V10.sql", "BACKUP DATABASE Sales TO DISK = 'x.bak';\n")
	var got []string
	err := Parse(context.Background(), Options{Paths: []string{dir}}, func(p *Parsed) {
		for _, st := range p.Result.Statements {
			got = append(got, filepath.Base(p.Path)+":"+st.Kind.String())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "V2.sql:use V2.sql:checkpoint V10.sql:backup_database" {
		t.Errorf("got %v", got)
	}
}
