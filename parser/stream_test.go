package parser

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// streamed is what ParseBatchStream hands on for b, gathered, or false.
func streamed(t *testing.T, b *Batch, buf *StatementBuffer) (*Result, bool) {
	t.Helper()
	var got Result
	ok := ParseBatchStream(b, buf, func(r *Result) {
		for _, st := range r.Statements {
			cp := *st // the room is reused
			got.Statements = append(got.Statements, &cp)
		}
		got.Directives = append(got.Directives, r.Directives...)
		got.Diags = append(got.Diags, r.Diags...)
	}, nil)
	return &got, ok
}

// streamCount is ParseBatchStream of b with a new buffer: whether it
// streamed, the statements it handed on and those of interest among
// them, and the bytes allocated meanwhile.
func streamCount(b *Batch, looked func(int)) (ok bool, statements, interest int, alloc uint64) {
	buf := &StatementBuffer{AddFileOnly: true}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ok = ParseBatchStream(b, buf, func(r *Result) {
		statements += len(r.Statements)
		for _, st := range r.Statements {
			if st.Kind != KindOther {
				interest++
			}
		}
	}, looked)
	runtime.ReadMemStats(&after)
	return ok, statements, interest, after.TotalAlloc - before.TotalAlloc
}

// TestParseBatchStream compares ParseBatchStream, with windows of a few
// tokens and runs of a few statements, with the parse of the whole batch
// on the fixtures and generated scripts.
func TestParseBatchStream(t *testing.T) {
	texts := generatedAndFixtures(t, 5, 200<<10, 0.02, 0.2, 1)
	texts = append(texts,
		strings.Repeat("INSERT INTO t VALUES (1, 'x');\n", 50)+"CHECKPOINT\n"+strings.Repeat("INSERT INTO t VALUES (2, 'y')\n", 50)+"BACKUP DATABASE d TO DISK = 'x'\n",
		"BEGIN TRY\n"+strings.Repeat("INSERT INTO t VALUES (1, 'x');\n", 30)+"END TRY\nBEGIN CATCH\nCHECKPOINT\nEND CATCH\n",
		// a BEGIN CATCH is handed on once its CatchEnd is known
		"BEGIN TRY\nCHECKPOINT\nEND TRY\nBEGIN CATCH\n"+strings.Repeat("INSERT INTO t VALUES (1, 'x');\n", 30)+"END CATCH\nBACKUP DATABASE d TO DISK = 'x'\n",
		"WHILE 1 = 1\nBEGIN\nCHECKPOINT\nEND\n"+strings.Repeat("SELECT 1;", 40)+"\nBACKUP DATABASE d TO DISK = 'x",
		strings.Repeat("SELECT 1; ", 30)+"-- sqllint: disable SL101\nCHECKPOINT\n"+strings.Repeat("PRINT 'a' ", 30)+"/* open",
		"CREATE PROCEDURE p AS\n"+strings.Repeat("SELECT 1;\n", 30)+"CHECKPOINT\n",
		strings.Repeat("SELECT 1; ", 20)+"ALTER DATABASE d SET RECOVERY SIMPLE WITH ROLLBACK IMMEDIATE\n"+strings.Repeat("SELECT 1; ", 20)+"[unterminated",
	)
	defer func(w, f int) { streamWindow, streamFlush = w, f }(streamWindow, streamFlush)
	n, skipped := 0, 0
	for _, text := range texts {
		a, b := compareStream(t, text, []int{1, 5, 9, 40, 1 << 14}, []int{1, 3, 1 << 12})
		n, skipped = n+a, skipped+b
	}
	t.Logf("%d batches streamed, %d not", n, skipped)
	if n < 1000 || skipped == 0 {
		t.Errorf("%d batches streamed, %d not", n, skipped)
	}
}

// compareStream compares ParseBatchStream, with windows of each of
// windows tokens and runs of each of flushes statements, with the parse
// of the whole batch, on each batch of text; it returns how many batches
// were streamed and how many not (a statement holds ADD FILE text).
func compareStream(t *testing.T, text string, windows, flushes []int) (n, skipped int) {
	t.Helper()
	full := &StatementBuffer{AddFileOnly: true}
	buf := &StatementBuffer{AddFileOnly: true}
	PreprocessPlain(NewFile("p.sql", text), nil, func(b *Batch, plain bool) {
		if plain {
			b = b.Clone() // lent
		}
		f := b.Segs[0].File
		want := ParseScriptReuse(&Script{File: f, Files: []*File{f}, Batches: []*Batch{b}}, full)
		// a batch with "add" in a string is streamed when none of its
		// statements holds ADD FILE text, its Dynamic facts not recorded
		// (they matter only in a batch with such text)
		addStr, addFile := stringHasAdd(b.Text, new(Scanner).Scan(b.Text)), false
		var wantStmts []Statement
		for _, st := range want.Statements {
			addFile = addFile || st.Dynamic != nil && st.Dynamic.AddFile != ""
			wantStmts = append(wantStmts, *st)
			if addStr {
				wantStmts[len(wantStmts)-1].Dynamic = nil
			}
		}
		for _, w := range windows {
			for _, fl := range flushes {
				streamWindow, streamFlush = w, fl
				got, ok := streamed(t, b, buf)
				if !ok {
					if !addFile {
						t.Fatalf("batch %q not streamed", b.Text)
					}
					skipped++
					continue
				}
				if addFile {
					t.Fatalf("batch %q streamed, its ADD FILE text not recorded", b.Text)
				}
				n++
				if len(got.Statements) != len(wantStmts) {
					t.Fatalf("window %d, runs of %d: batch %q: %d statements, want %d", w, fl, b.Text, len(got.Statements), len(wantStmts))
				}
				for i := range wantStmts {
					if !reflect.DeepEqual(*got.Statements[i], wantStmts[i]) {
						t.Fatalf("window %d, runs of %d: batch %q: statement %d is %+v, want %+v", w, fl, b.Text, i, *got.Statements[i], wantStmts[i])
					}
				}
				if !reflect.DeepEqual(got.Directives, want.Directives) && (len(got.Directives) > 0 || len(want.Directives) > 0) {
					t.Fatalf("window %d, runs of %d: batch %q: directives %+v, want %+v", w, fl, b.Text, got.Directives, want.Directives)
				}
				if !reflect.DeepEqual(got.Diags, want.Diags) && (len(got.Diags) > 0 || len(want.Diags) > 0) {
					t.Fatalf("window %d, runs of %d: batch %q: diagnostics %+v, want %+v", w, fl, b.Text, got.Diags, want.Diags)
				}
			}
		}
	})
	return n, skipped
}

// FuzzParseBatchStream compares ParseBatchStream with the parse of the
// whole batch on any script.
func FuzzParseBatchStream(f *testing.F) {
	for _, s := range []string{
		"SELECT 1; CHECKPOINT\nBACKUP DATABASE d TO DISK = 'x'\nGO\nBEGIN TRY SELECT 1 END TRY\n",
		"WHILE 1 = 1 BEGIN CHECKPOINT END; ALTER DATABASE d SET RECOVERY SIMPLE; -- sqllint: disable\nUSE d",
		"CREATE DATABASE d ON (NAME = 'a', FILENAME = 'b', SIZE = 10GB) LOG ON (NAME = 'l', FILENAME = 'm'); 'open",
	} {
		f.Add(s)
	}
	defer func(w, fl int) { streamWindow, streamFlush = w, fl }(streamWindow, streamFlush)
	f.Fuzz(func(t *testing.T, text string) {
		compareStream(t, text, []int{1, 6}, []int{1, 2})
	})
}

// TestParseBatchStreamBounded checks that a batch of many statements
// without a GO is parsed in memory that does not grow with it: the
// whole parse holds a token for every few bytes.
func TestParseBatchStreamBounded(t *testing.T) {
	alloc := func(rows int) uint64 {
		b := oneBatch(t, "CHECKPOINT\n"+strings.Repeat("INSERT INTO t VALUES (1, 'x');\n", rows)+"BACKUP DATABASE d TO DISK = 'x'\n")
		var looked []int
		ok, statements, interest, alloc := streamCount(b, func(upto int) { looked = append(looked, upto) })
		// the first pass (no "add" in the text) reports every lookStep
		// bytes, up to the end
		if n := len(b.Text); len(looked) != (n+lookStep-1)/lookStep || looked[len(looked)-1] != n {
			t.Fatalf("%d bytes: looked at %v", n, looked)
		}
		if !ok || statements != rows+2 || interest != 2 {
			t.Fatalf("%d rows: streamed %v, %d statements, %d of interest", rows, ok, statements, interest)
		}
		return alloc
	}
	small, large := alloc(20_000), alloc(200_000)
	t.Logf("%d, %d bytes", small, large)
	// 6 MB of text: the whole parse allocates 6 MB of tokens and 10 MB
	// of statements; streamed, the same as a tenth of it
	if large > 2*small || large > 4<<20 {
		t.Errorf("200,000 statements in a batch allocate %d bytes, 20,000 %d", large, small)
	}
}

// TestPreprocessLentReading checks that the preprocessor reports its
// progress through a long batch at line starts about every ReadingStep
// bytes, and that the batches are PreprocessLent's.
func TestPreprocessLentReading(t *testing.T) {
	text := strings.Repeat("INSERT INTO t VALUES (1, 'x');\n", 300_000) + "GO\n" +
		strings.Repeat("    SELECT 1\n", 100_000) + "CHECKPOINT\nGO\nPRINT 'x'\n"
	var want, got []string
	PreprocessLent(NewFile("a.sql", text), nil, func(b *Batch, plain bool) { want = append(want, b.Text) })
	var offs []int
	PreprocessLentReading(NewFile("a.sql", text), nil, func(b *Batch, plain bool) { got = append(got, b.Text) },
		func(off int) { offs = append(offs, off) })
	if !reflect.DeepEqual(got, want) || len(want) != 3 {
		t.Fatalf("%d batches, want the %d of PreprocessLent", len(got), len(want))
	}
	if len(offs) != len(text)/ReadingStep {
		t.Fatalf("reported at %v in %d bytes", offs, len(text))
	}
	last := 0
	for _, off := range offs {
		if off-last < ReadingStep || off-last > ReadingStep+64 || text[off-1] != '\n' {
			t.Fatalf("reported at %v", offs)
		}
		last = off
	}
}

// TestAddWordIn checks that a string literal addWordIn passes over holds
// no ADD FILE text, alone or joined to the next (dynamicFacts), on every
// literal of up to five bytes of an alphabet that spells it.
func TestAddWordIn(t *testing.T) {
	const alphabet = "aAdD F'_x\t"
	var lits []string
	var grow func(s string)
	grow = func(s string) {
		lits = append(lits, "'"+s+"'", "N'"+s+"'", "'"+s)
		if len(s) < 5 {
			for i := 0; i < len(alphabet); i++ {
				grow(s + alphabet[i:i+1])
			}
		}
	}
	grow("")
	found := 0
	for _, lit := range lits {
		v := StringValue(lit)
		match := false
		for _, joined := range []string{v, v + " FILE x", "x " + v + " FILE x", "_" + v + " LOG FILE"} {
			if addFileMatch(joined) != "" {
				match = true
			}
		}
		if match {
			found++
			if !addWordIn(lit) {
				t.Fatalf("%s holds ADD FILE text, alone or joined, but addWordIn passes over it", lit)
			}
		}
	}
	if found < 1000 {
		t.Fatalf("only %d literals with ADD FILE text", found)
	}
	for _, lit := range []string{"'address'", "'padding'", "N'Ladder add'", "'add_x'", "'ADDRESS LINE 1'"} {
		if ppHasAdd(lit) && addWordIn(lit) != strings.HasSuffix(lit, "add'") {
			t.Errorf("addWordIn(%s) = %v", lit, addWordIn(lit))
		}
	}
}

// TestParseBatchStreamAddWord: a large batch with "add" as a word in a
// string ('add', a button's label in seed data) but no ADD FILE text is
// parsed a window at a time too. It was parsed whole: a batch of 50 MB
// held its 15 million tokens at once (720 MB). A batch whose statement
// builds ADD FILE text still is parsed whole, its Dynamic facts recorded.
func TestParseBatchStreamAddWord(t *testing.T) {
	rows := func(n int) string { return strings.Repeat("INSERT INTO t VALUES (1, N'Add', 'x');\n", n) }
	alloc := func(n int) uint64 {
		b := oneBatch(t, "SELECT 'add';\nCHECKPOINT\n"+rows(n)+"BACKUP DATABASE d TO DISK = 'x'\n")
		buf := &StatementBuffer{AddFileOnly: true}
		statements := 0
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ok := ParseBatchStream(b, buf, func(r *Result) { statements += len(r.Statements) }, nil)
		runtime.ReadMemStats(&after)
		if !ok || statements != n+3 {
			t.Fatalf("%d rows: streamed %v, %d statements", n, ok, statements)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(20_000), alloc(200_000)
	t.Logf("%d, %d bytes", small, large)
	// 8 MB of text: the whole parse allocates 30 MB of tokens and 13 MB
	// of statements
	if large > 2*small || large > 4<<20 {
		t.Errorf("200,000 statements in a batch allocate %d bytes, 20,000 %d", large, small)
	}
	for _, head := range []string{
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE d ADD FILE (NAME = f, FILENAME = ''f.ndf'')';\n",
		"SET @s = 'ALTER DATABASE d ADD ' + 'FILE (NAME = f, FILENAME = ''f.ndf'')';\n",
		"EXEC ('ALTER DATABASE d ADD LOG FILE (NAME = l, FILENAME = ''l.ldf'')');\n",
	} {
		b := oneBatch(t, "CHECKPOINT\n"+rows(1000)+head+rows(1000))
		if _, ok := streamed(t, b, &StatementBuffer{AddFileOnly: true}); ok {
			t.Errorf("%q: streamed", head)
		}
	}
}
