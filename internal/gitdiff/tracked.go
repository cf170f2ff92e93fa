package gitdiff

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Tracked tells whether a file is one git does not ignore: in git's
// index (tracked, or staged as new) or untracked and not matched by an
// ignore rule (.gitignore, .git/info/exclude, core.excludesFile). A
// pre-commit hook names the staged scripts and sqllint reads the rest of
// the repository as context; a git-ignored backup folder or local
// scratch area is no part of the project and must not change its
// findings. An untracked script that git does not ignore stays context:
// it is most often a migration not added yet (a developer committing V2
// before V1, or a scan run before the first git add), and the folder
// scan of the same tree reads it.
//
// A file outside any repository is tracked (there is nothing to compare
// with), and so is every file of a repository whose top is the home folder
// or the file system's root (a dotfiles repository must not hide a
// project below it that is no repository of its own) or whose index git
// cannot list (git missing, a repository git refuses): then nothing is
// left out. The index is the one git's environment names
// (GIT_INDEX_FILE: the temporary index of git commit -a or git commit
// PATH, in a hook).
//
// It is safe for concurrent use; each repository's files are listed once
// (git ls-files), for Has and for the changes of Since and
// SinceMergeBase.
type Tracked struct {
	mu       sync.Mutex
	home     string
	cwd      string              // the current folder, for relative paths ("" unknown)
	top      map[string]string   // folder -> its repository's top ("" none)
	files    map[string]*listing // top -> its listing (nil: no filter)
	listings map[string]listed   // a repository's top, symbolic links resolved -> its listing
	// unlisted are the repositories git could not list, each with why
	// (Unlisted)
	unlisted []string
	// last is Has's answer for the folder of its last path, as spelled:
	// a walk asks of a folder's files one after another
	last folderAnswer
	name []byte // room for a name from the top (Has)
}

// folderAnswer is what Has knows of the files of one folder: in which
// listing to look their names up (nil: every file is tracked), under
// which folder from the top (slash-separated, ending with "/"; "" for
// the top).
type folderAnswer struct {
	dir  string // the folder as its paths spell it ("" none known)
	l    *listing
	from string
}

// listing is what git ls-files says of a repository's files.
type listing struct {
	files     map[string]bool // slash paths from the top: in the index, or untracked and not ignored
	untracked []string        // of them, the untracked ones
	gitlinks  []string        // the index's submodules
	dirs      map[string]bool // the folders that hold one of files, at any depth (made by HasDir)
	folded    map[string]bool // files and dirs in lower case, made on the first miss (has)
}

// has reports whether name (a slash path from the top) is one of the
// listing's files, or with dir one of its folders. A name git spells in
// another case counts too: on a case-insensitive file system (Windows,
// macOS) the walk may meet Db/V1.sql where the index says db/v1.sql, and
// a script left out for its spelling would be silently unchecked; on a
// case-sensitive one the cost is at most a script checked that git
// ignores.
func (l *listing) has(name string, dir bool) bool {
	set := l.files
	if dir {
		set = l.dirs
	}
	if set[name] {
		return true
	}
	if l.folded == nil {
		l.folded = make(map[string]bool, len(l.files)+len(l.dirs))
		for n := range l.files {
			l.folded[strings.ToLower(n)] = true
		}
		for d := range l.dirs {
			l.folded["/"+strings.ToLower(d)] = true
		}
	}
	if dir {
		return l.folded["/"+strings.ToLower(name)]
	}
	return l.folded[strings.ToLower(name)]
}

type listed struct {
	l   *listing
	err error
}

// NewTracked returns an empty Tracked.
func NewTracked() *Tracked {
	home, _ := os.UserHomeDir()
	cwd, _ := os.Getwd()
	return &Tracked{home: home, cwd: cwd, top: map[string]string{}, files: map[string]*listing{}, listings: map[string]listed{}}
}

// Has reports whether path is tracked (see Tracked). The folder of a
// path (its repository's top and listing) is found once for the files
// of the folder that come one after another: a folder in no repository
// costs a comparison a file, one in a repository a lookup of its name.
func (t *Tracked) Has(path string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	name, ok := t.inLast(path)
	if !ok {
		var dir string
		if dir, name, ok = t.split(path); ok {
			t.last = t.folder(dir)
		}
	}
	if ok {
		l := t.last.l
		if l == nil {
			return true
		}
		t.name = append(append(t.name[:0], t.last.from...), name...)
		return l.files[string(t.name)] || l.has(string(t.name), false)
	}
	return t.hasPath(path)
}

// inLast is path's name when path is a file of the folder of the last
// path split (t.last): that folder, a separator, and a name split takes.
func (t *Tracked) inLast(path string) (string, bool) {
	d, name := t.last.dir, ""
	switch {
	case d == "":
		return "", false
	case d == ".": // a bare name, or ./name
		name = strings.TrimPrefix(path, "./")
	case len(path) <= len(d)+1 || path[len(d)] != '/' || path[:len(d)] != d:
		return "", false
	default:
		name = path[len(d)+1:]
	}
	if name == "" || strings.IndexByte(name, '/') >= 0 || name == "." || name == ".." {
		return "", false
	}
	return name, true
}

// hasPath is Has for any path: made absolute and clean, its folder
// looked up (t.mu held).
func (t *Tracked) hasPath(path string) bool {
	abs, ok := t.abs(path)
	if !ok {
		return true
	}
	top := t.topOf(filepath.Dir(abs))
	if top == "" {
		return true
	}
	l := t.listOf(top)
	return l == nil || l.has(filepath.ToSlash(abs[len(top)+1:]), false)
}

// split is path's folder as spelled ("." for none, never "") and its
// name, when the name is one plain element (not "." or "..") and the
// folder's absolute path is known without asking the system (t.cwd is
// known, or the path is absolute), on a system with one separator. The
// folder hasPath finds for the path (the folder of the path cleaned) is
// then the folder's path cleaned, the name the last element.
func (t *Tracked) split(path string) (dir, name string, ok bool) {
	if filepath.Separator != '/' || !filepath.IsAbs(path) && t.cwd == "" {
		return "", "", false
	}
	i := strings.LastIndexByte(path, '/')
	switch dir, name = path[:max(i, 0)], path[i+1:]; i {
	case -1:
		dir = "."
	case 0:
		dir = "/"
	}
	if name == "" || name == "." || name == ".." {
		return "", "", false
	}
	return dir, name, true
}

// folder is what Has knows of the files of folder dir (as split spells
// it), t.mu held.
func (t *Tracked) folder(dir string) folderAnswer {
	a := folderAnswer{dir: dir}
	abs, ok := t.abs(dir)
	if !ok {
		return a
	}
	top := t.topOf(abs)
	if top == "" {
		return a
	}
	if a.l = t.listOf(top); a.l != nil && abs != top {
		a.from = abs[len(top)+1:] + "/"
	}
	return a
}

// HasDir reports whether folder dir holds a tracked file at any depth
// (see Tracked): a folder git ignores whole does not (nor one that holds
// no file at all).
func (t *Tracked) HasDir(dir string) bool {
	abs, ok := t.abs(dir)
	if !ok {
		return true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	top := t.topOf(abs)
	if top == "" || top == abs {
		return true
	}
	l := t.listOf(top)
	if l == nil {
		return true
	}
	if l.dirs == nil {
		l.dirs = map[string]bool{}
		for name := range l.files {
			for d := path.Dir(name); d != "." && !l.dirs[d]; d = path.Dir(d) {
				l.dirs[d] = true
			}
		}
		l.folded = nil // made again with the folders
	}
	return l.has(filepath.ToSlash(abs[len(top)+1:]), true)
}

// listOf is the listing of the repository whose top is top, nil when
// none (see list).
func (t *Tracked) listOf(top string) *listing {
	l, ok := t.files[top]
	if !ok {
		l = t.list(top)
		t.files[top] = l
	}
	return l
}

// abs is path made absolute and clean; a relative path is taken from the
// current folder when t was made (a run's paths do not change folder;
// filepath.Abs asks the system for every file).
func (t *Tracked) abs(path string) (string, bool) {
	var abs string
	switch {
	case filepath.IsAbs(path):
		abs = filepath.Clean(path)
	case t.cwd != "":
		abs = filepath.Join(t.cwd, path)
	default:
		var err error
		if abs, err = filepath.Abs(path); err != nil {
			return "", false
		}
	}
	return abs, true
}

// topOf is the folder at or above dir that holds .git ("" when none, or
// when it is the home folder or the root).
func (t *Tracked) topOf(dir string) string {
	if top, ok := t.top[dir]; ok {
		return top
	}
	top := ""
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		top = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		top = t.topOf(parent)
	}
	if top != "" && (top == t.home || filepath.Dir(top) == top) {
		top = ""
	}
	t.top[dir] = top
	return top
}

// list is the listing of the repository whose work tree top is top; nil
// when git cannot tell, or when git's environment names another
// repository (GIT_DIR in a hook of a superproject, top a submodule).
func (t *Tracked) list(top string) *listing {
	out, err := git(top, "rev-parse", "--show-toplevel")
	if err != nil {
		t.unlisted = append(t.unlisted, top+" ("+err.Error()+")")
		return nil
	}
	got, err := filepath.EvalSymlinks(string(bytes.TrimSpace(out)))
	if err != nil {
		return nil
	}
	if want, err := filepath.EvalSymlinks(top); err != nil || want != got {
		return nil
	}
	l, err := t.listed(got)
	if err != nil {
		t.unlisted = append(t.unlisted, top+" ("+err.Error()+")")
	}
	return l
}

// Unlisted is the repositories (their tops, each with git's reason) that
// held a path Has was asked of and whose files git could not list (git
// missing, a repository git refuses, a .git that names no repository):
// every file of them counted as tracked, the ones git ignores too, which
// a run says rather than checks them without a word.
func (t *Tracked) Unlisted() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := slices.Clone(t.unlisted)
	slices.Sort(out)
	return slices.Compact(out)
}

// listed lists the files of the repository at root (its top as git
// names it, symbolic links resolved), once.
func (t *Tracked) listed(root string) (*listing, error) {
	if r, ok := t.listings[root]; ok {
		return r.l, r.err
	}
	l, err := listFiles(root)
	t.listings[root] = listed{l, err}
	return l, err
}

// listFiles runs git ls-files in the repository at root: its index's
// files (with their modes, -s) and the untracked ones git does not
// ignore, each tagged (-t: "? " untracked, "H ", "S ", "M " ... in the
// index).
func listFiles(root string) (*listing, error) {
	out, err := git(root, "ls-files", "-z", "-t", "-s", "--cached", "--others", "--exclude-standard", "--full-name")
	if err != nil {
		return nil, err
	}
	l := &listing{files: map[string]bool{}}
	for _, entry := range splitZ(out) {
		if len(entry) < 3 {
			continue
		}
		if entry[0] == '?' {
			name := entry[2:]
			l.files[name] = true
			l.untracked = append(l.untracked, name)
			continue
		}
		// "H MODE OBJECT STAGE<TAB>path"
		info, name, ok := strings.Cut(entry[2:], "\t")
		if !ok {
			continue
		}
		l.files[name] = true
		if strings.HasPrefix(info, "160000 ") && !slices.Contains(l.gitlinks, name) {
			l.gitlinks = append(l.gitlinks, name)
		}
	}
	return l, nil
}
