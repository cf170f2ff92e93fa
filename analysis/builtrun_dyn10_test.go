package analysis

import (
	"strconv"
	"strings"
	"testing"
)

// TestBuiltRunWholeRun: in a whole run, text built in a variable and run,
// and sp_MSforeachdb's command, are reported at the EXEC for SL301,
// SL302, SL204 and SL205, without a fix, in a small script and amid the
// ordinary statements of a large one (whose statements are compacted
// as they are read); a dry run that only prints the text is not.
func TestBuiltRunWholeRun(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	body := "DECLARE @s nvarchar(max) = N'ALTER DATABASE ' + QUOTENAME(@db) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';\n" +
		"EXEC (@s);\n" +
		"SET @s = N'DBCC TRACEON(1806, -1)'; EXEC sp_executesql @s;\n" +
		"SET @s = N'DBCC TRACEON(3605)'; PRINT @s;\n" +
		"GO\n" +
		"EXEC sp_MSforeachdb N'USE [?]; CHECKPOINT 10';\n" +
		"GO\n"
	filler := strings.Repeat("SELECT name FROM sys.databases WHERE name = N'x';\nGO\n", 40000)
	write(t, dir, "d/a.sql", body)
	write(t, dir, "d/b.sql", filler+body+filler)
	rs, _ := runAll(t, Options{Paths: []string{"d"}})
	var got []string
	for _, f := range findings(rs) {
		if f.Fix != nil {
			t.Errorf("%s at %s:%d has a fix", f.RuleID, f.Path, f.Line)
		}
		what, _, _ := strings.Cut(f.Message, ":")
		got = append(got, f.Path+":"+strconv.Itoa(f.Line)+" "+f.RuleID+" "+what)
	}
	n := strings.Count(filler, "\n")
	want := []string{
		"d/a.sql:2 SL301 EXEC runs the text of @s",
		"d/a.sql:3 SL204 EXEC runs the text of @s",
		"d/a.sql:6 SL302 EXEC runs the text of sp_MSforeachdb's command, for each database",
		"d/b.sql:" + strconv.Itoa(n+2) + " SL301 EXEC runs the text of @s",
		"d/b.sql:" + strconv.Itoa(n+3) + " SL204 EXEC runs the text of @s",
		"d/b.sql:" + strconv.Itoa(n+6) + " SL302 EXEC runs the text of sp_MSforeachdb's command, for each database",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
