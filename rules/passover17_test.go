package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestPassesOverFirstByte: passesOver tells most statements by their
// first byte; it answers as reading their first word through Keyword
// does, in any case, with letters that are not ASCII (ſ upper-cases to S),
// words cut short or run on, and BEGIN blocks.
func TestPassesOverFirstByte(t *testing.T) {
	words := []string{
		"SET", "set", "Set", "sEt", "SETX", "SET1", "SET_", "SE", "S", "SELECT", "ſET", "ſet", "SEŦ",
		"PRINT", "print", "PRINTX", "PRIN", "ṖRINT", "pRıNT",
		"DECLARE", "declare", "DECLAREX", "DELETE", "déclare",
		"BEGIN", "begin", "BEGINX", "BEG", "BEGİN",
		"INSERT", "UPDATE", "EXEC", "IF", "WHILE", "@x", "#t", "_x", "1", "x", "é", "$", "(",
	}
	rests := []string{" @a = 1", "", ";", " TRY", " TRAN", "\tx"}
	var b strings.Builder
	var stmts []*parser.Statement
	for _, w := range words {
		for _, rest := range rests {
			b.WriteString(w + rest + "\nGO\n")
			// each text as a statement of its own too: the splitter
			// takes some of these words for no statement's start
			text := w + rest
			stmts = append(stmts, &parser.Statement{Batch: &parser.Batch{Text: "\n" + text + "\n"}, Start: 1, End: 1 + len(text)})
		}
	}
	b.WriteString("BEGIN\n  SELECT 1\nEND\nGO\nBEGIN TRY\n  SELECT 1\nEND TRY\nBEGIN CATCH\n  SELECT 1\nEND CATCH\nGO\n")
	r := parser.ParseFile(&parser.File{Path: "w.sql", Text: b.String()}, &parser.PreprocessOptions{})
	if len(r.Statements) < len(words) {
		t.Fatalf("%d statements", len(r.Statements))
	}
	for _, st := range append(stmts, r.Statements...) {
		if got, want := passesOver(st), passesOverByKeyword(st); got != want {
			t.Errorf("%q: passesOver %v, by its keyword %v", st.Text(), got, want)
		}
	}
}

// passesOverByKeyword is passesOver reading the statement's first word
// through Keyword, always.
func passesOverByKeyword(st *parser.Statement) bool {
	if kw := st.Keyword(); kw != "BEGIN" {
		return passedOver[kw]
	}
	return blockBegins(st)
}
