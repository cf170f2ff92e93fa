package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/gitdiff"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// Analyzer runs sqllint on one open document.
type Analyzer interface {
	// Analyze returns the findings of the script at path (clean and
	// absolute). The other scripts of its folder (walked as `sqllint scan
	// FOLDER` walks it) feed the database model as context, in natural
	// order, but their findings are not returned (a script outside the
	// client's workspace folders gets only the scripts beside it, not its
	// folder's subfolders: see Server.flat); overlay maps clean
	// absolute paths to open buffers that replace the files on disk. The
	// config is found from the script's folder upward, as scan finds it.
	// overlay is only read (map and bytes): the checks of the same
	// buffers share it, and its bytes are the buffers' own text.
	// Findings name their file by its path, slash-separated; the server
	// keeps those in path.
	Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error)
}

// TextAnalyzer analyses a document that is no file (an untitled: new
// query): its text alone, named name, with the config found from folder
// root (none: the defaults). Findings name it by name.
type TextAnalyzer interface {
	AnalyzeText(ctx context.Context, name, text, root string) ([]report.Finding, error)
}

// baselineFinder is implemented by an Analyzer whose findings of a script
// depend on a file besides the scripts and the config: the baseline the
// config names. The server watches that file and re-checks the script
// when it changes (sqllint scan --write-baseline rewrites it).
type baselineFinder interface {
	// BaselineOf returns the clean absolute path of the baseline file
	// of the script at path, "" when there is none.
	BaselineOf(path string) string
}

// configFinder is implemented by an Analyzer that finds the config file
// of each script itself, from the script's folder upward: the server
// watches that file when the watchers of the workspace do not cover it.
type configFinder interface {
	// ConfigOf returns the clean absolute path of the config file of
	// the script at path, "" when there is none or it is not found
	// from the script's folder.
	ConfigOf(path string) string
}

type flatKey struct{}

// withFlatContext marks an analysis whose context is the scripts beside
// the script only, its folder not walked (see Server.flat).
func withFlatContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, flatKey{}, true)
}

func isFlatContext(ctx context.Context) bool {
	flat, _ := ctx.Value(flatKey{}).(bool)
	return flat
}

type contextRecordKey struct{}

// withContextRecord has the analysis note in *paths the context it reads
// for the script: the folders walked and the files read besides it
// (Pipeline.Analyze does). The server checks the script again when one
// of them changes, wherever it lies (the Flyway location above the
// script's folder, a config's context: folders).
func withContextRecord(ctx context.Context, paths *[]string) context.Context {
	return context.WithValue(ctx, contextRecordKey{}, paths)
}

// recordContext notes paths as the context of the analysis of ctx.
func recordContext(ctx context.Context, paths []string) {
	if p, _ := ctx.Value(contextRecordKey{}).(*[]string); p != nil {
		*p = paths
	}
}

type includeRecordKey struct{}

// withIncludeRecord has the analysis note in *paths the files the
// script includes, as the run resolved its :r lines (those of the files
// it includes too, and names made with $(var)): Pipeline.Analyze does.
// The server watches them and checks the script again when one changes.
func withIncludeRecord(ctx context.Context, paths *[]string) context.Context {
	return context.WithValue(ctx, includeRecordKey{}, paths)
}

// recordIncludes notes paths as files included by the script the
// analysis of ctx checks.
func recordIncludes(ctx context.Context, paths []string) {
	if p, _ := ctx.Value(includeRecordKey{}).(*[]string); p != nil {
		*p = append(*p, paths...)
	}
}

// Pipeline is the Analyzer the server uses by default: analysis.Run,
// the pipeline `sqllint scan` runs, with the script as the path to report
// on, its folder as context and the open buffers as overlay. It never
// asks a live server.
type Pipeline struct {
	// LookupEnv resolves sqlcmd $(VAR) from the environment; nil = none.
	LookupEnv func(string) (string, bool)
	// LoadConfig returns the config of the scripts of folder dir; nil =
	// DiscoverConfig. `sqllint lsp --config FILE` (and its other flags)
	// set it.
	LoadConfig func(dir string) (*config.Config, error)
	// GitIgnored reads the scripts git ignores as context too; by
	// default, in a git work tree, the context is the files git does not
	// ignore, as sqllint scan reads it (sqllint lsp --git-ignored).
	GitIgnored bool
}

// config is the config of the scripts of folder dir.
func (p Pipeline) config(dir string) (*config.Config, error) {
	if p.LoadConfig != nil {
		return p.LoadConfig(dir)
	}
	return DiscoverConfig(dir)
}

// Analyze implements Analyzer.
func (p Pipeline) Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	cfg, err := p.config(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	var tracked *gitdiff.Tracked
	var keep func(string) bool // the scripts a walk reads: not those git ignores
	if !p.GitIgnored {
		tracked = gitdiff.NewTracked()
		keep = tracked.Has
	}
	var ctxPaths []string
	// Unsaved new scripts of the folder, not hidden ones: a folder walk
	// only finds files on disk.
	var unsaved map[string]bool
	names := []string{filepath.Base(path)} // the scripts of dir the walk may not find
	for q := range overlay {
		if !cfg.ContextSet && q != path && filepath.Dir(q) == dir && strings.EqualFold(filepath.Ext(q), ".sql") && !strings.HasPrefix(filepath.Base(q), ".") {
			if _, err := os.Stat(q); err != nil {
				ctxPaths = append(ctxPaths, q)
				if unsaved == nil {
					unsaved = map[string]bool{}
				}
				unsaved[q] = true
				names = append(names, filepath.Base(q))
			}
		}
	}
	if cfg.ContextSet {
		// The config's context, as scan reads it for a named file
		// ("context: []" reads none).
		ctxPaths = append(ctxPaths, cfg.Context...)
	} else if isFlatContext(ctx) {
		// Only the scripts beside it: the folder is not a project.
		ctxPaths = append(ctxPaths, analysis.FlatContext(dir, path)...)
	} else if info, err := os.Stat(dir); err == nil && info.IsDir() {
		// the open script and the unsaved ones beside it count as
		// scripts of dir, as once saved
		ctxPaths = append(ctxPaths, analysis.ContextFolderNamed(dir, names, cfg, keep))
		ctxPaths = append(ctxPaths, analysis.DeployScripts(dir)...)
		ctxPaths = append(ctxPaths, analysis.IncludersAbove(path)...)
		ctxPaths = append(ctxPaths, includeContext(cfg)...)
	}
	sort.Strings(ctxPaths)
	recordContext(ctx, ctxPaths)
	opt := analysis.Options{
		Paths:     []string{path},
		Context:   ctxPaths,
		Overlay:   overlay,
		Config:    cfg,
		LookupEnv: p.LookupEnv,
		// watched by the server
		ListIncludes: true,
	}
	if tracked != nil && len(ctxPaths) > 0 {
		// git lists none of the unsaved scripts beside it: they are
		// read, as the script is
		opt.Filter = func(q string) bool { return unsaved[q] || tracked.Has(q) }
		opt.FilterDir = tracked.HasDir
	}
	findings, err := run(ctx, opt, filepath.Base(path))
	if cfg.Baseline == "" || ctx.Err() != nil {
		return findings, err
	}
	findings, berr := withoutBaselined(cfg.Baseline, findings)
	return findings, errors.Join(err, berr)
}

// BaselineOf implements baselineFinder: the baseline of the config of
// the script's folder.
func (p Pipeline) BaselineOf(path string) string {
	cfg, err := p.config(filepath.Dir(path))
	if err != nil || cfg.Baseline == "" {
		return ""
	}
	if abs, err := filepath.Abs(cfg.Baseline); err == nil {
		return abs
	}
	return filepath.Clean(cfg.Baseline)
}

// ConfigOf implements configFinder: the file of the config Analyze
// reads for the script (the one found as scan finds it, or the one
// LoadConfig read), also when it is not valid.
func (p Pipeline) ConfigOf(path string) string {
	cfg, err := p.config(filepath.Dir(path))
	file := ""
	var ce *config.Error
	switch {
	case err == nil:
		file = cfg.Path
	case errors.As(err, &ce):
		file = ce.File
	}
	if file == "" {
		return ""
	}
	if abs, err := filepath.Abs(file); err == nil {
		return abs
	}
	return filepath.Clean(file)
}

// withoutBaselined drops the findings that the config's baseline file
// records, as sqllint scan does with "baseline:" in its config: a team
// that adopted sqllint with a baseline sees in the editor only the
// findings its check reports, not every old one. A baseline that cannot
// be read is an error naming it (scan exits 2), with the findings all
// shown.
func withoutBaselined(path string, findings []report.Finding) ([]report.Finding, error) {
	b, err := baseline.Load(path)
	if err != nil {
		return findings, err
	}
	return b.Filter(findings, nil).Findings, nil
}

// includeContext is the config's folder when the config sets include
// globs: the files they name are context, as sqllint scan reads them for
// a named file (a schema folder beside the migrations one). Not a folder
// that holds no one project (the home folder's config): the editor would
// walk it at every change.
func includeContext(cfg *config.Config) []string {
	if cfg.Dir == "" || len(cfg.Include) == 0 || slices.Equal(cfg.Include, config.DefaultInclude) || analysis.NoProjectFolder(cfg.Dir) {
		return nil
	}
	return []string{cfg.Dir}
}

// run runs the pipeline and gathers its findings; the first input error
// (a file that cannot be read or decoded) comes back as an error naming
// name, with the findings.
func run(ctx context.Context, opt analysis.Options, name string) ([]report.Finding, error) {
	var findings []report.Finding
	var inputErr *report.InputError
	_, err := analysis.Run(ctx, opt, func(r *analysis.FileResult) {
		findings = append(findings, r.Findings...)
		recordIncludes(ctx, r.Includes)
		if r.Err != nil && inputErr == nil {
			inputErr = r.Err
		}
	})
	if err != nil {
		return nil, err
	}
	if inputErr != nil {
		return findings, fmt.Errorf("%s: %s", name, inputErr.Message)
	}
	return findings, nil
}

// AnalyzeText implements TextAnalyzer: the text as standard input named
// name, without context.
func (p Pipeline) AnalyzeText(ctx context.Context, name, text, root string) ([]report.Finding, error) {
	cfg := config.Default()
	if root != "" || p.LoadConfig != nil {
		c, err := p.config(root)
		if err != nil {
			return nil, err
		}
		cfg = c
	}
	return run(ctx, analysis.Options{
		Paths:     []string{"-"},
		Stdin:     strings.NewReader(text),
		StdinName: name,
		Config:    cfg,
		LookupEnv: p.LookupEnv,
	}, name)
}

// DiscoverConfig finds the config from dir upward (then in the home
// folder), as scan does; none gives the defaults.
func DiscoverConfig(dir string) (*config.Config, error) {
	if dir == "" {
		return config.Default(), nil
	}
	found, err := config.Discover(dir)
	if err != nil {
		return nil, err
	}
	if found == "" {
		return config.Default(), nil
	}
	return config.Load(found, rules.Default)
}
