package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/output"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// parseInterleaved parses flags that may come before, between or after
// the paths, as users type them.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

type scanFlags struct {
	formats        listFlag
	color          string
	configPath     string
	noConfig       bool
	failOn         string
	vars           listFlag
	database       string
	excludes       listFlag
	stdinName      string
	targetVersion  string
	fix            bool
	noSource       bool
	server         string
	serverHost     string
	user           string
	trustCert      bool
	connectTimeout time.Duration
	queryTimeout   time.Duration
	encrypt        string
}

func (e *env) scanFlagSet(f *scanFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Var(&f.formats, "format", "output `format`, or format=FILE to write it to a file; repeatable: "+strings.Join(output.Formats(), ", ")+" (default text)")
	fs.StringVar(&f.color, "color", "auto", "colour in text output: auto, always or never (NO_COLOR turns it off)")
	fs.StringVar(&f.configPath, "config", "", "config `file` (default: .sqllint.yaml found from the first path upward, then in the home folder)")
	fs.BoolVar(&f.noConfig, "no-config", false, "ignore any config file")
	fs.StringVar(&f.failOn, "fail-on", "", "lowest severity that makes the exit status 1: error, warning, info or never (default warning)")
	fs.Var(&f.vars, "v", "sqlcmd variable `NAME=value`; repeatable")
	fs.Var(&f.vars, "var", "same as -v")
	fs.StringVar(&f.database, "d", "", "`database` the scripts start in, as sqlcmd -d")
	fs.Var(&f.excludes, "exclude", "skip files matching `GLOB`; repeatable")
	fs.StringVar(&f.stdinName, "stdin-filename", "stdin.sql", "`name` of standard input (-) in messages and for config matching")
	fs.StringVar(&f.targetVersion, "target-version", "", "SQL Server `version` the scripts deploy to (2016, 2019, 2022, ...)")
	fs.BoolVar(&f.fix, "fix", false, "apply the rules' safe fixes to the files, in place")
	fs.BoolVar(&f.noSource, "no-source", false, "text output: do not show the source line under each finding")
	fs.StringVar(&f.server, "server", "", "live mode: `DSN` of a SQL Server to confirm findings (sqlserver://user@host:port?database=..; password from SQLCMDPASSWORD)")
	fs.StringVar(&f.serverHost, "S", "", "live mode: `server` as in sqlcmd -S (host, host,port or host\\instance)")
	fs.StringVar(&f.user, "U", "", "live mode: SQL login `name`, as sqlcmd -U (password from SQLCMDPASSWORD)")
	fs.BoolVar(&f.trustCert, "trust-server-certificate", false, "live mode: do not verify the server's TLS certificate")
	fs.DurationVar(&f.connectTimeout, "connect-timeout", 15*time.Second, "live mode: connection timeout")
	fs.DurationVar(&f.queryTimeout, "query-timeout", 30*time.Second, "live mode: timeout of each query")
	fs.StringVar(&f.encrypt, "encrypt", "", "live mode: `mode` strict (TDS 8), mandatory (TLS for the whole session) or optional (TLS for the login only, when the server has it); default: the DSN's encrypt")
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: sqllint scan [flags] PATH...\n\nExit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 on usage, config or input errors.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// outputSpec is one --format value.
type outputSpec struct{ format, path string }

func parseFormats(values []string) ([]outputSpec, error) {
	if len(values) == 0 {
		return []outputSpec{{format: "text"}}, nil
	}
	known := map[string]bool{}
	for _, f := range output.Formats() {
		known[f] = true
	}
	var specs []outputSpec
	toStdout := 0
	for _, v := range values {
		name, path, _ := strings.Cut(v, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		if !known[name] {
			return nil, fmt.Errorf("unknown format %q: use one of %s", name, strings.Join(output.Formats(), ", "))
		}
		if path == "" || path == "-" {
			toStdout++
			path = ""
		}
		specs = append(specs, outputSpec{name, path})
	}
	if toStdout > 1 {
		return nil, errors.New("only one --format can write to standard output; give the others a file: --format sarif=results.sarif")
	}
	return specs, nil
}

func (e *env) scan(args []string) int {
	var f scanFlags
	fs := e.scanFlagSet(&f)
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitError
	}
	if len(paths) == 0 {
		e.errorf("scan needs at least one path (a file, a folder, or - for standard input)")
		return exitError
	}
	if f.fix {
		for _, p := range paths {
			if p == "-" {
				e.errorf("--fix cannot rewrite standard input: give the file's path instead")
				return exitError
			}
		}
	}
	specs, err := parseFormats(f.formats)
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	first := paths[0]
	if first == "-" {
		first = f.stdinName // standard input finds its config as the file it names would
	}
	cfg, err := e.loadConfig(f.configPath, f.noConfig, first)
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if err := applyFlags(cfg, &f); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	files, err := collect(paths, e.matcher(cfg))
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	var kept []string
	for _, p := range files {
		name := p
		if p == "-" {
			name = f.stdinName
		}
		if !excluded(cfg, name) {
			kept = append(kept, p)
		}
	}
	files = kept

	// :r may include from the scanned folders and the config's folder;
	// standard input counts as the file it names.
	roots := append([]string(nil), paths...)
	for i, p := range roots {
		if p == "-" {
			roots[i] = f.stdinName
		}
	}
	opt := cfg.PreprocessOptions(roots, e.lookupEnv)
	loadedFiles := load(files, e.stdin, displayPath(f.stdinName), opt)
	var results []*parser.Result
	for _, l := range loadedFiles {
		if l.result != nil {
			results = append(results, l.result)
		}
	}

	ruleCfg := cfg.Rules
	if dsn := e.serverDSN(cfg, &f); dsn != "" || f.serverHost != "" {
		facts, notices, err := e.liveFacts(dsn, &f, results)
		if err != nil {
			e.errorf("%v", err)
			return exitError
		}
		for _, n := range notices {
			fmt.Fprintf(e.stderr, "sqllint: notice: %s\n", n)
		}
		ruleCfg.Facts = facts
	}
	findings := rules.Analyze(rules.Default, results, &ruleCfg)

	if f.fix {
		var fixed int
		findings, fixed, err = applyFixes(findings)
		if err != nil {
			e.errorf("%v", err)
			return exitError
		}
		if fixed > 0 {
			fmt.Fprintf(e.stderr, "sqllint: fixed %d finding(s)\n", fixed)
		}
	}

	rep := buildReport(rules.Default, &ruleCfg, findings, loadedFiles)
	color := f.color == "always" || (f.color == "auto" && e.isTerminal && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb")
	if f.color != "auto" && f.color != "always" && f.color != "never" {
		e.errorf("--color must be auto, always or never")
		return exitError
	}
	cwd, _ := os.Getwd()
	for _, s := range specs {
		opts := output.Options{Color: color && s.path == "", SrcRoot: cwd, ShowSource: !f.noSource}
		if err := e.writeOutput(s, rep, opts); err != nil {
			e.errorf("%v", err)
			return exitError
		}
	}
	if len(rep.Errors) > 0 {
		return exitError
	}
	return exitStatus(findings, cfg.FailOn)
}

func (e *env) writeOutput(s outputSpec, rep *report.Report, opts output.Options) error {
	if s.path == "" {
		return output.Write(e.stdout, s.format, rep, opts)
	}
	var sb strings.Builder
	if err := output.Write(&sb, s.format, rep, opts); err != nil {
		return err
	}
	return writeFileAtomic(s.path, []byte(sb.String()), 0o644)
}

func exitStatus(findings []rules.Finding, failOn string) int {
	threshold := parser.SevWarning
	switch failOn {
	case "error":
		threshold = parser.SevError
	case "info":
		threshold = parser.SevInfo
	case "never":
		return exitOK
	}
	for _, f := range findings {
		if f.Severity >= threshold {
			return exitFindings
		}
	}
	return exitOK
}

// loadConfig finds and reads the config file for a run.
func (e *env) loadConfig(path string, none bool, firstPath string) (*config.Config, error) {
	if none {
		return config.Default(), nil
	}
	if path == "" {
		dir := firstPath
		if info, err := os.Stat(firstPath); err != nil || !info.IsDir() {
			dir = filepath.Dir(firstPath) // a file, or standard input's name
		}
		cfg, err := config.Find(dir, rules.Default)
		if err == nil && cfg.Notice() != "" {
			fmt.Fprintf(e.stderr, "sqllint: %s\n", cfg.Notice())
		}
		return cfg, err
	}
	return config.Load(path, rules.Default)
}

func applyFlags(cfg *config.Config, f *scanFlags) error {
	if f.failOn != "" {
		switch f.failOn {
		case "error", "warning", "info", "never":
			cfg.FailOn = f.failOn
		default:
			return fmt.Errorf("--fail-on must be error, warning, info or never, not %q", f.failOn)
		}
	}
	if f.targetVersion != "" {
		v, ok := parseVersion(f.targetVersion)
		if !ok {
			return fmt.Errorf("--target-version %q: use a SQL Server version such as 2019 or 2022", f.targetVersion)
		}
		cfg.Rules.TargetVersion = v
	}
	if len(f.vars) > 0 && cfg.Variables == nil {
		cfg.Variables = map[string]string{}
	}
	for _, v := range f.vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("-v %q: write NAME=value", v)
		}
		cfg.Variables[strings.TrimSpace(name)] = strings.Trim(value, `"`)
	}
	if f.database != "" {
		cfg.Rules.DefaultDatabase = f.database
	}
	cfg.Exclude = append(cfg.Exclude, f.excludes...)
	return nil
}

// parseVersion reads 2022 or 16 as SQL Server's major version 16.
func parseVersion(s string) (int, bool) {
	years := map[string]int{"2012": 11, "2014": 12, "2016": 13, "2017": 14, "2019": 15, "2022": 16, "2025": 17}
	if v, ok := years[s]; ok {
		return v, true
	}
	for _, v := range years {
		if fmt.Sprint(v) == s {
			return v, true
		}
	}
	return 0, false
}

// matcher returns which files of a folder walk are scanned: the config's
// include and exclude globs, relative to the config file's folder (or to
// the current folder when there is no config file).
func (e *env) matcher(cfg *config.Config) matcher {
	return matcher{
		file: func(path string) bool {
			return config.Match(cfg, relToConfig(cfg, path), true)
		},
		skipDir: func(path string) bool {
			return config.SkipDir(cfg, relToConfig(cfg, path))
		},
	}
}

// relToConfig is path relative to the config's folder, slash-separated;
// a path outside it stays as given.
func relToConfig(cfg *config.Config, path string) string {
	base := cfg.Dir
	if base == "" {
		base, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(path); err == nil {
		if rel, err := filepath.Rel(base, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return displayPath(path)
}

// excluded reports whether a file named on the command line is excluded
// by the config or --exclude.
func excluded(cfg *config.Config, p string) bool {
	if len(cfg.Exclude) == 0 {
		return false
	}
	return !config.Match(cfg, relToConfig(cfg, p), false)
}

// buildReport turns findings into what the printers print.
func buildReport(reg *rules.Registry, cfg *rules.Config, findings []rules.Finding, files []*loaded) *report.Report {
	rep := &report.Report{Tool: "sqllint", Version: toolVersion(), Errors: inputErrors(files)}
	byPath := map[string]*parser.File{}
	for _, l := range files {
		if l.result != nil {
			rep.Files++
			for _, f := range l.result.Script.Files {
				byPath[f.Path] = f
			}
		}
	}
	rep.Source = func(path string, line int) (string, bool) {
		if f := byPath[path]; f != nil {
			return f.Line(line)
		}
		return "", false
	}
	for _, r := range reg.All() {
		if cfg.Enabled(r) {
			rep.Rules = append(rep.Rules, reportRule(r))
		}
	}
	for _, f := range findings {
		rep.Findings = append(rep.Findings, reportFinding(f))
	}
	return rep
}

func reportRule(r *rules.Rule) report.Rule {
	return report.Rule{
		ID: r.ID, Name: r.Name, Severity: r.Severity.String(), Title: r.Doc.Title,
		Description: rules.Summary(r), HelpURI: r.HelpURI(), Help: rules.Markdown(r),
	}
}

func reportFinding(f rules.Finding) report.Finding {
	rf := report.Finding{RuleID: f.Rule.ID, RuleName: f.Rule.Name, Severity: f.Severity.String(), Message: f.Message, Confirmed: f.Confirmed}
	if f.Span.Start.IsValid() {
		s, en := f.Span.Start.Position(), f.Span.End.Position()
		if !f.Span.End.IsValid() || f.Span.End.File != f.Span.Start.File {
			en = s
		}
		rf.Path, rf.Line, rf.Column, rf.EndLine, rf.EndColumn = s.Path, s.Line, s.Column, en.Line, en.Column
	}
	if f.Fix != nil {
		fix := &report.Fix{Description: f.Fix.Description}
		for _, ed := range f.Fix.Edits {
			s, en := ed.File.Position(ed.Start), ed.File.Position(ed.End)
			fix.Edits = append(fix.Edits, report.Edit{Line: s.Line, Column: s.Column, EndLine: en.Line, EndColumn: en.Column,
				StartOffset: ed.Start, EndOffset: ed.End, NewText: ed.New})
		}
		rf.Fix = fix
	}
	return rf
}

// applyFixes applies every fix it safely can, writes each changed file
// atomically in its own encoding, and returns the findings not fixed.
func applyFixes(findings []rules.Finding) ([]rules.Finding, int, error) {
	byFile := map[*parser.File][]int{}
	for i, f := range findings {
		if f.Fix == nil || len(f.Fix.Edits) == 0 {
			continue
		}
		file := f.Fix.Edits[0].File
		same := true
		for _, ed := range f.Fix.Edits {
			same = same && ed.File == file
		}
		if same && file.Path != "" && file.Path != "-" {
			byFile[file] = append(byFile[file], i)
		}
	}
	fixed := map[int]bool{}
	files := make([]*parser.File, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, file := range files {
		var edits []rules.Edit
		var owner []int // the finding of each edit
		for _, i := range byFile[file] {
			for _, ed := range findings[i].Fix.Edits {
				edits = append(edits, ed)
				owner = append(owner, i)
			}
		}
		text, skippedEdits := rules.ApplyEdits(file.Text, edits)
		skipped := map[int]bool{} // findings with an edit that overlapped another
		for _, e := range skippedEdits {
			skipped[owner[e]] = true
		}
		if text == file.Text {
			continue
		}
		data, err := file.Encode(text)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: cannot fix: %w", file.Path, err)
		}
		info, err := os.Stat(file.Path)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: cannot fix: %w", file.Path, cleanErr(err))
		}
		if err := writeFileAtomic(file.Path, data, info.Mode().Perm()); err != nil {
			return nil, 0, err
		}
		for _, i := range byFile[file] {
			if !skipped[i] {
				fixed[i] = true
			}
		}
	}
	var rest []rules.Finding
	for i, f := range findings {
		if !fixed[i] {
			rest = append(rest, f)
		}
	}
	return rest, len(fixed), nil
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path, so a crash never leaves a half-written file.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".sqllint-*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(err))
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, perm)
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %w", path, cleanErr(werr))
	}
	return nil
}
