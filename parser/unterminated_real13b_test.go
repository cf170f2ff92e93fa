package parser

import (
	"strings"
	"testing"
)

// A real backup script (real13b audit) leaves out the closing quote of
// MEDIADESCRIPTION before a GO: sqlcmd ends no batch inside a string, so
// the string runs to the next quote, the quotes after it pair the other
// way round, and the file ends in a string opened by the last one, on a
// line that looks closed. SL001 still points there, where the file ends
// inside a string, and names the string that runs over the GO.
const stripedMissingQuote = "BACKUP DATABASE AdventureWorks2012\nTO DISK='X:\\SQLServerBackups\\AdventureWorks1.bak',\n" +
	"DISK='Z:\\SQLServerBackups\\AdventureWorks3.bak'\nWITH FORMAT,\n  MEDIANAME = 'AdventureWorksStripedSet0',\n" +
	"  MEDIADESCRIPTION = 'Striped media set for AdventureWorks2012 database;\nGO\n\n-- #5. Mirrored backup:\n\n" +
	"BACKUP DATABASE AdventureWorks\nTO DISK = 'C:\\Backup\\SingleFile\\AdventureWorks.bak'\n" +
	"MIRROR TO DISK = 'C:\\Backup\\MirrorFile\\AdventureWorks.bak'\nWITH FORMAT\nGO\n"

func TestUnterminatedNamesStringOverGO(t *testing.T) {
	const plain = "unterminated string starting here: the rest of the file is inside it, so nothing after it is checked"
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       string // the whole message
	}{
		{"striped-backup-missing-quote", stripedMissingQuote, 13, 58,
			plain + "; the string at line 6, column 22 runs over the GO of line 7, which ends no batch inside a string: " +
				"if that GO was meant to end one, the string lacks its closing quote"},
		// GO in lower case, with a count, a comment or blanks after it;
		// the last such string before the opening is named
		{"last-string-over-go", "SELECT 'a\ngo 2\n';\nSELECT N'b\n  GO -- x\nc', 'd\n\tgo\t\n'\nSELECT 'e", 9, 8,
			plain + "; the string at line 6, column 5 runs over the GO of line 7, which ends no batch inside a string: " +
				"if that GO was meant to end one, the string lacks its closing quote"},
		// a job step's command that holds a GO line, closed as it
		// should be: named too, as the message says only "if"
		{"job-step-go-then-open", "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = N'BACKUP DATABASE d TO DISK = N''x''\nGO\n', @flags = 16\nSELECT 'open", 4, 8,
			plain + "; the string at line 1, column 59 runs over the GO of line 2, which ends no batch inside a string: " +
				"if that GO was meant to end one, the string lacks its closing quote"},
		// nothing to name: no GO line in a string before the opening
		{"no-go-in-a-string", "SELECT 'a\nb';\nSELECT 'open\nGO\n", 3, 8, plain},
		{"go-in-a-comment", "/* x\nGO\n*/ SELECT 'open", 3, 11, plain},
		{"goto-and-go-word", "SELECT 'a\nGOTO x\n', 'GO\n';\nSELECT 'open", 5, 8, plain},
		{"go-in-the-open-string", "SELECT 'open\nGO\nSELECT 1\n", 1, 8, plain},
		{"go-in-brackets", "SELECT [a\nGO\n];\nSELECT 'open", 4, 8, plain},
	} {
		for _, fast := range []bool{true, false} {
			r := parseFileFast(tc.src, fast)
			if len(r.Diags) != 1 {
				t.Fatalf("%s: want one diagnostic, got %v", tc.name, r.Diags)
			}
			d := r.Diags[0]
			p := d.Span.Start.Position()
			if d.Rule != "SL001" || p.Line != tc.line || p.Column != tc.col || d.Message != tc.msg {
				t.Errorf("%s (fast %v): got %s at %d:%d %q,\nwant SL001 at %d:%d %q", tc.name, fast, d.Rule, p.Line, p.Column, d.Message, tc.line, tc.col, tc.msg)
			}
		}
		// the streamed parse and the split of a batch's tail say the same
		compareStream(t, tc.src, []int{1, 5, 40}, []int{1, 3})
		checkTail(t, tc.name+".sql", tc.src)
	}
}

// TestStringOverGOBoundedRuns: the string over a GO is found past many
// runs of tokens, and a GO line far after it is no string's.
func TestStringOverGOBoundedRuns(t *testing.T) {
	pad := strings.Repeat("SELECT a, b FROM t WHERE c = 1;\n", 3000) // about 30,000 tokens
	text := pad + "SELECT 'x\nGO\n';\n" + pad + "/*\nGO\n*/\n" + pad
	str, goAt, ok := stringOverGO(text)
	if want := len(pad) + len("SELECT "); !ok || str != want || goAt != want+3 {
		t.Fatalf("stringOverGO = %d, %d, %v; want %d, %d, true", str, goAt, ok, want, want+3)
	}
	if _, _, ok := stringOverGO(pad + "/*\nGO\n*/\n" + pad); ok {
		t.Fatal("a GO line in a comment taken for one in a string")
	}
}
