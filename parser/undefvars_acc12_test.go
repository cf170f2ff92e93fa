package parser

import (
	"fmt"
	"strings"
	"testing"
)

// A variable that is not defined is reported once a file, at its first
// use: sqlcmd stops there, and a script that used four variables
// nineteen times made nineteen findings. The finding names the lines of
// the later uses; another variable, or the same one in an included
// file, is reported on its own.
func TestUndefinedVariableOncePerFile(t *testing.T) {
	src := "USE $(Db);\nGO\nSELECT '$(db)';\nGO\nSELECT '$(Other)';\nPRINT '$(DB)';\n:r inc.sql\nGO\n"
	ld := &mapLoader{files: map[string]string{"inc.sql": "SELECT '$(Db)', '$(Db)';\n"}}
	sc := Preprocess(NewFile("main.sql", src), &PreprocessOptions{Load: ld.load})
	var got []string
	for _, d := range sc.Diags {
		at := d.Span.Start.Position()
		got = append(got, fmt.Sprintf("%s:%d:%d %s", at.Path, at.Line, at.Column, d.Message))
	}
	if len(got) != 3 {
		t.Fatalf("diags: %q", got)
	}
	for i, want := range []string{
		"main.sql:1:5 sqlcmd variable $(Db) is not defined (define it with :setvar, -v Db=value or the config file); also used 2 more times in this file, at lines 3 and 6 (sqlcmd stops at the first)",
		"main.sql:5:9 sqlcmd variable $(Other) is not defined",
		"inc.sql:1:9 sqlcmd variable $(Db) is not defined (define it with :setvar, -v Db=value or the config file); also used once more in this file, on the same line (sqlcmd stops at the first)",
	} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("diag %d: %q, want %q", i, got[i], want)
		}
	}
	if strings.Contains(got[1], "also used") {
		t.Errorf("one use: %q", got[1])
	}
}

// Later uses on more than ppUndefLines lines: the first lines and a
// count; several uses on a line name it once.
func TestUndefinedVariableManyUses(t *testing.T) {
	src := "PRINT '$(x)';\n" + strings.Repeat("PRINT '$(x)' + '$(x)';\n", 8)
	sc := Preprocess(NewFile("a.sql", src), nil)
	if len(sc.Diags) != 1 || !strings.HasSuffix(sc.Diags[0].Message, "; also used 16 more times in this file, at lines 2, 3, 4, 5, 6 and later ones (sqlcmd stops at the first)") {
		t.Fatalf("diags: %+v", sc.Diags)
	}
	src = "PRINT '$(x)';\n" + strings.Repeat("PRINT '$(x)' + '$(x)';\n", 2)
	sc = Preprocess(NewFile("a.sql", src), nil)
	if len(sc.Diags) != 1 || !strings.HasSuffix(sc.Diags[0].Message, "; also used 4 more times in this file, at lines 2 and 3 (sqlcmd stops at the first)") {
		t.Fatalf("diags: %+v", sc.Diags)
	}
}

// sqlcmd resolves a batch's variables at its GO: a use of a variable
// that a :setvar later in the same batch defines is no use of an
// undefined variable, neither the first (its finding goes, and the
// next use is reported) nor a later one (not counted in the first's
// finding, nor its line named).
func TestUndefinedVariableDefinedLaterInBatch(t *testing.T) {
	src := "PRINT N'$(A) $(B)'\n:setvar A 1\nGO\nPRINT N'$(B)'\nGO\nPRINT N'$(C)'\nPRINT N'$(B)'\n:setvar B 2\nGO\nPRINT N'$(B) $(C)'\nGO\n" +
		"PRINT N'$(D)'\n:setvar D 4\nGO\nPRINT N'$(D)'\n:setvar D\nGO\n"
	sc := Preprocess(NewFile("main.sql", src), &PreprocessOptions{})
	var got []string
	for _, d := range sc.Diags {
		at := d.Span.Start.Position()
		got = append(got, fmt.Sprintf("%d:%d %s", at.Line, at.Column, d.Message))
	}
	want := []string{
		"1:14 sqlcmd variable $(B) is not defined (define it with :setvar, -v B=value or the config file); also used once more in this file, at line 4 (sqlcmd stops at the first)",
		"6:9 sqlcmd variable $(C) is not defined (define it with :setvar, -v C=value or the config file); also used once more in this file, at line 10 (sqlcmd stops at the first)",
		"15:9 sqlcmd variable $(D)",
	}
	if len(got) != len(want) {
		t.Fatalf("diags:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diag %d: %q, want %q", i, got[i], want[i])
		}
	}
}
