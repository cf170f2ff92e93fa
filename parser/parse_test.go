package parser

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestParseGolden parses every testdata/parse/*.sql and compares what
// `sqllint parse --format json --all` would print with the .json beside it:
// kind, position and parsed details of every statement.
func TestParseGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Decode(filepath.Base(path), data)
			if err != nil {
				t.Fatal(err)
			}
			r := ParseFile(f, &PreprocessOptions{Vars: map[string]string{"DatabaseName": "Sales"}})
			type diag struct {
				Rule    string `json:"rule"`
				Line    int    `json:"line"`
				Column  int    `json:"column"`
				Message string `json:"message"`
			}
			out := struct {
				Statements []map[string]any `json:"statements"`
				Diags      []diag           `json:"diags"`
			}{Statements: []map[string]any{}, Diags: []diag{}}
			for _, st := range r.Statements {
				out.Statements = append(out.Statements, st.Summary())
			}
			for _, d := range r.Diags {
				p := d.Span.Start.Position()
				out.Diags = append(out.Diags, diag{d.Rule, p.Line, p.Column, d.Message})
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(out); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(path, ".sql") + ".json"
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./parser -run TestParseGolden -update)", err)
			}
			if !bytes.Equal(want, buf.Bytes()) {
				t.Errorf("%s differs from the parse; run with -update and review the diff:\n%s", golden, firstDiff(string(want), buf.String()))
			}
		})
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n  want " + al[i] + "\n  got  " + bl[i]
		}
	}
	return "lengths differ"
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestParallelParseIsSequentialParse checks that cutting a large script
// into runs of batches parsed on several cores changes nothing.
func TestParallelParseIsSequentialParse(t *testing.T) {
	text := mixedSQL(3*parallelMin, 3) + "\n-- sqllint:ignore SL302 why\nCHECKPOINT 5\nCREATE DATABASE x ON (SIZE = )\n"
	script := Preprocess(NewFile("big.sql", text), nil)
	if n := len(chunkBatches(script.Batches, 4)); n != 4 {
		t.Fatalf("%d chunks, want 4", n)
	}
	par := ParseScript(script)
	seq := &Result{Script: script, Diags: append([]Diag(nil), script.Diags...)}
	parseBatches(seq, script.Batches, nil, false, nil)
	sum := func(r *Result) string {
		var b strings.Builder
		for _, st := range r.Statements {
			data, _ := json.Marshal(st.Summary())
			b.Write(data)
			b.WriteByte('\n')
		}
		for _, d := range r.Diags {
			p := d.Span.Start.Position()
			b.WriteString(d.Rule + " " + itoa(p.Line) + " " + d.Message + "\n")
		}
		for _, d := range r.Directives {
			b.WriteString(d.Text + " " + itoa(d.Span.Start.Position().Line) + "\n")
		}
		return b.String()
	}
	if len(par.Statements) < 1000 || len(par.Diags) != 1 || len(par.Directives) != 1 {
		t.Fatalf("%d statements, %d diags, %d directives", len(par.Statements), len(par.Diags), len(par.Directives))
	}
	if a, b := sum(par), sum(seq); a != b {
		t.Errorf("parallel and sequential parses differ:\n%s", firstDiff(b, a))
	}
}

// TestParseScriptReuse checks that parsing with a StatementBuffer gives
// what ParseScript gives, call after call on the same buffer (one core and
// several, smaller and larger scripts), and that a reset buffer holds
// nothing of the statements it handed out.
func TestParseScriptReuse(t *testing.T) {
	sum := func(r *Result) string {
		var b strings.Builder
		for _, st := range r.Statements {
			data, _ := json.Marshal(st.Summary())
			b.Write(data)
			b.WriteByte('\n')
		}
		for _, d := range r.Diags {
			b.WriteString(d.Rule + " " + itoa(d.Span.Start.Position().Line) + " " + d.Message + "\n")
		}
		return b.String()
	}
	big := mixedSQL(3*parallelMin, 3) + "\nCREATE DATABASE x ON (SIZE = )\n"
	small := "WHILE @i < 3\nBEGIN\n EXEC ('ALTER DATABASE d ADD FILE (NAME = f)')\nEND\nGO\nCHECKPOINT\nSELECT 1\nGO\nBACKUP DATABASE d TO DISK = 'x'\n"
	var buf StatementBuffer
	var last *Result
	for i, text := range []string{small, big, small, small + big, big} {
		script := Preprocess(NewFile("t.sql", text), nil)
		want := sum(ParseScript(script))
		r := ParseScriptReuse(script, &buf)
		if got := sum(r); got != want {
			t.Fatalf("call %d: reused buffer differs:\n%s", i, firstDiff(want, got))
		}
		if len(r.Statements) < 5 {
			t.Fatalf("call %d: %d statements", i, len(r.Statements))
		}
		last = r
	}
	kept := append([]*Statement(nil), last.Statements...)
	buf.Reset()
	for _, st := range kept {
		if st.Batch != nil || st.Node != nil || st.Dynamic != nil {
			t.Fatalf("a reset buffer still holds a statement of %v", st.Kind)
		}
	}
}

// TestRestoreNode: what the restore rules read from a RESTORE: the MOVE
// targets with their spans, REPLACE, the read-only forms without a
// database.
func TestRestoreNode(t *testing.T) {
	src := "RESTORE DATABASE [Sales2] FROM DISK = N'x.bak'\n  WITH FILE = 1, MOVE N'Sales' TO N'D:\\Sales2.mdf',\n  MOVE @log TO 'L:\\Sales2.ldf', REPLACE;\n" +
		"RESTORE VERIFYONLY FROM DISK = 'x.bak' WITH CHECKSUM\n" +
		"RESTORE LOG Sales2 FROM DISK = 'x.trn' WITH NORECOVERY\n"
	for _, fast := range []bool{true, false} {
		r := parseFileFast(src, fast)
		if len(r.Statements) != 3 || len(r.Diags) != 0 {
			t.Fatalf("fast %v: %d statements, %v", fast, len(r.Statements), r.Diags)
		}
		text := func(s Span) string { return src[s.Start.Offset:s.End.Offset] }

		st := r.Statements[0]
		rs := st.Node.(*Restore)
		if st.Kind != KindRestoreDatabase || rs.Only != "" || rs.Database.Value != "Sales2" || !rs.Replace || st.Database() == nil {
			t.Errorf("fast %v: restore %+v", fast, rs)
		}
		if len(rs.Moves) != 2 {
			t.Fatalf("fast %v: moves %+v", fast, rs.Moves)
		}
		m0, m1 := rs.Moves[0], rs.Moves[1]
		if m0.Logical != "Sales" || m0.Physical != `D:\Sales2.mdf` || !m0.Known || text(m0.Span) != `MOVE N'Sales' TO N'D:\Sales2.mdf'` {
			t.Errorf("fast %v: move 0 %+v %q", fast, m0, text(m0.Span))
		}
		if m1.Logical != "@log" || m1.Physical != `L:\Sales2.ldf` || m1.Known || text(m1.Span) != `MOVE @log TO 'L:\Sales2.ldf'` {
			t.Errorf("fast %v: move 1 %+v %q", fast, m1, text(m1.Span))
		}

		st = r.Statements[1]
		rs = st.Node.(*Restore)
		if st.Kind != KindRestoreOnly || st.Kind.String() != "restore_only" || rs.Only != "VERIFYONLY" || st.Database() != nil ||
			len(rs.Sources) != 1 || rs.Sources[0].Value != "x.bak" || rs.Replace || len(rs.Moves) != 0 {
			t.Errorf("fast %v: verifyonly %v %+v", fast, st.Kind, rs)
		}

		st = r.Statements[2]
		rs = st.Node.(*Restore)
		if st.Kind != KindRestoreLog || !rs.Log || rs.Database.Value != "Sales2" {
			t.Errorf("fast %v: restore log %v %+v", fast, st.Kind, rs)
		}
	}
}

// With AddFileOnly a parse gives the same statements, but no Dynamic in
// a batch none of whose strings holds "add", and the same Dynamic in the
// others, on generated scripts and the fixtures, in one run and in
// ParsePlainUntil's parts.
func TestAddFileOnly(t *testing.T) {
	texts := generatedAndFixtures(t, 5, 200<<10, 0.02, 0.3)
	texts = append(texts, "DECLARE @s nvarchar(max) = N'x'\nWHILE @i < 3\nBEGIN\n SET @s = @s + N'y'\n EXEC (@s)\nEND\n",
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE d Add FILE (NAME = f)'\nWHILE @i < 3\nBEGIN\n SET @s = @s + N'y'\n EXEC (@s)\nEND\n")
	dropped, kept := 0, 0
	check := func(b *Batch, full, cheap []*Statement) {
		t.Helper()
		if len(full) != len(cheap) {
			t.Fatalf("batch %q: %d statements, want %d", b.Text, len(cheap), len(full))
		}
		var sc Scanner
		hasAdd := stringHasAdd(b.Text, sc.Scan(b.Text))
		for i := range full {
			want := *full[i]
			if !hasAdd {
				if want.Dynamic != nil {
					dropped++
				}
				want.Dynamic = nil
			} else if want.Dynamic != nil {
				kept++
			}
			if !reflect.DeepEqual(*cheap[i], want) {
				t.Fatalf("batch %q: statement %d is %+v, want %+v", b.Text, i, *cheap[i], want)
			}
		}
	}
	cheap := StatementBuffer{AddFileOnly: true}
	for _, text := range texts {
		PreprocessPlain(NewFile("a.sql", text), nil, func(b *Batch, plain bool) {
			f := b.Segs[0].File
			s := &Script{File: f, Files: []*File{f}, Batches: []*Batch{b}}
			full := ParseScript(s).Statements
			check(b, full, ParseScriptReuse(s, &cheap).Statements)
			if plain {
				check(b, full, ParsePlainUntil(b, &cheap, func(*Statement) bool { return false }))
			}
		})
	}
	if dropped < 20 || kept < 2 {
		t.Errorf("%d Dynamic facts left out, %d kept: too few to tell", dropped, kept)
	}
}
