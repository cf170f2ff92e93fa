package analysis

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
)

// checkCounted resolves offs in order through one lineCache and compares
// each position with File.Position and each line with lineAt (itself
// File.Line, TestLineAtIsFileLine).
func checkCounted(t *testing.T, text string, offs []int) {
	t.Helper()
	f := parser.NewFile("x.sql", text)
	other := parser.NewFile("y.sql", text)
	c := lineCache{counted: true}
	for i, off := range offs {
		file := f
		if i%7 == 6 {
			file = other // another file between: counted from there again
		}
		want := parser.NewFile(file.Path, text).Position(off)
		got := c.position(file, off)
		if got != want {
			t.Fatalf("%q, offsets %v: at %d got %+v, want %+v", text, offs, off, got, want)
		}
		// the end of a span from there (lineCache.after), on its line,
		// a later one, or before it
		end := off + (off*7+i*13)%45 - 2
		if wantEnd, gotEnd := parser.NewFile(file.Path, text).Position(end), c.after(file, got, end); gotEnd != wantEnd {
			t.Fatalf("%q, offsets %v: end %d from %d got %+v, want %+v", text, offs, end, off, gotEnd, wantEnd)
		}
		gotLine, gotOK := c.lineOf(file, off, got.Line)
		wantLine, wantOK := lineAt(parser.NewFile(file.Path, text), off, got.Line)
		if gotLine != wantLine || gotOK != wantOK {
			t.Fatalf("%q, offsets %v: line at %d = %q, %v; want %q, %v", text, offs, off, gotLine, gotOK, wantLine, wantOK)
		}
	}
}

// TestCountedPosition: the positions of a file's findings counted from
// the last one are those File.Position gives, in order or not, across
// LF, CRLF and lone CR line breaks, multi-byte characters, invalid bytes
// and offsets inside a character or past the end; and the lines shown
// are those File.Line gives.
func TestCountedPosition(t *testing.T) {
	r := rand.New(rand.NewSource(15))
	pieces := []string{"a", "bc", " ", "\n", "\n", "\n", "\r\n", "\r", "é", "日本", "\t", "CHECKPOINT 10;", "\xff", "\xe6", "\x80"}
	for round := 0; round < 2000; round++ {
		var sb strings.Builder
		for n := r.Intn(120); n > 0; n-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		text := sb.String()
		offs := make([]int, 30)
		at := 0
		for k := range offs {
			switch r.Intn(6) {
			case 0:
				at = r.Intn(len(text) + 3) // anywhere, backwards too
			case 1:
				// same offset again
			default:
				at += r.Intn(8)
			}
			offs[k] = at
		}
		checkCounted(t, text, offs)
	}
}

// FuzzCountedPosition: as TestCountedPosition, on any text and offsets.
func FuzzCountedPosition(f *testing.F) {
	f.Add("a\nbb\r\nc\rd\n\né日本\n", []byte{0, 3, 5, 9, 12, 1, 20})
	f.Add(strings.Repeat("x", 300)+"\n"+strings.Repeat("é", 50), []byte{10, 200, 255, 255})
	f.Fuzz(func(t *testing.T, text string, steps []byte) {
		if len(steps) > 64 {
			steps = steps[:64]
		}
		offs := make([]int, 0, len(steps))
		at := 0
		for _, s := range steps {
			if s >= 0xf0 {
				at = int(s-0xf0) * len(text) / 15 // a jump, backwards too
			} else {
				at += int(s) % 32
			}
			offs = append(offs, at)
		}
		checkCounted(t, text, offs)
	})
}

// TestMsgHashes: the table gives the hash of the strings asked for,
// also for strings that share their bytes' address (prefixes of one
// another), equal texts in other strings and other rules.
func TestMsgHashes(t *testing.T) {
	var tab msgHashes
	big := strings.Repeat("allocates 16 GB of data file; ", 40)
	rules := []string{"SL201", "SL202", strings.Clone("SL201")}
	for round := 0; round < 3; round++ {
		for n := 0; n <= len(big); n += 7 {
			for _, rule := range rules {
				msgs := []string{big[:n], strings.Clone(big[:n]), big[n:]}
				for _, msg := range msgs {
					if got, want := tab.hash(rule, msg), ruleMsgHash(rule, msg); got != want {
						t.Fatalf("%s %q: %x, want %x", rule, msg, got, want)
					}
				}
			}
		}
	}
	if shownHash(1, "SL201", "x") != 1^tab.hash("SL201", "x") {
		t.Fatal("shownHash is not the path's hash and the table's")
	}
}

// TestLendSource: with Options.LendSource the source lines of a result's
// findings are its file's text (no copy), valid until the result is
// released, when the buffer goes back to the pool (poisoned here: the
// lines read garbage from then on); without it they are copies, valid
// after the buffer went back.
func TestLendSource(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = true
	dir := t.TempDir()
	var paths []string
	for i, name := range []string{"a.sql", "b.sql", "c.sql"} {
		path := filepath.Join(dir, name)
		text := strings.Repeat("SELECT 1;\n", i) + "USE [x];\nCHECKPOINT;\nBACKUP DATABASE [x] TO DISK = N'B:\\x.bak';\nGO\n"
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	for _, lend := range []bool{false, true} {
		var kept []*FileResult
		_, err := Run(context.Background(), Options{Paths: paths, Config: config.Default(), Workers: 1, LendSource: lend,
			Provisional: func(bool) {}}, func(res *FileResult) {
			if len(res.Findings) == 0 {
				t.Fatalf("%s: no finding", res.Path)
			}
			for _, f := range res.Findings {
				if f.SourceText != "CHECKPOINT;" {
					t.Fatalf("lend %v: %s:%d: source %q before release", lend, f.Path, f.Line, f.SourceText)
				}
			}
			if lend && res.lent == nil {
				t.Fatalf("%s: nothing lent", res.Path)
			}
			kept = append(kept, res)
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range kept {
			res.Release()
			res.Release() // twice: nothing more
			for _, f := range res.Findings {
				if poisoned := strings.Trim(f.SourceText, "#") == ""; poisoned != lend {
					t.Fatalf("lend %v: %s:%d: source %q after release", lend, f.Path, f.Line, f.SourceText)
				}
			}
		}
	}
}

// TestOwnLentKeepsTheLine: a lent source line stays a slice of the buffer
// (no copy made, not even one dropped), while the finding's other strings
// in the buffer are copied as before; not lent, the line is copied too.
func TestOwnLentKeepsTheLine(t *testing.T) {
	buf := []byte("CHECKPOINT; -- in the file")
	text := unsafe.String(unsafe.SliceData(buf), len(buf))
	rf := report.Finding{RuleID: "SL303", Message: "a message", SourceText: text[:11]}
	if n := testing.AllocsPerRun(100, func() { ownLent(&rf, buf, true) }); n != 0 {
		t.Errorf("a lent line: %v allocations a finding", n)
	}
	if unsafe.StringData(rf.SourceText) != unsafe.SliceData(buf) {
		t.Fatal("the lent line was copied")
	}
	rf.Message = text[12:]
	ownLent(&rf, buf, true)
	if unsafe.StringData(rf.Message) == unsafe.SliceData(buf[12:]) || rf.Message != "-- in the file" {
		t.Fatal("a message in the buffer was not copied")
	}
	ownLent(&rf, buf, false)
	if unsafe.StringData(rf.SourceText) == unsafe.SliceData(buf) || rf.SourceText != "CHECKPOINT;" {
		t.Fatal("a line not lent was not copied")
	}
}

// TestSkipFixes: with Options.SkipFixes findings come without their fix,
// and are otherwise the same.
func TestSkipFixes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.sql")
	if err := os.WriteFile(path, []byte("USE [x];\nCHECKPOINT;\nBACKUP DATABASE [x] TO DISK = N'B:\\x.bak';\nGO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(skip bool) []report.Finding {
		var fs []report.Finding
		if _, err := Run(context.Background(), Options{Paths: []string{path}, Config: config.Default(), SkipFixes: skip}, func(res *FileResult) {
			fs = append(fs, res.Findings...)
		}); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	with, without := run(false), run(true)
	if len(with) == 0 || len(with) != len(without) {
		t.Fatalf("%d findings, %d without fixes", len(with), len(without))
	}
	fixes := 0
	for i := range with {
		if with[i].Fix != nil {
			fixes++
		}
		if without[i].Fix != nil {
			t.Fatalf("finding %d kept its fix", i)
		}
		with[i].Fix = nil
		if with[i] != without[i] {
			t.Fatalf("finding %d: %+v, without fixes %+v", i, with[i], without[i])
		}
	}
	if fixes == 0 {
		t.Fatal("no finding with a fix to skip")
	}
}

// TestLendSourceLongLine: a line of lendMax bytes or more is copied even
// when lines are lent: the printers know a long line again by where its
// bytes are, which a released buffer may fill with another file's text.
func TestLendSourceLongLine(t *testing.T) {
	defer func(v bool) { poisonBuffers = v }(poisonBuffers)
	poisonBuffers = true
	path := filepath.Join(t.TempDir(), "a.sql")
	long := "CHECKPOINT; -- " + strings.Repeat("x", lendMax)
	if err := os.WriteFile(path, []byte("USE [x];\n"+long+"\nBACKUP DATABASE [x] TO DISK = N'B:\\x.bak';\nGO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var kept []*FileResult
	if _, err := Run(context.Background(), Options{Paths: []string{path}, Config: config.Default(), LendSource: true,
		Provisional: func(bool) {}}, func(res *FileResult) { kept = append(kept, res) }); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, res := range kept {
		res.Release()
		for _, f := range res.Findings {
			if n++; f.SourceText != long {
				t.Fatalf("%s:%d: source %q after release", f.Path, f.Line, f.SourceText)
			}
		}
	}
	if n == 0 {
		t.Fatal("no finding")
	}
}
