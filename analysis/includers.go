package analysis

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/parser"
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
// system's root) that include it with a :r command whose path is written
// out, or made with variables the script itself sets above the line
// (:setvar root ".\Create" then :r $(root)"\Create.sql"; no other
// $(var)): the master script of sqlcmd (install.sql:
// :setvar ..., :r .\tables\orders.sql), whose variables the included
// script uses. A script named alone reads them as context, so that it is
// checked where they include it, as a scan of their folder checks it.
// The paths are written as path is (absLike).
func IncludersAbove(path string) []string { return NewIncluders().Above(path) }

// Includers is IncludersAbove for many named scripts: each folder and
// script above them is read once (a pre-commit run may name thousands).
type Includers struct {
	home    string
	cwd     string
	top     map[string]bool     // a folder: whether it holds .git
	flat    map[string]bool     // a folder: whether it holds no one project (NoProjectFolder)
	scripts map[string][]string // a folder: its scripts, none when too many
	targets map[string][]string // a script: the paths its :r lines name
	folds   *parser.FoldCache   // the folders listed to match :r names' letter case
}

// NewIncluders is an empty Includers.
func NewIncluders() *Includers {
	home, _ := os.UserHomeDir()
	cwd, _ := os.Getwd()
	return &Includers{home: home, cwd: cwd, top: map[string]bool{}, flat: map[string]bool{}, scripts: map[string][]string{}, targets: map[string][]string{}, folds: parser.NewFoldCache()}
}

// Above is IncludersAbove(path).
func (c *Includers) Above(path string) []string {
	target, rel := filepath.Clean(path), func(p string) string { return p }
	if !filepath.IsAbs(path) {
		if c.cwd == "" {
			return nil
		}
		target = filepath.Join(c.cwd, path)
		rel = func(p string) string {
			if r, err := filepath.Rel(c.cwd, p); err == nil {
				return r
			}
			return p
		}
	}
	var out []string
	dir := filepath.Dir(target)
	for level := 0; level < includerLevels; level++ {
		up := filepath.Dir(dir)
		if up == dir || filepath.Dir(up) == up || up == c.home || c.isTop(dir) || c.noProject(up) {
			break // never the file system's root, the home folder or the temporary folder
		}
		dir = up
		for _, s := range c.scriptsOf(dir) {
			if slices.Contains(c.targetsOf(s), target) {
				out = append(out, rel(s))
			}
		}
	}
	return out
}

// noProject reports whether dir holds no one project (NoProjectFolder:
// the temporary folder too, where any user's script could otherwise
// include, and set the variables of, a script named below it).
func (c *Includers) noProject(dir string) bool {
	flat, ok := c.flat[dir]
	if !ok {
		flat = NoProjectFolder(dir)
		c.flat[dir] = flat
	}
	return flat
}

// isTop reports whether dir holds .git (the repository's top).
func (c *Includers) isTop(dir string) bool {
	top, ok := c.top[dir]
	if !ok {
		_, err := os.Lstat(filepath.Join(dir, ".git"))
		top = err == nil
		c.top[dir] = top
	}
	return top
}

// scriptsOf is the scripts of folder dir, none when it holds more than
// includerScripts.
func (c *Includers) scriptsOf(dir string) []string {
	if s, ok := c.scripts[dir]; ok {
		return s
	}
	entries, _ := os.ReadDir(dir)
	var scripts []string
	for _, e := range entries {
		if e.Type().IsRegular() && isScript(e.Name()) {
			scripts = append(scripts, filepath.Join(dir, e.Name()))
		}
	}
	if len(scripts) > includerScripts {
		scripts = nil
	}
	c.scripts[dir] = scripts
	return scripts
}

// targetsOf is the absolute paths the :r lines of script name, relative
// to its folder or absolute.
func (c *Includers) targetsOf(script string) []string {
	if t, ok := c.targets[script]; ok {
		return t
	}
	var targets []string
	var vars map[string]string
	data, err := fsread.ReadFile(script, includerSize)
	for err == nil && len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		text := string(line)
		vars, text = masterSetvar(vars, text)
		if p, ok := c.folds.IncludeTarget(script, text); ok {
			targets = append(targets, p)
		}
	}
	c.targets[script] = targets
	return targets
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
