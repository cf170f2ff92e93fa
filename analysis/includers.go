package analysis

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/sqllint/sqllint/internal/fsread"
)

// includerLevels bounds how many folders above a named script are looked
// at for a script that includes it; includerScripts, how many scripts of
// one folder (more: a folder of migrations, not of a master script);
// includerSize, the size of a script read for its :r lines.
const (
	includerLevels  = 8
	includerScripts = 64
	includerSize    = 1 << 20
)

// IncludersAbove is the scripts in the folders above the one of script
// path (up to the repository's top, never the home folder or the file
// system's root) that include it with a :r command
// whose path is written out (no $(var) in it): the master script of
// sqlcmd (install.sql: :setvar ..., :r .\tables\orders.sql), whose
// variables the included script uses. A script named alone reads them as
// context, so that it is checked where they include it, as a scan of
// their folder checks it. The paths are relative to the working
// directory when path is.
func IncludersAbove(path string) []string {
	target, rel, err := absLike(path)
	if err != nil {
		return nil
	}
	var out []string
	home, _ := os.UserHomeDir()
	dir := filepath.Dir(target)
	for level := 0; level < includerLevels; level++ {
		up := filepath.Dir(dir)
		if up == dir || filepath.Dir(up) == up || up == home || isRepoTop(dir) {
			break // never the file system's root nor the home folder
		}
		dir = up
		entries, _ := os.ReadDir(dir)
		var scripts []string
		for _, e := range entries {
			if e.Type().IsRegular() && isSQL(e.Name()) {
				scripts = append(scripts, filepath.Join(dir, e.Name()))
			}
		}
		if len(scripts) > includerScripts {
			continue
		}
		for _, s := range scripts {
			if includes(s, target) {
				out = append(out, rel(s))
			}
		}
	}
	return out
}

// absLike is path made absolute, and a function that writes an absolute
// path as path is written: relative to the working directory when path
// is, as the folders a run walks are, so that a finding shows one path
// however its script is reached.
func absLike(path string) (string, func(string) string, error) {
	abs, err := filepath.Abs(path)
	if err != nil || filepath.IsAbs(path) {
		return abs, func(p string) string { return p }, err
	}
	cwd, err := os.Getwd()
	return abs, func(p string) string {
		if r, err := filepath.Rel(cwd, p); err == nil {
			return r
		}
		return p
	}, err
}

// isRepoTop reports whether dir holds .git.
func isRepoTop(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// includes reports whether script has a :r line naming target (an
// absolute path), relative to the script's folder or absolute.
func includes(script, target string) bool {
	data, err := fsread.ReadFile(script, includerSize)
	if err != nil {
		return false
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if p, ok := rPath(string(line)); ok {
			p = filepath.FromSlash(strings.ReplaceAll(p, `\`, "/"))
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(script), p)
			}
			if filepath.Clean(p) == target {
				return true
			}
		}
	}
	return false
}

// rPath is the path of a :r line ("" and false for any other line or a
// path made of variables).
func rPath(line string) (string, bool) {
	line = strings.TrimLeft(line, " \t")
	if len(line) < 3 || line[0] != ':' || line[1]|0x20 != 'r' || (line[2] != ' ' && line[2] != '\t') {
		return "", false
	}
	p := strings.TrimSpace(strings.TrimRight(line[2:], "\r"))
	if strings.HasPrefix(p, `"`) {
		end := strings.IndexByte(p[1:], '"')
		if end < 0 {
			return "", false
		}
		p = p[1 : end+1]
	} else if i := strings.IndexAny(p, " \t"); i >= 0 {
		p = p[:i]
	}
	if p == "" || strings.Contains(p, "$(") {
		return "", false
	}
	return p, true
}
