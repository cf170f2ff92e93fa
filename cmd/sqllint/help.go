package main

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/rules"
)

// explainUsage is the usage of explain.
const explainUsage = "Usage: sqllint explain SLnnn (or a rule name)\n\nPrints a rule's documentation (docs/rules/SLnnn.md): what it flags and why, examples, its options, and how to suppress it.\n"

// versionUsage is the usage of version.
const versionUsage = "Usage: sqllint version\n\nPrints the version of sqllint.\n"

// help answers "sqllint help [TOPIC]": the usage alone; a command's
// flags, as "sqllint COMMAND -h" prints them; or a rule's documentation,
// as explain prints it. "sqllint help SL302" printed the usage.
func (e *env) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	if len(args) > 1 {
		e.errorf("usage: sqllint help [COMMAND | SLnnn]")
		return exitError
	}
	if isHelpFlag(args[0]) {
		// help -h: the help of help is the usage, as for every command
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	switch t := args[0]; t {
	case "scan", "parse", "rules", "init", "lsp":
		return e.run([]string{t, "-h"})
	case "explain":
		fmt.Fprint(e.stdout, explainUsage)
		return exitOK
	case "version":
		fmt.Fprint(e.stdout, versionUsage)
		return exitOK
	case "help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	if rules.Default.Lookup(strings.ToUpper(args[0])) != nil || rules.Default.Lookup(strings.ToLower(args[0])) != nil {
		return e.explain(args)
	}
	e.errorf("no command or rule %q%s (run sqllint help for the commands, sqllint rules for the rules)", args[0], ruleHint(args[0]))
	return exitError
}

// isHelpFlag reports whether arg asks for a command's usage.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}
