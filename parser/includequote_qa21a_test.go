package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A :r name that starts with a quoted part and goes on after the closing
// quote, `:r "$(rootPath)"\Tables.sql`, is joined as one that ends with
// its quoted part is (`:r $(rootPath)"\Tables.sql"`): sqlcmd drops the
// quotes and joins the parts. sqllint took the quoted part alone, so it
// included the folder "$(rootPath)" (reported as not a regular file), or,
// for `:r "a.sql" b.sql`, included a.sql and silently dropped the rest of
// the name. A name that is quoted whole is read inside its quotes, as
// before.
func TestIncludeNameLeadingQuotedPart(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Create"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		filepath.Join("Create", "Tables.sql"): "SELECT 1\n",
		filepath.Join("Create", "My x.sql"):   "SELECT 2\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := NewFile(filepath.Join(dir, "CreateAll.sql"),
		":setvar rootPath \".\\Create\"\n"+
			":r \"$(rootPath)\"\\Tables.sql\n"+
			":r \"Create\"/\"My x.sql\" -- comment\n"+
			":r \"Create/My x.sql\"\n"+
			":r \"Create/Tables.sql\" extra.sql\n")
	sc := Preprocess(main, nil)
	checkScript(t, sc)
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\nSELECT 2\nSELECT 2\n"}) {
		t.Errorf("batches %q", got)
	}
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, `:r cannot include "Create/Tables.sql extra.sql"`) {
		t.Errorf("diags %q", diagMessages(sc))
	}

	// The master-script lookup reads a :r line the same way.
	from := filepath.Join(dir, "CreateAll.sql")
	for line, want := range map[string]string{
		`:r "Create"\Tables.sql`: filepath.Join(dir, "Create", "Tables.sql"),
		`:r "Create\My x.sql"`:   filepath.Join(dir, "Create", "My x.sql"),
	} {
		if got, ok := IncludeTarget(from, line); !ok || got != want {
			t.Errorf("IncludeTarget(%s) = %q, %v, want %q", line, got, ok, want)
		}
	}
}
