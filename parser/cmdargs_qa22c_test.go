package parser

import (
	"reflect"
	"testing"
)

// TestSqlcmdCommandArguments: :LISTVAR, :ED and :LIST take no argument
// (the sqlcmd commands documentation gives none; go-sqlcmd fails on one,
// commands.go listVarCommand, editCommand, listCommand, which takes
// only COLOR): SL002 at the command's line. :RESET ignores what follows
// it in go-sqlcmd (resetCommand), so it stays accepted.
func TestSqlcmdCommandArguments(t *testing.T) {
	src := "SELECT 1\nGO\n:listvar x\n  :ED now\n:list all\n:list color\n:LISTVAR -- comment\n:reset x\nSELECT 2\nGO\n"
	sc := Preprocess(NewFile("c.sql", src), &PreprocessOptions{})
	got := diagsAt(sc)
	want := []string{
		"3:1 malformed sqlcmd command :listvar: LISTVAR takes no argument",
		"4:3 malformed sqlcmd command :ED: ED takes no argument",
		"5:1 malformed sqlcmd command :list: LIST takes no argument (go-sqlcmd's LIST COLOR aside)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diags = %q, want %q", got, want)
	}
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\n", "SELECT 2\n"}) {
		t.Errorf("batches = %q", got)
	}
}
