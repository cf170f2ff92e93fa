package rules

import (
	"strings"
	"testing"
)

// The files that text built in a variable (or in the EXEC itself)
// creates or sizes are applied where the EXEC runs it: SL201, SL202,
// SL203 and SL209 report them at the EXEC, saying what runs them, and a
// later statement knows the sizes they set (none of them was read: a
// MODIFY FILE in such text was unseen, and the next one was measured
// from the size before it).
func TestBuiltTextFileSizes(t *testing.T) {
	const create = "CREATE DATABASE x ON (NAME = y, FILENAME = 'C:\\x.mdf', SIZE = 1GB) LOG ON (NAME = yl, FILENAME = 'C:\\x.ldf', SIZE = 1GB);\nGO\n"
	cases := []struct {
		src  string
		want []string // "line ID message-part", in order
	}{
		{create + "DECLARE @s nvarchar(max);\nSET @s = N'ALTER DATABASE x MODIFY FILE (NAME = y, SIZE = 12GB)';\nEXEC sp_executesql @s;\n",
			[]string{"5 SL201 EXEC runs the text of @s: allocates 11 GB of data file"}},
		{create + "DECLARE @s nvarchar(max) = N'ALTER DATABASE x MODIFY FILE (NAME = yl, SIZE = 12GB)';\nEXEC (@s);\n",
			[]string{"4 SL202 EXEC runs the text of @s: allocates 11 GB of log file"}},
		// built in the EXEC itself, with a part that is no constant
		{create + "EXEC (N'ALTER DATABASE ' + QUOTENAME(@db) + N' ADD FILE (NAME = y2, FILENAME = ''C:\\y2.ndf'', SIZE = 20GB)');\n",
			[]string{"3 SL201 EXEC runs the text it builds: allocates 20 GB of data file"}},
		{"DECLARE @s nvarchar(max) = N'ALTER DATABASE ' + QUOTENAME(@db) + N' ADD LOG FILE (NAME = l2, FILENAME = ''L:\\l2.ldf'', SIZE = 10GB, FILEGROWTH = 2GB)';\nEXEC (@s);\n",
			[]string{"2 SL202 EXEC runs the text of @s: allocates 10 GB of log file", "2 SL203 EXEC runs the text of @s: log file l2 grows by 2 GB"}},
		{"DECLARE @s nvarchar(max) = N'CREATE DATABASE ' + QUOTENAME(@db) + N' ON (NAME = d, FILENAME = ''D:\\d.mdf'', SIZE = 20GB, FILEGROWTH = 5GB)';\nEXEC (@s);\n",
			[]string{"2 SL201 EXEC runs the text of @s: allocates 20 GB of data file", "2 SL209 EXEC runs the text of @s: data file d grows by 5 GB"}},
		// the size the built text set is known after it: 12 GB to 40 GB
		{create + "DECLARE @s nvarchar(max) = N'ALTER DATABASE x MODIFY FILE (NAME = y, SIZE = 12GB)';\nEXEC (@s);\nGO\nALTER DATABASE x MODIFY FILE (NAME = y, SIZE = 40GB);\n",
			[]string{"4 SL201 EXEC runs the text of @s: allocates 11 GB", "6 SL201 allocates 28 GB of data file"}},
		// a size built from a part that is no constant is unknown, and so
		// is the file's size after it
		{create + "DECLARE @s nvarchar(max) = N'ALTER DATABASE x MODIFY FILE (NAME = y, SIZE = ' + CAST(@gb AS nvarchar(10)) + N'GB)';\nEXEC (@s);\nGO\nALTER DATABASE x MODIFY FILE (NAME = y, SIZE = 40GB);\n",
			[]string{"6 SL201 allocates up to 40 GB of data file"}},
		// only printed: nothing runs
		{create + "DECLARE @s nvarchar(max) = N'ALTER DATABASE x MODIFY FILE (NAME = y, SIZE = 12GB)';\nPRINT @s;\n", nil},
		// sp_MSforeachdb's command is not applied
		{"EXEC sp_MSforeachdb N'ALTER DATABASE [?] MODIFY FILE (NAME = y, SIZE = 12GB)';\n", nil},
	}
	for _, c := range cases {
		fs := auditRun(t, c.src, nil)
		var got []string
		for _, f := range fs {
			got = append(got, itoa(f.Span.Start.Position().Line)+" "+f.Rule.ID+" "+f.Message)
		}
		if len(fs) != len(c.want) {
			t.Errorf("%s\n got %d findings %q, want %q", c.src, len(fs), got, c.want)
			continue
		}
		for i, f := range fs {
			line, rest, _ := strings.Cut(c.want[i], " ")
			id, part, _ := strings.Cut(rest, " ")
			if itoa(f.Span.Start.Position().Line) != line || f.Rule.ID != id || !strings.Contains(f.Message, part) {
				t.Errorf("%s\n finding %d: %d %s %q, want %q", c.src, i, f.Span.Start.Position().Line, f.Rule.ID, f.Message, c.want[i])
			}
		}
	}
}
