package parser

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// preprocessTraceScanOnly is preprocessTrace under the rule of now with
// every stop left to scanFile (ppRun as ppStop).
func preprocessTraceScanOnly(src string) string {
	defer func(b uint8) { ppRunPass = b }(ppRunPass)
	ppRunPass = 0xff
	return preprocessTrace(src, ppRuleNow)
}

// ppRunSamples are runs of text that ppRun passes over or leaves to
// scanFile: quoted runs short and long, closed on their line or not,
// with escapes and variables, strings that make a batch matter, words of
// interest, line starts with CR and LF.
var ppRunSamples = []string{
	"'a'", "'abcdefghijklmnopqrstuvwxyz'", "'it''s'", "'x''", "N'nul'", "'NUL'", "'add file'", "'add'", "'address'",
	"'BACKUP DATABASE d'", "'exec dbcc checkdb'", "'$(A)'", "'long text $(A) after'", "'open\nline'", "'",
	"[a]", "[a]]b]", "'nu''l'", "'n''ul'", "N'x''5'", "''''", "'''", "'a''b''c'", "'add''x'", "'x''$(A)'", "\"a\"\"\"", "[abcdefghijklmnop]", "[$(A)]", "[open\n", "[", "\"x\"", "\"x\"\"y\"", "\"abcdefghijklmn\"",
	"\"", "UPDATE t", "use db", "USE", "x.use", "restore", "RESTORE DATABASE", "table", "TABLE", "checkpoint",
	"backup", "dbcc", "kp", "0x1use", "GO", "  GO", "\tgo 2", ":setvar A 2", "  :r inc.sql", "EXEC p", "  EXIT",
	"  END", "-- c", "/* c */", "/*\n*/", "x < y", "<a, b, c>", "${x}", "$(A)", "  ", "    ", "        x",
	"'2020-01-01'", "N'Customer'", "'MS_Description'", "'dbo'", "'SCHEMA'", "'readd'", "'nul '", "'xxnul'", "'abcdefghijklmnopqrstuvwxyz0123'",
	"'abcdefghijklmnopqrstuvwxyz0123re'", "'Restore'", "'x.Database'", "[dbo].[Order]", "'<a'",
}

func ppRunText(r *rand.Rand, parts int) string {
	var sb strings.Builder
	for k := 0; k < parts; k++ {
		sb.WriteString(ppRunSamples[r.Intn(len(ppRunSamples))])
		switch r.Intn(8) {
		case 0:
			sb.WriteString("\r\n")
		case 1:
			sb.WriteString("\r")
		case 2, 3:
			sb.WriteString("\n")
		case 4:
			sb.WriteString(" ")
		case 5:
			const seps = "(,.;0$_@#x\t"
			sb.WriteByte(seps[r.Intn(len(seps))])
		}
	}
	return sb.String()
}

// ppRun, taking the simple stops on the way, changes nothing the
// preprocessor says (FuzzIndentRule compares the same, checkIndentRule).
func TestPPRunSameOutput(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for k := 0; k < 4000; k++ {
		src := ppRunText(r, 1+r.Intn(30))
		checkTraces(t, fmt.Sprintf("random %d %q", k, src), preprocessTrace(src, ppRuleNow), preprocessTraceScanOnly(src))
	}
	for _, src := range fuzzSeeds {
		checkTraces(t, "seed", preprocessTrace(src, ppRuleNow), preprocessTraceScanOnly(src))
	}
}

// ppRun leaves to scanFile what it must (a string that makes the batch
// matter, a word of interest, a GO line) and passes over the rest.
func TestPPRunStops(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the stop, as text from it
		e    uint8
	}{
		{"x 'abc' [d] \"e\" y = 'add file'", "'add file'", ppPassOn},
		{"x 'abc' + 'xyz'\n  UPDATE t\n  use db", "use db", ppPassOn},
		{"x 'abc'\r\n  GO\n", "GO\n", ppPCommand},
		{"x [a]]b] 'it''s' \"a\"\"b\" y", "", 0},
		{"x 'it''s' 'a''$(A)'", "'a''$(A)'", ppPassOn},
		{"x 'it''s' 'a''backup x'", "'a''backup x'", ppPassOn},
		{"x 'it''s' 'a''add'", "'a''add'", ppPassOn},
		{"x 'open''", "'open''", ppPassOn},
		{"x 'a\nb' 'c$(A)d'", "'c$(A)d'", ppPassOn},
		{"x 'abcdefghijklmnopqrstuvwxyz' y", "", 0},
		{"x -- c\n y /* a /* b */ c */ z / 2 - 1", "", 0},
		{"x -- sqllint: disable\n", "- sqllint: disable\n", ppPassOn}, // (the second dash)
		{"x --c\ry", "-c\ry", ppPassOn},
		{"x /* a /* b */ c", "/* a /* b */ c", ppPassOn},
		{"x /*sqllint:x*/", "/*sqllint:x*/", ppPassOn},
		{"x update t; rest", "", 0},
		{"x backup", "up", ppPassOn}, // (at the pair ku)
	} {
		i, e, _ := ppRun(c.src, 1, 0, len(c.src), ppMask(false, -1, 0))
		if c.src[i:] != c.want || e != c.e {
			t.Errorf("%q: stop at %q, entry %#x; want %q, %#x", c.src, c.src[i:], e, c.want, c.e)
		}
	}
}
