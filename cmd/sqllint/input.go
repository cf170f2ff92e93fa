package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
)

// matcher decides which files of a directory walk are scanned, and which
// folders it skips; path is the walked path as the walk names it.
type matcher struct {
	file    func(path string) bool
	skipDir func(path string) bool
}

// collect expands the paths the user gave into files, in natural order
// within each directory and in the order the paths were given. A path
// that does not exist is an error.
func collect(paths []string, match matcher) ([]string, error) {
	var files []string
	seen := map[string]bool{}
	for _, p := range paths {
		if p == "-" {
			files = append(files, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("%s: no such file or directory", p)
			}
			return nil, err
		}
		if !info.IsDir() {
			if !seen[p] {
				seen[p] = true
				files = append(files, p)
			}
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != p && (strings.HasPrefix(d.Name(), ".") || match.skipDir != nil && match.skipDir(path)) {
					return filepath.SkipDir // .git and friends, excluded folders
				}
				return nil
			}
			if match.file(path) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Slice(found, func(i, j int) bool { return natsort.Less(found[i], found[j]) })
		for _, f := range found {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	return files, nil
}

func isSQL(path string) bool { return strings.EqualFold(filepath.Ext(path), ".sql") }

var defaultMatch = matcher{file: isSQL}

// displayPath is how a path appears in messages: slash-separated, without
// a leading "./".
func displayPath(p string) string {
	p = filepath.ToSlash(p)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// loaded is one input file, read and parsed.
type loaded struct {
	path   string
	file   *parser.File
	result *parser.Result
	err    error
}

// load reads, decodes and parses files in parallel; the result keeps the
// input order. stdin, when not nil, is the content of the path "-".
func load(paths []string, stdin io.Reader, stdinName string, opt *parser.PreprocessOptions) []*loaded {
	out := make([]*loaded, len(paths))
	jobs := make(chan int)
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), max(len(paths), 1))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = loadOne(paths[i], stdin, stdinName, opt)
			}
		}()
	}
	for i := range paths {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

func loadOne(path string, stdin io.Reader, stdinName string, opt *parser.PreprocessOptions) (l *loaded) {
	l = &loaded{path: displayPath(path)}
	defer func() {
		// A bug in the parser must cost one file, never the run.
		if p := recover(); p != nil {
			l.err = fmt.Errorf("internal error while reading this file (please report it): %v", p)
			l.result = nil
		}
	}()
	var data []byte
	var err error
	if path == "-" {
		l.path = stdinName
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		l.err = cleanErr(err)
		return l
	}
	f, err := parser.Decode(l.path, data)
	if err != nil {
		l.err = err
		return l
	}
	l.file = f
	l.result = parser.ParseFile(f, opt)
	return l
}

// cleanErr drops the path an *fs.PathError repeats.
func cleanErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func inputErrors(ls []*loaded) []report.InputError {
	var errs []report.InputError
	for _, l := range ls {
		if l.err != nil {
			errs = append(errs, report.InputError{Path: l.path, Message: l.err.Error()})
		}
	}
	return errs
}
