package rules

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// createDropScript is n pairs of CREATE DATABASE dN and DROP DATABASE dN,
// each in its own batch.
func createDropScript(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "CREATE DATABASE d%d;\nGO\nDROP DATABASE d%d;\nGO\n", i, i)
	}
	return b.String()
}

// A replayed DROP DATABASE keeps no parsed form: no static rule reads
// it again, and the model has forgotten the database.
func TestSlimDropsDropDatabase(t *testing.T) {
	r := parser.ParseFile(parser.NewFile("a.sql", "CREATE DATABASE a;\nDROP DATABASE IF EXISTS a, b;\nDROP DATABASE c;\n"), nil)
	if kept := keptAfterSlim(r); len(kept) != 0 {
		t.Errorf("kept %s, want none", kept)
	}
	for _, st := range r.Statements[1:] {
		if st.Kind != parser.KindDropDatabase {
			t.Errorf("kind %v, want drop_database", st.Kind)
		}
	}
}

// The live heap of a script of CREATE and DROP DATABASE pairs once
// replayed (its text, statements, effects and model, as its rules read
// them) is the same small multiple of the script at n and 8n pairs: a
// replayed DROP's parsed form (112 bytes with its name) is not part of
// it. Measured: 816 bytes a pair at n, 766 at 8n; 928 and 878 when the
// DROP DATABASE nodes stayed.
func TestDropDatabaseLiveBytesPerPair(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 36,000 statements")
	}
	live := func(n int) float64 {
		text := createDropScript(n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := parser.ParseFile(parser.NewFile("a.sql", text), nil)
		m := &Model{Databases: map[string]*Database{}, slimming: true}
		m.Scripts = []*parser.Result{r}
		m.Effects = make([]Effect, 0, len(r.Statements))
		m.replay(0, r, "")
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(m)
		runtime.KeepAlive(r)
		return (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(n)
	}
	const n = 2250
	small, large := live(n), live(8*n)
	t.Logf("live bytes a pair once replayed: %.0f at %d pairs, %.0f at %d", small, n, large, 8*n)
	if small > 870 || large > 820 {
		t.Errorf("%.0f bytes a pair at %d pairs (want at most 870), %.0f at %d (want at most 820)", small, n, large, 8*n)
	}
}
