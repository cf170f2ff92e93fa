package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/gitdiff"
	"github.com/sqllint/sqllint/internal/spool"
	"github.com/sqllint/sqllint/live"
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
		if j := dashedPath(fs, args); j >= 0 {
			// Parse the flags before a file named like a flag, then
			// take it as a path.
			if err := fs.Parse(args[:j]); err != nil {
				return nil, err
			}
			if len(fs.Args()) == 0 {
				pos = append(pos, args[j])
				args = args[j+1:]
				continue
			}
		}
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil // the flag package ate the "--"
		}
		args = rest
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

// dashedPath is the index of the first argument that the flag package
// would take for a flag but that names no flag of fs and is an existing
// file or folder ("-V1.sql", which a pre-commit hook passes as it is), or
// -1. Arguments after "--", after the first non-flag argument, and values
// of the flags before it are not looked at: fs.Parse handles those.
func dashedPath(fs *flag.FlagSet, args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			return -1
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, _, hasValue := strings.Cut(name, "=")
		if f := fs.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && (!ok || !b.IsBoolFlag()) {
				i++ // its value
			}
			continue
		}
		if _, err := os.Lstat(a); err == nil {
			return i
		}
		return -1
	}
	return -1
}

type scanFlags struct {
	formats        listFlag
	color          string
	configPath     string
	noConfig       bool
	untrusted      bool // --untrusted-config
	failOn         string
	vars           listFlag
	database       string
	excludes       listFlag
	envNames       listFlag
	allowEnv       bool
	stdinName      string
	targetVersion  string
	fix            bool
	noSource       bool
	server         string
	serverHost     string
	user           string
	trustCert      bool
	live           bool
	connectTimeout time.Duration
	queryTimeout   time.Duration
	// timeoutsGiven records --connect-timeout and --query-timeout given
	// on the command line: they then win over SQLCMDLOGINTIMEOUT and
	// SQLCMDSTATTIMEOUT, as sqlcmd's -l and -t do
	connectTimeoutGiven, queryTimeoutGiven bool
	encrypt                                string
	pr                                     prFlags
}

func (e *env) scanFlagSet(f *scanFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Var(&f.formats, "format", "output `format`, or format=FILE to write it to a file; repeatable: "+strings.Join(output.Formats(), ", ")+" (default text)")
	fs.StringVar(&f.color, "color", "auto", "`when` to colour text output: auto, always or never (NO_COLOR turns it off, FORCE_COLOR on)")
	fs.StringVar(&f.configPath, "config", "", "config `file` (default: .sqllint.yaml found from the first path upward, then in the home folder)")
	fs.BoolVar(&f.noConfig, "no-config", false, "ignore any config file")
	fs.BoolVar(&f.untrusted, "untrusted-config", false, "the config file may come from an untrusted change (a pull request): ignore its keys that widen what scripts read or expand (include-outside, include-roots, env, server, limits above the defaults, context and baseline outside its folder)")
	fs.StringVar(&f.failOn, "fail-on", "", "lowest `severity` that makes the exit status 1: error, warning, info or never (default warning)")
	fs.Var(&f.vars, "v", "sqlcmd variable `NAME=value`; repeatable")
	fs.Var(&f.vars, "var", "`NAME=value`, the same as -v")
	fs.StringVar(&f.database, "d", "", "`database` the scripts start in, as sqlcmd -d")
	fs.Var(&f.excludes, "exclude", "skip files matching `GLOB`; repeatable")
	fs.Var(&f.envNames, "env", "let $(`NAME`) expand from the environment variable NAME (never one whose name looks secret); repeatable")
	fs.BoolVar(&f.allowEnv, "allow-env", false, "let $(var) expand from any environment variable whose name does not look secret")
	fs.StringVar(&f.stdinName, "stdin-filename", "stdin.sql", "`name` of standard input (-) in messages and for config matching")
	fs.StringVar(&f.targetVersion, "target-version", "", "SQL Server `version` the scripts deploy to: a release year (2008R2, 2019, 2022, ...) or a major version (10.5, 15, 16.0, ...)")
	fs.BoolVar(&f.fix, "fix", false, "apply the rules' safe fixes to the files, in place, until nothing more is fixable")
	fs.BoolVar(&f.noSource, "no-source", false, "text output: do not show the source line under each finding")
	fs.StringVar(&f.server, "server", "", "live mode: `DSN` of a SQL Server to confirm findings (sqlserver://user@host:port?database=..; password from SQLCMDPASSWORD)")
	fs.StringVar(&f.serverHost, "S", "", "live mode: `server` as in sqlcmd -S (host, host,port or host\\instance)")
	fs.StringVar(&f.user, "U", "", "live mode: SQL login `name`, as sqlcmd -U (password from SQLCMDPASSWORD)")
	fs.BoolVar(&f.trustCert, "trust-server-certificate", false, "live mode: do not verify the server's TLS certificate")
	fs.BoolVar(&f.live, "live", false, "live mode with the server the config file names (server:); without it that server is never contacted")
	f.connectTimeout, f.queryTimeout = 15*time.Second, 30*time.Second
	fs.Var((*secondsFlag)(&f.connectTimeout), "connect-timeout", "live mode: connection timeout, a `duration` (15s, 1m) or a number of seconds as sqlcmd -l takes")
	fs.Var((*secondsFlag)(&f.queryTimeout), "query-timeout", "live mode: timeout of each query, a `duration` (30s, 2m) or a number of seconds")
	fs.StringVar(&f.encrypt, "encrypt", "", "live mode: `mode` strict (TDS 8), mandatory (TLS for the whole session) or optional (TLS for the login only, when the server has it); default: the DSN's encrypt")
	f.pr.register(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: sqllint scan [flags] PATH...\n\nExit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 on usage, config or input errors.\n\nFlags:\n")
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
	files := map[string]string{} // absolute path → the --format value that writes it
	for _, v := range values {
		name, path, hasFile := strings.Cut(v, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		if !known[name] {
			return nil, fmt.Errorf("unknown format %q: use one of %s", name, strings.Join(output.Formats(), ", "))
		}
		switch {
		case hasFile && path == "":
			// --format sarif=$OUT with OUT empty: not standard output
			return nil, fmt.Errorf("--format %s: no file after \"=\" (give a file, or - for standard output)", v)
		case path == "" || path == "-":
			toStdout++
			path = ""
		default:
			abs, err := filepath.Abs(path)
			if err != nil {
				abs = filepath.Clean(path)
			}
			if other, dup := files[abs]; dup {
				return nil, fmt.Errorf("--format %s and --format %s write the same file", other, v)
			}
			files[abs] = v
			if info, err := os.Stat(path); err == nil && info.IsDir() {
				return nil, fmt.Errorf("--format %s: %s: is a folder, not a file", v, path)
			}
		}
		specs = append(specs, outputSpec{name, path})
	}
	if toStdout > 1 {
		return nil, errors.New("only one --format can write to standard output; give the others a file: --format sarif=results.sarif")
	}
	return specs, nil
}

// markGivenTimeouts records in f the timeouts given on the command line
// that fs parsed.
func markGivenTimeouts(fs *flag.FlagSet, f *scanFlags) {
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "connect-timeout":
			f.connectTimeoutGiven = true
		case "query-timeout":
			f.queryTimeoutGiven = true
		}
	})
}

func (e *env) scan(args []string) int {
	var f scanFlags
	fs := e.scanFlagSet(&f)
	paths, code, ok := e.parseFlags(fs, "scan", args)
	if !ok {
		return code
	}
	markGivenTimeouts(fs, &f)
	if f.configPath != "" && f.noConfig {
		e.errorf("use --config or --no-config, not both")
		return exitError
	}
	if len(f.pr.contexts) > 0 && f.pr.noContext {
		e.errorf("use --context or --no-context, not both")
		return exitError
	}
	if f.server != "" && f.serverHost != "" {
		e.errorf("use --server or -S, not both: each names the server (a DSN names the server, login and database itself)")
		return exitError
	}
	if err := checkLiveFlags(&f); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	var staged *gitdiff.Staged
	listed := false // the paths are the index's scripts, not named
	if f.pr.staged {
		if f.fix || f.pr.diff || slices.Contains(paths, "-") {
			e.errorf("--staged checks what git's index holds: --fix, --diff and standard input (-) work on files; run them without --staged")
			return exitError
		}
		var err error
		if staged, err = gitdiff.ReadStaged(repoDir(paths)); err == nil {
			err = cmp.Or(outsideRepo(staged.Root, paths), inNestedRepo(staged.Root, paths))
		}
		if err != nil {
			e.errorf("--staged: %v", err)
			return exitError
		}
		if len(paths) == 0 {
			if len(staged.Names) == 0 {
				return exitOK // nothing staged to check
			}
			paths = relToCwd(staged.Names)
			listed = true
		}
	}
	if len(paths) == 0 {
		e.errorf("scan needs at least one path (a file, a folder, or - for standard input)")
		return exitError
	}
	if name := stdinPath(fs, f.stdinName); name != "" && !slices.Contains(paths, "-") {
		e.errorf("--stdin-filename %s names standard input, but no path is -: add - to read it (git show :%s | sqllint scan --stdin-filename %s -), or drop --stdin-filename", name, name, name)
		return exitError
	}
	if name := stdinPath(fs, f.stdinName); name != "" && slices.Contains(paths, "-") {
		// standard input takes the place of the file named: a folder or
		// a device there would be read instead of what was piped
		if info, err := os.Stat(name); err == nil && !info.Mode().IsRegular() {
			what := "not a regular file"
			if info.IsDir() {
				what = "a folder"
			}
			e.errorf("--stdin-filename %s is %s: name the script standard input holds (git show :db/V2.sql | sqllint scan --stdin-filename db/V2.sql -)", name, what)
			return exitError
		}
	}
	if i := slices.Index(paths, "-"); i >= 0 && slices.Contains(paths[i+1:], "-") {
		e.errorf("standard input (-) is given more than once")
		return exitError
	}
	if f.fix || f.pr.diff {
		for _, p := range paths {
			if p == "-" {
				e.errorf("--fix and --diff cannot rewrite standard input: give the file's path instead")
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
	if f.untrusted {
		// before the flags: what the command line allows stands
		for _, d := range cfg.Untrusted() {
			e.note("--untrusted-config: ignoring %s in %s", d, cfg.Path)
		}
	}
	if err := applyFlags(cfg, &f); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if err := applySelection(rules.Default, &cfg.Rules, f.pr.selects, f.pr.ignores); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if err := checkOutputFiles(specs, f.pr.writeBaseline, cmp.Or(f.pr.baseline, cfg.Baseline), paths, cfg); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	tracked := gitdiff.NewTracked() // git's listing of a repository, once for the run
	filter, err := newFindingFilter(cfg, &f.pr, paths, stdinPath(fs, f.stdinName), tracked)
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if staged != nil && filter.changes != nil {
		// the lines the commit adds, not those of the work tree
		for path, data := range staged.Overlay {
			filter.changes.SetText(path, data)
		}
	}
	stdin, err := filter.stdinChanges(e.stdin, paths, f.stdinName)
	if err != nil {
		e.errorf("standard input: %v", err)
		return exitError
	}
	if err := missingContext(cfg, &f.pr); err != nil {
		e.errorf("%v", err)
		return exitError
	}
	var keep func(string) bool // the scripts a walk reads
	if !f.pr.gitIgnored {
		keep = tracked.Has
	}
	opt := analysis.Options{
		Paths: paths, ListedPaths: listed, Context: contextPaths(paths, cfg, &f.pr, stdinPath(fs, f.stdinName), keep, stagedIndex(staged)), Stdin: stdin, StdinName: f.stdinName,
		Config: cfg, Registry: rules.Default, LookupEnv: e.lookupEnv,
	}
	if name := stdinPath(fs, f.stdinName); name != "" && staged == nil {
		if opt.Paths, opt.Overlay, opt.Stdin, err = stdinInPlace(paths, name, stdin, cfg.MaxFileSize); err != nil {
			e.errorf("standard input: %v", err)
			return exitError
		}
	}
	// the values of the environment variables the run expands stay out of
	// what it prints
	red := newEnvRedactor(cfg.Env, e.lookupEnv)
	if red != nil {
		opt.LookupEnv = red.lookup
	}
	if staged != nil {
		opt.Overlay = staged.Overlay
		opt.Context = append(opt.Context, stagedOnly(staged.Overlay, opt.Context)...)
	}
	if f.configPath == "" && !f.noConfig {
		notes := newConfigNotes(e, cfg)
		notes.named(paths, f.stdinName)
		opt.ConfigFile = notes.walked
	}
	if keep != nil {
		// A git-ignored backup folder or scratch area is no part of the
		// project: neither checked nor context.
		opt.Filter, opt.FilterDir = keep, tracked.HasDir
	}
	dsn := e.serverDSN(cfg, &f)
	if f.live && dsn == "" && f.serverHost == "" {
		e.errorf("--live: no server to check against: the config file has no server: key (or give --server, -S or SQLLINT_SERVER)")
		return exitError
	}
	// liveErr is a server that could not be asked: the static findings
	// still print, and the run exits 2.
	var liveErr error
	if dsn != "" || f.serverHost != "" {
		// a fix, a diff or a baseline written without the server's facts
		// would differ from the run asked for: those stop
		keepStatic := !f.fix && !f.pr.diff && f.pr.writeBaseline == ""
		opt.FactsFor = func(ctx context.Context, w analysis.Wanted) (*rules.ServerFacts, error) {
			facts, notices, err := e.liveFacts(ctx, dsn, &f, w)
			for _, n := range notices {
				// a notice may name a database $(NAME) gave
				e.note("notice: %s", redact(n, red.values()))
			}
			// a server that failed; settings that are wrong (a password
			// in --server, a DSN that does not parse) are a usage error
			var le *live.Error
			if err != nil && keepStatic && ctx.Err() == nil && errors.As(err, &le) && !errors.Is(err, live.ErrConfig) {
				e.errorf("%v (the static findings are reported without the server's facts)", err)
				liveErr = err
				return nil, nil
			}
			return facts, err
		}
	}
	filter.ran = ranRules(rules.Default, &cfg.Rules, opt.FactsFor != nil)
	// Nothing reads fingerprints but a baseline.
	opt.SkipFingerprints = filter.base == nil && f.pr.writeBaseline == ""
	f.color = strings.ToLower(f.color) // as --format and the config's words
	color := f.color == "always" || f.color == "auto" && e.autoColor()
	if f.color != "auto" && f.color != "always" && f.color != "never" {
		e.errorf("--color must be auto, always or never")
		return exitError
	}
	// A plain static run prints each file's findings as the run gives
	// them, also with --new-* (the findings on lines that changed);
	// baselines, --fix, --diff and live runs need the whole run first.
	streaming := opt.FactsFor == nil && !f.fix && !f.pr.diff && f.pr.writeBaseline == "" && filter.base == nil
	// A finding's source line is copied only for an output that reads it.
	opt.SkipSourceText = streaming && !readsSource(specs, !f.noSource)
	// Printed as they come, the source lines may be the files' own text
	// (given back once printed) rather than copies, for the formats that
	// keep no finding to the end.
	opt.LendSource = streaming && !opt.SkipSourceText && printsAsItGoes(specs)
	// Nor is a fix resolved for outputs that print none.
	opt.SkipFixes = streaming && !printsFixes(specs)
	var outs []*outputSink
	var streamErr error
	var status findingStatus
	// Standard output is held back while the results printed may still be
	// withdrawn (analysis.Options.Provisional): the findings are printed
	// as the run gives them, not all at its end.
	var gate *outputGate
	enabled := analysis.EnabledRules(rules.Default, &cfg.Rules)
	if len(enabled) == 0 {
		// a run that can find nothing must not pass without a word
		e.note("warning: no rule runs: the config's rules and severity, --select and --ignore turn every rule off")
	}
	if streaming {
		gate = newOutputGate(e.stdout)
		defer gate.close()                   // a run that stops on an error opens it not
		defer func() { dropOutputs(outs) }() // nor writes its reports
		if outs, err = e.openOutputsTo(gate, specs, true, color, !f.noSource, enabled, ""); err != nil {
			e.errorf("%v", err)
			return exitError
		}
	}
	// The outputs print on a goroutine of their own, beside the run's
	// resolution of the next files' findings.
	var printing chan printJob
	printed := make(chan struct{})
	if streaming {
		printing = make(chan printJob, 16)
		go func() {
			defer close(printed)
			for job := range printing {
				if job.ctl != nil {
					job.ctl()
					continue
				}
				for _, o := range outs {
					if err := o.add(job.fs); err != nil && streamErr == nil {
						streamErr = err
					}
				}
				// printed: the outputs keep copies of what they keep
				analysis.RecycleFindings(job.room)
				job.res.Release()
			}
		}()
		opt.Provisional = func(final bool) {
			if final {
				printing <- printJob{ctl: func() {
					if err := gate.open(); err != nil && streamErr == nil {
						streamErr = err
					}
				}}
				return
			}
			// withdrawn: the run gives every result again
			status = findingStatus{}
			printing <- printJob{ctl: func() {
				gate.withdraw()
				dropOutputs(outs)
				again, oerr := e.openOutputsTo(gate, specs, true, color, !f.noSource, enabled, "")
				if oerr != nil && streamErr == nil {
					streamErr = oerr
				}
				outs = again
			}}
		}
	}
	// stopPrinting waits for what the run gave to be printed.
	stopPrinting := func() {
		if printing != nil {
			close(printing)
			<-printed
			printing = nil
		}
	}
	defer stopPrinting()
	var findings []report.Finding
	// A run that only reads a baseline filters each file's findings as
	// they come and holds only those the baseline does not record
	// (baseline.Stream): the others are hidden whatever comes after.
	var held *baseline.Stream
	if filter.base != nil && !f.fix && !f.pr.diff && f.pr.writeBaseline == "" {
		held = filter.base.Stream()
	}
	// the files reported (a baseline's entries of other files are not
	// stale), and those that could not be read (their entries neither)
	scanned, failed := []string{}, []string(nil)
	sink := func(r *analysis.FileResult) {
		if red != nil {
			red.findings(r.Findings)
		}
		if streaming {
			fs := filter.onlyNew(r.Findings)
			status.add(fs)
			if len(fs) > 0 {
				printing <- printJob{fs: fs, room: r.Findings, res: r}
			} else {
				r.Release()
			}
			return
		}
		if held != nil {
			held.Add(r.Findings)
		} else {
			findings = append(findings, r.Findings...)
		}
		if r.Err != nil {
			failed = append(failed, r.Path)
		} else {
			scanned = append(scanned, r.Path)
		}
	}
	var sum *analysis.Summary
	var fixes *analysis.FixResult
	var fixErr error
	var written []string
	if f.fix && !f.pr.diff {
		// fix to a fixed point; what is printed is what remains
		sum, fixes, err = analysis.Fix(context.Background(), opt, filter.choose, sink)
		if err == nil {
			written, fixErr = writeFixed(fixes.Files)
			// the files the fix could not even prepare (changed on
			// disk, bytes that would not round-trip) are named too
			fixErr = errors.Join(append(fixes.Errors, fixErr)...)
			if len(written) < len(fixes.Files) {
				// The files not written still hold what was read, and
				// their findings were fixed only in memory: report what
				// the disk holds now.
				findings, scanned, failed = nil, scanned[:0], nil
				sum, err = analysis.Run(context.Background(), opt, sink)
			}
		}
	} else {
		sum, err = analysis.Run(context.Background(), opt, sink)
	}
	stopPrinting()
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if red != nil {
		red.findings(sum.Findings)
		red.errors(sum.Errors)
	}
	if gate != nil {
		if gerr := gate.open(); gerr != nil && streamErr == nil {
			streamErr = gerr
		}
	}
	// Run-level findings (no location) come first, as every format expects.
	findings = append(sum.Findings, findings...)
	if sum.Files == 0 && len(sum.Errors) == 0 && slices.ContainsFunc(paths, isDir) {
		// a wrong folder or an include that matches nothing must not pass
		// without a word (a named file that the config excludes, as a
		// pre-commit hook passes it, is skipped quietly)
		excl := ""
		if len(cfg.Exclude) > 0 {
			// an exclude can leave nothing as well as an include
			excl = "; exclude: " + strings.Join(cfg.Exclude, ", ")
		}
		e.note("warning: no file to check in %s (the config's include: %s%s)",
			strings.Join(paths, ", "), strings.Join(cfg.Include, ", "), excl)
	}
	for _, r := range tracked.Unlisted() {
		// every script of it was checked: say why the ignored ones were
		e.note("warning: git cannot list the files of the repository %s: the scripts it ignores were checked too", r)
	}
	for _, l := range sum.LinkedFolders {
		e.note("warning: %s is a symbolic link to a folder: not followed, its scripts are not checked (name the folder to check them)", l)
	}
	for _, g := range sum.UnmatchedExcludes {
		// a typo, or a glob written relative to another folder, must
		// not pass without a word: the files it meant are checked (the
		// config's own excludes may name what only CI creates)
		if slices.Contains(f.excludes, g) {
			e.note("warning: --exclude %q matched no file: globs are relative to %s", g, globBase(cfg.Dir))
		}
	}

	if f.pr.writeBaseline != "" {
		keep := baselineKept(f.pr.writeBaseline, paths, scanned, failed, findings, filter.ran)
		data, err := baseline.Encode(f.pr.writeBaseline, findings, keep...)
		if err == nil {
			err = writeOutput(f.pr.writeBaseline, data)
		}
		if err != nil {
			e.errorf("%v", err)
			return exitError
		}
		if len(keep) > 0 {
			e.note("wrote %d finding(s) to baseline %s, and kept its %d entries of files or rules this run did not check", len(findings), f.pr.writeBaseline, len(keep))
		} else {
			e.note("wrote %d finding(s) to baseline %s", len(findings), f.pr.writeBaseline)
		}
		if filter.base, err = baseline.Parse(f.pr.writeBaseline, data); err != nil {
			e.errorf("%v", err)
			return exitError
		}
	}
	var bres baseline.Result
	if held != nil {
		findings, bres = filter.applyHeld(held, findings, scanned)
	} else {
		findings, bres = filter.apply(findings, scanned)
	}
	if filter.base != nil && len(bres.Stale) > 0 {
		e.note("baseline %s: %s", filter.base.Path, staleNote(bres.Stale, filter.base.Path))
	}

	toStdout := true
	if f.pr.diff {
		_, plan, err := analysis.Fix(context.Background(), opt, filter.choose, func(*analysis.FileResult) {})
		if err != nil {
			e.errorf("%v", err)
			return exitError
		}
		e.writeDiff(plan.Files)
		toStdout = false // the diff owns standard output
		if plan.Total() > 0 {
			e.note("--diff: %s, not written", fixSummary(plan))
		}
	}
	if fixes != nil && len(fixes.Files) > 0 {
		var notWritten []string
		for _, file := range fixes.Files {
			if !slices.Contains(written, file.Path) {
				notWritten = append(notWritten, file.Path)
			}
		}
		done := "nothing"
		if len(written) > 0 {
			done = fixSummaryOf(fixes.Files, written) + ": " + strings.Join(written, ", ")
		}
		if len(notWritten) > 0 {
			done += "; not written: " + strings.Join(notWritten, ", ")
		}
		e.note("fixed: %s; %d finding(s) remain", done, len(findings))
	}

	rep := &report.Report{Tool: "sqllint", Version: toolVersion(), Errors: sum.Errors, Files: sum.Files,
		Rules: sum.Rules, Failed: fixErr != nil}
	if !streaming {
		if outs, err = e.openOutputs(specs, toStdout, color, !f.noSource, sum.Rules, runPath(scanned, paths)); err == nil {
			status.add(findings)
			for _, o := range outs {
				if err := o.add(findings); err != nil && streamErr == nil {
					streamErr = err
				}
			}
		}
	}
	if err == nil {
		err = e.closeOutputs(outs, rep, streamErr)
	}
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	if fixErr != nil {
		e.errorf("%v", fixErr)
		return exitError
	}
	if len(rep.Errors) > 0 || liveErr != nil {
		return exitError
	}
	return status.exit(cfg.FailOn)
}

// stagedIndex is the index's text of a --staged run (nil: none).
func stagedIndex(st *gitdiff.Staged) map[string][]byte {
	if st == nil {
		return nil
	}
	return st.Overlay
}

// relToCwd is paths relative to the current folder where it can be.
func relToCwd(paths []string) []string {
	wd, err := os.Getwd()
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = p
		if err == nil {
			if r, err := filepath.Rel(wd, p); err == nil {
				out[i] = r
			}
		}
	}
	return out
}

// stagedOnly is the scripts of a --staged run's index whose work-tree
// copy is gone (rm without git rm: the commit still holds them) inside
// one of the context folders, relative to the current folder and sorted:
// the walk of a folder lists the disk, so they are named as context
// files, read from the index (the overlay) and sorted among the others.
func stagedOnly(overlay map[string][]byte, context []string) []string {
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	var dirs []string
	for _, c := range context {
		if c != "-" && isDir(c) {
			dirs = append(dirs, absPathOf(wd, c))
		}
	}
	var out []string
	for p := range overlay {
		if !strings.EqualFold(filepath.Ext(p), ".sql") {
			continue
		}
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		for _, d := range dirs {
			if strings.HasPrefix(p, d+string(filepath.Separator)) {
				out = append(out, p)
				break
			}
		}
	}
	slices.Sort(out)
	return relToCwd(out)
}

// stdinInPlace puts standard input named name (--stdin-filename) in the
// place of that file: the path "-" becomes name and its text the run's
// overlay of it, as --staged puts the index's text in a file's place. A
// script that includes the file (a master script read as context) then
// includes the text piped, and the file is checked where it is included,
// with that script's variables, as the file named would be. Standard
// input larger than maxSize (max-file-size, the limit of an include)
// stays standard input (a large one is spooled, not held in memory).
func stdinInPlace(paths []string, name string, stdin io.Reader, maxSize int64) ([]string, map[string][]byte, io.Reader, error) {
	if !slices.Contains(paths, "-") || !filepath.IsAbs(absPathOf(cwdOrEmpty(), name)) {
		return paths, nil, stdin, nil // no current folder: standard input as it is
	}
	if maxSize <= 0 {
		maxSize = parser.DefaultMaxFileSize
	}
	if f, ok := stdin.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > maxSize {
			return paths, nil, stdin, nil // a large file redirected: mapped where it is, not read
		}
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxSize+1))
	if err != nil {
		return nil, nil, nil, err
	}
	if int64(len(data)) > maxSize {
		return paths, nil, io.MultiReader(bytes.NewReader(data), stdin), nil
	}
	out := slices.Clone(paths)
	out[slices.Index(out, "-")] = name
	return out, map[string][]byte{absPathOf(cwdOrEmpty(), name): data}, strings.NewReader(""), nil
}

// cwdOrEmpty is the current folder, or "" when it cannot be read.
func cwdOrEmpty() string {
	wd, _ := os.Getwd()
	return wd
}

// absPathOf is p made absolute against wd and cleaned.
func absPathOf(wd, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(wd, p)
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// writeFixed writes the fixed files (a variable for tests of a failed write).
var writeFixed = analysis.WriteFixed

// commandUsage is the usage of a command with flags fs, as scan's reads:
// "Usage: " and its synopsis, what it does, and the flags.
func (e *env) commandUsage(fs *flag.FlagSet, synopsis, what string) func() {
	return func() {
		fmt.Fprintf(fs.Output(), "Usage: %s\n\n%s\n\nFlags:\n", synopsis, what)
		fs.PrintDefaults()
	}
}

// parseFlags parses a command's flags. -h prints the usage (fs.Usage) on
// standard output; an unknown or malformed flag prints one line and a
// pointer to -h, not the usage.
func (e *env) parseFlags(fs *flag.FlagSet, cmd string, args []string) (paths []string, code int, ok bool) {
	usage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	paths, err := parseInterleaved(fs, args)
	fs.SetOutput(e.stderr)
	if err == nil {
		return paths, 0, true
	}
	if errors.Is(err, flag.ErrHelp) {
		// help asked for (-h, --help, sqllint help COMMAND) goes to
		// standard output, as sqllint help and explain --help do: it can
		// be piped to a pager or grep
		fs.SetOutput(e.stdout)
		usage()
		fs.SetOutput(e.stderr)
		return nil, exitOK, false
	}
	msg := flagError(err.Error(), args)
	if name, found := strings.CutPrefix(msg, "flag provided but not defined: -"); found {
		msg = "unknown flag " + typedFlag(args, name)
		if s := suggestFlag(fs, strings.TrimLeft(name, "-")); s != "" {
			msg += "; did you mean --" + s + "?"
		}
	}
	e.errorf("%s (run sqllint %s -h for the flags)", msg, cmd)
	return nil, exitError, false
}

// autoColor is --color auto's choice: colour on a terminal that is not
// dumb unless NO_COLOR is set (no-color.org), and always when
// FORCE_COLOR is set (force-color.org: in CI, through a pipe to less -R;
// it wins over NO_COLOR, as that standard's example does). Set means
// present and not empty, for both.
func (e *env) autoColor() bool {
	if e.getenv("FORCE_COLOR") != "" {
		return true
	}
	return e.isTerminal && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
}

// flagErrors are the flag package's messages about a value, with what
// they hold (value, name, the reason).
var (
	flagNoValue  = regexp.MustCompile(`^flag needs an argument: -(\S+)$`)
	flagBadBool  = regexp.MustCompile(`^invalid boolean value ("(?:[^"\\]|\\.)*") for -(\S+): `)
	flagBadValue = regexp.MustCompile(`^invalid value ("(?:[^"\\]|\\.)*") for flag -(\S+): (.*)$`)
)

// flagError is the flag package's error message msg about a flag's value
// in sqllint's words, the flag as typed: "--fail-on needs a value", not
// "flag needs an argument: -fail-on"; "--no-config="maybe": a switch is
// true or false (or given alone)", not the package's "parse error".
// Other messages are returned as they are.
func flagError(msg string, args []string) string {
	if m := flagNoValue.FindStringSubmatch(msg); m != nil {
		return typedFlag(args, m[1]) + " needs a value"
	}
	if m := flagBadBool.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s=%s: a switch is true or false (or given alone)", typedFlag(args, m[2]), m[1])
	}
	if m := flagBadValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s %s: %s", typedFlag(args, m[2]), m[1], m[3])
	}
	return msg
}

// typedFlag is the flag name as the command line wrote it, with its
// dashes ("--formt", not the flag package's "-formt").
func typedFlag(args []string, name string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if dashes := a[:len(a)-len(strings.TrimLeft(a, "-"))]; dashes == "-" || dashes == "--" {
			if n, _, _ := strings.Cut(a[len(dashes):], "="); n == name {
				return dashes + name
			}
		}
	}
	return "-" + name
}

// suggestFlag is the defined flag closest to name, or "".
func suggestFlag(fs *flag.FlagSet, name string) string {
	best, bestDist := "", 0
	fs.VisitAll(func(f *flag.Flag) {
		if d := rules.EditDistance(name, f.Name); best == "" || d < bestDist {
			best, bestDist = f.Name, d
		}
	})
	if bestDist > max(2, len(name)/3) {
		return ""
	}
	return best
}

// outputSink is one --format of a run: a stream to standard output, or
// to a spool written to its file at the end (whole, or not at all).
type outputSink struct {
	spec   outputSpec
	stream *output.Stream
	buf    *spool.Spool
	// prefix is the current folder relative to the CI workspace ("db/")
	// for the formats a CI service reads: the GitHub runner places an
	// annotation's file, code scanning a SARIF result's and GitLab a code
	// quality issue's relative to the repository, not to the folder the
	// step runs in.
	prefix string
	// cwd is the current folder, absolute: a path outside the workspace
	// is named from the root, as a relative one would be read from the
	// workspace
	cwd string
	// clean: the current folder is the workspace itself (prefix ""), so
	// a path that is not clean (db//a.sql, db/../db/a.sql, ../x.sql) is
	// rebased as from a subfolder: the CI service matches the path as it
	// is with the repository's files
	clean bool
}

// add gives the sink findings, their paths rebased for it.
func (o *outputSink) add(fs []report.Finding) error {
	if o.prefix == "" && (!o.clean || allClean(fs)) {
		return o.stream.Add(fs)
	}
	cp := make([]report.Finding, len(fs))
	copy(cp, fs)
	for i := range cp {
		cp[i].Path = o.rebase(cp[i].Path)
	}
	return o.stream.Add(cp)
}

// close ends the sink's stream with rep, its errors' paths rebased.
func (o *outputSink) close(rep *report.Report) error {
	if o.prefix == "" && !o.clean || len(rep.Errors) == 0 {
		return o.stream.Close(rep)
	}
	r := *rep
	r.Errors = append([]report.InputError(nil), rep.Errors...)
	for i := range r.Errors {
		r.Errors[i].Path = o.rebase(r.Errors[i].Path)
	}
	return o.stream.Close(&r)
}

// allClean reports whether the paths of fs are clean and inside the
// current folder, which rebase keeps as they are (a file's findings share
// their path: each is looked at once).
func allClean(fs []report.Finding) bool {
	last := ""
	for i := range fs {
		p := fs[i].Path
		if p == last || p == "" || filepath.IsAbs(p) {
			continue
		}
		if path.Clean(p) != p || strings.HasPrefix(p, "../") || p == ".." {
			return false
		}
		last = p
	}
	return true
}

// rebase is a path relative to the current folder made relative to the
// workspace; one outside the workspace is made absolute (a CI service,
// and SARIF's %SRCROOT%, read a relative path from the workspace, where
// ../x.sql from the current folder is another file); other paths are
// kept.
func (o *outputSink) rebase(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	q := path.Clean(o.prefix + filepath.ToSlash(p))
	if q == ".." || strings.HasPrefix(q, "../") {
		if o.cwd == "" {
			return p
		}
		return filepath.Join(o.cwd, p)
	}
	return q
}

// workspacePrefix is cwd relative to the CI workspace that environment
// variable name holds (GITHUB_WORKSPACE, CI_PROJECT_DIR,
// BUILD_SOURCESDIRECTORY), slash-separated
// and ending in "/", with the workspace; "" when cwd is the workspace
// (with the workspace) or outside it (ws "" too).
func (e *env) workspacePrefix(cwd, name string) (prefix, ws string) {
	ws = e.getenv(name)
	if ws == "" || cwd == "" || !filepath.IsAbs(ws) {
		return "", ""
	}
	ws = filepath.Clean(ws)
	rws, rcwd := ws, cwd
	if r, err := filepath.EvalSymlinks(ws); err == nil {
		rws = r
	}
	if r, err := filepath.EvalSymlinks(cwd); err == nil {
		rcwd = r
	}
	rel, err := filepath.Rel(rws, rcwd)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", ""
	}
	if rel == "." {
		return "", ws
	}
	return filepath.ToSlash(rel) + "/", ws
}

// openOutputs starts the outputs of a run (standard output only when
// toStdout: --diff owns it). rules are those the run reports; SARIF
// places a run-level finding at line 1 of runPath (output.Options.RunPath).
func (e *env) openOutputs(specs []outputSpec, toStdout, color, showSource bool, rules []report.Rule, runPath string) ([]*outputSink, error) {
	return e.openOutputsTo(e.stdout, specs, toStdout, color, showSource, rules, runPath)
}

// runPath is the file a run-level finding is shown at where a format
// needs a file (SARIF for GitHub code scanning): the first file scanned,
// else the first path named, else "".
func runPath(scanned, paths []string) string {
	if len(scanned) > 0 {
		return scanned[0]
	}
	for _, p := range paths {
		if p != "-" {
			return p
		}
	}
	return ""
}

// openOutputsTo is openOutputs with stdout in place of standard output.
func (e *env) openOutputsTo(stdout io.Writer, specs []outputSpec, toStdout, color, showSource bool, rules []report.Rule, runPath string) ([]*outputSink, error) {
	cwd, _ := os.Getwd()
	head := &report.Report{Tool: "sqllint", Version: toolVersion(), Rules: rules}
	var outs []*outputSink
	for _, s := range specs {
		if s.path == "" && !toStdout {
			continue
		}
		opts := output.Options{Color: color && s.path == "", SrcRoot: cwd, ShowSource: showSource}
		o := &outputSink{spec: s, cwd: cwd}
		// The formats a CI service reads name files from its workspace
		// (the repository), wherever in it the step runs.
		switch s.format {
		case "github":
			var ws string
			o.prefix, ws = e.workspacePrefix(cwd, "GITHUB_WORKSPACE")
			o.clean = o.prefix == "" && ws != ""
		case "azure":
			// the agent takes a relative sourcepath as the repository's
			// (it makes only a path that exists from its own folder
			// relative: ConvertLocalPath)
			var ws string
			o.prefix, ws = e.workspacePrefix(cwd, "BUILD_SOURCESDIRECTORY")
			o.clean = o.prefix == "" && ws != ""
		case "sarif", "gitlab":
			name := "GITHUB_WORKSPACE"
			if s.format == "gitlab" {
				name = "CI_PROJECT_DIR"
			}
			prefix, ws := e.workspacePrefix(cwd, name)
			if prefix != "" {
				o.prefix, opts.SrcRoot = prefix, ws
			}
			o.clean = prefix == "" && ws != ""
		}
		if runPath != "" {
			opts.RunPath = o.rebase(runPath)
		}
		w := stdout
		if s.path != "" {
			o.buf = &spool.Spool{Max: reportRaw}
			w = o.buf
		}
		st, err := output.NewStream(w, s.format, head, opts)
		if err != nil {
			return nil, err
		}
		o.stream = st
		outs = append(outs, o)
	}
	return outs, nil
}

// printJob is what the printing goroutine of a streaming scan is given:
// findings to print, or a change of its outputs (ctl) to make in order.
type printJob struct {
	fs  []report.Finding
	ctl func()
	// room is the result's Findings (fs, or what fs was taken from),
	// given back to the run once printed
	room []report.Finding
	// res is the result, released once printed (the source lines it
	// lends: analysis.Options.LendSource)
	res *analysis.FileResult
}

// outputGate is standard output held back until open: the findings of a
// run whose results may still be withdrawn are printed into it as they
// come, and reach the writer at once when they are final. What it holds
// is a spool: in memory up to gateRaw bytes, the rest in a temporary
// file.
type outputGate struct {
	w      io.Writer
	held   spool.Spool
	opened bool
}

func newOutputGate(w io.Writer) *outputGate {
	return &outputGate{w: w, held: spool.Spool{Max: gateRaw}}
}

// reportRaw is how much of a report to a file a run holds in memory
// before it writes to a temporary file: the sarif of 44,722 findings is
// 51 MB, which took a 1 GB / 100,000-file run's peak RSS to 134 MB.
const reportRaw = 1 << 20

// gateRaw is how much an outputGate holds in memory before it writes to
// a temporary file. A run holds its findings while it guesses that no
// script includes another (analysis: holdProvisional): printed as text,
// the 44,722 findings of a 1 GB / 100,000-file run are 19.5 MB, which in
// memory took its peak RSS to 62 MB and more (the collector leaves
// headroom for what is live). Compressed, they took a tenth, but the
// compression cost 14% of the instructions of 200 files dense with
// findings; a temporary file costs a write and a read.
const gateRaw = 4 << 20

func (g *outputGate) Write(p []byte) (int, error) {
	if g.opened {
		return g.w.Write(p)
	}
	return g.held.Write(p)
}

// open writes what was held back; from then on everything goes through.
func (g *outputGate) open() error {
	if g.opened {
		return nil
	}
	g.opened = true
	return g.held.WriteOut(g.w)
}

// withdraw forgets what was held back (it was withdrawn); what is
// written from then on (final) goes through.
func (g *outputGate) withdraw() {
	g.held.Drop()
	g.opened = true
}

// close removes the temporary file, if any.
func (g *outputGate) close() { g.held.Drop() }

// closeOutputs ends the outputs with the run's errors and counts, and
// writes the files (not after a failed write: streamErr).
func (e *env) closeOutputs(outs []*outputSink, rep *report.Report, streamErr error) error {
	err := streamErr
	for _, o := range outs {
		if cerr := o.close(rep); cerr != nil && err == nil {
			err = cerr
		}
		if err != nil {
			continue
		}
		if o.buf != nil {
			err = writeOutputFrom(o.spec.path, o.buf.WriteOut)
		}
	}
	dropOutputs(outs) // not written after an error: their files go
	return err
}

// dropOutputs forgets what the outputs to files hold and removes their
// temporary files.
func dropOutputs(outs []*outputSink) {
	for _, o := range outs {
		if o.buf != nil {
			o.buf.Drop()
		}
	}
}

// readsSource reports whether an output of specs prints the source lines
// of findings (text, unless showSource is off, and junit) or reads them
// (the fingerprints of sarif and gitlab).
func readsSource(specs []outputSpec, showSource bool) bool {
	for _, s := range specs {
		switch s.format {
		case "json", "github", "azure", "checkstyle":
		case "text":
			if showSource {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// printsAsItGoes reports whether every output of specs prints each
// finding as it is added and keeps none of them (nor their source lines)
// to the end: text, json, sarif, github, azure and gitlab
// (output.Stream).
func printsAsItGoes(specs []outputSpec) bool {
	for _, s := range specs {
		switch s.format {
		case "text", "json", "sarif", "github", "azure", "gitlab":
		default:
			return false
		}
	}
	return true
}

// printsFixes reports whether an output of specs prints the fixes of
// findings (json and sarif).
func printsFixes(specs []outputSpec) bool {
	for _, s := range specs {
		switch s.format {
		case "json", "sarif":
			return true
		}
	}
	return false
}

// findingStatus is the highest severity of a run's findings, for the exit
// status.
type findingStatus struct{ rank int }

var severityRank = map[string]int{report.Info: 1, report.Warning: 2, report.Error: 3}

func (st *findingStatus) add(findings []report.Finding) {
	for i := range findings {
		if st.rank == rankError {
			return // nothing ranks higher
		}
		st.rank = max(st.rank, rankOf(findings[i].Severity))
	}
}

// rankError is severityRank[report.Error], the highest.
const rankError = 3

// rankOf is severityRank[sev], without hashing sev for each finding.
func rankOf(sev string) int {
	switch sev {
	case report.Error:
		return rankError
	case report.Warning:
		return 2
	case report.Info:
		return 1
	}
	return 0
}

// exit is the exit status for --fail-on failOn.
func (st *findingStatus) exit(failOn string) int {
	threshold := severityRank[report.Warning]
	switch failOn {
	case "error":
		threshold = severityRank[report.Error]
	case "info":
		threshold = severityRank[report.Info]
	case "never":
		return exitOK
	}
	if st.rank >= threshold {
		return exitFindings
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
			e.note("%s", cfg.Notice())
		}
		return cfg, err
	}
	return config.Load(path, rules.Default)
}

func applyFlags(cfg *config.Config, f *scanFlags) error {
	if f.failOn != "" {
		switch level := strings.ToLower(f.failOn); level {
		case "error", "warning", "info", "never":
			cfg.FailOn = level
		default:
			return fmt.Errorf("--fail-on must be error, warning, info or never, not %q", f.failOn)
		}
	}
	if f.targetVersion != "" {
		v, ok := config.ParseTargetVersion(f.targetVersion)
		if !ok {
			return fmt.Errorf("--target-version %q: use a SQL Server version: %s", f.targetVersion, config.TargetVersionHelp)
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
		if err := config.CheckVarName(strings.TrimSpace(name)); err != nil {
			return fmt.Errorf("-v %q: %w", v, err)
		}
		cfg.Variables[strings.TrimSpace(name)] = strings.Trim(value, `"`)
	}
	if f.database != "" {
		cfg.Rules.DefaultDatabase = f.database
	}
	for _, g := range f.excludes {
		if err := checkExclude(g, cfg.Dir); err != nil {
			return err
		}
	}
	cfg.Exclude = append(cfg.Exclude, f.excludes...)
	for _, name := range f.envNames {
		if err := config.CheckEnvName(name); err != nil {
			return fmt.Errorf("--env: %w", err)
		}
		cfg.Env = append(cfg.Env, name)
	}
	if f.allowEnv {
		cfg.Env = append(cfg.Env, "*")
	}
	return nil
}
