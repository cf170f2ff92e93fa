package parser

import (
	"reflect"
	"testing"
)

// TestSqlcmdHelpServerlistArguments: go-sqlcmd's command table
// (commands.go) has :HELP, whose helpCommand ignores what follows it, as
// resetCommand does for :RESET: both stay accepted with an argument. It
// has no :SERVERLIST, so a :serverlist line is batch text there, sent to
// the server; the documented syntax takes no argument either: with one,
// SL002 at the command's line, as :LISTVAR, :ED and :LIST with one.
func TestSqlcmdHelpServerlistArguments(t *testing.T) {
	src := "SELECT 1\nGO\n:help x\n:reset x\n:serverlist x\n  :ServerList -- comment\n:serverlist\nSELECT 2\nGO\n"
	sc := Preprocess(NewFile("c.sql", src), &PreprocessOptions{})
	got := diagsAt(sc)
	want := []string{
		"5:1 malformed sqlcmd command :serverlist: SERVERLIST takes no argument " +
			"(go-sqlcmd has no :SERVERLIST: it leaves the line in the batch, and the server fails on it)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diags = %q, want %q", got, want)
	}
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\n", "SELECT 2\n"}) {
		t.Errorf("batches = %q", got)
	}
}
