package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// tailStops are stop tests of the kinds splitTail is given: the
// Compactor's (a statement that is not PRINT, SET, DECLARE or a bare
// BEGIN), one that stops at every statement, and one that stops at none.
var tailStops = map[string]func(*Statement) bool{
	"blocker": func(st *Statement) bool {
		switch st.Keyword() {
		case "PRINT", "SET", "DECLARE":
			return false
		case "BEGIN":
			return len(st.Tokens()) > 2
		}
		return true
	},
	"every": func(*Statement) bool { return true },
	"none":  func(*Statement) bool { return false },
}

// checkTail compares, for each batch of text, the statements splitTail
// gives with those of the whole split: the same ones, field by field, but
// for one run of ordinary statements of the batch without a Node,
// Dynamic facts or a Diag left out after the batch's first that stop
// reports true of and before tailFrom's offset (headCut), the same
// diagnostics and directives, and after them only ordinary statements of
// the batch without a Node, Dynamic facts or a Diag that start after
// tailFrom's offset, the first that stop reports true of being the last
// one given. It returns how many batches were cut short in their tail
// and in their head.
func checkTail(t *testing.T, name, text string) (cut, heads, batches int) {
	t.Helper()
	s := Preprocess(NewFile(name, text), nil)
	for _, b := range s.Batches {
		if len(b.Segs) != 1 {
			continue
		}
		at := tailFrom(b.Text)
		batches++
		one := &Script{File: s.File, Files: s.Files, Batches: []*Batch{b}}
		whole := ParseScriptReuse(one, &StatementBuffer{AddFileOnly: true})
		for sname, stop := range tailStops {
			r := &Result{}
			sp := splitter{}
			sp.splitTail(r, b, new(Scanner), at, stop)
			if !reflect.DeepEqual(r.Diags, whole.Diags) || !reflect.DeepEqual(r.Directives, whole.Directives) {
				t.Fatalf("%s batch %d (%s): diags %v, want %v; directives %v, want %v", name, b.Index, sname, r.Diags, whole.Diags, r.Directives, whole.Directives)
			}
			n := len(r.Statements)
			w := whole.Statements
			j, gaps := 0, 0
			stopped := false // the batch's first statement that stops was given
			for k := 0; k < n; k++ {
				if j < len(w) && !reflect.DeepEqual(*r.Statements[k], *w[j]) {
					gaps++
					for j < len(w) && !reflect.DeepEqual(*r.Statements[k], *w[j]) {
						if st := w[j]; !stopped || gaps > 1 || st.Kind != KindOther || st.Node != nil || st.Dynamic != nil || st.Batch != b || st.End > at {
							t.Fatalf("%s batch %d (%s): statement %d differs, and the whole split's %d is not one to leave out (tail from %d):\n%+v\n%+v\n%q", name, b.Index, sname, k, j, at, *r.Statements[k], *st, b.Text)
						}
						j++
					}
				}
				if j == len(w) {
					t.Fatalf("%s batch %d (%s): statement %d is not the whole split's: %+v\n%q", name, b.Index, sname, k, *r.Statements[k], b.Text)
				}
				if st := w[j]; st.Kind == KindOther && st.Node == nil && stop(st) {
					stopped = true
				}
				j++
			}
			// statements the head pass dropped after the one it jumped
			// from, when no statement starts after its head: they end
			// the whole split, but are no cut (headJump)
			if j < len(w) && stopped && gaps == 0 {
				g := j
				for g < len(w) && w[g].Kind == KindOther && w[g].Node == nil && w[g].Dynamic == nil && w[g].Batch == b && w[g].End <= at {
					g++
				}
				if g == len(w) {
					j, gaps = g, 1
				}
			}
			heads += gaps
			if j < len(w) {
				cut++
				last := r.Statements[n-1]
				if last.Start < at || !stop(last) {
					t.Fatalf("%s batch %d (%s): cut after statement %d, at %d (tail from %d)", name, b.Index, sname, n-1, last.Start, at)
				}
				// (none in a CATCH block closed before the cut, nor its
				// BEGIN CATCH, stops it: SL303 walks past the block)
				caught := 0
				for _, st := range r.Statements[:n] {
					if st.CatchEnd > 0 && int(st.CatchEnd) <= last.Start {
						caught = max(caught, int(st.CatchEnd))
					}
				}
				for k := 0; k < n-1; k++ {
					if st := r.Statements[k]; st.Batch == b && st.Start >= at && st.Start >= caught && st.Kind == KindOther && st.Node == nil && stop(st) {
						t.Fatalf("%s batch %d (%s): statement %d stops before the cut", name, b.Index, sname, k)
					}
				}
			}
			for k, st := range w[j:] {
				if st.Kind != KindOther || st.Node != nil || st.Dynamic != nil || st.Batch != b || st.Start < at {
					t.Fatalf("%s batch %d (%s): statement %d after the cut matters: %+v\n%q", name, b.Index, sname, j+k, *st, b.Text)
				}
			}
		}
	}
	return cut, heads, batches
}

func TestSplitTailGenerated(t *testing.T) {
	cut, heads, total := 0, 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, density := range []float64{0.02, 0.3, 1} {
			var sb strings.Builder
			if _, err := gencorpus.New(seed, density, int(seed)).WriteTo(&sb, 128<<10); err != nil {
				t.Fatal(err)
			}
			c, h, n := checkTail(t, fmt.Sprintf("gen-%d-%v", seed, density), sb.String())
			cut, heads, total = cut+c, heads+h, total+n
		}
	}
	if cut == 0 || heads == 0 {
		t.Fatalf("of %d batches, %d cut short in their tail and %d in their head", total, cut, heads)
	}
	t.Logf("%d cuts in the tail and %d in the head in %d batches", cut, heads, total)
}

func TestTailFrom(t *testing.T) {
	for _, tc := range []struct {
		text string
		at   int // -1: the end of the text
	}{
		{"SELECT 1; SELECT 2", 0},
		{"USE x; SELECT 1", 3},
		{"SELECT 1; user_name(); users; reuses", 0},
		{"SELECT 1 FROM house AS h", 19},                 // USE before a byte no word continues: any "use"
		{"SELECT 'x backups y'", 16},                     // BACKUP anywhere
		{"SELECT 'x BACKUP'", 16},                        //
		{"EXEC dbo.DatabaseBackup @Directory = NUL", 23}, // the procedure's name
		{"SELECT [DatabaseBackup]", 22},                  //
		{"SELECT 'tempdbx' + 'y'", 14},                   // tempdb anywhere
		{"SELECT 1 -- checkpoint\n", 22},                 // in a comment too
		{"SELECT checkpoints, databases, dbccx, restored", 0},
		{"SELECT 10use", -1}, // 10 and USE
		{"SELECT 0x1FDBCC", -1},
		{"SELECT x.database", -1},
		{"SET @s = N'x ADD FILE'", 16}, // ADD FILE text
		{"SET @s = N'ADD'", 14},        // ends the string
		{"SET @s = 'x' + 'padd ' + 'address'", 0},
		{"ALTER TABLE t ADD c int", 17}, // (outside a string too)
		{"EXEC sp_addextendedproperty 'x'", 0},
		{"EXEC sp_addumpdevice 'disk', 'd', 'NUL'", 20}, // a device's procedure
		{"EXEC [sp_dropdevice] 'd'", 19},
		{"SELECT devices, deviceid FROM t", 0},
	} {
		want := tc.at
		if want < 0 {
			want = len(tc.text)
		}
		if got := tailFrom(tc.text); got != want {
			t.Errorf("tailFrom(%q) = %d, want %d", tc.text, got, want)
		}
		// every alignment to its rounds of bytes
		for k := 1; k <= 17; k++ {
			pre, post := strings.Repeat("; ", k), strings.Repeat(" ", k)
			w := want
			if w > 0 {
				w += len(pre)
			}
			if got := tailFrom(pre + tc.text + post); got != w {
				t.Errorf("tailFrom(%q) = %d, want %d", pre+tc.text+post, got, w)
			}
		}
	}
	// the same as looking at every byte, on random texts
	alphabet := []string{"use", "restore", "database", "checkpoint", "backup", "dbcc", "tempdb", "add", "SE", "Up", "dD", "a", "d", " ", "'", "x", "_", "1", "\n",
		"uS", "As", "or", "IN", "ku", "bc", "pD", "ad", "t", "e", "use", "tempdb"}
	seed := uint32(3)
	for n := 0; n < 100000; n++ {
		var sb strings.Builder
		for k := int(seed % 23); k >= 0; k-- {
			seed = seed*1664525 + 1013904223
			sb.WriteString(alphabet[(seed>>16)%uint32(len(alphabet))])
		}
		text := sb.String()
		want := 0
		for j := len(text) - 1; j >= 2; j-- {
			if tailEndsAt(text, j) {
				want = j + 1
				break
			}
		}
		if got := tailFrom(text); got != want {
			t.Fatalf("tailFrom(%q) = %d, want %d", text, got, want)
		}
	}
}

func TestTailRestClean(t *testing.T) {
	for _, tc := range []struct {
		text  string
		clean bool
	}{
		{"SELECT 1; SELECT 'a''b', [c]]d], \"e\"\"f\" -- x\n/* y /* z */ */ WHERE a < b AND c <> d", true},
		{"SELECT 1 -- sqllint:ignore SL303 why\n", false},
		{"SELECT 1 /*  SQLLINT:ignore-file SL303 why */", false},
		{"SELECT 1 /* a sqllint: inside is no directive */", true},
		{"SELECT 'never closed", false},
		{"SELECT [never closed", false},
		{"SELECT \"never closed", false},
		{"SELECT 1 /* /* nested */ never closed", false},
		{"SELECT 1 -- a comment is closed by the end", true},
		{"SELECT ${x}", false},
		{"SELECT $(x)", false},
		{"SELECT {{x}}", false},
		{"SELECT <a, int, 1>", false}, // a template
		{"SELECT 'a -- b', '/* c'", true},
		{"SELECT 1e-5, a-b, a/b", true},
	} {
		if got := tailRestClean(tc.text, 0); got != tc.clean {
			t.Errorf("tailRestClean(%q) = %v, want %v", tc.text, got, tc.clean)
		}
		// every alignment of the bytes it stops at to its rounds of
		// eight bytes, and a long plain rest after them
		for k := 1; k <= 17; k++ {
			text := strings.Repeat("a ", k) + tc.text + strings.Repeat(" \n", k)
			if tc.text[len(tc.text)-1] == '\n' || strings.HasSuffix(tc.text, "why") {
				continue // (the padding would be in the comment)
			}
			if got := tailRestClean(text, 0); got != tc.clean {
				t.Errorf("tailRestClean(%q) = %v, want %v", text, got, tc.clean)
			}
		}
	}
	// a byte it stops at, anywhere in a long plain text, is seen
	for _, stop := range []string{"'", "\"", "[", "${", "{{", "/* sqllint:ignore SL303 x */", "-- sqllint:ignore SL303 x\n"} {
		for k := 0; k <= 40; k++ {
			text := strings.Repeat("b", k) + stop + strings.Repeat("c", 40)
			if tailRestClean(text, 0) {
				t.Errorf("tailRestClean(%q) = true, want false", text)
			}
		}
	}
}

// TestSplitTailFixtures: the same on the repository's scripts, whose
// batches hold directives, dynamic SQL, variables run as text, templates
// and unterminated strings.
func TestSplitTailFixtures(t *testing.T) {
	n := 0
	for _, dir := range []string{"../testdata", "../examples"} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sql") {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checkTail(t, path, string(data))
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n == 0 {
		t.Fatal("no script found")
	}
}

// TestSplitTailCases: batches whose tail looks clean but is not, or is
// after text that makes it matter.
func TestSplitTailCases(t *testing.T) {
	pad := strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 12)
	for _, text := range []string{
		"USE x;\n" + pad,
		"CHECKPOINT;\nSELECT 1;\n" + pad + "-- sqllint:ignore SL303 why\nSELECT 2;\n",
		"CHECKPOINT;\nSELECT 1;\n" + pad + "SELECT 'never closed\n",
		"CHECKPOINT;\nSELECT 1;\n" + pad + "/* never closed\n",
		"CHECKPOINT;\nSELECT 1;\n" + pad + "SELECT ${env};\n",
		"CHECKPOINT;\nSELECT 1 <a, int, 1>;\n" + pad,
		// a variable that holds BACKUP text, run after the cut
		"DECLARE @s nvarchar(max) = N'BACKUP LOG x TO DISK = ''NUL''';\nSELECT 1;\n" + pad + "EXEC (@s);\n",
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE tempdb ADD FILE (NAME = t2, SIZE = 8GB)';\nSELECT 1;\n" + pad + "EXEC (@s);\n",
		// text runText follows (a trace flag, a recovery time, a
		// checkpoint's duration, a file's size), run after the cut
		"DECLARE @s nvarchar(max) = N'DBCC TRACEON (1806, -1)';\nSELECT 1;\n" + pad + "EXEC (@s);\n",
		"DECLARE @s nvarchar(max);\nSET @s = N'ALTER DATABASE x SET TARGET_RECOVERY_TIME = 0 SECONDS';\n" + pad + "EXEC sp_executesql @s;\n",
		"DECLARE @s nvarchar(max) = N'USE x; CHECKPOINT 30';\n" + pad + "EXECUTE (@s);\n",
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 80GB)';\n" + pad + "EXEC (@s);\n",
		// a block's only statement: Body when the block ends
		"IF 1 = 1\nBEGIN\n    CHECKPOINT;\nEND\n" + pad,
		"WHILE 1 = 1\nBEGIN\n    BACKUP LOG x TO DISK = 'NUL';\n    SELECT 1;\n" + pad + "END\n",
		"CREATE PROCEDURE p AS\nBEGIN\n    CHECKPOINT;\n" + pad + "END\n",
		// the statement the split stops at is its block's only one, past
		// a window of tokens that start none
		"CHECKPOINT;\nBEGIN\n    DELETE FROM t WHERE a = 1;\n    " + strings.Repeat("WITH ", 300) + "\nEND\n" + pad,
		"USE x;\nDECLARE @a int;\nPRINT 'a';\nSET @a = 1;\n" + pad,
		"USE x;\n" + pad + "EXEC dbo.DatabaseBackup @Databases = 'x', @Directory = NUL;\n" + pad,
		"USE x;\n" + pad + "SET @s = 'ALTER DATABASE x ADD FILE (NAME = a)';\n" + pad,
		// a backup device on NUL, which a later batch's BACKUP writes to
		// (the call has a Node, DumpDevice), also added or dropped in
		// dynamic SQL
		"USE x;\nSELECT 1;\n" + pad + "EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\n" + pad,
		"USE x;\nSELECT 1;\n" + pad + "EXEC master.dbo.[sp_dropdevice] N'NulDev';\n" + pad,
		"USE x;\nSELECT 1;\n" + pad + "EXEC ('EXEC sp_addumpdevice ''disk'', ''NulDev'', ''NUL''');\n" + pad,
	} {
		checkTail(t, "case.sql", text)
	}
}

// TestSplitTailRunVars: a batch whose text runText follows is cut short
// when no EXEC is written after the statement it stops at, and split
// whole when one is.
func TestSplitTailRunVars(t *testing.T) {
	pad := strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 12)
	head := "DECLARE @s nvarchar(max) = N'DBCC TRACEON (1806, -1)';\nEXEC (@s);\nSELECT 1;\n"
	for _, tc := range []struct {
		text string
		cut  bool
	}{
		{head + pad, true},
		{head + pad + "EXEC (@s);\n", false},
		{head + pad + "-- exec\n" + pad, false},
		{head + pad + "EXEC sp_executesql @s;\n", false},
	} {
		if cut, _, _ := checkTail(t, "runvars.sql", tc.text); (cut > 0) != tc.cut {
			t.Errorf("%q: %d cuts, want cut %v", tc.text, cut, tc.cut)
		}
	}
}

func TestHasExec(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"EXEC (@s)", true},
		{"\nexecute sp_x", true},
		{"EXEC", true},
		{"sp_ExecuteSql @s", true},
		{"SELECT max(x) FROM t; -- xexe", false},
		{"EXE", false},
		{"xec", false},
		{"", false},
	} {
		if got := hasExec(tc.text); got != tc.want {
			t.Errorf("hasExec(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// FuzzSplitTail: checkTail on any script.
func FuzzSplitTail(f *testing.F) {
	pad := strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 10)
	for _, s := range []string{
		"USE x;\n" + pad,
		"CHECKPOINT;\nSELECT 1;\n" + pad + "-- sqllint:ignore SL303 why\nSELECT 2;\n",
		"DECLARE @s nvarchar(max) = N'BACKUP LOG x TO DISK = ''NUL''';\nSELECT 1;\n" + pad + "EXEC (@s);\n",
		"IF 1 = 1\nBEGIN\n    CHECKPOINT;\nEND\n" + pad,
		"CHECKPOINT;\nBEGIN\n    DELETE FROM t WHERE a = 1;\n    " + strings.Repeat("WITH ", 100) + "\nEND\n" + pad,
		"BACKUP DATABASE a TO DISK = 'x';\nGO\nSELECT 'never closed\n" + pad,
		// heads passed over (headCut)
		"SELECT 1;\nUPDATE t SET a = 1;\n" + pad + "BACKUP DATABASE x TO DISK = 'a';\n" + pad,
		"DECLARE @n int = 0;\nSET @n += 1;\n" + pad + "IF 1 = 1\nBEGIN\n    SELECT CASE WHEN a = 1 THEN 2 END;\nEND;\nCHECKPOINT;\n" + pad,
		"EXEC dbo.p @a = N'x';\nGRANT SELECT ON t TO u;\n" + pad + "USE x;\n" + pad,
		// the head pass drops the statements after the first that stops,
		// none starting after its head (the fuzzer's)
		"!0!UPDATE A!00SET 0!0A 0!0;DATABASE",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkTail(t, "f.sql", text)
	})
}

// tailPairs marks a pair tailStopped exactly when either byte is in
// tailStop.
func TestTailPairsStopped(t *testing.T) {
	for x := range len(tailPairs) {
		if got, want := tailPairs[x]&tailStopped != 0, tailStop[x&0xff] || tailStop[x>>8]; got != want {
			t.Fatalf("tailPairs[%#04x] stopped %v, want %v", x, got, want)
		}
	}
}
