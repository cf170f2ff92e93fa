package parser

import (
	"strings"
	"testing"
)

// fuzzSeeds covers the constructs the preprocessor knows about.
var fuzzSeeds = []string{
	"",
	"SELECT 1\nGO\nSELECT 2\n",
	"SELECT 1\r\ngo 5 -- five\r\nSELECT 2",
	"SELECT 1\rGO\rSELECT 2\r",
	"SELECT 'a\nGO\nb''c'\nGO\n",
	"SELECT [a\nGO\n]]b]\nGO\nSELECT \"x\"\"\nGO\n\"",
	"/* /* */\nGO\n*/ SELECT 1\nGO\n-- it's\nGO",
	":setvar A 1\n:setvar B \"x \"\" y\"\nSELECT $(A), '$(B)', [$(C)]\nGO $(A)\n",
	":setvar DefaultDataPath \"D:\\SQLDATA\\\"\n:setvar A\n:setvar\n:setvar 1x y\n",
	"SELECT '$(x', $(), $(a b), $\n-- $(Nope)\n/* $(Nope) */",
	":r inc.sql\nSELECT 3\n:r \"inc.sql\"\n:r missing.sql\n:r $(Dir)/inc.sql\n:r self.sql\n",
	":r nonl.sql\nSELECT 1\n:r open.sql\nGO\n'\nGO\n",
	":on error exit\n:connect s\n:out stdout\n!! dir\n:xyz\n::fn_x()\n:quit\nSELECT 1",
	"SELECT 1\n:exit(SELECT 2)\n",
	"SELECT $(A), '$(E)$(A)'\n:setvar A 1\n:setvar E \"\"\n:r inc.sql\nSELECT $(A)\n:setvar A\n:setvar E e\nGO\n",
	"SELECT 1\nGO\nexit\n",
	"SELECT 1\n:reset\nED\nRESET\nquit\n",
	"GOTO x\ngo_table\nGO;\nGO x\nGO 0\n",
	"\xEF\xBB\xBFSELECT 1\nGO\x1A",
}

// fuzzFiles are the files an :r in the fuzzed input can reach.
var fuzzFiles = map[string]string{
	"inc.sql":  "SELECT 2\nGO\nSELECT 2b\n",
	"self.sql": ":r self.sql\n",
	"nonl.sql": "SELECT 'x'",
	"open.sql": "SELECT 'open\n",
	"a/b.sql":  ":r ../inc.sql\n:r c.sql\n",
	"a/c.sql":  ":r b.sql\n",
	"quit.sql": "SELECT 'q'\n:quit\n",
}

// hasSqlcmdSyntax reports, conservatively, whether src may hold a sqlcmd
// command line or a variable reference: anything that makes the batches
// differ from plain slices of the file.
func hasSqlcmdSyntax(src string) bool {
	if strings.Contains(src, "$(") || strings.Contains(src, ppBOM) {
		// a variable, or a byte order mark, which leaves the batch at a
		// line's start (markLine) and is read as a blank in a line (midBOM)
		return true
	}
	for i := 0; i < len(src); {
		end, next := ppLineEnd(src, i)
		line := strings.TrimLeft(src[i:end], " \t")
		if line != "" && (line[0] == ':' || line[0] == '!') {
			return true
		}
		k := 0
		for k < len(line) && ppIsLetter(line[k]) {
			k++
		}
		switch strings.ToLower(line[:k]) {
		case "exit", "quit", "ed", "reset":
			return true
		}
		if next == i {
			break
		}
		i = next
	}
	return false
}

// isGoLine reports whether a removed line (content without its break) is
// a GO line.
func isGoLine(line string) bool {
	line = strings.TrimLeft(line, " \t")
	return len(line) >= 2 && strings.EqualFold(line[:2], "go")
}

func FuzzPreprocess(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	load := func(path string) (*File, error) {
		ld := &mapLoader{files: fuzzFiles} // records nothing across runs
		return ld.load(path)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := NewFile("root.sql", src)
		sc := Preprocess(file, &PreprocessOptions{
			Load:     load,
			MaxDepth: 4,
			Vars:     map[string]string{"Dir": ".", "A": "1"},
		})
		checkScript(t, sc) // every Batch.Pos and Diag span lies within its file
		checkStreamed(t, sc, func(fn func(*Batch)) *Script {
			return PreprocessFunc(NewFile("root.sql", src), &PreprocessOptions{
				Load:     load,
				MaxDepth: 4,
				Vars:     map[string]string{"Dir": ".", "A": "1"},
			}, fn)
		})

		if hasSqlcmdSyntax(file.Text) {
			return
		}
		// No commands, variables or includes: the batches and the GO lines
		// between them are the whole file, byte for byte.
		pos := 0
		gap := func(to int) {
			if to < pos {
				t.Fatalf("batches overlap or go backwards at %d (pos %d)", to, pos)
			}
			for i := pos; i < to; {
				end, next := ppLineEnd(file.Text, i)
				if next > to || !isGoLine(file.Text[i:end]) {
					t.Fatalf("bytes [%d,%d) %q are in no batch and are not GO lines", i, to, file.Text[i:to])
				}
				i = next
			}
			pos = to
		}
		for _, b := range sc.Batches {
			if len(b.Segs) != 1 || b.Segs[0].File != file || b.Segs[0].Subst {
				t.Fatalf("batch %d: segments %+v for a plain file", b.Index, b.Segs)
			}
			in := b.Segs[0].In
			if file.Text[in:in+len(b.Text)] != b.Text || !isSubstring(b.Text, file.Text) {
				t.Fatalf("batch %d is not a slice of the file", b.Index)
			}
			gap(in)
			pos = in + len(b.Text)
		}
		gap(len(file.Text))
	})
}
