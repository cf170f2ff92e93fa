package rules

import (
	"fmt"
	"maps"
	"math/rand"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Many loops of one batch that each build and run @sql: SL103 reports
// each loop's statement once, looking at each builder a bounded number
// of times (every earlier loop's builders were looked at again in each
// loop: quadratic).
func TestSL103ManyLoopsLinear(t *testing.T) {
	const n = 3000
	loop := "WHILE @i < 10 BEGIN SET @sql = @sql + N'ALTER DATABASE x ADD FILEGROUP g' + CAST(@i AS nvarchar(9)); EXEC(@sql); END\n"
	src := "DECLARE @sql nvarchar(max) = N'', @i int = 0;\n" + strings.Repeat(loop, n) + "EXEC(@sql);\n"
	res := parser.ParseFile(parser.NewFile("loops.sql", src), &parser.PreprocessOptions{})
	before := sl103Looked.Load()
	got := 0
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		if f.Rule.ID == "SL103" {
			got++
		}
	}
	if looked := sl103Looked.Load() - before; looked > 4*n {
		t.Errorf("%d loops: SL103 looked at %d builders", n, looked)
	}
	if got != n {
		t.Errorf("%d SL103 findings, want %d (the SET of each loop)", got, n)
	}
}

// settleEvents gives every variable the text the repeated passes give it,
// with variables read and assigned in any order, several texts, texts
// from before the loop and statements that read what they assign.
func TestSettleLoopMatchesPasses(t *testing.T) {
	vars := []string{"@a", "@b", "@c", "@d", "@e", "@f"}
	texts := []string{"", "", "", "ADD FILE", "ADD LOG FILE", "ADD FILEGROUP"}
	rng := rand.New(rand.NewSource(5))
	pick := func(n int) []string {
		var vs []string
		for k := rng.Intn(n + 1); k > 0; k-- {
			vs = append(vs, vars[rng.Intn(len(vars))])
		}
		return vs
	}
	for round := 0; round < 5000; round++ {
		loop := make([]Effect, rng.Intn(12))
		for i := range loop {
			st := &parser.Statement{}
			if rng.Intn(6) > 0 {
				st.Dynamic = &parser.Dynamic{AddFile: texts[rng.Intn(len(texts))], Assigns: pick(2), Uses: pick(3)}
			}
			loop[i].Stmt = st
		}
		before := map[string]string{}
		for _, v := range pick(2) {
			before[v] = "before " + v
		}
		run := func(settle func([]Effect, *varTexts, func(string) string)) map[string]string {
			var inLoop varTexts
			settle(loop, &inLoop, func(v string) string {
				if w := inLoop.get(v); w != "" {
					return w
				}
				return before[v]
			})
			return inLoop.asMap()
		}
		got, want := run(settleEvents), run(settlePasses)
		if !maps.Equal(got, want) {
			for i, e := range loop {
				if d := e.Stmt.Dynamic; d != nil {
					t.Logf("%d: %q assigns %v uses %v", i, d.AddFile, d.Assigns, d.Uses)
				}
			}
			t.Fatalf("round %d (before %v): %v, the passes give %v", round, before, got, want)
		}
	}
}

// A loop whose statements each read the variable the next one assigns
// (the text reaches the first after as many passes as statements) looks
// up a bounded number of variables per statement, not per statement and
// pass.
func TestSettleLoopChainLinear(t *testing.T) {
	const n = 5000
	loop := make([]Effect, n+1)
	for i := 0; i < n; i++ {
		loop[i].Stmt = &parser.Statement{Dynamic: &parser.Dynamic{Assigns: []string{fmt.Sprint("@a", i)}, Uses: []string{fmt.Sprint("@a", i+1)}}}
	}
	loop[n].Stmt = &parser.Statement{Dynamic: &parser.Dynamic{AddFile: "ADD FILE", Assigns: []string{fmt.Sprint("@a", n)}}}
	var inLoop varTexts
	lookups := 0
	settleLoop(loop, &inLoop, func(v string) string { lookups++; return inLoop.get(v) })
	if inLoop.get("@a0") != "ADD FILE" {
		t.Errorf("@a0 holds %q, want ADD FILE", inLoop.get("@a0"))
	}
	if lookups > 3*n {
		t.Errorf("%d statements: %d lookups", n, lookups)
	}
}

// A statement assigning many variables that loops built, each from
// itself, compares a bounded number of variables per assignment.
func TestSL103ManyAssignsLinear(t *testing.T) {
	const k = 5000
	var sb strings.Builder
	sb.WriteString("WHILE 1=1 BEGIN\n")
	for i := 0; i < k; i++ {
		fmt.Fprintf(&sb, "SET @a%d = N'ALTER DATABASE x ADD FILE (NAME=f' + @n + N')';\n", i) // a new name at each pass
	}
	sb.WriteString("END\nSELECT @a0 = @a0")
	for i := 1; i < k; i++ {
		fmt.Fprintf(&sb, ", @a%d = @a%d", i, i)
	}
	sb.WriteString(";\nEXEC(@a0);\nEXEC(@a1);\n")
	res := parser.ParseFile(parser.NewFile("assigns.sql", sb.String()), &parser.PreprocessOptions{})
	before := sl103Looked.Load()
	got := 0
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		if f.Rule.ID == "SL103" {
			got++
		}
	}
	if looked := sl103Looked.Load() - before; looked > 8*k {
		t.Errorf("%d assignments: SL103 looked at %d variables and builders", k, looked)
	}
	if got != 2 {
		t.Errorf("%d SL103 findings, want 2 (the loop's SETs of @a0 and @a1, still held)", got)
	}
}
