package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A real master script (a government project's CreateAllProd.sql, run by
// `sqlcmd -v dbName=... -i CreateAllProd.sql`) names its includes as a
// variable followed by a quoted rest: `:r $(rootPath)"\CreateDBProd.sql"`.
// sqlcmd joins the quoted and unquoted parts of the name and drops the
// quotes, as a Windows command line does; sqllint read the quotes as part
// of the file name and reported every include missing.
func TestIncludeNameJoinsQuotedParts(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Create", "My Tables"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		filepath.Join("Create", "CreateDB.sql"):          "CREATE DATABASE [x]\n",
		filepath.Join("Create", "My Tables", "Logs.sql"): "SELECT 2\n",
		filepath.Join("Create", "Partition.sql"):         "SELECT 3\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := NewFile(filepath.Join(dir, "CreateAll.sql"),
		":setvar rootPath \".\\Create\"\n"+
			":r $(rootPath)\"\\CreateDB.sql\"\n"+
			":r .\\Create\\\"My Tables\"\\Logs.sql\n"+
			":r $(rootPath)\"\\Partition.sql\" -- trailing comment\n"+
			":r $(rootPath)\"\\unbalanced.sql\n")
	sc := Preprocess(main, nil)
	checkScript(t, sc)
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"CREATE DATABASE [x]\nSELECT 2\nSELECT 3\n"}) {
		t.Errorf("batches %q", got)
	}
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, `:r cannot include`) ||
		!strings.Contains(sc.Diags[0].Message, "unbalanced.sql") {
		t.Errorf("diags %q", diagMessages(sc))
	}

	// The master-script lookup reads a :r line the same way.
	from := filepath.Join(dir, "CreateAll.sql")
	got, ok := IncludeTarget(from, `:r .\Create\"My Tables"\Logs.sql`)
	if want := filepath.Join(dir, "Create", "My Tables", "Logs.sql"); !ok || got != want {
		t.Errorf("IncludeTarget = %q, %v, want %q", got, ok, want)
	}
}

// The same master script's Create\Create.sql includes the tables with the
// root's variable, `:r $(rootPath)"\Tables\Logs.sql"`, a path relative to
// the folder sqlcmd runs in (the master script's), not to Create\. A name
// missing beside the including script is looked up from the root script's
// folder; one missing there too is still reported, by the path beside the
// including script.
func TestIncludeRelativeToRootScript(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Create", "Tables"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		filepath.Join("Create", "Create.sql"):           ":r $(rootPath)\"\\Tables\\Logs.sql\"\n:r .\\Tables\\Near.sql\n:r $(rootPath)\"\\Tables\\Gone.sql\"\n",
		filepath.Join("Create", "Tables", "Logs.sql"):   "SELECT 1\n",
		filepath.Join("Create", "Tables", "Near.sql"):   "SELECT 2\n",
		filepath.Join("Create", "Create", "Readme.txt"): "a folder named like the variable's, without the file\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := NewFile(filepath.Join(dir, "CreateAll.sql"), ":setvar rootPath \".\\Create\"\n:r $(rootPath)\"\\Create.sql\"\n")
	sc := Preprocess(main, nil)
	checkScript(t, sc)
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\nSELECT 2\n"}) {
		t.Errorf("batches %q", got)
	}
	want := filepath.Join(dir, "Create", "Create", "Tables", "Gone.sql")
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, want) {
		t.Errorf("diags %q, want one naming %s", diagMessages(sc), want)
	}
	// A root script's own relative names are not looked up elsewhere.
	sc = Preprocess(NewFile(filepath.Join(dir, "Create", "Other.sql"), ":r .\\Create\\Tables\\Logs.sql\n"), nil)
	if len(sc.Diags) != 1 {
		t.Errorf("root include: diags %q", diagMessages(sc))
	}
}
