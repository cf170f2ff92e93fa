package analysis

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// catchPad is ordinary statements enough for a batch's head and tail to
// be cut short (headMin tokens, tailMin bytes) and for a plain batch to
// be parsed only up to the statement that stops.
const catchPad = "PRINT 'step one of the job is done';\nSET NOCOUNT ON;\nDECLARE @n int = 1;\nPRINT 'step two of the job is done';\nSET XACT_ABORT ON;\n" +
	"SELECT name FROM sys.databases WHERE name = N'Sales' ORDER BY name;\nUPDATE dbo.JobLog SET Done = 1 WHERE Id = @n AND Done = 0;\n"

// passPad is statements SL303 passes over, enough for a batch to be cut
// short as with catchPad.
const passPad = "PRINT 'step one of the job is done';\nSET NOCOUNT ON;\nDECLARE @n int = 1;\nPRINT 'step two of the job is done';\nSET XACT_ABORT ON;\n" +
	"DECLARE @msg nvarchar(200) = N'the copy of the Sales data starts now';\nPRINT @msg;\n"

// catchScripts are scripts with a CHECKPOINT that a TRY block ends, its
// CATCH block, and what runs after it: the name says whether SL303
// reports the CHECKPOINT (a BACKUP DATABASE of its database runs next
// when the TRY block completes).
var catchScripts = map[string]string{
	"pair":                                 "USE Sales;\nBEGIN TRY\n  DBCC CHECKDB (Sales);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  PRINT ERROR_MESSAGE();\n  THROW;\nEND CATCH;\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-only-statement-no-fix":           "USE Sales;\nBEGIN TRY\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-next-batch":                      "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH\nGO\n" + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-nested":                          "USE Sales;\nBEGIN TRY\n  BEGIN TRY\n    INSERT dbo.t VALUES (1);\n    CHECKPOINT;\n  END TRY\n  BEGIN CATCH\n    INSERT dbo.log VALUES (2);\n  END CATCH\nEND TRY\nBEGIN CATCH\n  INSERT dbo.log VALUES (3);\n  THROW;\nEND CATCH\n" + passPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-catch-backs-up":                  "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  BACKUP DATABASE Sales TO DISK = N'D:\\b\\e.bak';\n  INSERT dbo.log VALUES (2);\nEND CATCH\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-checkpoint-in-catch":             "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\nEND TRY\nBEGIN CATCH\n  INSERT dbo.log VALUES (2);\n  CHECKPOINT;\nEND CATCH\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-after-catch":              "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH\nINSERT dbo.log VALUES (1)\n" + catchPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-next-batch":               "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW\nEND CATCH\nGO\nINSERT dbo.log VALUES (1);\n" + catchPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-backup-in-catch":                 "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  PRINT 'failed';\n  BACKUP DATABASE Sales TO DISK = N'D:\\b\\e.bak';\nEND CATCH\nGO\nINSERT dbo.log VALUES (1);\n" + catchPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-checkpoint-in-catch-then-insert": "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  CHECKPOINT;\n  INSERT dbo.log VALUES (2);\n  BACKUP DATABASE Sales TO DISK = N'D:\\b\\e.bak';\nEND CATCH\n" + catchPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-after-catch-tail":         "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT\nEND TRY\nBEGIN CATCH\n  THROW\nEND CATCH\nINSERT dbo.log VALUES (1);\n" + passPad + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-after-catch-head":         "USE Sales;\nCHECKPOINT;\nGO\nBEGIN TRY\n  PRINT 'start';\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH;\nINSERT dbo.log VALUES (1);\n" + passPad + passPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n" + catchPad + catchPad,
	"pair-after-catch-head":                "USE Sales;\nCHECKPOINT;\nGO\nBEGIN TRY\n  PRINT 'start';\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH;\n" + passPad + passPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n" + catchPad + catchPad,
	"none-insert-after-catch-plain":        "USE Sales;\nCHECKPOINT;\nGO\nDECLARE @s nvarchar(100) = N'SELECT 1';\nBEGIN TRY\n  PRINT 'start';\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH;\nINSERT dbo.log VALUES (1);\nEXEC (@s);\n" + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-after-catch-plain2":       "USE Sales;\nCHECKPOINT;\nGO\nBEGIN TRY\n  PRINT 'start';\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH;\nINSERT dbo.log VALUES (1);\n" + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-other-database":                  "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH\nBACKUP DATABASE Orders TO DISK = N'D:\\b\\o.bak';\n",
	"none-catch-unclosed":                  "USE Sales;\nBEGIN TRY\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\nEND TRY\nBEGIN CATCH\n  THROW;\nEND\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
}

// A CHECKPOINT that ends a TRY block pairs with the BACKUP DATABASE
// after its CATCH block (SL303): the CATCH block runs only after an
// error. What runs after the block decides, and the pipeline (heads and
// tails of batches cut short, plain batches parsed up to the statement
// that stops, or not at all) finds what every statement kept finds.
func TestCheckpointEndingTryPairsAfterCatch(t *testing.T) {
	defer func(s bool) { skimming = s }(skimming)
	for name, text := range catchScripts {
		full := parser.ParseFile(parser.NewFile(name+".sql", text), nil)
		want := sl303Of(full)
		if got := len(want) > 0; got != strings.HasPrefix(name, "pair") {
			t.Errorf("%s: SL303 %v", name, want)
		}
		for _, skim := range []bool{true, false} {
			skimming = skim
			r := parseCompact(parser.NewFile(name+".sql", text), nil, nil, nil)
			if got := sl303Of(r); !reflect.DeepEqual(got, want) {
				t.Errorf("%s (skimming %v): SL303 %v, every statement kept: %v", name, skim, got, want)
			}
		}
	}
}

// The same in one batch parsed on its own (streamMin), its statements
// handed on in runs: a run ends nowhere in a CATCH block.
func TestCheckpointEndingTryPairsAfterCatchStreamed(t *testing.T) {
	defer func(n int) { streamMin = n }(streamMin)
	streamMin = 0
	for name, text := range catchScripts {
		one := strings.ReplaceAll(text, "GO\n", "")
		want := sl303Of(parser.ParseFile(parser.NewFile(name+".sql", one), nil))
		for n := 4085; n < 4100; n++ {
			// the run handed on first ends in turn at each statement
			if got := afterSelects(name, one, n, sl303Of); !reflect.DeepEqual(got, want) {
				t.Errorf("%s after %d statements: SL303 %v, every statement kept: %v", name, n, got, want)
			}
		}
	}
}

// afterSelects is what of gives on script one, named name, with n
// statements before it (so that a run of the split ends in turn at each
// of its statements), parsed as a scan parses it, its findings' lines
// as they are in one.
func afterSelects(name, one string, n int, of func(*parser.Result) []string) []string {
	text := strings.Repeat("SELECT 1;\n", n) + one
	got := of(parseCompact(parser.NewFile(name+".sql", text), nil, nil, nil))
	for i := range got {
		got[i] = shiftLine(got[i], -n)
	}
	return got
}

// shiftLine adds d to the line of a finding sl303Of gives.
func shiftLine(f string, d int) string {
	var line, col int
	var rest string
	fmt.Sscanf(f, "%d:%d %s", &line, &col, &rest)
	return fmt.Sprintf("%d:%d %s", line+d, col, rest)
}

// sl303Of is SL303's findings on r: position and whether a fix is
// offered.
func sl303Of(r *parser.Result) []string {
	var out []string
	for _, f := range rules.Analyze(rules.Default, []*parser.Result{r}, nil) {
		if f.Rule.ID == "SL303" {
			p := f.Span.Start.Position()
			out = append(out, fmt.Sprintf("%d:%d fix=%v", p.Line, p.Column, f.Fix != nil))
		}
	}
	return out
}
