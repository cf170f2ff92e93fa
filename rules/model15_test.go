package rules

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A database looked up by the name it was found by before is the one
// Databases holds under that name now: not the one a DROP DATABASE, a
// CREATE DATABASE of the same name, a rename or a :connect to another
// server put out of reach (the model keeps the last ones it found by
// name).
func TestRecentDatabasesFollowChanges(t *testing.T) {
	add := func(db, file string) string {
		return "ALTER DATABASE " + db + " ADD FILE (NAME = " + file + ", FILENAME = 'D:\\" + file + ".ndf', SIZE = 1GB);\n"
	}
	src := "CREATE DATABASE Sales;\n" + add("Sales", "s1") + add("Sales", "s2") + // 4 files
		"DROP DATABASE Sales;\n" + add("Sales", "s3") + // a database not created: 1 known
		"CREATE DATABASE Sales;\n" + add("Sales", "s4") + // anew: 3
		"CREATE DATABASE Sales;\n" + add("Sales", "s5") + // anew again: 3
		"ALTER DATABASE Sales MODIFY NAME = Old;\n" + add("Sales", "s6") + add("Old", "o1") + // 1, then 4
		"GO\n:connect other\nGO\n" + add("Old", "o2") + // another server: 1
		"GO\n:connect $(SQLCMDSERVER)\nGO\n" + add("Old", "o3") + // the same one still: 2
		"GO\n:connect .\nGO\nCREATE DATABASE Keep;\n" + add("Keep", "k1") + // 3
		"CREATE DATABASE Moved;\nALTER DATABASE Moved MODIFY NAME = Keep;\n" + add("Keep", "k2") // renamed onto it: 2, then 3
	res := parser.ParseFile(parser.NewFile("recent.sql", src), &parser.PreprocessOptions{})
	m := BuildModel([]*parser.Result{res}, "", nil)
	var got []int32
	for _, e := range m.Effects {
		if _, ok := e.Stmt.Node.(*parser.AlterDatabase); ok && e.DB != nil {
			got = append(got, e.Files)
		}
	}
	want := []int32{3, 4, 1, 3, 3, 3, 1, 4, 1, 2, 3, 2, 3}
	if len(got) != len(want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("files %v, want %v", got, want)
		}
	}
}

// isNul's look at a device's last bytes says no only where
// parser.IsNulDevice says no: names built of the pieces a null device
// is written with, blanks of every kind, dots, colons, separators and
// prefixes, in any order.
func TestIsNulLastBytes(t *testing.T) {
	pieces := []string{"NUL", "nul", "Nu", "N", "U", "L", "l", ":", ".", " ", "\t", "\v", "\u00a0", "\u0085", "\u2028", `\`, "/", "?", "x", `\\?\`, `\\.\`, "\uff4e", "\u212a", "D:", "bak"}
	r := rand.New(rand.NewPCG(7, 8))
	for range 300000 {
		var b strings.Builder
		for k := r.IntN(7); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		v := b.String()
		if got, want := isNul(v), parser.IsNulDevice(v); got != want {
			t.Fatalf("isNul(%q) = %v, IsNulDevice %v", v, got, want)
		}
	}
}
