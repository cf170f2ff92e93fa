package rules

import (
	"fmt"
	"testing"
)

// A loop that builds ADD FILEGROUP text in one statement and then only
// rewrites it (REPLACE, or a suffix without ADD text) before running it
// has one builder: the rewriting statements carry the same text, and a
// second finding for the same loop is noise (a workshop's
// sp_create_demo_db reported its SET and its REPLACE). A loop whose only
// builder rewrites text set before the loop, or text the loop runs
// under another variable, still reports it, as does text run after the
// loop; two statements with ADD text of their own are still both
// reported.
func TestSL103RewriteOfLoopTextIsNotASecondBuilder(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []int
	}{
		{"replace after set", `DECLARE @sql nvarchar(max), @i int = 1;
WHILE @i <= 4
BEGIN
    SET @sql = N'ALTER DATABASE [demo_db] ADD FILEGROUP [filegroup_xx];'
    SET @sql = REPLACE(@sql, N'xx', RIGHT('00' + CAST(@i AS NVARCHAR(2)), 2));
    EXEC sp_executesql @sql;
    SET @i += 1;
END`, []int{4}},
		{"suffix without add text", `DECLARE @sql nvarchar(max), @i int = 1;
WHILE @i <= 4
BEGIN
    SET @sql = N'ALTER DATABASE d ADD FILE (NAME = f' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''D:\f.ndf''';
    SET @sql = @sql + N', SIZE = 64MB)';
    EXEC (@sql);
    SET @i += 1;
END`, []int{4}},
		{"rewrite of text set before the loop", `DECLARE @tmpl nvarchar(max) = N'ALTER DATABASE d ADD FILEGROUP [fg_xx]', @sql nvarchar(max), @i int = 1;
WHILE @i <= 4
BEGIN
    SET @sql = REPLACE(@tmpl, N'xx', CAST(@i AS nvarchar(9)));
    EXEC (@sql);
    SET @i += 1;
END`, []int{4}},
		{"two texts of their own", `DECLARE @sql nvarchar(max), @i int = 1;
WHILE @i <= 4
BEGIN
    SET @sql = N'ALTER DATABASE d ADD FILEGROUP g' + CAST(@i AS nvarchar(9));
    SET @sql = @sql + N'; ALTER DATABASE d ADD FILE (NAME = f' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''D:\f.ndf'') TO FILEGROUP g' + CAST(@i AS nvarchar(9));
    EXEC (@sql);
    SET @i += 1;
END`, []int{4, 5}},
		{"rewrite into another variable", `DECLARE @a nvarchar(max), @b nvarchar(max), @i int = 1;
WHILE @i <= 4
BEGIN
    SET @a = N'ALTER DATABASE d ADD FILEGROUP [fg_xx]';
    SET @b = REPLACE(@a, N'xx', CAST(@i AS nvarchar(9)));
    EXEC (@b);
    SET @i += 1;
END`, []int{5}},
		{"run after the loop", `DECLARE @sql nvarchar(max) = N'', @i int = 1;
WHILE @i <= 4
BEGIN
    SET @sql = @sql + N'ALTER DATABASE [demo_db] ADD FILEGROUP [filegroup_xx];'
    SET @sql = REPLACE(@sql, N'xx', RIGHT('00' + CAST(@i AS NVARCHAR(2)), 2));
    SET @i += 1;
END
EXEC sp_executesql @sql;`, []int{4}},
	} {
		var lines []int
		for _, f := range run(t, c.src, nil, "SL103") {
			lines = append(lines, f.Span.Start.Position().Line)
		}
		if fmt.Sprint(lines) != fmt.Sprint(c.want) {
			t.Errorf("%s: SL103 on lines %v, want %v", c.name, lines, c.want)
		}
	}
}
