package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/gitdiff"
	"github.com/sqllint/sqllint/internal/udiff"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// prFlags are the scan flags for pre-commit hooks, pull-request checks
// and adoption in an existing repository.
type prFlags struct {
	selects, ignores listFlag
	contexts         listFlag
	noContext        bool
	gitIgnored       bool
	staged           bool
	baseline         string
	writeBaseline    string
	newFromRev       string
	newFromMergeBase string
	diff             bool
}

func (p *prFlags) register(fs *flag.FlagSet) {
	fs.Var(&p.selects, "select", "run only these `rules`: IDs, names or ID prefixes (SL3), comma-separated; repeatable")
	fs.Var(&p.ignores, "ignore", "do not run these `rules`: IDs, names or ID prefixes, comma-separated; repeatable")
	fs.Var(&p.contexts, "context", "read the scripts of `DIR` as context: they feed the database model, their findings are not reported; repeatable (default when files are named: their folders)")
	fs.BoolVar(&p.noContext, "no-context", false, "read no context: only the files named")
	fs.BoolVar(&p.staged, "staged", false, "check what git's index holds (a plain pre-commit hook): staged content, not the work tree's; with no path, the staged .sql files")
	fs.BoolVar(&p.gitIgnored, "git-ignored", false, "read the scripts git ignores too, in folders scanned and as context (default in a git work tree: a folder's files git does not ignore; files named are always checked)")
	fs.BoolVar(&p.gitIgnored, "context-ignored", false, "the same as --git-ignored")
	fs.StringVar(&p.baseline, "baseline", "", "hide the findings recorded in baseline `FILE`; report only new ones")
	fs.StringVar(&p.writeBaseline, "write-baseline", "", "record today's findings in baseline `FILE` (then report none)")
	fs.StringVar(&p.newFromRev, "new-from-rev", "", "report only findings on lines added or changed since git revision `REV`")
	fs.StringVar(&p.newFromMergeBase, "new-from-merge-base", "", "report only findings on lines added or changed since the merge base of HEAD and `REF`")
	fs.BoolVar(&p.diff, "diff", false, "print the fixes as a unified diff (git apply) instead of writing them")
}

// missingContext is the error for the first context path the config's
// context key or --context names that does not exist, naming the key and
// file, or the flag, that set it; nil when they all exist (the default
// context is made of folders found).
func missingContext(cfg *config.Config, p *prFlags) error {
	list, flag := cfg.Context, false
	switch {
	case p.noContext:
		return nil
	case len(p.contexts) > 0:
		list, flag = p.contexts, true
	case !cfg.ContextSet:
		return nil
	}
	for i, c := range list {
		if c == "-" {
			continue
		}
		if c == "" && flag {
			return errors.New(`--context "": an empty path names no folder (a variable that expanded to nothing?)`)
		}
		if _, err := os.Stat(c); errors.Is(err, os.ErrNotExist) {
			if flag {
				return fmt.Errorf("--context %s: no such file or directory", c)
			}
			if i < len(cfg.ContextAt) {
				e := cfg.ContextAt[i]
				e.Msg = c + ": no such file or directory"
				return &e
			}
			return fmt.Errorf("%s: context: %s: no such file or directory", cfg.Path, c)
		}
	}
	return nil
}

// contextPaths is the context of a run: none with --no-context; the
// --context folders; else the config's context; else, when files are
// named, the folders they are in (a folder of Flyway callbacks: its
// parent, analysis.ContextFolder) and the pre- and post-deployment
// scripts of the SQL projects they belong to (analysis.DeployScripts)
// and the master scripts above them that include them
// (analysis.IncludersAbove) and, when the config sets include, its
// folder (the files its include globs name).
//
// Standard input counts as the file stdin names (a hook checking the
// staged blob: git show :m/V2.sql | sqllint scan --stdin-filename
// m/V2.sql -) when its folder exists; stdin is "" when no
// --stdin-filename was given. keep is the run's filter of the scripts a
// walk reads (nil: every one), which the Flyway location is found with.
// index is the text of a --staged run's index by absolute path (nil:
// none): a staged script whose work-tree copy is gone is a file named
// too, when its folder exists.
func contextPaths(paths []string, cfg *config.Config, p *prFlags, stdin string, keep func(string) bool, index map[string][]byte) []string {
	switch {
	case p.noContext:
		return nil
	case len(p.contexts) > 0:
		return p.contexts
	case cfg.ContextSet:
		return cfg.Context
	}
	var out []string
	seen := map[string]bool{}
	add := func(dir string) {
		abs, err := filepath.Abs(dir)
		if err != nil || seen[abs] {
			return
		}
		seen[abs] = true
		out = append(out, dir)
	}
	// the files named, and their names by folder: they count as scripts
	// of their folder when its Flyway location is looked up, standard
	// input named after a new file too
	var files []string
	names := map[string][]string{}
	wd := ""
	if index != nil {
		wd = cwdOrEmpty() // once, not a lookup per path
	}
	for _, path := range paths {
		named := false
		if path == "-" {
			if stdin == "" {
				continue
			}
			path = stdin
			info, err := os.Stat(filepath.Dir(path))
			named = err == nil && info.IsDir() // a new file may not exist yet
		} else if _, ok := index[absPathOf(wd, path)]; ok {
			info, err := os.Stat(filepath.Dir(path))
			named = err == nil && info.IsDir() // staged, gone from the work tree
		}
		if info, err := os.Stat(path); named || err == nil && !info.IsDir() {
			files = append(files, path)
			dir := filepath.Dir(path)
			names[dir] = append(names[dir], filepath.Base(path))
		}
	}
	dirs := map[string]bool{} // a folder's context is looked up once
	includers := analysis.NewIncluders()
	for _, path := range files {
		if dir := filepath.Dir(path); !dirs[dir] {
			dirs[dir] = true
			if analysis.NoProjectFolder(dir) {
				// the scripts beside it only, not every tree below
				// the root, the home folder or the temporary folder
				for _, s := range analysis.FlatContext(dir, path) {
					add(s)
				}
				continue
			}
			add(analysis.ContextFolderNamed(dir, names[dir], cfg, keep))
			for _, s := range analysis.DeployScripts(dir) {
				add(s)
			}
		}
		for _, s := range includers.Above(path) {
			add(s)
		}
	}
	if len(files) > 0 && cfg.Dir != "" && !slices.Equal(cfg.Include, config.DefaultInclude) && len(cfg.Include) > 0 {
		add(cfg.Dir)
	}
	return out
}

// findingFilter hides what a run does not report: baselined findings and,
// with --new-from-rev, findings on lines that did not change.
type findingFilter struct {
	base    *baseline.Baseline
	changes *gitdiff.Changes
	// ran is the IDs of the rules the run runs (nil: all): the baseline
	// entries of the others match nothing because the rule did not run,
	// not because their findings went.
	ran map[string]bool
	// paths are the paths the run was given: the baseline entries of a
	// file gone from inside them are stale.
	paths []string
}

// newFindingFilter loads the baseline and the git changes a run asks for;
// tracked lists the repository's files for the run; stdin is the file
// standard input is named after ("" none).
func newFindingFilter(cfg *config.Config, p *prFlags, paths []string, stdin string, tracked *gitdiff.Tracked) (*findingFilter, error) {
	ff := &findingFilter{paths: paths}
	if p.newFromRev != "" && p.newFromMergeBase != "" {
		return nil, fmt.Errorf("use --new-from-rev or --new-from-merge-base, not both")
	}
	if p.baseline != "" && p.writeBaseline != "" {
		return nil, fmt.Errorf("use --baseline or --write-baseline, not both")
	}
	path := p.baseline
	if path == "" && p.writeBaseline == "" {
		path = cfg.Baseline
	}
	if path != "" {
		b, err := baseline.Load(path)
		if err != nil {
			return nil, err
		}
		ff.base = b
	}
	if p.newFromRev != "" || p.newFromMergeBase != "" {
		named := paths
		if stdin != "" {
			// standard input stands for the file it names, which may
			// not exist yet: the repository is its folder's
			named = slices.Clone(paths)
			if i := slices.Index(named, "-"); i >= 0 {
				named[i] = stdin
			}
		}
		dir := repoDir(named)
		var err error
		flag := "--new-from-rev"
		if p.newFromRev != "" {
			ff.changes, err = tracked.Since(dir, p.newFromRev)
		} else {
			flag = "--new-from-merge-base"
			ff.changes, err = tracked.SinceMergeBase(dir, p.newFromMergeBase)
		}
		if err == nil {
			err = outsideRepo(ff.changes.Root, paths)
		}
		if err == nil && stdin != "" && slices.Contains(paths, "-") && gitdiff.RelTo(ff.changes.Root, stdin) == "" {
			err = fmt.Errorf("--stdin-filename %s is not in the git repository %s: check each repository in a run of its own", stdin, ff.changes.Root)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", flag, err)
		}
	}
	return ff, nil
}

// repoDir is the folder whose repository a run's git options read: the
// first path's (a file's folder, also of one that does not exist yet),
// else the current folder.
func repoDir(paths []string) string {
	for _, path := range paths {
		if path != "-" {
			if info, err := os.Stat(path); err != nil || !info.IsDir() {
				return filepath.Dir(path)
			}
			return path
		}
	}
	return "."
}

// outsideRepo is the error for the first path named that is not in the
// repository at root (repoDir's): with --new-from-rev its findings would
// all be taken for findings on lines that did not change, and dropped;
// with --staged its work tree's text checked, not the index's.
func outsideRepo(root string, paths []string) error {
	for _, path := range paths {
		if path == "-" {
			continue
		}
		if _, err := os.Lstat(path); err != nil {
			continue // the run says what is wrong with it
		}
		if gitdiff.RelTo(root, path) == "" {
			return fmt.Errorf("%s is not in the git repository %s: check each repository in a run of its own", path, root)
		}
	}
	return nil
}

// inNestedRepo is the error for the first path named that lies in
// another repository below root's work tree (a submodule, or a
// repository inside it): --staged reads root's index, which holds none
// of its files, and would check their work tree's text.
func inNestedRepo(root string, paths []string) error {
	for _, path := range paths {
		rel := gitdiff.RelTo(root, path)
		if path == "-" || rel == "" || rel == "." {
			continue
		}
		dir := root
		for _, name := range strings.Split(rel, "/") {
			dir = filepath.Join(dir, name)
			if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
				return fmt.Errorf("%s is in another git repository, %s, than the one whose index is read (%s): check each repository in a run of its own", path, dir, root)
			}
		}
	}
	return nil
}

// onlyNew drops findings on lines that did not change since the revision;
// findings without a file (run-level) are kept.
func (ff *findingFilter) onlyNew(fs []report.Finding) []report.Finding {
	if ff.changes == nil {
		return fs
	}
	var out []report.Finding
	path, rel := "", "" // a file's findings come in a row
	for _, f := range fs {
		if f.Path != "" && f.Path != path {
			path, rel = f.Path, ff.changes.Rel(f.Path)
		}
		if f.Path == "" || ff.changes.ChangedRel(rel, f.Line, f.EndLine) {
			out = append(out, f)
		}
	}
	return out
}

// apply filters the findings of a run that reported the files scanned.
func (ff *findingFilter) apply(fs []report.Finding, scanned []string) (kept []report.Finding, res baseline.Result) {
	if ff.base != nil {
		res = ff.base.Filter(fs, scanned, ff.paths...)
		fs = res.Findings
		ff.dropUnran(&res)
	}
	return ff.onlyNew(fs), res
}

// applyHeld is apply for a run whose files' findings went to held as they
// came (the baseline's Stream), runLevel being the run's findings without
// a file, which come first.
func (ff *findingFilter) applyHeld(held *baseline.Stream, runLevel []report.Finding, scanned []string) ([]report.Finding, baseline.Result) {
	// they have no file, so they count their occurrences apart from the
	// files' findings: added last, they number as they would first
	held.Add(runLevel)
	res := held.Result(scanned, ff.paths...)
	var fs []report.Finding
	for _, first := range []bool{true, false} {
		for _, f := range res.Findings {
			if (f.Path == "") == first {
				fs = append(fs, f)
			}
		}
	}
	res.Findings = fs
	ff.dropUnran(&res)
	return ff.onlyNew(fs), res
}

// dropUnran drops the stale entries of rules the run did not run: they
// match nothing because the rule did not run, not because their findings
// went.
func (ff *findingFilter) dropUnran(res *baseline.Result) {
	if ff.ran != nil {
		res.Stale = slices.DeleteFunc(res.Stale, func(e baseline.Entry) bool { return !ff.ran[e.Rule] })
	}
}

// choose is the filter --fix applies: it fixes only what a run reports.
func (ff *findingFilter) choose(fs []report.Finding) []report.Finding {
	kept, _ := ff.apply(fs, nil)
	return kept
}

// writeDiff prints the fixes as a unified diff, paths relative to the
// current folder (a/ and b/ prefixes, for git apply or patch -p1). A file
// outside it is named by its absolute path without the leading slash, as
// git diff --no-index names it: the diff then applies from the root (git
// apply and patch refuse a name with ".." or one that starts with "/").
func (e *env) writeDiff(files []analysis.FixedFile) {
	cwd, _ := os.Getwd()
	for _, f := range files {
		// made absolute, not cleaned: link/../a.sql is the target's
		// sibling, which diffName's EvalSymlinks finds
		abs := f.OSPath
		if !filepath.IsAbs(abs) && cwd != "" {
			abs = cwd + string(filepath.Separator) + abs
		}
		name := f.Path
		if filepath.IsAbs(abs) {
			name = diffName(cwd, abs)
		}
		udiff.Write(e.stdout, name, f.Old, f.New) //nolint:errcheck // as fmt.Fprint before: a closed stdout shows in the exit status
	}
}

// diffName is the path a --diff names the file abs by: relative to cwd
// when inside it, else absolute without the leading "/". A path through a
// symbolic link names the link's target, which --fix writes: git apply
// and patch refuse to patch through a link.
func diffName(cwd, abs string) string {
	if target, err := filepath.EvalSymlinks(abs); err == nil && target != abs {
		if realCwd, err := filepath.EvalSymlinks(cwd); err == nil {
			cwd = realCwd
		}
		abs = target
	}
	if rel, err := filepath.Rel(cwd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return strings.TrimLeft(filepath.ToSlash(strings.TrimPrefix(abs, filepath.VolumeName(abs))), "/")
}

// fixSummary is the line --fix and --diff print: what was fixed, by rule.
// fixSummaryOf sums the fixes of the files named in written (display
// paths), as fixSummary does for all of them.
func fixSummaryOf(files []analysis.FixedFile, written []string) string {
	res := &analysis.FixResult{Applied: map[string]int{}}
	for _, f := range files {
		if slices.Contains(written, f.Path) {
			res.Files = append(res.Files, f)
			for id, n := range f.Applied {
				res.Applied[id] += n
			}
		}
	}
	return fixSummary(res)
}

func fixSummary(res *analysis.FixResult) string {
	var ids []string
	for id := range res.Applied {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var parts []string
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%s: %d", id, res.Applied[id]))
	}
	return fmt.Sprintf("%d fix(es) in %d file(s) (%s)", res.Total(), len(res.Files), strings.Join(parts, ", "))
}

// staleNote is the one line that says which baseline entries no longer
// match a finding (the first few) and how to shrink the file.
func staleNote(stale []baseline.Entry, path string) string {
	const shown = 3
	var names []string
	for i, st := range stale {
		if i == shown {
			names = append(names, fmt.Sprintf("and %d more", len(stale)-shown))
			break
		}
		names = append(names, st.Rule+" "+st.File)
	}
	n := fmt.Sprintf("%d entries no longer match a finding", len(stale))
	if len(stale) == 1 {
		n = "1 entry no longer matches a finding"
	}
	return fmt.Sprintf("%s (%s): run with --write-baseline %s to shrink it", n, strings.Join(names, ", "), path)
}

// stdinPath is the --stdin-filename given to fs, or "" when none was
// given (the default name stands for no file).
func stdinPath(fs *flag.FlagSet, name string) string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "stdin-filename" })
	if !given {
		return ""
	}
	return name
}

// baselineKept is the entries of the baseline at path, written before,
// that writing it again from this run keeps: those of the files the run
// did not check or could not read, or of the rules it did not run, that
// still exist (baseline.Unchecked). A baseline that
// is missing or cannot be read (another format version, corrupt) is
// written anew.
func baselineKept(path string, paths, scanned, failed []string, findings []report.Finding, ran map[string]bool) []baseline.Entry {
	old, err := baseline.Load(path)
	if err != nil {
		return nil
	}
	return old.Unchecked(paths, scanned, failed, findings, func(rule string) bool { return ran == nil || ran[rule] })
}

// ranRules is the IDs of the rules a run with cfg runs: the enabled ones,
// the live ones only in a live run.
func ranRules(reg *rules.Registry, cfg *rules.Config, live bool) map[string]bool {
	ran := map[string]bool{}
	for _, r := range reg.All() {
		if cfg.Enabled(r) && (live || !r.Live) {
			ran[r.ID] = true
		}
	}
	return ran
}

// stdinChanges compares standard input, when it is checked with
// --new-from-rev or --new-from-merge-base, with the file it names at the
// revision: it takes that file's place, so its own lines are the ones
// added or changed (git show :m/V2.sql | sqllint scan --new-from-rev
// HEAD --stdin-filename m/V2.sql -), not those of the copy on disk. It
// returns the reader the run reads standard input from.
func (ff *findingFilter) stdinChanges(stdin io.Reader, paths []string, name string) (io.Reader, error) {
	if ff.changes == nil || !slices.Contains(paths, "-") {
		return stdin, nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return nil, err
	}
	ff.changes.SetText(name, data)
	return bytes.NewReader(data), nil
}
