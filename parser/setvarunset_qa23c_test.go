package parser

import (
	"reflect"
	"testing"
)

// TestSetvarRemoveUndefined: ":setvar NAME" without a value removes the
// variable (the sqlcmd commands documentation); go-sqlcmd fails on it
// when nothing defines the variable (variables.go Setvar:
// UndefinedVariable), an error that stops a script run with -b or
// :on error exit. SL002 there; a later $(NAME) is still reported as not
// defined. A variable that a :setvar, -v, the environment (allowed or
// not), sqlcmd itself or the SQL project defines is removed silently.
func TestSetvarRemoveUndefined(t *testing.T) {
	src := ":setvar Never\nCREATE DATABASE [$(Never)]\nGO\n:setvar Db Sales\n:setvar Db\n:setvar Given\n:setvar SQLCMDCOLSEP\n:setvar FromEnv\n:setvar Declared\n"
	sc := Preprocess(NewFile("s.sql", src), &PreprocessOptions{
		Vars:     map[string]string{"Given": "x"},
		Env:      func(name string) (string, bool) { return "v", name == "FromEnv" },
		Declared: func(root, name string) bool { return name == "Declared" },
	})
	got := diagsAt(sc)
	want := []string{
		"1:9 sqlcmd variable Never is not defined, so :setvar Never has no value to remove: " +
			"go-sqlcmd fails on it (\"'Never' scripting variable not defined\"), which stops a script run with -b or :on error exit; " +
			"give it a value, or remove the line",
		"2:18 sqlcmd variable $(Never) is not defined (define it with :setvar, -v Never=value or the config file)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diags = %q,\nwant %q", got, want)
	}
}
