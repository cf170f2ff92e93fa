// Package config reads sqllint's configuration file, .sqllint.yaml (or
// .sqllint.yml): which rules run, at what severity and with which options,
// which files a folder scan checks, the sqlcmd variables and database the
// scripts start with, the live server and the exit threshold.
//
// Every problem in a file is an *Error that names the file, line, column
// and key, so a typo is caught before a run rather than silently ignored.
//
// How the keys combine:
//   - rules is applied in order: "all" or a rule enables, "-all" or "-rule"
//     disables; a rule is an ID, a name or an ID prefix (SL3), as with
//     --select. A list with no enabling entry (only "-rule"s) starts
//     from every rule; a list naming rules to run but not "all" starts
//     from none; an empty list is an error (ruff's select = [] runs no
//     rule, sqllint's default is every one: it says neither).
//   - severity and options take rule IDs or names (in any case) and "all";
//     a rule's own entry wins over "all". Severity off disables the rule;
//     another severity does not re-enable a rule the rules list disables.
//   - A key with no value (null) keeps its default; "include: []" too.
//   - rules, include and exclude also accept a single string.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// FileNames are the names Discover looks for, in order of preference.
var FileNames = []string{".sqllint.yaml", ".sqllint.yml"}

// DefaultInclude is the include list when the file sets none.
var DefaultInclude = []string{"**/*.sql"}

// Config is a run's configuration as read from a file.
type Config struct {
	Path string // file it came from ("" for defaults)
	Dir  string // its directory (globs are relative to it); "" for defaults
	// Rules has Disabled, Severity, Options, TargetVersion and
	// DefaultDatabase filled from the file. Its maps are never nil.
	Rules rules.Config
	// Include and Exclude are slash-separated globs relative to Dir.
	// Include only applies to files found by walking a folder.
	Include, Exclude []string
	// Variables are sqlcmd variables (-v NAME=value); never nil.
	Variables map[string]string
	// Server is the live-mode default server (never holds a password).
	Server string
	// FailOn is error, warning, info or never; "" when not set.
	FailOn string
	// What a scan may read and expand (config/security.go): the environment
	// variables $(NAME) may expand ("*" = any whose name does not look
	// secret), extra folders :r may include from (relative to Dir), whether
	// :r may include from anywhere, and size limits in bytes (0 = default).
	Env                  []string
	IncludeRoots         []string
	IncludeOutside       bool
	MaxFileSize          int64
	MaxExpandedSize      int64
	MaxTotalExpandedSize int64
	// Context are the files and folders read as context (their scripts
	// feed the database model, their findings are not reported), joined
	// to Dir; ContextSet is true when the file sets the key ("context: []"
	// turns the default context off).
	Context    []string
	ContextSet bool
	// ContextAt is where each Context entry is written (file, line,
	// column and key, no message), for an error about it.
	ContextAt []Error
	// Baseline is the baseline file, joined to Dir; "" when not set.
	Baseline string
	// Origin says where the file was found: set by Find (Load and Parse
	// leave it OriginNone).
	Origin Origin
	// UntrustedRemedy is what a refused :r's message tells the user to
	// do when Untrusted has run; "" for scan's flags (scan the folder
	// too, or give it with --context). The language server, which has
	// neither, sets its own.
	UntrustedRemedy string
	// untrusted is set by Untrusted: the file's include-roots,
	// include-outside and env do not count, which SL002 says.
	untrusted bool
}

// Origin is where a run's config file came from.
type Origin int

// Where a config file can come from.
const (
	OriginNone      Origin = iota // not found by Find: defaults, or a file given by name (--config)
	OriginFolder                  // the folder of the first path scanned
	OriginParent                  // a folder above it
	OriginHome                    // the home folder
	OriginAboveRepo               // a folder above the top of the repository that holds the first path
)

// Notice is the line a run prints on standard error when its config file
// was found away from the scanned folder, in a parent folder or the home
// folder, where a user may not expect it: "using config /abs/.sqllint.yaml
// (found in a parent folder)". It is "" otherwise.
func (c *Config) Notice() string {
	switch c.Origin {
	case OriginParent:
		return "using config " + c.Path + " (found in a parent folder)"
	case OriginHome:
		return "using config " + c.Path + " (found in the home folder)"
	case OriginAboveRepo:
		return "using config " + c.Path + " (found above the top of the git repository: it is no part of the repository, so another clone and CI do not read it)"
	}
	return ""
}

// Default returns the configuration used when there is no file: every
// rule at its default severity and options, *.sql files at any depth.
func Default() *Config {
	return &Config{
		Rules: rules.Config{
			Disabled: map[string]bool{},
			Severity: map[string]parser.Severity{},
			Options:  map[string]map[string]float64{},
		},
		Include:   append([]string(nil), DefaultInclude...),
		Variables: map[string]string{},
	}
}

// Error is one problem in a configuration file.
type Error struct {
	File         string
	Line, Column int    // 1-based; 0 when unknown
	Key          string // dotted path of the key at fault, "" when none
	Msg          string
	err          error // underlying error (reading the file), if any
}

// Error reads FILE:LINE:COL: key "options.SL101.startup-budget": must be a
// number, got "ten". Parts that are unknown are left out.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "%d:", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, "%d:", e.Column)
		}
	}
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the error that reading the file gave, if any.
func (e *Error) Unwrap() error { return e.err }

// Load reads and parses the file at path. reg is the rule registry the
// file is checked against (rules.Default when nil). Config.Path and Dir are
// absolute; errors name the file as path gives it.
func Load(path string, reg *rules.Registry) (*Config, error) {
	// a regular file, never a blocking open (a named pipe), at most 64 MB
	data, err := fsread.ReadFile(path, 0)
	if err != nil {
		msg := err.Error()
		var pe *fs.PathError
		var fe *fsread.Error
		if errors.As(err, &pe) {
			msg = pe.Err.Error()
		} else if errors.As(err, &fe) {
			msg = fe.Msg
		}
		return nil, &Error{File: path, Msg: "cannot read config: " + msg, err: err}
	}
	cfg, err := Parse(path, data, reg)
	if err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(path); err == nil {
		cfg.Path, cfg.Dir = abs, filepath.Dir(abs)
	}
	return cfg, nil
}

// Find discovers (see Discover) and loads the config for a run that starts
// in dir: the defaults when there is none. Config.Origin says where the file
// was found, and Config.Notice what to tell the user about it.
func Find(dir string, reg *rules.Registry) (*Config, error) {
	path, origin, err := Locate(dir)
	if err != nil {
		return nil, err
	}
	if path == "" {
		return Default(), nil
	}
	cfg, err := Load(path, reg)
	if err != nil {
		return nil, err
	}
	cfg.Origin = origin
	return cfg, nil
}

// Discover finds the config for a run: from dir (a folder; a file's parent
// is used when dir is a file) upward to the filesystem root, then in the
// home folder (os.UserHomeDir). It returns "" when there is none. A folder
// holding both .sqllint.yaml and .sqllint.yml is an error.
func Discover(dir string) (string, error) {
	p, _, err := Locate(dir)
	return p, err
}

// Locate is Discover that also says where the file was found: OriginFolder
// for dir itself, OriginParent for a folder above it, OriginAboveRepo for
// a folder above the top of the git repository that holds dir (a folder
// with .git below it), OriginHome for the home folder (OriginNone with ""
// when there is none).
func Locate(dir string) (string, Origin, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", OriginNone, err
	}
	if info, err := os.Stat(abs); err == nil && !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	origin := OriginFolder
	for d := abs; ; {
		if p, err := findIn(d); p != "" || err != nil {
			return p, origin, err
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			origin = OriginAboveRepo // what is found from here on
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
		if origin != OriginAboveRepo {
			origin = OriginParent
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		p, err := findIn(home)
		if p == "" {
			return "", OriginNone, err
		}
		return p, OriginHome, err
	}
	return "", OriginNone, nil
}

// findIn returns the config file in folder dir, "" when there is none.
func findIn(dir string) (string, error) {
	var found []string
	for _, name := range FileNames {
		p := filepath.Join(dir, name)
		// Unreadable folders (permissions) count as holding no config.
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		if !info.Mode().IsRegular() {
			// a folder or a pipe with the config's name: never skipped
			// without a word, never opened (a pipe waits for a writer)
			return "", &Error{File: p, Msg: "cannot read config: not a regular file (" + fsread.Kind(info.Mode()) + "): only regular files are read; rename or remove it"}
		}
		found = append(found, p)
	}
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s holds both %s and %s: keep one", dir, FileNames[0], FileNames[1])
}
