package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// zeroingMessages returns the SL201/SL202 messages of sql, by line.
func zeroingMessages(t *testing.T, sql string) map[int]string {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("t.sql", sql), nil)
	out := map[int]string{}
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		if f.Rule.ID == "SL201" || f.Rule.ID == "SL202" {
			out[f.Span.Start.Position().Line] = f.Message
		}
	}
	return out
}

func TestModifyFileSizeBecomesKnown(t *testing.T) {
	got := zeroingMessages(t, `ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 50GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 52GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 20GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 22GB);
`)
	if m := got[1]; !strings.Contains(m, "allocates up to 50 GB of data file") || !strings.Contains(m, "up to about 8 min 03 s") {
		t.Errorf("first size of a file: %q, want an upper bound", m)
	}
	if m := got[3]; !strings.Contains(m, "allocates up to 20 GB of log file") {
		t.Errorf("first size of a log file: %q, want an upper bound", m)
	}
	if m, ok := got[2]; ok {
		t.Errorf("50 GB to 52 GB is a 2 GB growth, under the budget: %q", m)
	}
	if m, ok := got[4]; ok {
		t.Errorf("20 GB to 22 GB of log is a 2 GB growth, under the budget: %q", m)
	}
	// a growth over the budget from a known size is not an upper bound
	got = zeroingMessages(t, `ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 1GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 10GB);
`)
	if m := got[2]; !strings.HasPrefix(m, "allocates 9 GB of data file") || strings.Contains(m, "up to") {
		t.Errorf("growth from a known size: %q", m)
	}
}

func TestModifyFileKeepsTheFileCount(t *testing.T) {
	res := parser.ParseFile(parser.NewFile("t.sql", `CREATE DATABASE Baz;
ALTER DATABASE Baz MODIFY FILE (NAME = Baz, SIZE = 1GB);
ALTER DATABASE Baz MODIFY FILE (NAME = Baz_log, SIZE = 1GB);
ALTER DATABASE Baz MODIFY FILE (NAME = Baz, SIZE = 2GB);
`), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	for i, e := range m.Effects {
		if e.Files != 2 {
			t.Errorf("statement %d: %d files, want 2 (the MODIFY names files the database has)", i+1, e.Files)
		}
	}
	if e := m.Effects[3]; len(e.Allocs()) != 1 || e.Allocs()[0].Bytes != 1<<30 || e.Allocs()[0].UpTo {
		t.Errorf("1 GB to 2 GB: allocs %+v, want one known 1 GB", e.Allocs())
	}
}

func TestModifyFileUnreadableSizeIsUnknownAgain(t *testing.T) {
	res := parser.ParseFile(parser.NewFile("t.sql", `ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 1GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = $(NewSize));
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 2GB);
`), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	if e := m.Effects[2]; len(e.Allocs()) != 1 || !e.Allocs()[0].UpTo || e.Allocs()[0].Bytes != 2<<30 {
		t.Errorf("after a size the model cannot read: allocs %+v, want up to 2 GB", e.Allocs())
	}
}

// TestSL101MessageSingularFilegroup: 801 files all in PRIMARY are "in 1
// filegroup", not "1 filegroups".
func TestSL101MessageSingularFilegroup(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE S;\n")
	for i := 1; i <= 799; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE S ADD FILE (NAME = f%d, FILENAME = 'D:\\f%d.ndf');\n", i, i)
	}
	res := parser.ParseFile(parser.NewFile("t.sql", b.String()), nil)
	fs := Analyze(Default, []*parser.Result{res}, nil)
	if len(fs) != 1 || fs[0].Rule.ID != "SL101" || !strings.Contains(fs[0].Message, "801 files in 1 filegroup:") {
		t.Fatalf("findings %v, want SL101 saying 801 files in 1 filegroup", fs)
	}
}
