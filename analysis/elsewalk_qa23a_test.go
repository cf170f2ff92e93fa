package analysis

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// elseScripts are scripts with a CHECKPOINT that ends the THEN arm of an
// IF ... ELSE, the ELSE arm, and what runs after the IF: the name says
// whether SL303 reports a CHECKPOINT (a BACKUP DATABASE of its database
// runs next when the THEN arm completes; the ELSE arm runs only when the
// THEN arm does not).
var elseScripts = map[string]string{
	"pair-then-arm":               "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\n  PRINT 'skip';\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-both-arms":              "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\n  CHECKPOINT;\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-else-block":             "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\nBEGIN\n  INSERT dbo.t VALUES (1);\n  UPDATE dbo.t SET a = 1;\nEND\n" + passPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-then-block":             "USE Sales;\nIF @@SERVERNAME = N'X'\nBEGIN\n  INSERT dbo.t VALUES (1);\n  CHECKPOINT;\n  PRINT 'done';\nEND\nELSE\nBEGIN\n  INSERT dbo.t VALUES (2);\nEND\nGO\n" + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-nested":                 "USE Sales;\nIF 1 = 1\n  IF 2 = 2 CHECKPOINT; ELSE PRINT 'a';\nELSE\n  UPDATE dbo.t SET a = 2;\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-else-if":                "USE Sales;\nIF 1 = 1\n  CHECKPOINT;\nELSE IF 2 = 2\n  INSERT dbo.t VALUES (1);\nELSE\n  UPDATE dbo.t SET a = 2;\n" + passPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-after":           "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\n  INSERT dbo.t VALUES (1);\nINSERT dbo.log VALUES (1);\n" + catchPad + "BACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-insert-tail":            "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\n  INSERT dbo.t VALUES (1);\nINSERT dbo.log VALUES (1);\n" + passPad + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"pair-tail-next-batch":        "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\nBEGIN\n  INSERT dbo.t VALUES (1);\n" + catchPad + "END\n" + passPad + passPad + "GO\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-backup-in-else":         "USE Sales;\nIF @@SERVERNAME = N'X'\n  INSERT dbo.t VALUES (1);\nELSE\nBEGIN\n  CHECKPOINT;\n  INSERT dbo.t VALUES (2);\nEND\nINSERT dbo.log VALUES (1);\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
	"none-other-database":         "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nELSE\n  PRINT 'skip';\nBACKUP DATABASE Orders TO DISK = N'D:\\b\\o.bak';\n",
	"none-if-without-else-insert": "USE Sales;\nIF @@SERVERNAME = N'X'\n  CHECKPOINT;\nINSERT dbo.t VALUES (1);\nBACKUP DATABASE Sales TO DISK = N'D:\\b\\s.bak';\n",
}

// wantElse is where SL303 reports in elseScripts: each CHECKPOINT the
// BACKUP follows, without a fix when it is an arm's whole body.
var wantElse = map[string][]string{
	"pair-then-arm":        {"3:3 fix=false"},
	"pair-both-arms":       {"3:3 fix=false", "5:3 fix=false"},
	"pair-else-block":      {"3:3 fix=false"},
	"pair-then-block":      {"5:3 fix=true"},
	"pair-nested":          {"3:12 fix=false"},
	"pair-else-if":         {"3:3 fix=false"},
	"pair-tail-next-batch": {"3:3 fix=false"},
}

// A CHECKPOINT that ends the THEN arm of an IF ... ELSE pairs with the
// BACKUP DATABASE after the IF (SL303), as one that ends a TRY block
// does with the one after its CATCH block: the ELSE arm runs only when
// the THEN arm does not. The pipeline (heads and tails of batches cut
// short, plain batches, batches parsed on their own) finds what every
// statement kept finds.
func TestCheckpointEndingThenArmPairsAfterIf(t *testing.T) {
	defer func(s bool, n int) { skimming, streamMin = s, n }(skimming, streamMin)
	for name, text := range elseScripts {
		full := parser.ParseFile(parser.NewFile(name+".sql", text), nil)
		got := sl303Of(full)
		if !reflect.DeepEqual(got, wantElse[name]) {
			t.Errorf("%s: SL303 %v, want %v", name, got, wantElse[name])
		}
		for _, skim := range []bool{true, false} {
			skimming = skim
			r := parseCompact(parser.NewFile(name+".sql", text), nil, nil, nil)
			if got := sl303Of(r); !reflect.DeepEqual(got, wantElse[name]) {
				t.Errorf("%s (skimming %v): SL303 %v, want %v", name, skim, got, wantElse[name])
			}
		}
	}
	streamMin = 0
	for name, text := range elseScripts {
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
