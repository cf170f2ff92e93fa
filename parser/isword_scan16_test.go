package parser

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// isWord tells a word by its bytes with the lower-case bit cleared: a
// word is w, in any case, and no other byte in any place makes it so
// (digits, "_", "#", "@", "$", "`", "[" and bytes of UTF-8 sequences
// among them, which the bit's clearing could mix up with letters).
func TestIsWordFold(t *testing.T) {
	for _, w := range []string{"OR", "ALTER", "PROC", "DATABASE", "TRACEON", "EXISTS", "CONVERSATION", "COUNTERSIGNATURE"} {
		for j := 0; j < len(w); j++ {
			for b := 1; b < 256; b++ {
				word := w[:j] + string(rune(b)) + w[j+1:]
				if b >= 0x80 {
					word = w[:j] + string([]byte{byte(b)}) + w[j+1:]
				}
				text := "x " + word + " y"
				var sc Scanner
				sp := splitter{text: text, toks: sc.Scan(text)}
				want := len(sp.toks) == 3 && sp.toks[1].Kind == TokIdent && strings.ToUpper(text[sp.toks[1].Start:sp.toks[1].End]) == w
				if got := sp.isWord(1, w); got != want {
					t.Fatalf("isWord(%q, %q) = %v, want %v", word, w, got, want)
				}
			}
		}
	}
}

// TestIsWordLiterals holds every word the splitter asks isWord about to
// upper-case ASCII letters: the case-bit comparison is exact only for
// them (a digit or "_" in w would also match a control byte).
func TestIsWordLiterals(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		{
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "isWord" || len(call.Args) != 2 {
					return true
				}
				calls++
				lit, ok := call.Args[1].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Errorf("%s: isWord's word is not a string literal", fset.Position(call.Pos()))
					return true
				}
				w, _ := strconv.Unquote(lit.Value)
				if w == "" || strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
					t.Errorf("%s: isWord(%q): only upper-case ASCII letters compare exactly by the case bit", fset.Position(call.Pos()), w)
				}
				return true
			})
		}
	}
	if calls < 20 {
		t.Fatalf("found %d isWord calls; the search is broken", calls)
	}
}
