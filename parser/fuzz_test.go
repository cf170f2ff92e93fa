package parser

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// seeds are the shapes real scripts take; the fuzzers mutate them.
var seeds = []string{
	"CREATE DATABASE [a]]b] ON PRIMARY (NAME = a, FILENAME = 'x', SIZE = 10MB, FILEGROWTH = 10%) LOG ON (NAME = l, SIZE = 1 GB)",
	"ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS WITH ROLLBACK IMMEDIATE;",
	"ALTER DATABASE x ADD FILE (NAME = a), (NAME = b) TO FILEGROUP [fg]\nGO 2\n",
	"CHECKPOINT 10\nBACKUP DATABASE x TO DISK = N'NUL' WITH COPY_ONLY",
	"DBCC TRACEON (1806, - 1) WITH NO_INFOMSGS",
	":setvar db \"Sales\"\nUSE [$(db)]\nGO\n",
	"/* /* nested */ CREATE DATABASE x */ SELECT 'it''s' -- CHECKPOINT 5\n",
	"WHILE @i < 10 BEGIN SET @s = N'ALTER DATABASE x ADD FILEGROUP fg' EXEC(@s) END",
	"CREATE DATABASE <database_name, sysname, db> COLLATE Latin1_General_CI_AS",
	"IF (1 = 1 CREATE DATABASE x\nALTER DATABASE y SET RECOVERY SIMPLE",
	"RESTORE DATABASE x FROM DISK = 'a' WITH MOVE 'a' TO 'b', REPLACE\r\nUSE x\r\n",
	"RESTORE VERIFYONLY FROM DISK = @d WITH FILE = 1, STOPATMARK = 'm' AFTER '2024-01-01', FILESTREAM (DIRECTORY_NAME = x)",
	"CREATE DATABASE x (EDITION = 'Standard', SERVICE_OBJECTIVE = ELASTIC_POOL(name = [p]))",
}

// FuzzScan checks the scanner: tokens are in order, inside the text, and
// every byte is accounted for: what lies between two tokens scans to no
// token at all (white space and comments only).
func FuzzScan(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var s Scanner
		toks := append([]Token(nil), s.Scan(src)...)
		prev := 0
		for _, tok := range toks {
			start, end := int(tok.Start), int(tok.End)
			if start < prev || end <= start || end > len(src) {
				t.Fatalf("token %v out of order or bounds (prev end %d, len %d)", tok, prev, len(src))
			}
			if gap := src[prev:start]; gap != "" {
				var g Scanner
				if n := len(g.Scan(gap)); n != 0 {
					t.Fatalf("gap %q before token %v holds %d tokens", gap, tok, n)
				}
			}
			prev = end
		}
		if gap := src[prev:]; gap != "" {
			var g Scanner
			if n := len(g.Scan(gap)); n != 0 {
				t.Fatalf("trailing gap %q holds %d tokens", gap, n)
			}
		}
	})
}

// FuzzParse checks the whole pipeline: no panic, every statement and
// diagnostic inside its file, statements in order.
func FuzzParse(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			src = strings.ToValidUTF8(src, "?")
		}
		file := NewFile("fuzz.sql", src)
		r := ParseFile(file, &PreprocessOptions{Load: func(string) (*File, error) { return NewFile("inc.sql", "CHECKPOINT 1"), nil }})
		inside := func(what string, sp Span) {
			for _, p := range []Pos{sp.Start, sp.End} {
				if p.File == nil || p.Offset < 0 || p.Offset > len(p.File.Text) {
					t.Fatalf("%s: position %d outside its file", what, p.Offset)
				}
			}
			if sp.Start.File == sp.End.File && sp.End.Offset < sp.Start.Offset {
				t.Fatalf("%s: span ends before it starts", what)
			}
		}
		last := -1
		for _, st := range r.Statements {
			inside(st.Kind.String(), st.Span())
			if st.Start < 0 || st.End > len(st.Batch.Text) || st.Start > st.End {
				t.Fatalf("statement %s: batch range [%d,%d) outside %d", st.Kind, st.Start, st.End, len(st.Batch.Text))
			}
			if sp := st.Span(); sp.Start.File == file {
				if sp.Start.Offset < last {
					t.Fatalf("statements out of order")
				}
				last = sp.Start.Offset
			}
			_ = st.Summary()
		}
		for _, d := range r.Diags {
			inside(d.Rule, d.Span)
		}
	})
}

// FuzzTranscode checks that Transcode, with windows of any even size,
// writes exactly Decode's text and encoding, or declines.
func FuzzTranscode(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s), uint8(3))
		f.Add(srcEncodeUTF16(s+"é😀", false, true), uint8(1))
		f.Add(srcEncodeUTF16(s, true, false), uint8(2))
		f.Add([]byte(s+"caf\xe9\x80"), uint8(5))
	}
	f.Fuzz(func(t *testing.T, data []byte, w uint8) {
		defer func(n int) { transcodeWindow = n }(transcodeWindow)
		transcodeWindow = 2 * (int(w) + 1)
		var sb strings.Builder
		enc, noBOM, ok, err := Transcode(&sb, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return
		}
		want, err := Decode("a.sql", data)
		if err != nil {
			t.Fatalf("transcoded what Decode rejects: %v", err)
		}
		if want.Lossy() {
			t.Fatal("transcoded a lossy file")
		}
		if sb.String() != want.Text || enc != want.Encoding || noBOM != want.noBOM {
			t.Fatalf("%s %v %q, want %s %v %q", enc, noBOM, sb.String(), want.Encoding, want.noBOM, want.Text)
		}
	})
}
