package parser

import "testing"

// A CASE or IIF that picks a tempdb file's size (by the number of cores,
// an edition) gives the smallest of its results: whichever is taken,
// tempdb is at least that large at every start. It was an unknown size,
// so a MODIFY FILE of the log by CASE changed nothing, and SL208 was
// silent though both results are over the budget. A result that is no
// size, NULL, or sizes written in different ways stay unknown.
func TestTempdbBuiltCaseSize(t *testing.T) {
	for _, c := range []struct {
		expr    string
		bytes   int64
		unknown bool
	}{
		{"CASE WHEN @cores > 4 THEN N'16384MB' ELSE N'8192MB' END", 8192 << 20, false},
		{"IIF(@big = 1, N'32GB', N'8 GB')", 8 << 30, false},
		{"CASE @edition WHEN 'Enterprise' THEN '64GB' WHEN 'Standard' THEN '16GB' ELSE '4096MB' END", 4 << 30, false},
		{"CASE WHEN @big = 1 THEN N'16GB' ELSE NULL END", 0, true},
		{"CASE WHEN @big = 1 THEN N'16GB' ELSE N'UNLIMITED' END", 0, true},
		{"CASE WHEN @big = 1 THEN N'16GB' ELSE N'8192' END", 0, true},
		{"CASE WHEN @big = 1 THEN N'16GB' ELSE CAST(@mb AS nvarchar(10)) + N'MB' END", 0, true},
	} {
		src := "DECLARE @sql nvarchar(max) = N'ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = ' + " + c.expr + " + N')';\nEXEC (@sql);\n"
		tbs := tempdbBuiltOf(t, src)
		if len(tbs) != 1 || len(tbs[0].Files) != 1 || tbs[0].Files[0].Size == nil {
			t.Errorf("%s: %+v, want one file with a size", c.expr, tbs)
			continue
		}
		z := tbs[0].Files[0].Size
		if z.Unknown != c.unknown || !c.unknown && z.Bytes != c.bytes {
			t.Errorf("%s: size %+v, want %d bytes (unknown %v)", c.expr, z, c.bytes, c.unknown)
		}
	}
}
