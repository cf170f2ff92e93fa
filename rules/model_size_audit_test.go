package rules

import (
	"reflect"
	"strconv"
	"testing"
)

// A new database's primary file takes the size of the model database's
// primary file when its own SIZE is not given (CREATE DATABASE's
// documented default). A server setup script that sizes model and then
// creates databases without sizes allocates that much for each: before,
// only the ALTER DATABASE model statement was reported and the CREATE
// DATABASE statements after it were silent.
func TestSL201NewDatabaseTakesModelSize(t *testing.T) {
	const model = "ALTER DATABASE model MODIFY FILE (NAME = modeldev, SIZE = 100GB);\nGO\n"
	cases := []struct {
		src  string
		want []string // SL201 line numbers
	}{
		// no file list, and a primary file without SIZE
		{model + "CREATE DATABASE app1;\nGO\n", []string{"1", "3"}},
		{model + "CREATE DATABASE app2 ON (NAME = a2, FILENAME = 'd:\\a2.mdf');\nGO\n", []string{"1", "3"}},
		{model + "CREATE DATABASE app3 ON PRIMARY (NAME = a3, FILENAME = 'd:\\a3.mdf') LOG ON (NAME = a3l, FILENAME = 'l:\\a3.ldf', SIZE = 1GB);\nGO\n", []string{"1", "3"}},
		// its own SIZE wins; a secondary file without SIZE is not the primary
		{model + "CREATE DATABASE app4 ON (NAME = a4, FILENAME = 'd:\\a4.mdf', SIZE = 10MB), (NAME = a4b, FILENAME = 'd:\\a4b.ndf');\nGO\n", []string{"1"}},
		// a SIZE known only at run time is a SIZE all the same
		{model + "CREATE DATABASE app8 ON (NAME = a8, FILENAME = 'd:\\a8.mdf', SIZE = $(Size));\nGO\n", []string{"1"}},
		// attaching and snapshots allocate nothing
		{model + "CREATE DATABASE app5 ON (NAME = a5, FILENAME = 'd:\\a5.mdf') FOR ATTACH;\nGO\n", []string{"1"}},
		// model's size unknown: nothing, as before
		{"CREATE DATABASE app6;\nGO\n", nil},
		// a small model is under the budget
		{"ALTER DATABASE model MODIFY FILE (NAME = modeldev, SIZE = 64MB);\nGO\nCREATE DATABASE app7;\nGO\n", nil},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL201" {
				got = append(got, strconv.Itoa(f.Span.Start.Position().Line))
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: SL201 at lines %v, want %v", c.src, got, c.want)
		}
	}
}
