package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// Analyzer runs sqllint on one open document.
type Analyzer interface {
	// Analyze returns the findings of the script at path (clean and
	// absolute). The other scripts of its folder feed the database model
	// as context, in natural order, but their findings are not returned;
	// overlay maps clean absolute paths to open buffers that replace the
	// files on disk. The config is found from the script's folder upward,
	// as scan finds it. Findings name their file by its absolute path.
	Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error)
}

// Pipeline is the Analyzer the server uses by default: the parser and
// rules packages, as `sqllint scan FOLDER` runs them, without live mode.
type Pipeline struct {
	// LookupEnv resolves sqlcmd $(VAR) from the environment; nil = none.
	LookupEnv func(string) (string, bool)
}

// Analyze implements Analyzer.
func (p Pipeline) Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	cfg, err := loadConfig(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	if !config.Match(cfg, relToConfig(cfg, path), false) {
		return nil, nil // excluded by the config, as scan would skip it
	}
	files, err := folderScripts(path, cfg, overlay)
	if err != nil {
		return nil, err
	}
	read := func(p string) ([]byte, error) {
		if b, ok := overlay[p]; ok {
			return b, nil
		}
		return os.ReadFile(p)
	}
	opt := &parser.PreprocessOptions{
		Vars: cfg.Variables,
		Env:  p.LookupEnv,
		Load: func(inc string) (*parser.File, error) {
			data, err := read(filepath.Clean(inc))
			if err != nil {
				return nil, err
			}
			return parser.Decode(inc, data)
		},
	}
	var results []*parser.Result
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, err := read(f)
		if err != nil {
			if f == path {
				return nil, err
			}
			continue // a context file that vanished or cannot be read
		}
		res, err := parseOne(f, data, opt)
		if err != nil {
			if f == path {
				return nil, fmt.Errorf("%s: %w", filepath.Base(f), err)
			}
			continue
		}
		results = append(results, res)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rcfg := cfg.Rules
	rcfg.Facts = nil // the editor never asks a live server
	var out []report.Finding
	for _, f := range rules.Analyze(rules.Default, results, &rcfg) {
		if f.Span.Start.File != nil && f.Span.Start.File.Path == path {
			out = append(out, toReport(f))
		}
	}
	return out, nil
}

func parseOne(path string, data []byte, opt *parser.PreprocessOptions) (res *parser.Result, err error) {
	defer func() {
		// A parser bug costs one file, never the server.
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("internal error while reading this file (please report it): %v", p)
		}
	}()
	f, err := parser.Decode(path, data)
	if err != nil {
		return nil, err
	}
	return parser.ParseFile(f, opt), nil
}

// loadConfig finds the config from dir upward, as scan does.
func loadConfig(dir string) (*config.Config, error) {
	found, err := config.Discover(dir)
	if err != nil {
		return nil, err
	}
	if found == "" {
		return config.Default(), nil
	}
	return config.Load(found, rules.Default)
}

// folderScripts lists the scripts of path's folder (not its subfolders)
// that the config includes, plus open buffers of that folder not yet on
// disk, in natural order; path itself is always in the list.
func folderScripts(path string, cfg *config.Config, overlay map[string][]byte) ([]string, error) {
	dir := filepath.Dir(path)
	seen := map[string]bool{path: true}
	files := []string{path}
	add := func(p string) {
		if !seen[p] && strings.EqualFold(filepath.Ext(p), ".sql") && config.Match(cfg, relToConfig(cfg, p), true) {
			seen[p] = true
			files = append(files, p)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		if e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0 {
			add(filepath.Join(dir, e.Name()))
		}
	}
	for p := range overlay {
		if filepath.Dir(p) == dir {
			add(p)
		}
	}
	sort.Slice(files, func(i, j int) bool { return natsort.Less(files[i], files[j]) })
	return files, nil
}

// relToConfig is path relative to the config's folder, slash-separated;
// the file's name when there is no config file.
func relToConfig(cfg *config.Config, path string) string {
	if cfg.Dir != "" {
		if rel, err := filepath.Rel(cfg.Dir, path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.Base(path)
}

// toReport resolves a finding the way scan's printers see it.
func toReport(f rules.Finding) report.Finding {
	rf := report.Finding{RuleID: f.Rule.ID, RuleName: f.Rule.Name, Severity: f.Severity.String(), Message: f.Message}
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
			if ed.File != f.Span.Start.File {
				fix = nil // an edit in another file: not offered in this document
				break
			}
			s, en := ed.File.Position(ed.Start), ed.File.Position(ed.End)
			fix.Edits = append(fix.Edits, report.Edit{Line: s.Line, Column: s.Column, EndLine: en.Line, EndColumn: en.Column,
				StartOffset: ed.Start, EndOffset: ed.End, NewText: ed.New})
		}
		rf.Fix = fix
	}
	return rf
}
