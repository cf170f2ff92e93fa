package config

import (
	"path"
	"strings"
)

// Glob syntax, for include and exclude. Patterns and paths are
// slash-separated and relative to the config file's folder:
//
//	*      any run of characters within one path segment
//	**     as a whole segment: any number of segments, none included
//	?      one character (not /)
//	[...]  a character class, as in path.Match
//	\x     x itself
//
// A pattern ending in "/" stands for everything under that folder. Matching
// ignores case: deployment scripts often come from Windows, where
// Deploy.SQL and deploy.sql are the same file.

// Match reports whether the file at relPath (slash-separated, relative to
// cfg.Dir) is checked. A file is excluded when an exclude glob matches its
// path or one of its parent folders. Include globs, matched against the
// whole path, only apply when isDirWalk is true, i.e. to files found by
// walking a folder: a file named on the command line is checked whatever
// its name. An empty Include means DefaultInclude (**/*.sql).
func Match(cfg *Config, relPath string, isDirWalk bool) bool {
	p := cleanPath(relPath)
	if excluded(cfg.Exclude, p) {
		return false
	}
	if !isDirWalk {
		return true
	}
	include := cfg.Include
	if len(include) == 0 {
		include = DefaultInclude
	}
	segs := splitPath(p)
	for _, g := range include {
		if matchSegs(splitGlob(g), segs) {
			return true
		}
	}
	return false
}

// SkipDir reports whether a folder walk can skip the folder at relDir
// (relative to cfg.Dir): an exclude glob matches it or a parent of it, so
// every file under it is excluded.
func SkipDir(cfg *Config, relDir string) bool {
	p := cleanPath(relDir)
	return p != "" && excluded(cfg.Exclude, p)
}

// excluded reports whether a glob matches p or one of its parents.
func excluded(globs []string, p string) bool {
	if len(globs) == 0 {
		return false
	}
	segs := splitPath(p)
	for _, g := range globs {
		if excludes(g, segs) {
			return true
		}
	}
	return false
}

// excludes reports whether glob g matches the path segs or one of its
// parents.
func excludes(g string, segs []string) bool {
	pat := splitGlob(g)
	for n := len(segs); n > 0; n-- {
		if matchSegs(pat, segs[:n]) {
			return true
		}
	}
	return false
}

// Excluders is every exclude glob of cfg that matches relPath (relative
// to cfg.Dir) or one of its parent folders: all the globs that exclude
// it, where Match stops at the first.
func Excluders(cfg *Config, relPath string) []string {
	segs := splitPath(cleanPath(relPath))
	if len(segs) == 0 {
		return nil
	}
	var out []string
	for _, g := range cfg.Exclude {
		if excludes(g, segs) {
			out = append(out, g)
		}
	}
	return out
}

// CheckGlob reports a malformed include or exclude pattern (an unbalanced
// "[", a backslash at its end) for a glob given on the command line.
func CheckGlob(g string) error { return checkGlob(g) }

// checkGlob reports a malformed pattern.
func checkGlob(g string) error {
	for _, seg := range splitGlob(g) {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return err
		}
	}
	return nil
}

func cleanPath(p string) string {
	p = path.Clean(strings.ToLower(p))
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if p == "." {
		return ""
	}
	return p
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// splitGlob lowers and splits a pattern into segments, dropping empty and
// "." segments; a trailing "/" becomes "/**".
func splitGlob(g string) []string {
	g = strings.ToLower(strings.TrimSpace(g))
	dir := strings.HasSuffix(g, "/")
	var out []string
	for _, s := range strings.Split(g, "/") {
		if s != "" && s != "." {
			out = append(out, s)
		}
	}
	if dir {
		out = append(out, "**")
	}
	return out
}

// matchSegs matches path segments against pattern segments.
func matchSegs(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for len(pat) > 1 && pat[1] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 1 {
				return true
			}
			for i := 0; i <= len(segs); i++ {
				if matchSegs(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], segs[0]); err != nil || !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
