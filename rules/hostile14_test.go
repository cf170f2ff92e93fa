package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// BenchmarkManyNamesOneStatement measures statements that name many
// files or filegroups at once: one CREATE DATABASE of 20,000 filegroups
// of a file each (its implicit log's sum looked for each file's
// filegroup among all of them: 100,000 took 28 s), and a RESTORE of
// 10,000 FILE = items of as many files (each file was compared with every
// item: 16,000 took 1.5 s).
func BenchmarkManyNamesOneStatement(b *testing.B) {
	var fg, rs strings.Builder
	fg.WriteString("CREATE DATABASE D ON PRIMARY (NAME = p, FILENAME = 'C:\\p.mdf')")
	for i := range 20000 {
		fg.WriteString(", FILEGROUP fg" + itoa(i) + " (NAME = f" + itoa(i) + ", FILENAME = 'C:\\f" + itoa(i) + ".ndf')")
	}
	fg.WriteString(";\n")
	rs.WriteString("CREATE DATABASE D ON PRIMARY (NAME = p, FILENAME = 'C:\\p.mdf', SIZE = 1GB)")
	for i := range 10000 {
		rs.WriteString(", (NAME = f" + itoa(i) + ", FILENAME = 'C:\\f" + itoa(i) + ".ndf', SIZE = 1GB)")
	}
	rs.WriteString(";\nGO\nRESTORE DATABASE D FILE = 'p'")
	for i := range 10000 {
		rs.WriteString(", FILE = 'f" + itoa(i) + "'")
	}
	rs.WriteString(" FROM DISK = 'Z:\\d.bak' WITH REPLACE;\n")
	for _, c := range []struct{ name, sql string }{{"filegroups", fg.String()}, {"restore-files", rs.String()}} {
		res := parser.ParseFile(parser.NewFile("many.sql", c.sql), nil)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Analyze(Default, []*parser.Result{res}, nil)
			}
		})
	}
}
