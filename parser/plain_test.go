package parser

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// plainBatches preprocesses text and returns each batch's text with
// whether PreprocessPlain called it plain.
func plainBatches(text string, opt *PreprocessOptions) (texts []string, plain []bool) {
	PreprocessPlain(NewFile("t.sql", text), opt, func(b *Batch, p bool) {
		texts = append(texts, b.Text)
		plain = append(plain, p)
	})
	return texts, plain
}

func TestPreprocessPlain(t *testing.T) {
	for _, tc := range []struct {
		src   string
		plain bool
	}{
		{"SELECT 1;\n", true},
		{"CREATE TABLE t (a int); INSERT t VALUES (1); UPDATE t SET a = 2;", true},
		{"SELECT DATEADD(day, 1, x) FROM sys.databases WHERE name = N'used';", true},
		{"SELECT reuse, user_name(), DATABASEPROPERTYEX(1, 'x'), restored, checkpoints, backups, dbccx FROM t", true},
		{"SELECT 1 AS [use], 2 AS \"checkpoint\", @use, #use, x$use, $use FROM t", true},
		{"SELECT 1 -- use Sales\n/* CHECKPOINT 5 */ SELECT 'back up x'", true},
		// a string that may be dynamic SQL of interest (dynWordIn)
		{"SELECT 1 -- use Sales\n/* CHECKPOINT 5 */ SELECT 'backup database x'", false},
		{"EXEC ('CHECKPOINT 10')", false},
		{"EXEC (N'x'';DBCC TRACEON(1806)')", false},
		{"SELECT 'use x', 'backups', 'databases', 'my_database', 'no dbcc_x'", true},
		{"SELECT 'it''s done' + N'x'", true},
		{"IF x < 1 SELECT 'a' -- a comparison, then a comment\n", true},
		{"SELECT 0x1F, 0xDBCC, 10use", false}, // the scanner reads 10use as 10 and use
		{"SELECT 0x1FUSE", false},             // 0x1F then USE
		{"SELECT 0xUSE", false},
		{"checkpoint", false},
		{"ChEcKpOiNt 5", false},
		{"SELECT 1\nuse Sales", false},
		{"SELECT 1;USE Sales", false},
		{"SELECT x.use", false},
		{"SELECT 1\nBACKUP LOG x TO DISK = 'y'", false},
		{"RESTORE FILELISTONLY FROM DISK = 'x'", false},
		{"DBCC TRACEON (1806)", false},
		{"CREATE DATABASE x", false},
		{"ALTER DATABASE x SET RECOVERY SIMPLE", false},
		{"SELECT 'ADD FILE'", false},
		{"SELECT N'x''add'", false},
		{"SET @s = 'ALTER x ' + 'ADD'", false},
		{"SELECT 1 -- sqllint:ignore SL302 reason\n", false},
		{"/*  SQLLINT:ignore-file SL302 reason */ SELECT 1", false},
		{"SELECT 1 /* a sqllint: inside a comment is no directive */", true},
		{"SELECT 'never closed", false},
		{"SELECT [never closed", false},
		{"SELECT 1 /* never closed", false},
		{"SELECT 1 /* /* nested */ never closed", false},
		{"SELECT $(undefined)", false},
		{"SELECT '$(undefined)'", false},
		{"SELECT <a--b, int, 1> USE x", false}, // a template holding "--"
		{"SELECT x < 'a' -- no template holds a quote\n", true},
		{"SELECT <a\"b, int, 1> USE x \"", false}, // and one holding a quote
		{"SELECT ${a--b} USE x", false},           // a placeholder holding "--"
		{"SELECT 1 -- x\r it's\nUSE x\n'", false}, // a lone CR ends the comment for sqlcmd only
		{"SELECT 1\r\nSELECT 2\r\n", true},
		// a template or placeholder ends with its line, however the next
		// one starts
		{"SELECT a FROM t WHERE a <b\nAND c = 1 -- x\n", true},
		{"SELECT a FROM t WHERE a <b\n    AND c = 1 /* x */\n", true},
		{"SELECT a FROM t WHERE a <b\r\nAND c = 1 -- x\n", true},
		{"SELECT a FROM t WHERE a <b AND [c] = 1\nAND d = 2\n", false},
		{"SELECT ${a} FROM t\nWHERE \"c\" = 1\n", true},
		{"SELECT ${a} FROM t WHERE \"c\" = 1\n", false},
		// words of interest at the start of lines however indented, after
		// lines the scan does not stop in
		{"SELECT a\nFROM t\nuse Sales\n", false},
		{"SELECT a\nFROM t\n\tRESTORE LOG x FROM DISK = 'y'\n", false},
		{"SELECT a\nFROM t\n        \tdbcc TRACEON (1806)\n", false},
		{"SELECT a\nFROM t\nReturn\nrestored\nQ\n:\n!\n", true},
	} {
		texts, plain := plainBatches(tc.src, nil)
		if len(texts) != 1 {
			t.Errorf("%q: %d batches, want 1", tc.src, len(texts))
			continue
		}
		if plain[0] != tc.plain {
			t.Errorf("%q: plain %v, want %v", tc.src, plain[0], tc.plain)
		}
		checkPlain(t, texts[0], plain[0])
	}
}

// Plain is a property of each batch: a GO line starts a new one, and what
// sqlcmd changes in a batch (a command line inside it, a variable, an
// include) makes it not plain.
func TestPreprocessPlainBatches(t *testing.T) {
	inc := func(string) (*File, error) { return NewFile("inc.sql", "SELECT 2\n"), nil }
	for _, tc := range []struct {
		src   string
		plain []bool
	}{
		{"USE Sales\nGO\nSELECT 1\nGO\nCHECKPOINT\nGO\nPRINT 'x'\n", []bool{false, true, false, true}},
		{"SELECT 'a\nGO\nb'\nGO\nSELECT 1", []bool{true, true}},
		{":setvar x 1\nSELECT 1\nGO\nSELECT 1\n:setvar y 2\nSELECT 2\nGO\n", []bool{true, false}},
		{":r inc.sql\nGO\nSELECT 1\n:r inc.sql\nGO\n", []bool{true, false}},
		{":setvar kw CHECKPOINT\n$(kw) 5\nGO\n", []bool{false}},
		{"SELECT 1\n:exit(SELECT 2)\n", []bool{false}},
		{"SELECT 1\nGO\nSELECT 'never closed\nGO\n", []bool{true, false}},
		// GO lines and commands after lines the scan does not stop in
		{"SELECT a\nFROM t\nGO\nSELECT b\nFROM t\n  go 2\nSELECT c\nFROM t\nuse x\n", []bool{true, true, false}},
		{"SELECT a\nFROM t\n:setvar x 1\nSELECT 1\n", []bool{false}},
		{"SELECT a\nFROM t\n\t:r inc.sql\n", []bool{false}},
		{"SELECT a\nFROM t\nGO\nSELECT 2\nEXIT\nSELECT 3\n", []bool{true}},
	} {
		texts, plain := plainBatches(tc.src, &PreprocessOptions{Load: inc, IncludeOutside: true})
		if fmt.Sprint(plain) != fmt.Sprint(tc.plain) {
			t.Errorf("%q: plain %v, want %v (batches %q)", tc.src, plain, tc.plain, texts)
		}
		for i := range texts {
			checkPlain(t, texts[i], plain[i])
		}
	}
}

// checkPlain fails when a batch called plain is not: scanned and split, it
// gives a statement of interest, a directive, a diagnostic or ADD FILE
// text.
func checkPlain(t *testing.T, text string, plain bool) {
	t.Helper()
	if !plain {
		return
	}
	f := NewFile("b.sql", text)
	b := &Batch{Text: text, Segs: []Segment{{File: f}}}
	r := ParseScript(&Script{File: f, Files: []*File{f}, Batches: []*Batch{b}})
	if len(r.Diags) > 0 || len(r.Directives) > 0 {
		t.Fatalf("plain batch %q: %d diagnostics, %d directives", text, len(r.Diags), len(r.Directives))
	}
	for _, st := range r.Statements {
		if st.Kind != KindOther || st.Node != nil || st.Dynamic != nil && st.Dynamic.AddFile != "" {
			t.Fatalf("plain batch %q: statement %q is %v", text, text[st.Start:st.End], st.Kind)
		}
	}
}

// Every plain batch of the fixtures and of generated scripts is plain,
// and the generated ones mostly are.
func TestPreprocessPlainCorpora(t *testing.T) {
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Decode(path, data)
		if err != nil {
			t.Fatal(err)
		}
		PreprocessPlain(f, &PreprocessOptions{Vars: map[string]string{"DatabaseName": "Sales"}}, func(b *Batch, plain bool) {
			checkPlain(t, b.Text, plain)
		})
	}
	for _, density := range []float64{0.02, 0.2, 1} {
		var sb strings.Builder
		if _, err := gencorpus.New(7, density, 0).WriteTo(&sb, 1<<20); err != nil {
			t.Fatal(err)
		}
		n, plain := 0, 0
		PreprocessPlain(NewFile("g.sql", sb.String()), nil, func(b *Batch, p bool) {
			checkPlain(t, b.Text, p)
			n++
			if p {
				plain++
			}
		})
		if density == 0.02 && plain < n*8/10 {
			t.Errorf("density %v: %d plain batches of %d, want most", density, plain, n)
		}
	}
}

// PreprocessLent gives the batches PreprocessPlain gives, the plain
// ones in one reused Batch, which Clone copies out of.
func TestPreprocessLent(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(":setvar X 1\nSELECT $(X);\nGO\n")
	if _, err := gencorpus.New(3, 0.02, 0).WriteTo(&sb, 256<<10); err != nil {
		t.Fatal(err)
	}
	sb.WriteString("GO\nSELECT 1\nGO\nSELECT 2\n")
	f := NewFile("t.sql", sb.String())
	type got struct {
		b     Batch
		plain bool
	}
	var want []got
	PreprocessPlain(f, nil, func(b *Batch, plain bool) {
		want = append(want, got{*b, plain})
	})
	var (
		kept   []*Batch
		shared *Batch
		plains int
	)
	PreprocessLent(f, nil, func(b *Batch, plain bool) {
		// the lent batch is the right one while fn runs
		if k := len(kept); k >= len(want) || !reflect.DeepEqual(got{*b, plain}, want[k]) {
			t.Fatalf("batch %d: %+v (plain %v), not the batch PreprocessPlain gives", k, *b, plain)
		}
		kept = append(kept, b.Clone())
		if !plain {
			return
		}
		if plains++; shared == nil {
			shared = b
		} else if b != shared {
			t.Fatalf("batch %d: a new plain batch, want the lent one again", b.Index)
		}
	})
	if plains < 2 || len(kept) == plains {
		t.Fatalf("%d plain batches of %d: the text needs several of both kinds", plains, len(kept))
	}
	if len(kept) != len(want) {
		t.Fatalf("%d batches, want %d", len(kept), len(want))
	}
	// the clones keep their batch after the lent one was reused
	for i := range want {
		if !reflect.DeepEqual(*kept[i], want[i].b) {
			t.Errorf("batch %d: clone %+v, want %+v", i, *kept[i], want[i].b)
		}
	}
}

// FuzzPreprocessPlain checks that a batch called plain is.
func FuzzPreprocessPlain(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	for _, s := range []string{
		"SELECT 0x1FUSE, 1use, x.use, <a--b, c, d> USE x",
		"SELECT 1 -- x\r it's\nUSE x\n'",
		"SELECT 'a' + N'add' /* sqllint:ignore SL302 x */",
		"SELECT ${a--b} USE x\nGO\nSELECT [a]]b], \"c\"\"d\" FROM t",
		"EXEC (N'CHECKPOINT 10') EXEC sp_executesql N'x''DBCC TRACEON(1806)'",
		"EXEC dbo.DatabaseBackup @Directory = N'NUL'\nSET @s = 'BACKUP LOG a TO DISK = ''NUL''' EXEC (@s)",
		"EXEC sp_addumpdevice 'disk', 'D', 'C:\\x\\NUL'\nGO\nEXEC [sp_dropdevice] 'D'\nGO\nSELECT logic, device FROM t",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		PreprocessPlain(NewFile("f.sql", src), nil, func(b *Batch, plain bool) {
			checkPlain(t, b.Text, plain)
		})
	})
}

// ParsePlainUntil gives the statements of a whole parse up to the one
// that stops, whichever it is, on the plain batches of generated scripts
// and of the fixtures.
func TestParsePlainUntil(t *testing.T) {
	texts := generatedAndFixtures(t, 3, 300<<10, 0.02, 0.2)
	texts = append(texts, strings.Repeat("SELECT a, b, c FROM t WHERE x IN (1, 2, 3);\n", 200)+"PRINT 'x'\n",
		strings.Repeat("PRINT 'x'; SET @a = 1\n", 100)+"WHILE @a < 3 BEGIN SET @a += 1 END\n",
		// the inner block is the outer one's only statement (Body), known
		// only at the outer END, long after the UPDATE that stops
		"BEGIN\nBEGIN\n"+strings.Repeat("UPDATE t SET x = 1 WHERE y = 2 AND z = 3;\n", 20)+"END\nEND\nSELECT 1\n")
	var buf StatementBuffer
	prefixes := 0
	for _, text := range texts {
		PreprocessPlain(NewFile("p.sql", text), nil, func(b *Batch, plain bool) {
			if !plain {
				return
			}
			f := b.Segs[0].File
			whole := ParseScript(&Script{File: f, Files: []*File{f}, Batches: []*Batch{b}}).Statements
			var sc Scanner
			if len(sc.Scan(b.Text)) > 64 {
				prefixes++
			}
			for _, k := range []int{0, 1, 2, 5, len(whole) - 1, len(whole)} {
				stop := func(st *Statement) bool { return k < len(whole) && st.Start == whole[k].Start }
				got := ParsePlainUntil(b, &buf, stop)
				want := whole[:min(k+1, len(whole))]
				if len(got) != len(want) {
					t.Fatalf("batch %q, stop at statement %d: %d statements, want %d", b.Text, k, len(got), len(want))
				}
				for i := range got {
					if !reflect.DeepEqual(*got[i], *want[i]) {
						t.Fatalf("batch %q, stop at statement %d: statement %d is %+v, want %+v", b.Text, k, i, *got[i], *want[i])
					}
				}
			}
		})
	}
	if prefixes < 50 {
		t.Errorf("only %d batches long enough to be parsed in part", prefixes)
	}
}

// The table of pairs is the byte tables' rule, line feeds, the bytes
// after blanks and the pairs of letters of words of interest but for,
// and the marks of ppPairMarks.
func TestPairTab(t *testing.T) {
	for b := 0; b < 256; b++ {
		for c := 0; c < 256; c++ {
			want := uint8(0)
			if c != '\n' && ppTabPlain[c]&(ppTabPlain[b]>>4) != 0 {
				want |= ppPPlain
			}
			if c != '\n' && ppTabLoud[c]&(ppTabLoud[b]>>4) != 0 {
				want |= ppPLoud
			}
			if b == '\n' {
				want |= ppPNL
				if ppLineStart[c] {
					want |= ppPLine
				}
				if c == ' ' || c == '\t' {
					want |= ppPBlank
				}
			}
			if (b == ' ' || b == '\t') && ppLineStart[c] {
				want |= ppPIndent
			}
			for _, w := range ppWordPairs {
				if byte(b)|0x20 == w.pair[0] && byte(c)|0x20 == w.pair[1] {
					want |= ppPPlain
				}
			}
			// ppPairMarks: a dash stops only after a dash, and '<' after
			// it, where it may start a template
			if c == '-' && b != '-' || c == '<' {
				want &^= ppPPlain | ppPLoud
			}
			if b == '<' && !ppLessNever[c] {
				want |= ppPLess
			}
			if got := ppPairTab[b|c<<8]; got != want {
				t.Fatalf("%q then %q: %06b, want %06b", rune(b), rune(c), got, want)
			}
		}
	}
}

// The preprocessor's memory is reused from one script to the next:
// nothing a script's caller keeps changes when the next one is read.
func TestPreprocessReuse(t *testing.T) {
	srcs := []string{
		"USE a\nGO\nSELECT 1\nGO\nCHECKPOINT\nGO\n:setvar x 1\nSELECT '$(x)'\nGO\nPRINT 'x'\n",
		"BACKUP DATABASE b TO DISK = 'y'\nGO\nSELECT 2\nGO\nUSE c\nGO\n",
		"SELECT 3\nGO\nSELECT $(undefined)\nGO\nDBCC TRACEON (1806)\n",
	}
	type kept struct {
		s       *Script
		batches []*Batch
		copies  []Batch
		segs    [][]Segment
	}
	var all []kept
	for round := 0; round < 3; round++ {
		for _, src := range srcs {
			var k kept
			k.s = PreprocessLent(NewFile("r.sql", src), nil, func(b *Batch, plain bool) {
				if plain {
					b = b.Clone()
				}
				k.batches = append(k.batches, b)
				k.copies = append(k.copies, *b)
				k.segs = append(k.segs, append([]Segment(nil), b.Segs...))
			})
			if len(k.batches) < 3 || len(k.s.Files) != 1 || k.s.File.Text != src {
				t.Fatalf("%q: %d batches, %d files", src, len(k.batches), len(k.s.Files))
			}
			all = append(all, k)
		}
	}
	for i, k := range all {
		if k.s.File.Text != srcs[i%len(srcs)] || len(k.s.Files) != 1 || k.s.Files[0] != k.s.File {
			t.Fatalf("script %d changed", i)
		}
		for j, b := range k.batches {
			if !reflect.DeepEqual(*b, k.copies[j]) || !reflect.DeepEqual(b.Segs, k.segs[j]) {
				t.Fatalf("script %d, batch %d changed: %+v, was %+v", i, j, *b, k.copies[j])
			}
		}
	}
}

// A '<' that the T-SQL scanner never reads as the start of a template (a
// comparison: a blank, '>', '<', a line break, a quote, ';' or a
// parenthesis after it) leaves the batch plain when a comment, a bracket
// or a double quote follows it on its line; a '<' that may start one
// (<a, b, c>, '<' then a tab, "<=") does not.
func TestLessThanComparisonPlain(t *testing.T) {
	for src, want := range map[string]bool{
		"SELECT a FROM t WHERE a < 5 -- note\n":      true,
		"SELECT a FROM t WHERE a <> [b]\n":           true,
		"IF @a <(1) SELECT \"x\" /* y */\n":          true,
		"SELECT a FROM t WHERE a <\n5 -- note\n":     true,
		"SELECT <a, b, c> -- x\n":                    false,
		"SELECT <\ta, b, c> -- x\n":                  false,
		"SELECT a FROM t WHERE a <= 5 AND [b] = 1\n": false,
		"SELECT a FROM t WHERE a <5 AND [b] = 1\n":   false,
	} {
		var got []bool
		PreprocessPlain(NewFile("f.sql", src), nil, func(b *Batch, plain bool) {
			checkPlain(t, b.Text, plain)
			got = append(got, plain)
		})
		if len(got) != 1 || got[0] != want {
			t.Errorf("%q: plain %v, want [%v]", src, got, want)
		}
	}
}
