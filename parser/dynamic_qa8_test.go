package parser

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// usesScan is the search dynamicFacts made for each variable: is it one
// of the assigned ones.
func usesScan(text string, toks []Token) []string {
	var targets []int
	first := strings.ToUpper(tokText(text, toks[0]))
	switch first {
	case "SET":
		targets = setTarget[:]
	case "DECLARE":
		_, targets = assignments(text, toks, true, nil, nil)
	case "SELECT":
		_, targets = assignments(text, toks, false, nil, nil)
	}
	var uses []string
	for i, t := range toks {
		if w := tokText(text, t); t.Kind == TokVar && !slices.Contains(targets, i) && !strings.HasPrefix(w, "@@") {
			uses = append(uses, strings.ToLower(w))
		}
	}
	return uses
}

// The variables a statement reads are those the search found, in
// DECLARE, SELECT and SET statements of every shape.
func TestDynamicUsesMatchScan(t *testing.T) {
	pieces := []string{"@a", "@B", "@a", "@@rowcount", "=", "+=", ",", "(", ")", "N'ADD FILE x'", "1", "int", "nvarchar(max)", "CAST(@c AS int)", "+"}
	rng := rand.New(rand.NewSource(6))
	var sc Scanner
	for round := 0; round < 20000; round++ {
		words := []string{[]string{"SELECT", "DECLARE", "SET"}[rng.Intn(3)]}
		for n := rng.Intn(14); n > 0; n-- {
			words = append(words, pieces[rng.Intn(len(pieces))])
		}
		text := strings.Join(words, " ")
		toks := sc.Scan(text)
		if len(toks) < 2 {
			continue
		}
		d := dynamicFacts(text, toks, true)
		if d == nil || len(d.Assigns) == 0 {
			continue
		}
		if want := usesScan(text, toks); !slices.Equal(d.Uses, want) {
			t.Fatalf("%s: uses %v, want %v", text, d.Uses, want)
		}
	}
}

// BenchmarkSelectManyAssignments is one SELECT assigning 20,000
// variables (the search made it quadratic).
func BenchmarkSelectManyAssignments(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("SELECT @v0 = N'ADD FILE'")
	for i := 1; i < 20000; i++ {
		sb.WriteString(", @v1 = @v2 + @v3")
	}
	text := sb.String()
	toks := (&Scanner{}).Scan(text)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		dynamicFacts(text, toks, true)
	}
}
