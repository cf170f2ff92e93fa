package baseline

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sqllint/sqllint/report"
)

// Unchecked returns the entries of b that a baseline written again from a
// run must keep: those of files the run did not check (neither a file it
// reported, nor one a finding points into, nor one inside a path it was
// given), or of rules it did not run (ran false), whose file still
// exists. A run on a few files or rules (a pre-commit hook's, --select,
// or the command the note about stale entries suggests) then records
// their findings anew and leaves the other entries as they are, rather
// than dropping them; the entries of a file deleted or renamed go. paths
// are the paths the run was given ("-" is standard input), scanned the
// files it reported (display paths) and failed those it could not read,
// whose entries stay (a file unreadable for a moment keeps them).
func (b *Baseline) Unchecked(paths, scanned, failed []string, findings []report.Finding, ran func(rule string) bool) []Entry {
	checked := map[string]bool{}
	for _, p := range scanned {
		checked[relFile(p, b.Dir)] = true
	}
	unread := map[string]bool{}
	for _, p := range failed {
		unread[relFile(p, b.Dir)] = true
	}
	for _, f := range findings {
		checked[relFile(f.Path, b.Dir)] = true
	}
	var under []string
	for _, p := range paths {
		if p != "-" {
			under = append(under, relFile(p, b.Dir))
		}
	}
	exists := map[string]bool{}
	var keep []Entry
	for _, e := range b.Entries {
		if e.File == "" || !unread[e.File] && ran(e.Rule) && (checked[e.File] || inside(e.File, under)) {
			continue
		}
		ok, seen := exists[e.File]
		if !seen {
			path := filepath.FromSlash(e.File)
			if !filepath.IsAbs(path) {
				path = filepath.Join(b.Dir, path)
			}
			info, err := os.Stat(path)
			ok = err == nil && info.Mode().IsRegular()
			exists[e.File] = ok
		}
		if ok {
			keep = append(keep, e)
		}
	}
	return keep
}

// inside reports whether file (slash-separated, relative to a baseline's
// folder) is one of dirs or inside one of them.
func inside(file string, dirs []string) bool {
	for _, d := range dirs {
		if d == "." && file != ".." && !strings.HasPrefix(file, "../") || file == d || strings.HasPrefix(file, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}
