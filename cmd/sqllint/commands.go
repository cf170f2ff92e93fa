package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/output"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

func (e *env) listRules(args []string) int {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print the rules as JSON (the same as --format json)")
	format := fs.String("format", "text", "output `format`: text or json, as scan and parse take it")
	fs.Usage = e.commandUsage(fs, "sqllint rules [--format text|json]", "Lists the rules: ID, name, default severity and title (sqllint explain SLnnn shows one).")
	rest, code, ok := e.parseFlags(fs, "rules", args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		e.errorf("rules takes no arguments, got %q (sqllint explain %s shows one rule)", rest[0], rest[0])
		return exitError
	}
	if *format != "text" && *format != "json" {
		e.errorf("--format must be text or json, not %q", *format)
		return exitError
	}
	if *asJSON || *format == "json" {
		var out []any
		for _, r := range rules.Default.All() {
			out = append(out, analysis.ReportRule(r))
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSEVERITY\tTITLE")
	for _, r := range rules.Default.All() {
		title := r.Doc.Title
		if r.Live {
			title += " (live)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Severity, title)
	}
	_ = tw.Flush()
	return exitOK
}

func (e *env) explain(args []string) int {
	if len(args) == 1 && isHelpFlag(args[0]) {
		fmt.Fprint(e.stdout, explainUsage)
		return exitOK
	}
	if len(args) != 1 {
		e.errorf("usage: sqllint explain SLnnn (or a rule name)")
		return exitError
	}
	r := rules.Default.Lookup(strings.ToUpper(args[0]))
	if r == nil {
		r = rules.Default.Lookup(strings.ToLower(args[0]))
	}
	if r == nil {
		e.errorf("no rule %q%s (run sqllint rules for the list)", args[0], ruleHint(args[0]))
		return exitError
	}
	fmt.Fprint(e.stdout, rules.Markdown(r))
	return exitOK
}

// ruleHint is what follows "no rule X" for explain and help: the rules
// an ID prefix stands for (as --select reads it, Registry.Match: SL3 is not
// SL003), or the rule a typo is closest to, or "".
func ruleHint(ref string) string {
	if !strings.EqualFold(strings.TrimSpace(ref), "all") {
		if ids := rules.Default.Match(strings.TrimSpace(ref)); len(ids) > 0 {
			return fmt.Sprintf("; %s is the prefix of %s: explain one of them", ref, strings.Join(ids, ", "))
		}
	}
	if s := suggestRule(rules.Default, ref); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

func (e *env) init(args []string) int {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	force := fs.Bool("force", false, "overwrite an existing .sqllint.yaml")
	fs.Usage = e.commandUsage(fs, "sqllint init [--force] [DIR]", "Writes a commented starter .sqllint.yaml in DIR (default: the current folder).")
	rest, code, ok := e.parseFlags(fs, "init", args)
	if !ok {
		return code
	}
	if len(rest) > 1 {
		// init a b wrote a/.sqllint.yaml alone
		e.errorf("init writes one folder's .sqllint.yaml, got %d paths: %s (run it once for each folder)", len(rest), strings.Join(rest, " "))
		return exitError
	}
	dir := "."
	if len(rest) > 0 {
		dir = rest[0]
	}
	if info, err := os.Stat(dir); err != nil {
		e.errorf("%s: no such folder", dir)
		return exitError
	} else if !info.IsDir() {
		e.errorf("%s: not a folder: init writes DIR/.sqllint.yaml", dir)
		return exitError
	}
	// a folder that holds both is an error for every scan
	yml := filepath.Join(dir, ".sqllint.yml")
	if _, err := os.Lstat(yml); err == nil {
		e.errorf("%s already exists: edit it, or remove it and run sqllint init again", yml)
		return exitError
	}
	path := filepath.Join(dir, ".sqllint.yaml")
	if _, err := os.Stat(path); err == nil && !*force {
		e.errorf("%s already exists (use --force to overwrite it)", path)
		return exitError
	}
	// through a symbolic link to the file it points to, as a report
	if err := analysis.WriteFile(linkTarget(path), []byte(config.Starter()), 0o644); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", path)
	return exitOK
}

func (e *env) parse(args []string) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	format := fs.String("format", "text", "output `format`: json or text")
	var vars listFlag
	fs.Var(&vars, "v", "sqlcmd variable `NAME=value`; repeatable")
	all := fs.Bool("all", false, "also list DROP DATABASE and the statements that are not of interest")
	fs.Usage = e.commandUsage(fs, "sqllint parse [flags] PATH...", "Shows the statements sqllint understood (- reads standard input).")
	paths, code, ok := e.parseFlags(fs, "parse", args)
	if !ok {
		return code
	}
	if *format != "json" && *format != "text" {
		e.errorf("--format must be json or text")
		return exitError
	}
	if len(paths) == 0 {
		e.errorf("parse needs at least one path")
		return exitError
	}
	values := map[string]string{}
	for _, v := range vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(name) == "" {
			e.errorf("-v %q: write NAME=value", v)
			return exitError
		}
		if err := config.CheckVarName(strings.TrimSpace(name)); err != nil {
			e.errorf("-v %q: %v", v, err)
			return exitError
		}
		values[strings.TrimSpace(name)] = strings.Trim(value, `"`) // as scan reads -v
	}
	clean := oneLine // control characters as scan's text output shows them
	entries := []map[string]any{}
	code = exitOK
	opt := analysis.Options{Paths: paths, Stdin: e.stdin, Config: parseConfig(values), LookupEnv: e.lookupEnv}
	err := analysis.Parse(context.Background(), opt, func(p *analysis.Parsed) {
		if p.Err != nil {
			// a file that cannot be read is an input error, as for scan
			fmt.Fprintln(e.stderr, output.DefuseCILine(fmt.Sprintf("%s: error: %v", clean(p.Path), clean(p.Err.Error()))))
			code = exitError
			return
		}
		for _, d := range p.Result.Diags {
			pos := d.Span.Start.Position()
			fmt.Fprintln(e.stderr, output.DefuseCILine(fmt.Sprintf("%s:%d:%d: %s %s", clean(pos.Path), pos.Line, pos.Column, d.Rule, clean(d.Message))))
		}
		for _, st := range p.Result.Statements {
			if st.Node == nil && !*all || st.Kind == parser.KindDropDatabase && !*all {
				continue
			}
			entries = append(entries, st.Summary())
		}
	})
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		_ = enc.Encode(entries)
		return code
	}
	for _, en := range entries {
		file, _ := en["file"].(string)
		line := fmt.Sprintf("%s:%d:%d: %s", clean(file), en["line"], en["column"], en["kind"])
		if db, ok := en["database"].(string); ok && db != "" {
			line += " " + clean(db)
		}
		fmt.Fprintln(e.stdout, output.DefuseCILine(line))
	}
	return code
}

// parseConfig is the configuration of sqllint parse: no config file, every
// .sql file of a folder, the -v variables.
func parseConfig(vars map[string]string) *config.Config {
	cfg := config.Default()
	cfg.Variables = vars
	return cfg
}
