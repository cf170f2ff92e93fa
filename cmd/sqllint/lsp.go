package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/sqllint/sqllint/lsp"
)

// lsp serves the Language Server Protocol on standard input and output,
// for editors: diagnostics as you type, quick fixes, rule docs on hover.
func (e *env) lsp(args []string) int {
	fs := flag.NewFlagSet("lsp", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	// Editors' clients add --stdio when they start a server over stdio;
	// it is the only transport, so the flag is accepted and changes nothing.
	fs.Bool("stdio", true, "talk LSP over standard input and output (the only transport)")
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: sqllint lsp\n\nServes the Language Server Protocol on standard input and output for editors\n(VS Code, Azure Data Studio, Neovim, ...): findings as you type, quick fixes,\nrule documentation on hover. Log lines go to standard error. See docs/editors.md.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitError
	}
	if fs.NArg() > 0 {
		e.errorf("lsp takes no paths: the editor sends the documents")
		return exitError
	}
	srv := lsp.New(e.stdin, e.stdout, lsp.Options{
		Analyzer: lsp.Pipeline{LookupEnv: e.lookupEnv},
		Version:  toolVersion(),
		Log:      e.stderr,
	})
	return srv.Run()
}
