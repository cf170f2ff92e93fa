// Package analysis is sqllint's one pipeline: collect the files, read and
// decode them, run the sqlcmd preprocessor, scan, split and parse, replay
// the statements on the database model, run the rules, apply suppressions
// and resolve findings to lines and columns, file by file in run order.
//
// A static run streams: workers read and parse files in parallel, an
// in-order merge (with a bounded window of files in flight) feeds the
// model and the rules, and each file's findings go to the caller as soon
// as they are final. A file's text, batches, tokens and statements die
// with the file; what lives for the whole run is the model of the
// databases (it grows with databases and their files) and the findings.
//
// A live run (Options.Facts or Options.FactsFor) keeps every parsed file
// to the end: the server is asked about the databases all the scripts
// name, and the live rules look at the whole run.
//
// cmd/sqllint keeps flags and printing; the language server and the
// pull-request features call Run too. Scripts are only ever written by
// WriteFixed, after Fix (which runs to a fixed point: --fix and --diff).
package analysis

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// Options is what a run reads and how.
type Options struct {
	// Paths are the files and folders to report on, as given; "-" is
	// Stdin. A folder is walked (hidden files and folders skipped, the config's
	// include and exclude globs applied); a file named here is checked
	// whatever its name unless an exclude glob matches it.
	Paths []string
	// ListedPaths says that git listed the files of Paths (a bare
	// --staged), not the user: a symbolic link among them is read only
	// where one a walk meets is (PreprocessOptions.MayRead).
	ListedPaths bool
	// Context are files and folders read as context: they feed the
	// database model in natural path order together with Paths, but
	// their findings are not reported (a file in both is reported).
	Context []string
	// Filter, when set, says which files a folder walk finds (of Paths
	// or Context), and which files Context names, are read: a file it
	// refuses is left out (sqllint scan: in a git work tree, the files
	// git does not ignore). A file Paths names is never left out.
	// FilterDir, when set with it, says which folders hold a file it
	// keeps: a walk does not enter the others, a folder of Context it
	// refuses is not read, and a folder of Paths it refuses (one git
	// ignores whole) is read whole, Filter not applied.
	Filter    func(path string) bool
	FilterDir func(dir string) bool
	// ConfigFile, when set, is called with each config file
	// (config.FileNames) a folder walk meets, as walked (a run reads one
	// config; the caller may say this one is not read). It may be called
	// more than once for a file.
	ConfigFile func(path string)
	// Stdin is the content of the path "-"; StdinName its name in
	// messages and for config matching (default "stdin.sql").
	Stdin     io.Reader
	StdinName string
	// Overlay maps a cleaned absolute path to content that replaces the
	// file on disk (editor buffers). It may name files that do not exist
	// when they are given in Paths; a folder walk only finds files on disk.
	// The run only reads the map and these bytes, never writes to them
	// (the language server passes its buffers' strings in place, and
	// one map to the checks of the same buffers).
	Overlay map[string][]byte
	// Config holds rules, severities, options, include/exclude and
	// variables; nil = config.Default().
	Config *config.Config
	// Registry is the rule set; nil = rules.Default.
	Registry *rules.Registry
	// Facts are live facts known before the run. FactsFor, when set, is
	// called once with what the scripts make worth asking the server
	// (the databases they name, the sources of their restores) before any
	// rule runs; its facts replace Facts. Either makes the run a live run.
	Facts    *rules.ServerFacts
	FactsFor func(ctx context.Context, w Wanted) (*rules.ServerFacts, error)
	// LookupEnv reads environment variables for $(var); nil = none.
	LookupEnv func(string) (string, bool)
	// Workers reading and parsing files; 0 = GOMAXPROCS.
	Workers int
	// SkipFingerprints leaves report.Finding.Fingerprint empty: only a
	// baseline reads it, and it costs a normalized copy of the statement
	// of every finding.
	SkipFingerprints bool
	// SkipSourceText leaves report.Finding.SourceText empty: a caller
	// that prints no source line (the json format, text without source)
	// spares a copy of the line of every finding.
	SkipSourceText bool
	// SkipFixes leaves report.Finding.Fix nil: a caller whose outputs
	// print no fix (text, github, azure, checkstyle, junit, gitlab)
	// spares the fix's positions and room of every finding that has one
	// (about a fifth at 100% statements of interest).
	SkipFixes bool
	// LendSource lets the SourceText of a result's findings be slices of
	// its file's text rather than copies: a file read into one of the
	// run's reused buffers gives it back only when the caller calls
	// FileResult.Release, once nothing reads those strings any more (a
	// result never released lets its buffer go to the collector). For a
	// caller that prints each result as it comes (with Provisional): at
	// 100% statements of interest the copies were 18 MB a 49 MB run.
	LendSource bool
	// Fixes keeps, for every file with a fix, what Fix needs to re-read
	// and verify it (Summary.Sources).
	Fixes bool
	// ListIncludes lists in FileResult.Includes the files each reported
	// script includes, for a caller that checks the script again when
	// one of them changes (the language server).
	ListIncludes bool
	// Provisional, when set, lets a static run give each file's result
	// as soon as it is merged even while it may still be withdrawn,
	// rather than hold the results back (see staticGuessing): the caller
	// may then prepare its output during the run. The run calls it, from
	// the goroutine that calls sink, once with true when the results given
	// so far are final (those to come are final too), or once with false
	// when they are withdrawn: every result is then given again, from the
	// first. A run that ends with an error may not call it.
	Provisional func(final bool)
}

// Wanted is what a live run asks the server about.
type Wanted struct {
	// Databases the scripts name: sorted, resolved names only.
	Databases []string
	// RestoreSources are the databases whose backup history the scripts'
	// RESTORE DATABASE statements need (rules.RestoreSources).
	RestoreSources []string
}

// FileResult is one reported file, delivered in run order once final.
type FileResult struct {
	Path string // display path: slash-separated, as given, no "./"
	// Findings in the file and in the files it includes (each included
	// file's findings once per run), sorted, suppressions applied, each
	// with the text of its first line.
	Findings []report.Finding
	Err      *report.InputError // the file could not be read or decoded
	// Includes are the paths of the files the script includes with :r
	// (those its included files include too, and names made with
	// $(var)), as the run resolved them, with Options.ListIncludes
	Includes []string
	// lent is the read buffer the findings' SourceText may point into
	// (Options.LendSource), given back by Release
	lent []byte
}

// Release gives back to the run the buffer the SourceText of r's findings
// may point into (Options.LendSource): nothing may read them afterwards.
// It may be called from any goroutine, and more than once.
func (r *FileResult) Release() {
	if r != nil && r.lent != nil {
		readBuffers.put(r.lent)
		r.lent = nil
	}
}

// Source identifies the bytes a file had when it was analyzed, so that a
// fix is only ever applied to the same bytes.
type Source struct {
	OSPath string // the path to open
	Size   int64
	Hash   uint64 // maphash of the bytes, valid within this process
}

// Summary is what a run found beyond the per-file results.
type Summary struct {
	// Findings without a location (live, run-level), sorted by rule.
	Findings []report.Finding
	// Errors are the inputs that could not be read (files, folders), in
	// run order; any makes the exit status 2.
	Errors []report.InputError
	Files  int           // files analyzed (reported, without errors)
	Rules  []report.Rule // the rules that ran, sorted by ID
	// Sources are the files with at least one fix, by display path, when
	// Options.Fixes is set.
	Sources map[string]Source
	// UnmatchedExcludes are the config's exclude globs (with the
	// command line's) that excluded nothing the run walked or was
	// named, in order: a glob with a typo, or relative to the wrong
	// folder.
	UnmatchedExcludes []string
	// LinkedFolders are the symbolic links to folders the run's walks
	// met and did not follow (their scripts are not checked), display
	// paths, sorted.
	LinkedFolders []string
}

// Run analyzes the files of opt and calls sink, from the calling
// goroutine, for each reported file in run order as soon as its findings
// are final: in a static run, once the run is known to hold no :r
// include, at its end (staticGuessing), or, with Options.Provisional, as
// soon as it is merged, to be confirmed or withdrawn. An error means the
// run could not start or finish (a path
// that does not exist, live facts that could not be read, ctx done);
// unreadable files and folders are input errors in the results.
func Run(ctx context.Context, opt Options, sink func(*FileResult)) (*Summary, error) {
	r, err := newRun(&opt)
	if err != nil {
		return nil, err
	}
	if opt.Facts != nil || opt.FactsFor != nil {
		if opt.Provisional != nil {
			opt.Provisional(true) // a live run gives final results
		}
		return r.live(ctx, sink)
	}
	return r.staticGuessing(ctx, sink)
}

// run is the state of one Run.
type run struct {
	// excl is the set of exclude globs the run's walks saw exclude
	// something, shared by them (collect), set once
	excl     *excludeUse
	exclOnce sync.Once
	// linked is the set of symbolic links to folders the walks met
	// (Summary.LinkedFolders)
	linked struct {
		mu  sync.Mutex
		set map[string]bool
	}

	opt     *Options
	cfg     *config.Config
	reg     *rules.Registry
	ruleCfg rules.Config
	pre     *parser.PreprocessOptions
	sum     *Summary
	// shown holds the findings already reported in an included file,
	// which another root file may include again.
	shown map[shownKey]bool
	// Until a finding in an included file is reported (shownAll), the
	// findings reported, each in the root file it is in, are kept in
	// rootShown rather than in shown: no lookup needs them (a file is
	// merged once, and Settle dropped its own duplicates), and most runs
	// include nothing.
	rootShown rootShown
	shownAll  bool
	msgHashes msgHashes
	// reported holds the absolute paths of the reported files of a run
	// with context (set by collect before its first file): a context
	// file's findings in a reported file it includes are reported.
	reported map[string]bool
	// reportedName is the display path of each of reported, as it was
	// named: a context file's :r spells it from its own folder
	// (../../db/V2.sql for V2.sql named in db)
	reportedName map[string]string
	// compact: workers drop the statements no rule reads (static runs)
	compact bool
	cwd     string // the working directory, read once
	// collected is the run's files, listed by findIncluded; included
	// holds those another file of the run includes (checked only there).
	collected []input
	included  map[fileID]bool
	// guess is set while the run goes without findIncluded; known are
	// the files a guessing run found to include nothing (includes.go).
	guess *includeGuess
	known *sortedSet[uint64] // by pathKey
	// maps are the mapped files of the run, ended when it ends
	mapsMu sync.Mutex
	maps   [][]byte
}

// shownKey is pointer-free, so that the collector never scans the map:
// the file's path (where the system has no inode), the rule and the
// message are hashed.
type shownKey struct {
	dev, ino uint64
	off      int
	hash     uint64
}

// shownHash is the hash of a shownKey: of the path of the file where the
// system has no inode (its hash pathHash), the rule and the message, each
// hashed on its own (no copy of them into a hash's buffer) and mixed.
func shownHash(pathHash uint64, rule, msg string) uint64 {
	return pathHash ^ ruleMsgHash(rule, msg)
}

// ruleMsgHash is what shownHash mixes of the rule and the message.
func ruleMsgHash(rule, msg string) uint64 {
	return bits.RotateLeft64(maphash.String(hashSeed, rule), 21) ^ bits.RotateLeft64(maphash.String(hashSeed, msg), 43)
}

// msgHashes holds ruleMsgHash of the last rules and messages by where
// the message's bytes are: the rules give a message they repeat as the
// same string (rules.Model's memo), so that the findings of a file hash
// a few dozen messages of a few hundred bytes, not one each. A slot
// answers only for the strings it holds (compared: equal pointers first).
type msgHashes [msgSlots]struct {
	rule, msg string
	h         uint64
}

// msgSlots is the size of msgHashes.
const msgSlots = 64

// hash is ruleMsgHash(rule, msg) through t.
func (t *msgHashes) hash(rule, msg string) uint64 {
	p := uintptr(unsafe.Pointer(unsafe.StringData(msg)))
	e := &t[(p>>3^p>>9^uintptr(len(msg)))%msgSlots]
	if e.msg != msg || e.rule != rule {
		e.rule, e.msg, e.h = rule, msg, ruleMsgHash(rule, msg)
	}
	return e.h
}

// rootShown is a set of shownKey without lookups, in a fraction of a
// map's room and time: the keys of one file are added in a row and share
// its identity (a run at 100% statements of interest reports about 4,000
// findings a megabyte).
type rootShown struct {
	files []rootFile
	keys  [][]rootKey // in chunks: no slack of a doubling slice
}

type rootFile struct {
	dev, ino uint64
	n        int // keys
}

type rootKey struct {
	off  int
	hash uint64
}

// rootChunkKeys is how many keys a chunk of rootShown holds.
const rootChunkKeys = 4096

func (h *rootShown) empty() bool { return len(h.files) == 0 }

func (h *rootShown) add(k shownKey) {
	if n := len(h.files); n == 0 || h.files[n-1].dev != k.dev || h.files[n-1].ino != k.ino {
		h.files = append(h.files, rootFile{dev: k.dev, ino: k.ino})
	}
	h.files[len(h.files)-1].n++
	if n := len(h.keys); n == 0 || len(h.keys[n-1]) == cap(h.keys[n-1]) {
		h.keys = append(h.keys, make([]rootKey, 0, rootChunkKeys))
	}
	c := &h.keys[len(h.keys)-1]
	*c = append(*c, rootKey{off: k.off, hash: k.hash})
}

// moveTo adds the keys to m and empties h.
func (h *rootShown) moveTo(m map[shownKey]bool) {
	c, i := 0, 0
	for _, f := range h.files {
		for range f.n {
			if i == len(h.keys[c]) {
				c, i = c+1, 0
			}
			k := h.keys[c][i]
			m[shownKey{dev: f.dev, ino: f.ino, off: k.off, hash: k.hash}] = true
			i++
		}
	}
	*h = rootShown{}
}

func newRun(opt *Options) (*run, error) {
	if opt.Config == nil {
		opt.Config = config.Default()
	}
	if opt.Registry == nil {
		opt.Registry = rules.Default
	}
	if opt.StdinName == "" {
		opt.StdinName = "stdin.sql"
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Stdin == nil {
		opt.Stdin = strings.NewReader("")
	}
	wd, _ := os.Getwd()
	// Every path that names nothing, not only the first: a run that
	// stops on a typo names all of them at once.
	var missing []error
	for _, p := range append(slices.Clone(opt.Paths), opt.Context...) {
		if p == "-" {
			continue
		}
		if err := checkExists(opt, wd, p); err != nil {
			missing = append(missing, err)
		}
	}
	if len(missing) > 0 {
		return nil, errors.Join(missing...)
	}
	r := &run{opt: opt, cfg: opt.Config, reg: opt.Registry, ruleCfg: opt.Config.Rules, sum: &Summary{}, shown: map[shownKey]bool{}, cwd: wd}
	r.ruleCfg.Facts = opt.Facts
	// :r may include from the scanned paths, the context and the config's
	// folder; standard input counts as the file it names.
	roots := make([]string, 0, len(opt.Paths)+len(opt.Context))
	for _, p := range append(slices.Clone(opt.Paths), opt.Context...) {
		if p == "-" {
			p = opt.StdinName
		}
		roots = append(roots, p)
	}
	r.pre = opt.Config.PreprocessOptions(roots, opt.LookupEnv)
	projects := &sqlProjects{cwd: wd}
	r.pre.Declared, r.pre.ProjectValue = projects.declared, projects.value
	if len(opt.Overlay) > 0 {
		r.pre.Load = r.loadInclude
	}
	if opt.Fixes {
		r.sum.Sources = map[string]Source{}
	}
	return r, nil
}

func (r *run) rulesList() []report.Rule {
	return EnabledRules(r.reg, &r.ruleCfg)
}

// EnabledRules is the printed metadata of the rules of reg that cfg
// enables, sorted by ID: Summary.Rules of a run with that config.
func EnabledRules(reg *rules.Registry, cfg *rules.Config) []report.Rule {
	var out []report.Rule
	for _, rule := range reg.All() {
		if cfg.Enabled(rule) {
			out = append(out, ReportRule(rule))
		}
	}
	return out
}

// static streams: walk → workers → in-order merge → engine → sink.
func (r *run) static(ctx context.Context, sink func(*FileResult)) (*Summary, error) {
	eng := rules.NewEngine(r.reg, &r.ruleCfg)
	r.compact = true
	if r.guess == nil {
		r.findIncluded(ctx)
	}
	defer r.unmapAll()
	// A mapped file cut short while it is checked faults when its lost
	// pages are read: that file's error (finish recovers), not a crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	// Two in-order stages: the model and the rules in one goroutine;
	// suppressions, order, the resolution of findings (positions, source
	// lines) and the sink in this one, so that both run at once.
	type checked struct {
		p        *parsed
		findings []rules.Finding // before eng.Settle
		checked  bool
		panic    any
	}
	ch := make(chan checked, 4)
	var err error
	go func() {
		defer close(ch)
		debug.SetPanicOnFault(true)
		err = r.pipeline(ctx, func(p *parsed) {
			c := checked{p: p}
			if r.guess != nil {
				r.guess.merging(p)
			}
			if p.err == nil && !r.included[p.id] {
				func() {
					defer func() { c.panic = recover() }()
					c.findings, c.checked = eng.Check(p.result), true
				}()
			}
			ch <- c
		})
	}()
	for c := range ch {
		var settled []rules.Finding
		res := r.finish(c.p, func(res *parser.Result) []rules.Finding {
			if c.panic != nil {
				panic(c.panic) // reported by finish as this file's error
			}
			if !c.checked {
				return nil // included by another file: checked there
			}
			settled = eng.Settle(res, c.findings)
			return settled
		})
		// finish copied what it keeps of the findings: their room may
		// take the next file's
		eng.Recycle(settled)
		if c.checked {
			// nor does anything read its statements now: their room may
			// hold the next files'
			c.p.result.Kept.Release()
			c.p.result.Kept = nil
		}
		if c.p.lent != nil {
			// nothing reads the file any more: the engine is done with
			// it, and finish copied what its result keeps, but for the
			// source lines it lends (given back by res.Release)
			if res != nil && r.opt.LendSource && len(res.Findings) > 0 {
				res.lent = c.p.lent
			} else {
				readBuffers.put(c.p.lent)
			}
			c.p.lent = nil
		}
		if res != nil {
			sink(res)
		}
	}
	r.sum.Rules = r.rulesList()
	r.sum.UnmatchedExcludes = r.unmatchedExcludes()
	r.sum.LinkedFolders = r.linkedFolders()
	return r.sum, err
}

// live parses every file, asks for the facts, then runs the rules over the
// whole run.
func (r *run) live(ctx context.Context, sink func(*FileResult)) (*Summary, error) {
	var all []*parsed
	r.findIncluded(ctx)
	err := r.pipeline(ctx, func(p *parsed) {
		if p.result != nil && r.included[p.id] {
			p.result = &parser.Result{Script: &parser.Script{File: p.result.Script.File}} // checked where it is included
		}
		all = append(all, p)
	})
	if err != nil {
		return nil, err
	}
	if r.opt.FactsFor != nil {
		var results []*parser.Result
		for _, p := range all {
			if p.result != nil {
				results = append(results, p.result)
			}
		}
		names := DatabaseNames(results)
		// the database the scripts start in (-d) is the one ALTER
		// DATABASE CURRENT and the statements before any USE change
		if db := strings.TrimSpace(r.ruleCfg.DefaultDatabase); db != "" &&
			!slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, db) }) {
			names = append(names, db)
			slices.Sort(names)
		}
		facts, err := r.opt.FactsFor(ctx, Wanted{Databases: names, RestoreSources: rules.RestoreSources(results)})
		if err != nil {
			return nil, err
		}
		r.ruleCfg.Facts = facts
	}
	var results []*parser.Result
	for _, p := range all {
		if p.result != nil {
			results = append(results, p.result)
		}
	}
	// Findings are sorted by file in run order: hand each root file the
	// findings in the files of its script.
	owner := map[*parser.File]*parsed{}
	for _, p := range all {
		if p.result != nil {
			for _, f := range p.result.Script.Files {
				owner[f] = p
			}
		}
	}
	// the live rules place their findings in the files finish reports:
	// those of a reported root file, and a reported file a context file
	// includes
	r.ruleCfg.Reported = func(f *parser.File) bool {
		p := owner[f]
		return p == nil || p.report || (f != p.result.Script.File && r.reported[absClean(f.Path)])
	}
	findings := rules.Analyze(r.reg, results, &r.ruleCfg)
	byRoot := map[*parsed][]rules.Finding{}
	for _, f := range findings {
		if file := f.Span.Start.File; file != nil && owner[file] != nil {
			byRoot[owner[file]] = append(byRoot[owner[file]], f)
			continue
		}
		r.sum.Findings = append(r.sum.Findings, r.resolve(f, nil, nil))
	}
	for _, p := range all {
		res := r.finish(p, func(*parser.Result) []rules.Finding { return byRoot[p] })
		if res != nil {
			sink(res)
		}
	}
	r.sum.Rules = r.rulesList()
	r.sum.UnmatchedExcludes = r.unmatchedExcludes()
	r.sum.LinkedFolders = r.linkedFolders()
	return r.sum, nil
}

// finish turns one parsed file into its result: rules (through check),
// resolution of findings to lines and columns, source lines, fix sources.
func (r *run) finish(p *parsed, check func(*parser.Result) []rules.Finding) (res *FileResult) {
	res = &FileResult{Path: p.display}
	if p.err != nil {
		if !p.report {
			return nil
		}
		ie := report.InputError{Path: p.display, Message: p.err.Error()}
		res.Err = &ie
		r.sum.Errors = append(r.sum.Errors, ie)
		return res
	}
	defer func() {
		// A bug in a rule must cost one file, never the run.
		if x := recover(); x != nil {
			msg := fmt.Sprintf("internal error while checking this file (please report it): %v", x)
			if faultIn(x, p.mapped) {
				// its mapping cut short by another program while it was
				// checked: as when it is cut short while it is parsed
				msg = errChangedWhileRead.Error()
			}
			ie := report.InputError{Path: p.display, Message: msg}
			res = &FileResult{Path: p.display, Err: &ie}
			r.sum.Errors = append(r.sum.Errors, ie)
		}
	}()
	findings := check(p.result)
	if !p.report {
		// a context file: only its findings in a reported file it
		// includes (a CHECKPOINT in the staged include, the BACKUP after
		// the :r in the context file) are reported
		var inReported []rules.Finding
		res.Path = ""
		for _, f := range findings {
			if file := f.Span.Start.File; file != nil && file != p.result.Script.File && r.reported[absClean(file.Path)] {
				inReported = append(inReported, f)
				if res.Path == "" {
					res.Path = r.namedPath(file.Path)
				}
			}
		}
		if len(inReported) == 0 {
			return nil
		}
		findings = inReported
	} else {
		r.sum.Files++
		if fs := p.result.Script.Files; r.opt.ListIncludes && len(fs) > 1 {
			for _, f := range fs[1:] {
				res.Includes = append(res.Includes, f.Path)
			}
		}
	}
	root := p.result.Script.File
	// the identities of the files included, made for the first finding
	// in one (most files have no finding, or theirs are in the file)
	var ids map[*parser.File]fileID
	res.Findings = findingRoom(len(findings))
	var stmts *stmtIndex // built for the first finding
	// a paged file's positions are looked up (its line index), its text
	// read no more than that
	lines := lineCache{counted: p.mapped == nil, lend: r.opt.LendSource && p.mapped == nil}
	if p.mapped != nil {
		defer releasePages(p.mapped)
	}
	// the identity of the last finding's file and the hash of its path:
	// a file's findings come in a row
	var (
		idFile   *parser.File
		id       fileID
		pathHash uint64
	)
	for i := range findings {
		f := &findings[i]
		if p.mapped != nil && i%128 == 127 {
			releasePages(p.mapped) // the pages of the lines shown so far
		}
		lines.left = len(findings) - i
		file := f.Span.Start.File
		if file != nil {
			// a file included by several root files (or also named itself)
			// reports each finding once per run
			if file != idFile {
				var ok bool
				if file == root {
					id = p.id
				} else if id, ok = ids[file]; !ok {
					id = r.identity(file.Path)
					if ids == nil {
						ids = map[*parser.File]fileID{}
					}
					ids[file] = id
				}
				idFile, pathHash = file, maphash.String(hashSeed, id.path)
			}
			if id.valid() {
				k := shownKey{dev: id.dev, ino: id.ino, off: f.Span.Start.Offset, hash: pathHash ^ r.msgHashes.hash(f.Rule.ID, f.Message)}
				if file != root && !r.shownAll {
					// the first finding in an included file: from now on
					// any finding may be one shown before
					r.rootShown.moveTo(r.shown)
					r.shownAll = true
				}
				if len(r.shown) > 0 && r.shown[k] {
					continue
				}
				if r.shownAll {
					r.shown[k] = true
				} else {
					r.rootShown.add(k)
				}
			}
		}
		res.Findings = append(res.Findings, report.Finding{})
		rf := &res.Findings[len(res.Findings)-1]
		r.resolveInto(rf, f, file, &lines)
		if !p.report && file != nil {
			rf.Path = r.namedPath(file.Path) // a named file a context file includes
		}
		if file != nil && !r.opt.SkipFingerprints {
			if stmts == nil {
				stmts = newStmtIndex(p.result)
			}
			rf.Fingerprint = stmts.fingerprint(f.Span.Start)
		}
		if p.mapped != nil {
			ownStringsIn(rf, p.mapped) // the mapping ends with the run
		} else if p.lent != nil {
			// the buffer is reused (once the result is released, when
			// it lends the source lines)
			ownLent(rf, p.lent, lines.lend)
		}
		if rf.Fix != nil && r.sum.Sources != nil {
			if _, ok := r.sum.Sources[rf.Path]; !ok {
				if file == root && p.osPath != "" {
					r.sum.Sources[rf.Path] = Source{OSPath: p.osPath, Size: p.size, Hash: p.hash}
				} else if file != root && file != nil {
					if src, ok := r.includedSource(file); ok {
						r.sum.Sources[rf.Path] = src
					}
				}
			}
		}
	}
	return res
}

// namedPath is the display path of path, a file a context file
// includes: as the reported file it is was named, else as spelled.
func (r *run) namedPath(path string) string {
	if n, ok := r.reportedName[absClean(path)]; ok {
		return n
	}
	return displayPath(path)
}

// findingRooms are the Findings of results their caller gave back
// (RecycleFindings), for the findings of the next files.
var findingRooms = make(chan []report.Finding, 8)

// RecycleFindings gives back the Findings of a FileResult once the caller
// is done with them: nothing refers to the slice any more (the findings
// it copied, their strings included, stay valid). A run may then put
// the findings of the next files in its room: at 100% statements of
// interest a result a file was a fifth of what a run allocated.
// It is optional.
func RecycleFindings(fs []report.Finding) {
	if cap(fs) == 0 {
		return
	}
	if !recycling.Load() {
		recycling.Store(true)
	}
	select {
	case findingRooms <- fs[:0]:
	default: // enough kept
	}
}

// findingRoom is an empty slice with room for n findings: one given
// back, or a new one.
func findingRoom(n int) []report.Finding {
	if n == 0 {
		return []report.Finding{} // not nil: a file checked
	}
	select {
	case fs := <-findingRooms:
		if cap(fs) >= n {
			return fs
		}
		RecycleFindings(fs) // for a smaller file
	default:
	}
	if !recycling.Load() {
		return make([]report.Finding, 0, n) // nothing comes back
	}
	// with some slack, so that it takes the next files' findings too
	return make([]report.Finding, 0, n+min(n/4, 256))
}

// recycling is set once a room was given back (RecycleFindings).
var recycling atomic.Bool

// faultIn reports whether x is the panic of a fault (debug.SetPanicOnFault)
// reading mapping: the pages of a mapped file cut short are gone.
func faultIn(x any, mapping []byte) bool {
	fault, ok := x.(interface{ Addr() uintptr })
	if !ok || len(mapping) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(mapping)))
	a := fault.Addr()
	return a >= lo && a-lo < uintptr(len(mapping))
}

// lendMax is the length from which a source line is copied even when
// lent (Options.LendSource): the printers remember the last long line
// they read (a long line's characters counted, its fingerprint's hash)
// and know it again by where its bytes are, which a lent line's buffer
// could hold again with other text once released. Those lines are 1 KB
// or longer (output's fpLong and snippetLong).
const lendMax = 512

// ownLent is ownStringsIn(rf, buf), but for rf.SourceText when lend is
// set: the result lends it (Options.LendSource), neither copied nor
// dropped.
func ownLent(rf *report.Finding, buf []byte, lend bool) {
	if !lend {
		ownStringsIn(rf, buf)
		return
	}
	src := rf.SourceText
	rf.SourceText = ""
	ownStringsIn(rf, buf)
	rf.SourceText = src
}

// lineCache is the source line of the last finding resolved: the
// findings on one line share one copy of it, so that thousands of
// findings on one long line cost the line once, not once each.
type lineCache struct {
	file *parser.File
	line int
	text string
	ok   bool
	// room holds the copies of the lines of a file's findings, one chunk
	// at a time: at 100% statements of interest nearly every finding is
	// on a line of its own, and a copy each was an allocation each
	room []byte
	left int // findings still to resolve, this one included (room's size)
	// at is the position of the last finding resolved in file atFile,
	// from which the next one is counted (see position); atStart is the
	// start of its line when no carriage return lies between them, or -1
	atFile  *parser.File
	at      parser.Position
	atStart int
	// counted is set while positions may be counted from at: the file is
	// not paged (its text read a window at a time)
	counted bool
	// lend: the lines are the file's text, not copies (Options.LendSource)
	lend bool
	// the end of the line of offset endFrom in endFile (lineEnd): the
	// offset of the next line feed or the text's end, and the last
	// carriage return from endFrom to it (endFrom-1 when none), which
	// answer for every offset from endFrom to that end
	endFile      *parser.File
	endFrom, end int
	endCR        int
}

// lineEnd returns the end of the line of off in file (the offset of the
// next line feed, or the text's end) and whether no carriage return lies
// from off to it, found once for a line: a finding's end column and its
// source line both read it, and so do the next findings on the line (a
// long line of findings, or a file whose line breaks are all carriage
// returns, would otherwise be read to its end once for each).
func (c *lineCache) lineEnd(file *parser.File, off int) (end int, ok bool) {
	if c.endFile == file && c.endFrom <= off && off <= c.end {
		return c.end, c.endCR < off
	}
	t := file.Text
	end = len(t)
	if j := strings.IndexByte(t[off:], '\n'); j >= 0 {
		end = off + j
	}
	cr := off - 1
	// (IndexByte first: most lines have no CR, and it reads a line many
	// bytes at a time, where LastIndexByte reads one at a time; a CR LF
	// line's last CR is then found at once from its end)
	if strings.IndexByte(t[off:end], '\r') >= 0 {
		cr = off + strings.LastIndexByte(t[off:end], '\r')
	}
	c.endFile, c.endFrom, c.end, c.endCR = file, off, end, cr
	return end, cr < off
}

// after is positionAfter(file, start, off) for start given by position:
// an end on start's line (before the line end lineEnd finds) is counted
// from start, one on a later line from that line end when only line
// feeds lie between them, without the file's line index.
func (c *lineCache) after(file *parser.File, start parser.Position, off int) parser.Position {
	t := file.Text
	so, eo := start.Offset, max(0, min(off, len(t)))
	if so <= eo && (so == len(t) || utf8.RuneStart(t[so])) {
		end, ok := c.lineEnd(file, so)
		if ok && eo <= end {
			start.Column += runeCount(t[so:eo])
			start.Offset = eo
			return start
		}
		if ok {
			if seg := t[end:eo]; strings.IndexByte(seg, '\r') < 0 {
				ls := end + strings.LastIndexByte(seg, '\n') + 1
				return parser.Position{Path: start.Path, Line: start.Line + strings.Count(seg, "\n"), Column: runeCount(t[ls:eo]) + 1, Offset: eo}
			}
		}
	}
	return file.Position(off)
}

// runeCount is utf8.RuneCountInString(s), ASCII counted sixteen bytes at
// a time.
func runeCount(s string) int {
	const highs = 0x8080808080808080
	i := 0
	for ; i+16 <= len(s); i += 16 {
		if (word8(s[i:i+8])|word8(s[i+8:i+16]))&highs != 0 {
			break
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if word8(s[i:i+8])&highs != 0 {
			break
		}
	}
	if i+8 > len(s) && len(s) >= 8 && word8(s[len(s)-8:])&highs == 0 {
		return len(s) // all ASCII: the last bytes read as the last eight
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i + utf8.RuneCountInString(s[i:])
		}
	}
	return len(s)
}

// lineRoom is the size of a chunk of lineCache.room; a longer line is
// copied on its own.
const lineRoom = 16 << 10

// own returns a copy of s in c.room (not a slice of the file's text).
func (c *lineCache) own(s string) string {
	if len(s) > lineRoom/4 {
		return strings.Clone(s)
	}
	if cap(c.room)-len(c.room) < len(s) {
		// room for the lines still to come, were they as long as this
		c.room = make([]byte, 0, min(lineRoom, max(1, c.left)*len(s)))
	}
	k := len(c.room)
	c.room = append(c.room, s...)
	return unsafe.String(unsafe.SliceData(c.room[k:]), len(s)) // the room is not written there again
}

// position is file.Position(off), counted from the last position it gave
// when that is in the same file at or before off: a file's findings come
// in order of their offsets, a few hundred bytes apart at 100% statements
// of interest, and a count of the line feeds between two of them (and of
// the characters from the last one) is a fraction of a look-up in the
// file's line index. Only line feeds may lie between the two, a
// carriage return (a line break of its own or with a line feed) sends
// it to file.Position.
func (c *lineCache) position(file *parser.File, off int) parser.Position {
	t := file.Text
	off = max(0, min(off, len(t)))
	if c.counted && c.atFile == file && off >= c.at.Offset {
		from := c.at.Offset
		seg := t[from:off]
		if strings.IndexByte(seg, '\r') < 0 {
			if n := strings.Count(seg, "\n"); n > 0 {
				start := from + strings.LastIndexByte(seg, '\n') + 1
				c.at = parser.Position{Path: file.Path, Line: c.at.Line + n, Column: runeCount(t[start:off]) + 1, Offset: off}
				c.atStart = start
				return c.at
			}
			// on the same line: its characters from the last position
			// on (which starts one: a character is not counted apart)
			if from == len(t) || utf8.RuneStart(t[from]) {
				c.at.Column += runeCount(seg)
				c.at.Offset = off
				return c.at
			}
		}
	}
	c.atFile, c.at, c.atStart = file, file.Position(off), -1
	return c.at
}

// lineOf is lineAt(file, off, line) through what position learnt of the
// line of off, its last position: where the line starts, with no
// carriage return before off.
func (c *lineCache) lineOf(file *parser.File, off, line int) (string, bool) {
	if !c.counted || c.atFile != file || c.at.Offset != off || c.atStart < 0 {
		return lineAt(file, off, line)
	}
	end, ok := c.lineEnd(file, off)
	if !ok {
		return file.Line(line)
	}
	return file.Slice(c.atStart, end), true
}

// resolve turns a rule's finding into a printed one: line, column, the
// text of its first line (through lines, when not nil), and fix edits.
func (r *run) resolve(f rules.Finding, file *parser.File, lines *lineCache) report.Finding {
	var rf report.Finding
	r.resolveInto(&rf, &f, file, lines)
	return rf
}

// resolveInto is resolve writing the finding in place (a finding is 168
// bytes, copied at each return).
func (r *run) resolveInto(rf *report.Finding, f *rules.Finding, file *parser.File, lines *lineCache) {
	if lines != nil && lines.counted && file != nil && f.Span.Start.File == file {
		reportFindingInto(rf, f, lines, r.opt.SkipFixes)
	} else {
		reportFindingInto(rf, f, nil, r.opt.SkipFixes)
	}
	if file != nil && rf.Line > 0 && !r.opt.SkipSourceText {
		if lines == nil {
			lines = &lineCache{}
		}
		if lines.file != file || lines.line != rf.Line {
			s, ok := lines.lineOf(file, f.Span.Start.Offset, rf.Line)
			if !lines.lend || len(s) >= lendMax {
				s = lines.own(s)
			}
			lines.file, lines.line, lines.text, lines.ok = file, rf.Line, s, ok
		}
		if lines.ok {
			rf.SourceText = lines.text
		}
	}
}

// lineAt is file.Line(line), line being the line of offset off: the
// text between the line feeds around off when it holds no carriage
// return (a line break too), found from off rather than from the line's
// number, which the file's line index or a count of its line feeds from
// its start gives.
func lineAt(file *parser.File, off, line int) (string, bool) {
	t := file.Text
	if off < 0 || off > len(t) {
		return file.Line(line)
	}
	// the line feeds around off are looked for a window at a time, and a
	// carriage return met on the way ends the search: in a file whose line
	// breaks are carriage returns there is no line feed to find, and each
	// finding read the text to both its ends
	start := 0
	for hi := off; hi > 0; {
		lo := max(0, hi-lineWindow)
		w := t[lo:hi]
		j := strings.LastIndexByte(w, '\n')
		if strings.IndexByte(w[j+1:], '\r') >= 0 {
			return file.Line(line)
		}
		if j >= 0 {
			start = lo + j + 1
			break
		}
		hi = lo
	}
	end := len(t)
	for lo := off; lo < len(t); {
		hi := min(len(t), lo+lineWindow)
		w := t[lo:hi]
		j := strings.IndexByte(w, '\n')
		if j < 0 {
			j = len(w)
		}
		if strings.IndexByte(w[:j], '\r') >= 0 {
			return file.Line(line)
		}
		if j < len(w) {
			end = lo + j
			break
		}
		lo = hi
	}
	return file.Slice(start, end), true
}

// lineWindow is how much of a text lineAt reads at a time for a line
// feed.
const lineWindow = 4 << 10

// includedSource identifies an included file with a fix: its bytes in the
// overlay or on disk, if they still decode to the text analyzed.
func (r *run) includedSource(file *parser.File) (Source, bool) {
	data, ok := r.opt.Overlay[absClean(file.Path)]
	if !ok {
		var err error
		if data, err = os.ReadFile(file.Path); err != nil {
			return Source{}, false
		}
	}
	g, err := parser.Decode(file.Path, data)
	if err != nil || g.Text != file.Text {
		return Source{}, false
	}
	return Source{OSPath: file.Path, Size: int64(len(data)), Hash: maphash.Bytes(hashSeed, data)}, true
}

// Parsed is one file of a Parse run.
type Parsed struct {
	Path   string // display path
	Result *parser.Result
	Err    error
}

// Parse reads and parses the files of opt (Paths only; no rules) and
// calls fn for each in run order. Results die after fn returns unless fn
// keeps them.
func Parse(ctx context.Context, opt Options, fn func(*Parsed)) error {
	r, err := newRun(&opt)
	if err != nil {
		return err
	}
	return r.pipeline(ctx, func(p *parsed) {
		if p.report {
			fn(&Parsed{Path: p.display, Result: p.result, Err: p.err})
		}
	})
}

// reportRules are the results of ReportRule, made once for each rule (a
// rule never changes): a scan lists the rules that run both in its
// output's head and in its summary, and rendering their documentation
// (Markdown) was 0.4% of the instructions of a scan of 1,000 typical files
// each time.
var reportRules sync.Map // *rules.Rule → report.Rule

// ReportRule is the printed metadata of a rule.
func ReportRule(r *rules.Rule) report.Rule {
	if rr, ok := reportRules.Load(r); ok {
		return rr.(report.Rule)
	}
	rr := report.Rule{
		ID: r.ID, Name: r.Name, Severity: r.Severity.String(), Title: r.Doc.Title,
		Description: rules.Summary(r), HelpURI: r.HelpURI(), Help: rules.Markdown(r),
	}
	reportRules.Store(r, rr)
	return rr
}

// ReportFinding resolves a rule's finding to lines and columns (without
// its source text).
func ReportFinding(f rules.Finding) report.Finding {
	var rf report.Finding
	reportFindingInto(&rf, &f, nil, false)
	return rf
}

// reportFindingInto is ReportFinding written to rf, the finding's start
// counted through lines when not nil (lineCache.position), without its
// fix when skipFix is set (Options.SkipFixes).
func reportFindingInto(rf *report.Finding, f *rules.Finding, lines *lineCache, skipFix bool) {
	*rf = report.Finding{RuleID: f.Rule.ID, RuleName: f.Rule.Name, Severity: f.Severity.String(), Message: f.Message, Confirmed: f.Confirmed}
	if f.Span.Start.IsValid() {
		var s parser.Position
		if lines != nil {
			s = lines.position(f.Span.Start.File, f.Span.Start.Offset)
		} else {
			s = f.Span.Start.Position()
		}
		en := s
		if f.Span.End.IsValid() && f.Span.End.File == f.Span.Start.File {
			if lines != nil {
				en = lines.after(f.Span.Start.File, s, f.Span.End.Offset)
			} else {
				en = positionAfter(f.Span.Start.File, s, f.Span.End.Offset)
			}
		}
		rf.Path, rf.Line, rf.Column, rf.EndLine, rf.EndColumn = s.Path, s.Line, s.Column, en.Line, en.Column
	}
	if f.Fix != nil && !skipFix {
		// the fix and its edit, the usual one, in one allocation
		room := &struct {
			fix  report.Fix
			edit [1]report.Edit
		}{}
		fix := &room.fix
		fix.Description = f.Fix.Description
		if len(f.Fix.Edits) <= 1 {
			fix.Edits = room.edit[:0]
		}
		for _, ed := range f.Fix.Edits {
			s := ed.File.Position(ed.Start)
			en := positionAfter(ed.File, s, ed.End)
			fix.Edits = append(fix.Edits, report.Edit{Line: s.Line, Column: s.Column, EndLine: en.Line, EndColumn: en.Column,
				StartOffset: ed.Start, EndOffset: ed.End, NewText: ed.New})
		}
		rf.Fix = fix
	}
}

// positionAfter is file.Position(off) for an offset at or after the
// position start (of the same file): on start's line, when no line break
// lies between them, it is counted from start rather than looked up
// again.
func positionAfter(file *parser.File, start parser.Position, off int) parser.Position {
	so, eo := start.Offset, max(0, min(off, len(file.Text)))
	// (from inside a character, the characters would be counted apart)
	if so <= eo && (so == len(file.Text) || utf8.RuneStart(file.Text[so])) {
		if n, ok := runesOnLine(file.Text[so:eo]); ok {
			start.Column += n
			start.Offset = eo
			return start
		}
	}
	return file.Position(off)
}

// runesOnLine is utf8.RuneCountInString(s) when s holds no line feed or
// carriage return, read once: ASCII eight bytes at a time, the rest from
// the first other byte as the two calls read it.
func runesOnLine(s string) (int, bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := word8(s[i : i+8])
		lf, cr := x^ones*'\n', x^ones*'\r'
		if (x|(lf-ones)&^lf|(cr-ones)&^cr)&highs != 0 {
			break // a line break or a byte of another character among them
		}
	}
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n' || c == '\r':
			return 0, false
		case c >= utf8.RuneSelf:
			if strings.ContainsAny(s[i:], "\r\n") {
				return 0, false
			}
			return i + utf8.RuneCountInString(s[i:]), true
		}
	}
	return len(s), true
}

// DatabaseNames lists the databases the scripts name, resolved ones only,
// sorted: what live mode asks the server about.
func DatabaseNames(results []*parser.Result) []string {
	seen := map[string]bool{}
	var names []string
	add := func(n *parser.Name) {
		if n == nil || n.Unresolved || n.Value == "" || strings.EqualFold(n.Raw, "CURRENT") {
			return
		}
		if k := strings.ToLower(n.Value); !seen[k] {
			seen[k] = true
			names = append(names, n.Value)
		}
	}
	for _, r := range results {
		for _, st := range r.Statements {
			add(st.Database())
		}
	}
	slices.Sort(names)
	return names
}

// errNotExist is how a missing path reads.
var errNotExist = errors.New("no such file or directory")

// word8 is the eight bytes of w (len(w) == 8) as a little-endian word: one
// load, where eight byte reads of s[i+k] each kept a bounds check and
// were not combined.
func word8(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}
